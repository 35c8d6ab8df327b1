import { describe, expect, it } from 'vitest';
import { layoutFace } from '../../../shared/cards/layout';
import { CARD_SET_SCHEMA_VERSION, TemplateFile, type CardSet, type CardSetFile } from '../../../shared/cards/schema';
import type { FontTables, OpenedTemplates, RenderedProject, RenderRowArg } from '../../../shared/ipc/contract';
import { charsOf, TableMeasurer } from '../features/editor/measurer';
import { RowLayout } from './row-layout';
import { RowPreview } from './RowPreview.svelte';

const FACES = ['sans', 'sans-medium', 'sans-bold', 'brush', 'latin', 'latin-medium', 'latin-bold'] as const;
/** The host's glyph widths: every character ½ em, except 福 (1 em). */
const tables = (chars: string): FontTables =>
  Object.fromEntries(FACES.map((f) => [f, { ascent: 0.88, descent: -0.12, capHeight: 0.7, widths: Object.fromEntries([...chars].map((c) => [c, c === '福' ? 1 : 0.5])), missing: '' }])) as FontTables;

const front = { schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'front', layers: [{ id: 'title', type: 'text', x: 5, y: 5, w: 50, h: 10, text: '{{name}}', face: 'sans', size: 12, color: '#000000', fit: 'wrap' }, { id: 'art', type: 'image', x: 5, y: 20, w: 20, h: 20, src: '{{art}}' }] };
const night = { ...front, name: 'night', layers: [front.layers[0]] };
const back = { schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'back', layers: [{ id: 'bg', type: 'rect', x: 0, y: 0, w: 63, h: 88, fill: '#C23B22' }] };
const CARD = { width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 };
const RULES = [{ when: 'kind == "night"', template: 'night' }];

function fakeApi() {
  const calls = { open: 0, measured: [] as string[] };
  const api = {
    TEMPLATES_OPEN: async (): Promise<OpenedTemplates> => {
      calls.open++;
      return { builtIn: false, card: CARD, rules: RULES, templates: [front, night, back].map((t) => ({ name: t.name, file: `${t.name}.template.json`, revision: 'r', template: t })) } as unknown as OpenedTemplates;
    },
    TEMPLATES_MEASURE: async ({ chars }: { chars: string }) => {
      calls.measured.push(chars);
      return tables(chars);
    },
  };
  return { api, calls };
}

/** What the host lays out for the row with the same widths (its `renderRow`). */
function hostFront(columns: string[], row: string[]): unknown {
  const m = new TableMeasurer();
  m.add(tables(charsOf(row.join(' '))));
  const set: CardSet = { file: { card: { preset: 'custom', ...CARD }, templateRules: RULES } as unknown as CardSetFile, cards: [], templates: { front: TemplateFile.parse(front), night: TemplateFile.parse(night), back: TemplateFile.parse(back) } };
  const kind = row[columns.indexOf('kind')];
  const card = { id: row[0]!, copies: 1, template: kind === 'night' ? 'night' : 'front', back: 'back', fields: Object.fromEntries(columns.map((c, i) => [c, row[i]!])) };
  return layoutFace(set, card, 'front', m).list;
}

const columns = ['id', 'name', 'art', 'kind'];
const host = (images: Record<string, string>) => ({ summary: { id: 'u-x' }, cards: [], images, warnings: [], total: 1, offset: 0 }) as unknown as RenderedProject;
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('RowLayout: the data page row laid out in the page', () => {
  it('lays out as the host does, with its widths, card size, template rules and pictures', async () => {
    const { api } = fakeApi();
    const l = new RowLayout(api, 'u-x');
    const row = ['c1', '春 Spring', 'file:art/sun.png', 'day'];
    expect(l.layout(columns, row, host({ 'file:art/sun.png': 'data:' }))).toBeUndefined(); // not loaded
    await l.load(row.join(' '));
    const mine = l.layout(columns, row, host({ 'file:art/sun.png': 'data:' }))!;
    expect(mine.cards[0]!.front.list).toEqual(hostFront(columns, row));
    expect(mine.cards[0]!.back.list.ops[0]).toMatchObject({ op: 'rect', fill: { color: '#C23B22' } });
    // The rule picks the night front for a night card (no picture on it).
    const n = l.layout(columns, ['c2', 'Spring', '', 'night'], host({}))!;
    expect(n.cards[0]!.front.template).toBe('night');
  });

  it('leaves it to the host for a character not measured yet (and asks for it) or a picture not sent', async () => {
    const { api, calls } = fakeApi();
    const l = new RowLayout(api, 'u-x');
    await l.load('c1 Spring');
    expect(l.layout(columns, ['c1', '福 Spring', '', 'day'], host({}))).toBeUndefined();
    await tick();
    expect(calls.measured.at(-1)).toBe('福');
    expect(l.layout(columns, ['c1', '福 Spring', '', 'day'], host({}))).toBeDefined();
    expect(l.layout(columns, ['c1', 'Spring', 'file:art/moon.png', 'day'], host({}))).toBeUndefined();
  });
});

describe('RowPreview with a RowLayout', () => {
  it('paints the page\'s layout at once; the host\'s answer stays, and one that differs reloads the templates', async () => {
    const { api, calls } = fakeApi();
    const answers: { arg: RenderRowArg; resolve: (r: RenderedProject) => void }[] = [];
    const full = { ...api, PROJECTS_RENDER_ROW: (arg: RenderRowArg) => new Promise<RenderedProject>((resolve) => answers.push({ arg, resolve })) };
    const layout = new RowLayout(full, 'u-x');
    const p = new RowPreview(full, 'u-x', layout);
    const row = ['c1', 'Spring', '', 'day'];
    p.request(columns, row);
    // The first answer comes from the host (the page has nothing to reuse yet).
    expect(p.rendered).toBeNull();
    await layout.load(row.join(' '));
    const first = layout.layout(columns, row, host({}))!;
    answers[0]!.resolve(first);
    await tick();
    expect(p.rendered).toBe(first);
    // Typed: painted at once, before the host answers.
    p.request(columns, ['c1', 'Springs', '', 'day']);
    expect(p.rendered!.cards[0]!.front.list).toEqual(hostFront(columns, ['c1', 'Springs', '', 'day']));
    expect(answers).toHaveLength(2);
    // The host drew something else: its answer shows and the templates are read again.
    const other = { ...first, cards: [{ ...first.cards[0]!, front: { ...first.cards[0]!.front, list: { ...first.cards[0]!.front.list, ops: [] } } }] };
    answers[1]!.resolve(other);
    await tick();
    expect(p.rendered).toBe(other);
    p.request(columns, ['c1', 'Spring', '', 'day']);
    await tick();
    expect(calls.open).toBe(2);
  });
});
