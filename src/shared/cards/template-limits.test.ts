import { describe, expect, it } from 'vitest';
import { loadCardSet, type LoadProblem } from './load';
import { PROJECT_LIMITS } from './limits';
import { templateLimitProblems } from './template-limits';
import { TemplateFile } from './schema';

const PROJECT = {
  schemaVersion: 4,
  id: 'lim',
  name: { zh: '限', en: 'Limits' },
  card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 },
  cards: 'cards.csv',
  templates: { front: 'front.template.json', back: 'back.template.json' },
};
const BACK = { schemaVersion: 4, name: 'back', maps: {}, layers: [{ id: 'bg', type: 'rect', x: 0, y: 0, w: 63, h: 88, fill: '#C23B22' }] };

function load(front: unknown, text = JSON.stringify(front)): { ok: boolean; problems: LoadProblem[]; ms: number } {
  const files: Record<string, string> = {
    'project.json': JSON.stringify(PROJECT),
    'front.template.json': text,
    'back.template.json': JSON.stringify(BACK),
    'cards.csv': 'id,name\nA,x\n',
  };
  const t0 = performance.now();
  const r = loadCardSet((p) => files[p]);
  return { ok: r.ok, problems: r.ok ? [] : (r.error.details as LoadProblem[]), ms: performance.now() - t0 };
}

const tpl = (layers: unknown[]) => ({ schemaVersion: 4, name: 'front', maps: {}, layers });
const table = (over: Record<string, unknown>) => ({ id: 'wide', type: 'table', x: 0, y: 0, w: 60, rows: 'a|b', columns: [{ width: 1 }], face: 'sans', size: 6, rowHeight: 3, color: '#000000', ...over });

describe('template limits, checked when a template is read', () => {
  it('refuses a 5,000-column table with a 0.001 mm row height, naming the layer and both limits', () => {
    const cells = Array.from({ length: 5000 }, () => 'x').join('|');
    const front = tpl([table({ columns: Array.from({ length: 5000 }, () => ({ width: 1 })), rowHeight: 0.001, rows: cells })]);
    expect(JSON.stringify(front).length).toBeGreaterThan(60_000);
    const r = load(front);
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => `${p.file} ${p.where}: ${p.message}`)).toEqual([
      'front.template.json layers[0]: layer "wide" (layers[0]) is a table of 5,000 columns; the limit is 50; split it into several tables',
      'front.template.json layers[0]: layer "wide" (layers[0]) has a row height of 0.001 mm; the smallest is 0.5 mm; raise "rowHeight"',
    ]);
    expect(r.problems[0]!.zh).toBe('图层“wide”（layers[0]）是有 5,000 列的表格；上限是 50 列；请拆成几个表格');
    // Refused before layout or the schema: at once.
    expect(r.ms).toBeLessThan(1000);
  });

  it('refuses too many table rows and cells, and long text', () => {
    const rows = Array.from({ length: PROJECT_LIMITS.tableRows + 1 }, (_, i) => `r${i}|x`).join('\n');
    expect(templateLimitProblems(tpl([table({ rows })])).map((p) => p.en)).toEqual([`layer "wide" (layers[0]) has 201 rows; the limit is 200; split it into several tables`]);
    // Three bound tables of 10 columns count 200 rows each: 6,000 cells.
    const bound = (id: string) => table({ id, rows: '{{table}}', columns: Array.from({ length: 10 }, () => ({ width: 1 })) });
    expect(templateLimitProblems(tpl([bound('t1'), bound('t2'), bound('t3')])).map((p) => p.en)).toEqual([
      `layer "t3" (layers[2]) brings the template's tables to 6,000 cells (a table bound to a column counts 200 rows); the limit is 5,000; use fewer or smaller tables`,
    ]);
    const text = { id: 'long', type: 'text', x: 0, y: 0, w: 10, h: 10, text: 'x'.repeat(PROJECT_LIMITS.templateTextChars + 1), face: 'sans', size: 8, color: '#000000' };
    expect(templateLimitProblems(tpl([text]))[0]!.en).toMatch(/^layer "long" \(layers\[0\]\) has 20,001 characters of text; the limit is 20,000/);
    // The schema says so too (the editor validates with it).
    expect(TemplateFile.safeParse(tpl([table({ rowHeight: 0.001 })])).success).toBe(false);
  });

  it('refuses 500 shrink-to-fit text layers (each is typeset a dozen times per card)', () => {
    const layers = Array.from({ length: 500 }, (_, i) => ({ id: `t${i}`, type: 'text', x: 1, y: 1, w: 10, h: 5, text: '{{name}}', face: 'sans', size: 12, color: '#000000', fit: 'shrink' }));
    const r = load(tpl(layers));
    expect(r.problems.map((p) => p.message)).toEqual(['layer "t100" (layers[100]) is the 101th shrink-to-fit text layer; the limit is 100 per template; set "fit" to "wrap" on the layers that do not need shrinking']);
  });

  it('refuses 5,000 nested groups without overflowing the stack, and groups nested past the limit', () => {
    let layers: unknown[] = [{ id: 'leaf', type: 'rect', x: 0, y: 0, w: 1, h: 1 }];
    for (let i = 0; i < 5000; i++) layers = [{ id: `g${i}`, type: 'group', layers }];
    // As a file (JSON.stringify itself would overflow on it).
    const text = `{"schemaVersion":4,"name":"front","maps":{},"layers":${'[{"id":"g","type":"group","layers":'.repeat(5000)}[]${'}]'.repeat(5000)}}`;
    const r = load(null, text);
    expect(r.ok).toBe(false);
    expect(r.problems[0]!.message).toMatch(/nested more than 64 deep/);
    expect(r.ms).toBeLessThan(1000);
    // The same template as a value (templates:save) is refused by its depth, not by a RangeError.
    expect(templateLimitProblems(tpl(layers))[0]!.en).toMatch(/^The template is nested more than 64 levels deep \(at layers\[0\]\.layers\[0\]/);
    let nine: unknown[] = [{ id: 'leaf', type: 'rect', x: 0, y: 0, w: 1, h: 1 }];
    for (let i = 0; i < 9; i++) nine = [{ id: `g${i}`, type: 'group', layers: nine }];
    expect(templateLimitProblems(tpl(nine)).map((p) => p.en)).toEqual(['layer "g0" (layers[0].layers[0].layers[0].layers[0].layers[0].layers[0].layers[0].layers[0].layers[0]) is a group nested 9 deep; the limit is 8; ungroup some of the groups around it']);
  });

  it('lets the built-in kinds of template through', () => {
    expect(templateLimitProblems(tpl([table({ rows: 'a|b\nc|d', columns: [{ width: 1 }, { width: 2 }] })]))).toEqual([]);
  });
});
