import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { headingIn, rulesSection } from '../src/shared/games/doufu/rules-sections';
import { CARDS } from '../src/shared/games/doufu/cards';
import type { Step } from '../src/shared/games/doufu/types';

/**
 * 斗福's own files, as the table and the print use them: the deck's English columns hold no
 * Chinese but a card's own name, and every rulebook section the table's Rules button opens is a
 * heading of both rulebooks.
 */
const DOUFU = join(__dirname, '..', 'templates', 'doufu');
const CJK = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const CARD_NAMES = new Set(CARDS.flatMap((c) => [c.name, c.zodiac]));
const stray = (text: string) => (text.match(CJK) ?? []).filter((run) => !CARD_NAMES.has(run));

describe("斗福's files", () => {
  it("the deck's English columns (names, skills, effects, notes, combo labels) have no Chinese in them", () => {
    const rows = Papa.parse<Record<string, string>>(readFileSync(join(DOUFU, 'cards.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data;
    expect(rows.find((r) => r.id === 'PIG-YU')).toMatchObject({ skill_en: 'Locked skill · Lock', skill2_en: 'Activated skill · Imitate', skill3_en: 'Activated skill · Annul' });
    expect(rows.length).toBeGreaterThan(48);
    const bad: string[] = [];
    for (const r of rows) {
      for (const col of ['zodiac_en', 'name_en', 'skill_en', 'effect_en', 'skill2_en', 'effect2_en', 'skill3_en', 'effect3_en', 'note_en']) if (stray(r[col] ?? '').length) bad.push(`${r.id}.${col}: ${r[col]}`);
      // A combo line is "requirement|名称|English name|points": its English name only.
      for (const line of (r.combos ?? '').split('\n').filter(Boolean)) if (stray(line.split('|')[2] ?? '').length) bad.push(`${r.id}.combos: ${line}`);
    }
    expect(bad).toEqual([]);
  });

  it('every section the Rules button opens is a heading of both rulebooks', () => {
    const headings = (file: string) =>
      readFileSync(join(DOUFU, file), 'utf8')
        .split('\n')
        .map((line, i) => ({ m: /^#{1,3}\s+(.+?)\s*$/.exec(line), i }))
        .filter((x) => x.m)
        .map((x) => ({ title: x.m![1]!, page: x.i + 1 }));
    const toc = { zh: headings('rules.zh.md'), en: headings('rules.en.md') };
    const steps: Step['k'][] = ['chooseFirst', 'reshuffle', 'dealWindow', 'turn', 'fuji', 'arrange', 'pick', 'attr', 'steal', 'swap', 'ox', 'gift', 'window', 'roulette', 'over', 'run'];
    for (const k of steps)
      for (const [handEnd, skill] of [[false, false], [true, false], [false, true]] as const) {
        const h = rulesSection(k, handEnd, skill);
        expect(headingIn(toc.zh, h.zh), `${k} zh ${h.zh}`).not.toBeNull();
        expect(headingIn(toc.en, h.en), `${k} en ${h.en}`).not.toBeNull();
      }
  });
});
