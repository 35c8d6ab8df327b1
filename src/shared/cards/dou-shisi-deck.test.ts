/**
 * The built-in 斗十四 project (templates/dou-shisi) against the engine: it loads cleanly, names its
 * game, and its cards are the engine's 52 number cards (ids = the engine's card codes) with the
 * engine's value, colour, red points and sum-14 partner, and 6 jokers (code JK) of which the deck
 * size each belongs to is printed: 2 in every deck, 2 more in the default 4-joker deck, 2 extra for
 * the 6-joker game. Red points read without hue (a solid disc on red cards, an open one on black),
 * and the reference cards have a back of their own.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cardCode, deckOf, isRed, redOf, redPoints, valueOf } from '../games/dou-shisi/cards';
import { OPTION_INFO } from '../games/dou-shisi/options';
import { loadCardSet } from './load';
import type { Layer } from './schema';

const dir = join(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'), 'templates', 'dou-shisi');
const read = (rel: string) => (existsSync(join(dir, rel)) ? readFileSync(join(dir, rel), 'utf8') : undefined);
const shown = (v: number): string => ({ 1: 'A', 11: 'J', 12: 'Q', 13: 'K' })[v] ?? String(v);

describe('templates/dou-shisi', () => {
  const r = loadCardSet(read);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const set = r.value;
  const numbers = set.cards.filter((c) => c.fields.kind === 'number');
  const jokers = set.cards.filter((c) => c.fields.kind === 'joker');

  it('loads cleanly and plays dou-shisi', () => {
    expect(r.warnings).toEqual([]);
    expect(set.file.game).toBe('dou-shisi');
  });

  it('holds the engine’s 52 number cards once each, id = code, with value, colour, red points and partner', () => {
    expect(numbers.map((c) => c.id)).toEqual(deckOf(0).map(cardCode));
    for (const n of deckOf(0)) {
      const c = numbers[n]!;
      const v = valueOf(n);
      expect([c.copies, c.template, c.back, c.fields.code], c.id).toEqual([1, 'front', 'back', cardCode(n)]);
      expect([c.fields.value, c.fields.rank, c.fields.partner], c.id).toEqual([String(v), shown(v), shown(14 - v)]);
      expect(c.fields.colour, c.id).toBe(isRed(n) ? 'red' : 'black');
      expect(c.fields.red, c.id).toBe(String(redOf(n)));
    }
    expect(numbers.reduce((a, c) => a + Number(c.fields.red), 0)).toBe(redPoints(deckOf(0)));
    expect(redPoints(deckOf(0))).toBe(116);
  });

  it('has a joker for every deck size the engine allows, each marked with the smallest deck it belongs to', () => {
    expect(jokers.map((c) => [c.id, c.fields.code, c.template, c.back, c.fields.jokers])).toEqual([
      ['JK1', 'JK', 'joker', 'back', '2'],
      ['JK2', 'JK', 'joker', 'back', '2'],
      ['JK3', 'JK', 'joker', 'back', '4'],
      ['JK4', 'JK', 'joker', 'back', '4'],
      ['JK5', 'JK', 'joker', 'back', '6'],
      ['JK6', 'JK', 'joker', 'back', '6'],
    ]);
    const sizes = OPTION_INFO.jokers.values as readonly number[];
    for (const k of sizes) expect(jokers.filter((c) => Number(c.fields.jokers) <= k), `${k} jokers`).toHaveLength(k);
    expect(cardCode(deckOf(6).at(-1)!)).toBe('JK');
    const layers = set.templates.joker!.layers as Layer[];
    expect(layers.filter((l) => typeof l.when === 'object' && 'field' in l.when && l.when.field === 'jokers').map((l) => l.id)).toContain('deck-band-extra');
  });

  it('tells red points without hue: a filled disc with the number on red cards, an open one on black cards', () => {
    const front = set.templates.front!;
    const maps = front.maps as Record<string, Record<string, string>>;
    const lum = (hex: string) => { const n = parseInt(hex.slice(1), 16); return 0.2126 * (n >> 16) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255); };
    // The disc: dark on red cards, paper-light on black ones; the number white on red, mid-grey on black.
    expect(lum(maps.badge!.red!)).toBeLessThan(100);
    expect(lum(maps.badge!.black!)).toBeGreaterThan(230);
    expect(lum(maps['badge-ink']!.red!) - lum(maps.badge!.red!)).toBeGreaterThan(150);
    const ids = (front.layers as Layer[]).map((l) => l.id);
    for (const id of ['badge', 'red', 'red-label', 'pair', 'tl-rank', 'br-rank']) expect(ids, id).toContain(id);
  });

  it('gives the reference cards their own back (Chinese front, English back), never the deck’s', () => {
    const ref = set.cards.filter((c) => c.fields.kind === 'reference');
    expect(ref.map((c) => [c.id, c.copies, c.template, c.back])).toEqual([['REF', 4, 'reference', 'reference-back']]);
    expect(set.cards.length).toBe(52 + 6 + 1);
  });
});
