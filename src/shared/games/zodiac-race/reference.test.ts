import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { bareReference, POWER_CARD, powerText, referenceFromCards, statusText, tokenText, type StatusId } from './reference';
import { ZODIACS, type PowerId } from './types';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const csv = Papa.parse<string[]>(readFileSync(resolve(root, 'templates/zodiac-race/cards.csv'), 'utf8'), { skipEmptyLines: true }).data;
const [columns, ...rows] = csv as [string[], ...string[][]];
const ref = referenceFromCards(columns, rows);
const cell = (id: string, name: string) => rows.find((r) => r[0] === id)![columns.indexOf(name)]!;

describe('the rule text of the built-in 生肖赛跑 cards', () => {
  it('gives every animal its names and powers, word for word as the cards print them', () => {
    for (const z of ZODIACS) {
      expect(ref[z].powers.length, z).toBeGreaterThan(0);
      expect(ref[z].name.zh).toBe(cell(z.toUpperCase(), 'zodiac'));
      expect(ref[z].power.en).toBe(cell(z.toUpperCase(), 'power_en'));
    }
    expect(powerText(ref, 'O2')!.text.en).toBe(cell('OX', 'p2_en'));
    expect(powerText(ref, 'T2')!.text.zh).toBe(cell('TIGER', 'p2_zh'));
    expect(powerText(ref, 'RB')!.lines.map((l) => l.en)).toEqual(['a pair: 1 more roll', 'three alike: 2 more rolls', 'a run: move double']);
    expect(powerText(ref, 'D')!.lines.map((l) => l.en)).toEqual(['1. Jump to the nearest piece ahead.', '2. Move 12 squares.']);
    expect(ref.dog.note?.en).toBe(cell('DOG', 'note_en'));
  });

  it('has a card power for every engine power, and English for every timing, frequency and cost', () => {
    for (const id of Object.keys(POWER_CARD) as PowerId[]) {
      const p = powerText(ref, id);
      expect(p, id).not.toBeNull();
      for (const x of [p!.timing, p!.cost, ...(p!.freq ? [p!.freq] : [])]) expect(/[\u4e00-\u9fff]/.test(x.en), `${id}: ${x.en}`).toBe(false);
    }
    expect(powerText(ref, 'T2')!.freq?.en).toBe('Once per turn');
  });

  it('explains every status and token', () => {
    for (const id of ['roared', 'poisoned', 'proud', 'rabbit', 'attached', 'barrier'] as StatusId[]) {
      const s = statusText(ref, id);
      expect(s.text?.zh, id).toBeTruthy();
      expect(s.text?.en, id).toBeTruthy();
    }
    expect(statusText(ref, 'roared').text!.en).toBe(cell('TIGER', 'p1_en'));
    expect(tokenText(4).name).toEqual({ zh: '红色代币 4', en: 'Red token 4' });
    expect(tokenText(5).name.en).toBe('Blue token 5');
  });

  it('follows a designer’s edited cards, and keeps the names when a row is missing', () => {
    const edited = rows.filter((r) => r[0] !== 'PIG').map((r) => (r[0] === 'OX' ? r.map((c, i) => (columns[i] === 'p2_en' ? 'Swap exactly two tokens.' : c)) : r));
    const mine = referenceFromCards(columns, edited);
    expect(powerText(mine, 'O2')!.text.en).toBe('Swap exactly two tokens.');
    expect(mine.pig.powers).toEqual([]);
    expect(mine.pig.name).toEqual(bareReference().pig.name);
    expect(powerText(mine, 'P1')).toBeNull();
  });
});
