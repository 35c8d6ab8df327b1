/**
 * The built-in 摸鱼王 project (templates/moyu-wang) against the engine: it loads cleanly, names its
 * game, and its 101 deck cards are the engine's card numbers with the engine's colour, number,
 * holiday and excuse; every colour is told by more than hue (number, weekday glyph, pattern), and
 * the role and reference cards have backs of their own.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COLOUR_NAMES, DECK_SIZE, EXCUSE_LABELS, cardCode, colourOf, isHoliday, numberOf, printedExcuse } from '../games/moyu-wang/cards';
import { loadCardSet } from './load';
import type { Layer } from './schema';

const dir = join(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'), 'templates', 'moyu-wang');
const read = (rel: string) => (existsSync(join(dir, rel)) ? readFileSync(join(dir, rel), 'utf8') : undefined);

describe('templates/moyu-wang', () => {
  const r = loadCardSet(read);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const set = r.value;
  const deck = set.cards.filter((c) => /^\d+$/.test(c.id));

  it('loads cleanly and plays moyu-wang', () => {
    expect(r.warnings).toEqual([]);
    expect(set.file.game).toBe('moyu-wang');
  });

  it('holds the engine’s 101 cards once each, ids = card numbers (two digits), with their colour, number, holiday and excuse', () => {
    expect(deck.map((c) => Number(c.id))).toEqual(Array.from({ length: DECK_SIZE }, (_, i) => i));
    for (const c of deck) {
      const n = Number(c.id);
      expect(c.id, 'two digits').toBe(String(n).padStart(2, '0'));
      expect(c.copies).toBe(1);
      expect(c.fields.colour, c.id).toBe(COLOUR_NAMES[colourOf(n)]);
      expect(c.fields.number, c.id).toBe(numberOf(n) < 0 ? '' : c.id);
      expect(c.fields.holiday === '1', c.id).toBe(isHoliday(n));
      const e = printedExcuse(n);
      expect([c.fields.code, c.fields.excuse], c.id).toEqual([cardCode(n), e ?? '']);
      expect(c.template, c.id).toBe(e ? 'excuse' : 'front');
      expect(c.back, c.id).toBe('back');
      if (e) expect([c.fields.title_zh, c.fields.title_en], c.id).toEqual([EXCUSE_LABELS[e].zh, EXCUSE_LABELS[e].en.replace("'", '’')]); // printed with a typographic apostrophe
      if (e) expect(c.fields.effect_zh!.length * c.fields.effect_en!.length, `${c.id} effect text`).toBeGreaterThan(0);
    }
    expect(deck.filter((c) => c.fields.holiday === '1').map((c) => c.id)).toEqual(['10', '20', '30', '40', '50', '60', '70']);
  });

  it('tells every colour apart without hue: its own weekday glyph and a pattern shape for each colour', () => {
    const glyphs = new Map<string, Set<string>>();
    for (const c of deck) glyphs.set(c.fields.colour!, (glyphs.get(c.fields.colour!) ?? new Set()).add(c.fields.day_glyph!));
    expect(Object.fromEntries([...glyphs].map(([k, v]) => [k, [...v].sort()]))).toEqual({ rainbow: ['假'], red: ['一'], yellow: ['二'], green: ['三'], blue: ['四'], purple: ['五'], brown: ['六', '日'].sort(), black: ['借'] });
    const layers = set.templates.front!.layers as Layer[];
    const shapes = new Map<string, string>();
    for (const l of layers) {
      const w = l.when;
      if (typeof w === 'object' && 'field' in w && w.field === 'colour' && w.equals && l.id.startsWith('pattern-1'))
        shapes.set(w.equals, `${shapes.get(w.equals) ?? ''}${l.type}${'rotation' in l && l.rotation ? 'r' : ''}${'stroke' in l && l.stroke && !('fill' in l && l.fill) ? 's' : ''}${'h' in l ? l.h : ''}|`);
    }
    expect([...shapes.keys()].sort()).toEqual(['blue', 'brown', 'green', 'purple', 'rainbow', 'red', 'yellow']);
    expect(new Set(shapes.values()).size, JSON.stringify([...shapes])).toBe(7);
  });

  it('has the role cards of the hidden-role mode (1 Boss, 2 Secretaries, 1 Old Hand, 5 Employees) and reference cards, each on its own back', () => {
    const others = set.cards.filter((c) => !/^\d+$/.test(c.id));
    expect(others.map((c) => [c.id, c.copies, c.template, c.back])).toEqual([
      ['ROLE-BOSS', 1, 'role', 'role-back'],
      ['ROLE-SECRETARY', 2, 'role', 'role-back'],
      ['ROLE-OLDHAND', 1, 'role', 'role-back'],
      ['ROLE-EMPLOYEE', 5, 'role', 'role-back'],
      ['REF', 9, 'reference', 'reference-back'],
    ]);
  });
});
