// One name per 斗福 combo everywhere: the printed cards (the combo table of the zodiac cards and
// the reference card's 21 combos), the English rulebook's scoring table, and the engine's names
// that the log and the settlement show (scoring.ts COMBOS) are the same words, and every card's
// combo table fits above its note, with no layout warning.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices } from '../src/main/services';
import { renderCard } from '../src/main/services/render';
import { walkOps } from '../src/shared/cards/draw-list';
import type { DrawOp } from '../src/shared/cards/draw-list';
import { COMBOS } from '../src/shared/games/doufu/scoring';
import { ptToMm } from '../src/shared/util/units';

const DOUFU = join(__dirname, '..', 'templates', 'doufu');
const services = createServices({ mode: 'cli' });
const p = services.projects.get('doufu');
if (!p.ok) throw new Error(p.error.message);
const project = p.value;
const BY_ZH = new Map(COMBOS.map((c) => [c.name, c]));

/** The rows of a combo table as its cells. */
const cells = (rows: string) => rows.split('\n').filter((l) => l.trim()).map((l) => l.split('|').map((c) => c.trim()));

/** A name as the printed sources spell it: with a typographic apostrophe (Heaven’s Timing). */
const printed = (en: string): string => en.replace(/'/g, '’');

describe('斗福 combo names', () => {
  it("the zodiac cards' combo tables use the engine's English name of each combo", () => {
    let seen = 0;
    for (const card of project.set.cards) {
      for (const [, zh, en] of cells(card.fields.combos ?? '')) {
        // "任一气搭子 / Any Qi combo" is a reminder on the Harmony Qi cards, not one of the 21 combos.
        if (zh === '任一气搭子') continue;
        expect(printed(BY_ZH.get(zh!)?.en ?? ""), `${card.id}: ${zh}`).toBe(en);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(60);
  });

  it("the reference card lists all 21 combos in the rulebook's order, each by the engine's names", () => {
    const t = JSON.parse(readFileSync(join(DOUFU, 'reference-back.template.json'), 'utf8')) as { layers: { id: string; rows?: string }[] };
    const rows = cells(t.layers.find((l) => l.id === 'combos')!.rows!).slice(1);
    expect(rows.map((r) => [r[0], r[1]])).toEqual(COMBOS.map((c) => [c.name, printed(c.en)]));
  });

  it("the English rulebook's scoring table names each combo so, and names no other card label", () => {
    const md = readFileSync(join(DOUFU, 'rules.en.md'), 'utf8');
    const scoring = md.slice(md.indexOf('\n# Scoring'), md.indexOf('\n## Declaring victory'));
    const rows = [...scoring.matchAll(/^\| (\d+) \| ([^|]+) \|/gm)];
    expect(rows).toHaveLength(21);
    for (const c of COMBOS) expect(rows.find((m) => Number(m[1]) === c.row)?.[2]?.trim(), `row ${c.row}`).toBe(`${printed(c.en)} (${c.name})`);
    expect(md).not.toMatch(/card: \*/);
  });

  it('every card lays out without a warning, and each combo table ends above its note and luck marks', () => {
    for (const card of project.set.cards) {
      const r = renderCard(project, card, services.fonts.measurer);
      expect(r.warnings, card.id).toEqual([]);
      if (!card.fields.combos) continue;
      const texts: Extract<DrawOp, { op: 'text' }>[] = [];
      const shapes: DrawOp[] = [];
      walkOps(r.front.list.ops, (op) => {
        if (op.op === 'text') texts.push(op);
        else shapes.push(op);
      });
      // A text op's y is its baseline: the table's last line ends ~0.3 em under it; the note's first line starts ~0.9 em over it.
      const tableEnd = Math.max(...texts.filter((o) => o.id === 'combos').map((o) => o.y + ptToMm(o.size) * 0.3));
      const below = [...texts.filter((o) => o.id === 'note' || o.id === 'note-en').map((o) => o.y - ptToMm(o.size) * 0.9), ...shapes.filter((o) => o.id?.startsWith('luck-')).map((o) => ('y' in o ? o.y : Infinity))];
      expect(below.length, card.id).toBeGreaterThan(0);
      expect(tableEnd, card.id).toBeLessThan(Math.min(...below));
    }
  });
});
