/**
 * The built-in 斗十四 project (templates/dou-shisi) as the table needs it: it loads cleanly, it
 * names its game so Home opens it at the 斗十四 table, and it holds the engine's 56 cards (52 and
 * four jokers), each by the engine's card code, with the value, red points and sum-14 partner the
 * engine gives it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cardCode, deckOf, parseCard, redOf, valueOf } from '../games/dou-shisi/cards';
import { DEFAULT_OPTIONS } from '../games/dou-shisi/options';
import { loadCardSet } from './load';

const dir = join(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'), 'templates', 'dou-shisi');

describe('templates/dou-shisi', () => {
  it('loads cleanly, plays dou-shisi, and holds the 56 cards of the engine by their codes', () => {
    const r = loadCardSet((rel) => (existsSync(join(dir, rel)) ? readFileSync(join(dir, rel), 'utf8') : undefined));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.warnings).toEqual([]);
    expect(r.value.file.game).toBe('dou-shisi');
    const codes = deckOf(DEFAULT_OPTIONS.jokers).map(cardCode).sort();
    const deck = r.value.cards.filter((c) => parseCard(c.id) !== null);
    expect(deck.flatMap((c) => Array.from({ length: c.copies }, () => c.id)).sort()).toEqual(codes);
    expect(codes).toHaveLength(56);
    for (const c of deck) {
      const card = parseCard(c.id)!;
      expect(Number(c.fields.value)).toBe(valueOf(card));
      expect(Number(c.fields.red_points)).toBe(redOf(card));
      if (c.id !== 'JK') expect(Number(c.fields.partner)).toBe(14 - valueOf(card));
    }
  });
});
