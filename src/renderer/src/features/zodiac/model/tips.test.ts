import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../../../../shared/games/zodiac-race/legal';
import { referenceFromCards } from '../../../../../shared/games/zodiac-race/reference';
import { table, withDice } from '../../../../../shared/games/zodiac-race/testing';
import { applyMove } from '../../../../../shared/games/zodiac-race/apply';
import { viewOf } from '../../../../../shared/games/zodiac-race/view';
import type { ZrState } from '../../../../../shared/games/zodiac-race/types';
import { choicesAt, promptOf, type Choice } from './prompt';
import { choiceTip, pieceTip, statusesOf, zodiacOfPower } from './tips';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const [columns, ...rows] = Papa.parse<string[]>(readFileSync(resolve(root, 'templates/zodiac-race/cards.csv'), 'utf8'), { skipEmptyLines: true }).data as [string[], ...string[][]];
const ref = referenceFromCards(columns, rows);
const cell = (id: string, name: string) => rows.find((r) => r[0] === id)![columns.indexOf(name)]!;

/** Every button at every level of the prompt, with the path that opens its level. */
function buttons(cs: readonly Choice[], path: string[] = []): { c: Choice; path: string[] }[] {
  return cs.flatMap((c) => [{ c, path }, ...(c.children ? buttons(c.children, [...path, c.key]) : [])]);
}

function tipsAt(s: ZrState, seat: number) {
  const view = viewOf(s, seat);
  const prompt = promptOf(view, seat, legalMoves(s, seat))!;
  return { view, prompt, all: buttons(prompt.choices).map(({ c, path }) => ({ key: c.key, path, tip: choiceTip(ref, view, prompt, path, c) })) };
}

describe('rule tips of the 生肖赛跑 table', () => {
  it('explain every animal at the picker with its card', () => {
    const s = table([{ z: 'rat' }, { z: 'ox' }]);
    s.phase = 'choose';
    const { all } = tipsAt(s, 0);
    expect(all).toHaveLength(12);
    for (const { key, tip } of all) expect(tip?.id).toBe(key);
    const tiger = all.find((x) => x.key === 'tiger')!.tip!;
    expect(tiger.parts.map((p) => p.text.zh)).toEqual([cell('TIGER', 'p1_zh'), cell('TIGER', 'p2_zh')]);
    expect(tiger.parts[1]!.meta).toEqual({ zh: '己方回合 · 每回合一次 · 费用：合计12点', en: 'Your turn · Once per turn · Cost: Tokens summing to 12' });
  });

  it('explain every power button, down to its targets and payments, and the transforms’ animals', () => {
    const s = table([{ z: 'tiger', at: 3, tokens: [6, 6, 5, 1, 3, 3] }, { z: 'ox', at: 5, tokens: [2] }, { z: 'rat', at: 7 }]);
    const { prompt, all } = tipsAt(s, 0);
    expect(all.find((x) => x.key === 'power:T1')!.tip!.parts[0]!.text.en).toBe(cell('TIGER', 'p1_en'));
    expect(all.find((x) => x.key === 'power:T2')!.tip!.parts[0]!.text.en).toBe(cell('TIGER', 'p2_en'));
    for (const x of all.filter((b) => b.path[0]?.startsWith('power:'))) expect(x.tip?.id, x.key).toBe(x.path[0]);
    expect(all.find((x) => x.path[0] === 'transform' && x.key === 'dog')!.tip!.id).toBe('dog');
    expect(all.find((x) => x.key === 'roll')!.tip).toBeNull();
    expect(choicesAt(prompt, ['power:T1']).length).toBeGreaterThan(0);
  });

  it('explain a roll’s passive choices and a reaction’s power', () => {
    let s = withDice(table([{ z: 'rooster', at: 1 }, { z: 'pig', at: 20 }]), [3]);
    const r = applyMove(s, { type: 'roll', seat: 0 });
    if (!r.ok) throw new Error(r.message.en);
    s = r.state;
    const mods = tipsAt(s, 0).all.find((x) => x.key === 'mods:RO1')!.tip!;
    expect(mods.parts[0]!.text.en).toBe(cell('ROOSTER', 'p1_en'));
    let d = withDice(table([{ z: 'ox', tokens: [2, 5] }, { z: 'pig', at: 2 }]), [4]);
    const r2 = applyMove(d, { type: 'roll', seat: 0 });
    if (!r2.ok) throw new Error(r2.message.en);
    d = r2.state;
    while (d.stack.at(-1)?.k === 'move' && (d.stack.at(-1) as { at: string }).at === 'star') {
      const r3 = applyMove(d, { type: 'go', seat: 0 });
      if (!r3.ok) throw new Error(r3.message.en);
      d = r3.state;
    }
    const grab = tipsAt(d, 1).all;
    expect(grab.find((x) => x.key.startsWith('v:'))!.tip!.parts[0]!.text.en).toBe(cell('PIG', 'p2_en'));
    expect(grab.find((x) => x.key === 'pass')!.tip).toBeNull();
  });

  it('explain a piece with its statuses first', () => {
    const s = table([{ z: 'rabbit', extra: { proud: 2, rabbitPending: true, roared: true } }, { z: 'ox' }]);
    const v = viewOf(s, 0);
    expect(statusesOf(v.pieces[0]!)).toEqual(['roared', 'proud', 'rabbit']);
    const tip = pieceTip(ref, v, 0, { zh: '座位 1', en: 'Seat 1' }, true);
    expect(tip.title.en).toBe('Seat 1 · Rabbit · Pride');
    expect(tip.parts.slice(0, 3).map((p) => p.meta?.en)).toEqual(['Three dice next turn', 'Proud', 'Cowed']);
    expect(tip.parts[2]!.text.en).toBe(cell('TIGER', 'p1_en'));
  });

  it('name the animal of every power id', () => {
    expect(['R2', 'RB', 'RO2', 'SH1', 'S1', 'H2', 'DG', 'P1b', 'M3', 'O1a', 'T2', 'D'].map((p) => zodiacOfPower(p as never))).toEqual(['rat', 'rabbit', 'rooster', 'sheep', 'snake', 'horse', 'dog', 'pig', 'monkey', 'ox', 'tiger', 'dragon']);
  });
});
