/**
 * The built-in 斗老闆 project (templates/dou-laoban) as the table needs it: it loads cleanly, it
 * names its game so Home opens it at the 斗老闆 table, and it holds the engine's 54 cards — 52 plus
 * 小怪 and 大怪 — each once, beside the reference cards the print kit adds (face `reference`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cardCode } from '../games/dou-laoban/cards';
import { loadCardSet } from './load';

const dir = join(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'), 'templates', 'dou-laoban');

describe('templates/dou-laoban', () => {
  it('loads cleanly, plays dou-laoban, and holds the 54 cards of the engine', () => {
    const r = loadCardSet((rel) => (existsSync(join(dir, rel)) ? readFileSync(join(dir, rel), 'utf8') : undefined));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.warnings).toEqual([]);
    expect(r.value.file.game).toBe('dou-laoban');
    const deck = r.value.cards.filter((c) => c.fields.face !== 'reference');
    expect(r.value.cards.length - deck.length).toBe(3);
    const ids = deck.flatMap((c) => Array.from({ length: c.copies }, () => c.id));
    expect(ids.sort()).toEqual(Array.from({ length: 54 }, (_, i) => cardCode(i)).sort());
  });
});
