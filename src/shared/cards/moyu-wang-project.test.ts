/**
 * The built-in 摸鱼王 project (templates/moyu-wang) as the table needs it: it loads cleanly, it
 * names its game so Home opens it at the 摸鱼王 table, and it holds the engine's 101 cards, each
 * once, by the engine's card number — beside the role and reference cards the print kit adds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { colourOf, COLOUR_NAMES, DECK_SIZE, printedExcuse } from '../games/moyu-wang/cards';
import { loadCardSet } from './load';

const dir = join(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'), 'templates', 'moyu-wang');

describe('templates/moyu-wang', () => {
  it('loads cleanly, plays moyu-wang, and holds the 101 cards of the engine', () => {
    const r = loadCardSet((rel) => (existsSync(join(dir, rel)) ? readFileSync(join(dir, rel), 'utf8') : undefined));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.warnings).toEqual([]);
    expect(r.value.file.game).toBe('moyu-wang');
    const deck = r.value.cards.filter((c) => /^\d+$/.test(c.id));
    expect(r.value.cards.filter((c) => !/^\d+$/.test(c.id)).map((c) => c.id)).toEqual(expect.arrayContaining(['ROLE-BOSS', 'REF']));
    const ids = deck.flatMap((c) => Array.from({ length: c.copies }, () => c.id));
    expect(ids).toEqual(Array.from({ length: DECK_SIZE }, (_, i) => String(i).padStart(2, '0')));
    for (const c of deck) {
      const n = Number(c.id);
      expect(c.fields.colour).toBe(COLOUR_NAMES[colourOf(n)]);
      expect(c.fields.excuse).toBe(printedExcuse(n) ?? '');
    }
  });
});
