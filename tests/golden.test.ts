// Golden draw lists: the exact layout of representative 斗福 faces (a 福 card with a skill, the
// dual cards, 玉猪 with three skills, a plain 运 card, a reference card's two sides, the back),
// measured with the real fonts. A change to layout, templates or fonts shows up here as a diff.
// After an intended change: UPDATE_GOLDEN=1 npx vitest run tests/golden.test.ts, then review the diff.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices } from '../src/main/services';
import { renderCard } from '../src/main/services/render';

const GOLDEN = join(__dirname, 'golden');
const services = createServices({ mode: 'cli' });
const p = services.projects.get('doufu');
if (!p.ok) throw new Error(p.error.message);
const project = p.value;

const CASES: [string, 'front' | 'back'][] = [
  ['RAT-FU', 'front'],
  ['DRA-JIN', 'front'],
  ['SNA-FU', 'front'],
  ['ROO-HONG', 'front'],
  ['PIG-YU', 'front'],
  ['RAT-Y1', 'front'],
  ['RAT-HE', 'front'],
  ['REF-1', 'front'],
  ['REF-1', 'back'],
  ['RAT-FU', 'back'],
];

describe('golden draw lists', () => {
  for (const [id, side] of CASES)
    it(`${id} ${side}`, () => {
      const card = project.set.cards.find((c) => c.id === id);
      expect(card, `card ${id} exists`).toBeDefined();
      const r = renderCard(project, card!, services.fonts.measurer);
      expect(r.warnings).toEqual([]);
      const list = side === 'front' ? r.front.list : r.back.list;
      const file = join(GOLDEN, `doufu-${id}-${side}.json`);
      const text = JSON.stringify(list, null, 1) + '\n';
      if (process.env.UPDATE_GOLDEN) {
        mkdirSync(GOLDEN, { recursive: true });
        writeFileSync(file, text);
      }
      expect(existsSync(file), `${file} is missing; run with UPDATE_GOLDEN=1 and review it`).toBe(true);
      expect(text).toBe(readFileSync(file, 'utf8'));
    });

  it('every op type of the draw list appears in the goldens (they cover the vocabulary)', () => {
    const kinds = new Set<string>();
    for (const [id, side] of CASES) {
      const t = readFileSync(join(GOLDEN, `doufu-${id}-${side}.json`), 'utf8');
      for (const m of t.matchAll(/"op": "(\w+)"/g)) kinds.add(m[1]!);
    }
    for (const k of ['rect', 'text', 'image']) expect(kinds).toContain(k);
  });
});

// The rulebook typesetter's output for its sample book (every Markdown feature it supports:
// headings, paragraphs with bold and emphasis, nested lists, a table that breaks across pages,
// figures, callouts, a rule), with the real fonts and the 斗福 cards as figures.
describe('golden rulebook pages', () => {
  it('the sample book, Chinese, A5', async () => {
    const { typesetRulebook } = await import('../src/shared/print/rulebook');
    const source = readFileSync(join(__dirname, '../src/shared/print/rulebook/sample.md'), 'utf8');
    const figure = (ref: string) => {
      const m = /^card:(.+)$/.exec(ref);
      const card = m && project.set.cards.find((c) => c.id === m[1]);
      return card ? { list: renderCard(project, card, services.fonts.measurer, { bleed: 0 }).front.list, radius: 3 } : undefined;
    };
    const book = typesetRulebook(source, { paper: 'a5', lang: 'zh', title: '样书', runningTitle: '样书' }, { measurer: services.fonts.measurer, figure });
    const text = JSON.stringify({ toc: book.toc, pages: book.pages }, null, 0).replace(/\},\{/g, '},\n{') + '\n';
    const file = join(GOLDEN, 'rulebook-sample-zh-a5.json');
    if (process.env.UPDATE_GOLDEN) writeFileSync(file, text);
    expect(existsSync(file), `${file} is missing; run with UPDATE_GOLDEN=1 and review it`).toBe(true);
    expect(text).toBe(readFileSync(file, 'utf8'));
    const kinds = new Set([...text.matchAll(/"id":"rulebook:([a-z0-9-]+)/g)].map((m) => m[1]));
    expect([...kinds]).toEqual(expect.arrayContaining(['title', 'toc', 'h1', 'h2', 'h3', 'body', 'list', 'list-marker', 'table', 'table-row', 'figure', 'caption', 'callout', 'callout-label', 'hr', 'header', 'footer']));
  });
});
