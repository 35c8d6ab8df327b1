/**
 * The built-in 斗十四 project (templates/dou-shisi) as the table needs it: it loads cleanly, it
 * names its game so Home opens it at the 斗十四 table, and it holds the engine's cards by their
 * codes (column `code`; the six jokers `JK1`…`JK6` are code `JK`, marked with the smallest deck
 * they belong to), with the value, red points and sum-14 partner the engine gives each; the default
 * deck (four jokers) is the engine's 56 cards.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cardCode, deckOf, parseCard, redOf, valueOf } from '../games/dou-shisi/cards';
import { DEFAULT_OPTIONS } from '../games/dou-shisi/options';
import { loadCardSet } from './load';

/** The printed rank of a partner card as its value. */
const RANK_VALUE: Record<string, number> = { A: 1, T: 10, J: 11, Q: 12, K: 13 };

const dir = join(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'), 'templates', 'dou-shisi');

describe('templates/dou-shisi', () => {
  it('loads cleanly, plays dou-shisi, and holds the 56 cards of the engine by their codes', () => {
    const r = loadCardSet((rel) => (existsSync(join(dir, rel)) ? readFileSync(join(dir, rel), 'utf8') : undefined));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.warnings).toEqual([]);
    expect(r.value.file.game).toBe('dou-shisi');
    const codes = deckOf(DEFAULT_OPTIONS.jokers).map(cardCode).sort();
    expect(codes).toHaveLength(56);
    const deck = r.value.cards.filter((c) => c.fields.kind !== 'reference');
    const inDefault = deck.filter((c) => c.fields.kind !== 'joker' || Number(c.fields.jokers) <= DEFAULT_OPTIONS.jokers);
    expect(inDefault.flatMap((c) => Array.from({ length: c.copies }, () => c.fields.code)).sort()).toEqual(codes);
    expect(deck.filter((c) => c.fields.kind === 'joker')).toHaveLength(6);
    for (const c of deck) {
      const card = parseCard(c.fields.code!)!;
      expect(card, c.id).not.toBeNull();
      expect(Number(c.fields.value)).toBe(valueOf(card));
      expect(Number(c.fields.red)).toBe(redOf(card));
      if (c.fields.kind !== 'joker') expect(RANK_VALUE[c.fields.partner!] ?? Number(c.fields.partner), c.id).toBe(14 - valueOf(card));
    }
  });
});
