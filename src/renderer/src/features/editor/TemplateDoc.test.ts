import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, type CardsTable, type FontTables, type OpenedTemplates } from '../../../../shared/ipc/contract';
import { CardsEditor, type EditorApi } from '../../state/CardsEditor.svelte';
import type { TemplateJson } from './layers';
import { patchLayer } from './template-ops';
import { Layer } from '../../../../shared/cards/schema';
import './zod-jitless';
import { TEMPLATE_SAVE, TemplateDoc, type TemplateApi } from './TemplateDoc.svelte';

const front = (): TemplateJson => ({ schemaVersion: 2, name: 'front', maps: {}, layers: [{ id: 'bg', type: 'rect', x: 0, y: 0, w: 63, h: 88, fill: '#FFFFFF' }] });

function fakeMain() {
  const disk = { front: front() as unknown, revision: 'a'.repeat(40), table: { columns: ['id', 'name'], rows: [['c1', '春']] }, broken: null as null | { zh: string; en: string } };
  const saves: { template: unknown; baseRevision: string }[] = [];
  let n = 0;
  const face = { ascent: 1, descent: -0.2, capHeight: 0.7, widths: {}, missing: '' };
  const cardsApi: EditorApi = {
    PROJECTS_CARDS: async (): Promise<CardsTable> => ({ ...structuredClone(disk.table), revision: 'r0', file: 'cards.csv', builtIn: false, settings: { name: { zh: '测', en: 'T' }, card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 }, columns: {} }, settingsRevision: 's0' }),
    PROJECTS_SAVE_CARDS: async () => ({ revision: `r${++n}`, cardCount: 1 }),
    PROJECTS_SAVE_SETTINGS: async () => ({ revision: 's1', summary: {} as never }),
    PROJECTS_CHANGES: async () => ({ events: [], seq: 0, watching: true }),
  };
  const open = (): OpenedTemplates => ({
    builtIn: false,
    card: { width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 },
    templates: [
      disk.broken
        ? { name: 'front', file: 'front.template.json', revision: disk.revision, template: null, problem: disk.broken.en, problemText: disk.broken }
        : { name: 'front', file: 'front.template.json', revision: disk.revision, template: structuredClone(disk.front) },
      { name: 'back', file: 'back.template.json', revision: 'b'.repeat(40), template: { ...front(), name: 'back' } },
    ],
  });
  const api = {
    TEMPLATES_OPEN: async () => open(),
    TEMPLATES_SAVE: async ({ template, baseRevision }: { template: unknown; baseRevision: string }) => {
      saves.push({ template, baseRevision });
      // As main does: a layer the format refuses fails the whole save.
      for (const l of (template as TemplateJson).layers) if (!Layer.safeParse(l).success) throw new AppError('templates/invalid', `layers: ${JSON.stringify(l)} is refused`);
      if (baseRevision !== disk.revision) throw new AppError('projects/conflict', 'front.template.json changed on disk');
      disk.front = template;
      disk.revision = String(++n).padStart(40, '0');
      return { revision: disk.revision };
    },
    TEMPLATES_MEASURE: async (): Promise<FontTables> => ({ sans: face, 'sans-medium': face, 'sans-bold': face, brush: face, latin: face, 'latin-medium': face, 'latin-bold': face }),
    TEMPLATES_IMAGES: async () => ({}),
    TEMPLATES_IMAGE_INFO: async () => ({}),
    TEMPLATES_ADD: async () => { throw new Error('not used'); },
    TEMPLATES_DUPLICATE: async () => { throw new Error('not used'); },
    TEMPLATES_RENAME: async () => { throw new Error('not used'); },
    TEMPLATES_DELETE: async () => { throw new Error('not used'); },
  } as TemplateApi;
  return { api, cardsApi, disk, saves };
}

