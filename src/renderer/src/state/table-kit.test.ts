import { describe, expect, it } from 'vitest';
import { tabsFor } from './Router.svelte';
import { tableGameOf } from './table-kit';

describe('which projects have a table', () => {
  it('is the game project.json names: a built-in game or a copy of one', () => {
    expect(tableGameOf({ game: 'doufu' })).toBe('doufu');
    expect(tableGameOf({ game: 'zodiac-race' })).toBe('zodiac-race');
    expect(tableGameOf({})).toBeNull();
    expect(tableGameOf(undefined)).toBeNull();
    expect(tableGameOf({ game: 'chess' })).toBeNull();
  });

  it('gives a user\'s copy of 生肖赛跑 the Table tab, and a plain project none', () => {
    const copy = { id: 'my-race', builtIn: false, rulebook: ['zh', 'en'] as const, game: 'zodiac-race' };
    expect(tabsFor({ ...copy, rulebook: [...copy.rulebook] })).toContain('table');
    expect(tabsFor({ id: 'mine', builtIn: false, rulebook: [] })).not.toContain('table');
    expect(tabsFor({ id: 'zodiac-race', builtIn: true, rulebook: ['zh'], game: 'zodiac-race' })).toEqual(['deck', 'data', 'template', 'print', 'rulebook', 'table']);
  });
});