describe('TemplateDoc', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function make() {
    const m = fakeMain();
    const cards = new CardsEditor(m.cardsApi, 'u-x', { drafts: new Map() as never });
    const doc = new TemplateDoc(m.api, 'u-x', cards);
    await doc.load();
    return { ...m, cards, doc };
  }

  it('a template name the project lacks opens nothing, even one every object inherits', async () => {
    const { doc } = await make();
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      doc.open(name);
      expect(doc.current).toBe('front');
      expect(doc.dirty(name)).toBe(false);
    }
    expect(Object.keys(doc.templates)).toEqual(['front', 'back']);
  });

  it('template and data edits share one history, undone newest first from either side', async () => {
    const { doc, cards } = await make();
    doc.edit(patchLayer(doc.templates.front!, 'bg', { fill: '#C23B22' }));
    const r = cards.history.apply(cards.table, { kind: 'setCells', row: 0, col: 1, values: [['夏']] });
    cards.change({ table: r.ok ? r.value : cards.table, command: { kind: 'setCells', row: 0, col: 1, values: [['夏']] } });
    doc.edit(patchLayer(doc.templates.front!, 'bg', { x: 2 }));
    expect(cards.history.undoDepth).toBe(3);
    doc.undo();
    expect(doc.templates.front!.layers[0]).toMatchObject({ x: 0, fill: '#C23B22' });
    // The data page's step is asked about first; the second Ctrl+Z takes it.
    doc.undo();
    expect(cards.table.rows[0]![1]).toBe('夏');
    doc.undo();
    expect(cards.table.rows[0]![1]).toBe('春');
    doc.undo();
    expect(doc.templates.front!.layers[0]!.fill).toBe('#FFFFFF');
    doc.redo();
    doc.redo();
    doc.redo();
    doc.redo();
    expect(cards.table.rows[0]![1]).toBe('夏');
    expect(doc.templates.front!.layers[0]).toMatchObject({ x: 2, fill: '#C23B22' });
    // Settings were not touched by template steps.
    expect(Object.keys(cards.settings!)).toEqual(['name', 'card', 'columns']);
  });

  it('typing in one field is one step; a drag draft is no step until committed', async () => {
    const { doc, cards } = await make();
    for (const x of [1, 12, 123]) doc.edit(patchLayer(doc.templates.front!, 'bg', { x }), 'bg:x');
    expect(cards.history.undoDepth).toBe(1);
    doc.draft = patchLayer(doc.templates.front!, 'bg', { y: 9 });
    expect(doc.shown!.layers[0]!.y).toBe(9);
    expect(cards.history.undoDepth).toBe(1);
    doc.edit(doc.draft);
    expect(doc.draft).toBeNull();
    expect(cards.history.undoDepth).toBe(2);
    doc.undo();
    doc.undo();
    expect(doc.templates.front!.layers[0]).toMatchObject({ x: 0, y: 0 });
  });

  it('saves once after the quiet time, with the revision it started from; a refused save is a conflict: nothing overwritten until keep-mine', async () => {
    const { doc, saves, disk } = await make();
    doc.edit(patchLayer(doc.templates.front!, 'bg', { fill: '#000000' }));
    doc.edit(patchLayer(doc.templates.front!, 'bg', { fill: '#111111' }));
    expect(doc.status).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.debounceMs + 10);
    expect(saves).toHaveLength(1);
    expect((saves[0]!.template as TemplateJson).layers[0]!.fill).toBe('#111111');
    expect(doc.status).toBe('saved');
    disk.revision = 'f'.repeat(40);
    doc.edit(patchLayer(doc.templates.front!, 'bg', { fill: '#222222' }));
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.debounceMs + 10);
    expect(doc.conflicts.map((c) => c.name)).toEqual(['front']);
    expect(doc.conflicts[0]!.revision).toBe('f'.repeat(40));
    expect(doc.error).toBeNull();
    expect((disk.front as TemplateJson).layers[0]!.fill).toBe('#111111');
    // Further edits are not saved over the file while the conflict stands.
    doc.edit(patchLayer(doc.templates.front!, 'bg', { fill: '#333333' }));
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.maxWaitMs + 10);
    expect((disk.front as TemplateJson).layers[0]!.fill).toBe('#111111');
    await doc.keepMine('front');
    expect(doc.conflicts).toEqual([]);
    expect((disk.front as TemplateJson).layers[0]!.fill).toBe('#333333');
    expect(saves.at(-1)!.baseRevision).toBe('f'.repeat(40));
    expect(doc.status).toBe('saved');
  });

  it('a file changed on disk while edited here is a conflict; take-theirs is one step that undo takes back', async () => {
    const { doc, disk, saves } = await make();
    doc.edit(patchLayer(doc.templates.front!, 'bg', { fill: '#000000' }));
    disk.front = patchLayer(front(), 'bg', { fill: '#ABCDEF' });
    disk.revision = 'e'.repeat(40);
    await doc.filesChanged(['front.template.json']);
    expect(doc.conflicts.map((c) => [c.name, c.theirs?.layers[0]!.fill])).toEqual([['front', '#ABCDEF']]);
    expect(doc.templates.front!.layers[0]!.fill).toBe('#000000');
    doc.takeTheirs('front');
    expect(doc.conflicts).toEqual([]);
    expect(doc.templates.front!.layers[0]!.fill).toBe('#ABCDEF');
    expect(doc.dirty('front')).toBe(false);
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.maxWaitMs + 10);
    expect(saves).toHaveLength(0);
    // Undo: my edit is back, and saves over the file's version (it was seen).
    doc.undo();
    expect(doc.templates.front!.layers[0]!.fill).toBe('#000000');
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.maxWaitMs + 10);
    expect(saves.at(-1)!.baseRevision).toBe('e'.repeat(40));
    expect((disk.front as TemplateJson).layers[0]!.fill).toBe('#000000');
  });

  it('undoing back to what is on disk needs no save; a file changed by hand reloads when nothing is unsaved', async () => {
    const { doc, saves, disk } = await make();
    doc.edit(patchLayer(doc.templates.front!, 'bg', { fill: '#000000' }));
    doc.undo();
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.maxWaitMs + 10);
    expect(saves).toHaveLength(0);
    expect(doc.status).toBe('saved');
    disk.front = patchLayer(front(), 'bg', { fill: '#ABCDEF' });
    disk.revision = 'e'.repeat(40);
    await doc.filesChanged(['front.template.json']);
    expect(doc.templates.front!.layers[0]!.fill).toBe('#ABCDEF');
    expect(doc.dirty('front')).toBe(false);
  });

  it('an undo on the Template page never silently takes back a Data page step: it asks, names the step, and says what it undid', async () => {
    const { doc, cards } = await make();
    const rows = Array.from({ length: 12 }, (_, i) => [`c${i + 1}`, '春', i === 0 ? 'back-gold' : '']);
    cards.table = { columns: ['id', 'name', 'back'], rows };
    // A fill-down of the back column, made on the Data page (the grid records steps without an origin).
    const fill = { kind: 'fillDown' as const, range: { top: 0, bottom: 11, left: 2, right: 2 } };
    const r = cards.history.apply(cards.table, fill);
    cards.change({ table: r.ok ? r.value : cards.table, command: fill });
    expect(cards.table.rows.every((row) => row[2] === 'back-gold')).toBe(true);

    doc.undo();
    expect(cards.table.rows.every((row) => row[2] === 'back-gold')).toBe(true);
    expect(cards.steps.asking).toMatchObject({ kind: 'undo', origin: 'data' });
    expect(cards.steps.done).toBeNull();

    doc.undo();
    expect(cards.table.rows.filter((row) => row[2] === 'back-gold')).toHaveLength(1);
    expect(cards.steps.asking).toBeNull();
    const d = cards.steps.done!;
    const { i18n } = await import('../../i18n/I18n.svelte');
    const { commandText } = await import('../../state/step-text');
    i18n.locale = 'zh';
    expect(i18n.t('step.undone', { what: commandText(d.step.command, d.columns, d.step.inverse) })).toBe('撤销：填充 back 列 11 格');
    i18n.locale = 'en';
    expect(i18n.t('step.undone', { what: commandText(d.step.command, d.columns, d.step.inverse) })).toBe('Undone: fill 11 cells of back');

    // The template page's own steps undo at once.
    doc.edit(patchLayer(doc.templates.front!, 'bg', { fill: '#000000' }));
    doc.undo();
    expect(doc.templates.front!.layers[0]!.fill).toBe('#FFFFFF');
    expect(cards.steps.done).toMatchObject({ kind: 'undo', origin: 'template' });
  });

  it('a template file broken by hand: its error shown, the last good template kept read-only and never saved over; fixed, it reloads with no conflict', async () => {
    const { doc, saves, disk } = await make();
    doc.edit(patchLayer(doc.templates.front!, 'bg', { fill: '#C23B22' }));
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.maxWaitMs + 10);
    expect(saves).toHaveLength(1);
    disk.broken = { zh: 'front.template.json 第 5 行第 5 列不是有效的 JSON', en: 'front.template.json is not valid JSON at line 5, column 5' };
    disk.revision = 'f'.repeat(40);
    await doc.filesChanged(['front.template.json']);
    expect(doc.broken).toBe(true);
    expect(doc.readOnly).toBe(true);
    expect(doc.problem?.zh).toContain('第 5 行第 5 列');
    expect(doc.templates.front!.layers[0]!.fill).toBe('#C23B22');
    // Edits are refused while the file is broken, and nothing is written over it.
    doc.edit(patchLayer(doc.templates.front!, 'bg', { fill: '#000000' }));
    expect(doc.templates.front!.layers[0]!.fill).toBe('#C23B22');
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.maxWaitMs + 10);
    await doc.flush();
    expect(saves).toHaveLength(1);
    expect(doc.status).toBe('saved');

    disk.broken = null;
    disk.front = patchLayer(front(), 'bg', { fill: '#1E6FD9' });
    disk.revision = '9'.repeat(40);
    await doc.filesChanged(['front.template.json']);
    expect(doc.conflicts).toEqual([]);
    expect(doc.broken).toBe(false);
    expect(doc.problem).toBeUndefined();
    expect(doc.templates.front!.layers[0]!.fill).toBe('#1E6FD9');
    doc.edit(patchLayer(doc.templates.front!, 'bg', { fill: '#000000' }));
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.maxWaitMs + 10);
    expect(saves.at(-1)!.baseRevision).toBe('9'.repeat(40));
  });

  it('a project opened with a broken template file shows the error and saves nothing until it is fixed', async () => {
    const m = fakeMain();
    m.disk.broken = { zh: '第 2 行第 3 列', en: 'line 2, column 3' };
    const cards = new CardsEditor(m.cardsApi, 'u-x', { drafts: new Map() as never });
    const doc = new TemplateDoc(m.api, 'u-x', cards);
    await doc.load();
    expect(doc.readOnly).toBe(true);
    expect(doc.dirty('front')).toBe(false);
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.maxWaitMs + 10);
    expect(m.saves).toHaveLength(0);
  });

  it('a cleared image source is shown on the field in the user\'s language and never blocks saving the rest', async () => {
    const { doc, saves, disk } = await make();
    const withImage: TemplateJson = { ...doc.templates.front!, layers: [...doc.templates.front!.layers, { id: 'pic', type: 'image', x: 5, y: 5, w: 20, h: 20, src: 'file:art/sun.png' }] };
    doc.edit(withImage);
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.maxWaitMs + 10);
    expect(doc.status).toBe('saved');
    doc.edit(patchLayer(doc.templates.front!, 'pic', { src: '' }));
    doc.edit(patchLayer(doc.templates.front!, 'bg', { fill: '#C23B22' }));
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.maxWaitMs + 10);
    expect(doc.status).toBe('saved');
    expect(doc.error).toBeNull();
    const onDisk = disk.front as TemplateJson;
    expect(onDisk.layers[0]!.fill).toBe('#C23B22');
    expect(onDisk.layers[1]!.src).toBe('file:art/sun.png');
    // The field keeps what was typed, and says what is wrong, in both languages.
    expect(doc.templates.front!.layers[1]!.src).toBe('');
    expect(doc.fieldIssues).toEqual([{ layer: 'pic', prop: 'src', text: { zh: '不能为空', en: 'cannot be empty' } }]);
    // Nothing more to save until the field changes (no save loop).
    const n = saves.length;
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.maxWaitMs * 3);
    expect(saves).toHaveLength(n);
    // The file broken by hand and fixed meanwhile: no conflict (the refused field is no edit).
    disk.broken = { zh: '第 2 行第 3 列', en: 'line 2, column 3' };
    disk.revision = 'c'.repeat(40);
    await doc.filesChanged(['front.template.json']);
    expect(doc.broken).toBe(true);
    disk.broken = null;
    disk.revision = 'd'.repeat(40);
    await doc.filesChanged(['front.template.json']);
    expect(doc.conflicts).toEqual([]);
    expect(doc.broken).toBe(false);
    expect(doc.templates.front!.layers[1]!.src).toBe('file:art/sun.png');
    // A new image layer with no source yet is left out of the file until it has one.
    doc.edit({ ...doc.templates.front!, layers: [...doc.templates.front!.layers, { id: 'pic2', type: 'image', x: 5, y: 5, w: 20, h: 20, src: '' }] });
    await vi.advanceTimersByTimeAsync(TEMPLATE_SAVE.maxWaitMs + 10);
    expect(doc.status).toBe('saved');
    expect((disk.front as TemplateJson).layers.map((l) => l.id)).toEqual(['bg', 'pic']);
  });
});
