import { describe, expect, it } from 'vitest';
import { tabsFor } from './Router.svelte';
import { CURTAIN_BLOCKS_REPLAY, replayViewers, tableGameOf } from './table-kit';
import { TableReplay } from './TableReplay.svelte';

describe('which projects have a table', () => {
  it('is the game project.json names: a built-in game or a copy of one', () => {
    expect(tableGameOf({ game: 'doufu' })).toBe('doufu');
    expect(tableGameOf({ game: 'zodiac-race' })).toBe('zodiac-race');
    expect(tableGameOf({})).toBeNull();
    expect(tableGameOf(undefined)).toBeNull();
    expect(tableGameOf({ game: 'chess' })).toBeNull();
  });

  it('gives a user\'s copy of 生肖赛跑 the Table tab, and a plain project the sandbox table', () => {
    const copy = { id: 'my-race', builtIn: false, rulebook: ['zh', 'en'] as const, game: 'zodiac-race' };
    expect(tabsFor({ ...copy, rulebook: [...copy.rulebook] })).toContain('table');
    expect(tabsFor({ id: 'mine', builtIn: false, rulebook: [] })).toContain('table');
    expect(tabsFor({ id: 'zodiac-race', builtIn: true, rulebook: ['zh'], game: 'zodiac-race' })).toEqual(['deck', 'data', 'template', 'print', 'rulebook', 'table', 'balance']);
  });

  it('gives every game with a balance lab, and every copy of one, the Balance tab', () => {
    expect(tabsFor({ id: 'my-doufu', builtIn: false, rulebook: [], game: 'doufu' })).toContain('balance');
    expect(tabsFor({ id: 'dl', builtIn: false, rulebook: [], game: 'dou-laoban' })).toContain('balance');
    expect(tabsFor({ id: 'mine', builtIn: false, rulebook: [] })).not.toContain('balance');
    expect(tabsFor({ id: 'chess', builtIn: false, rulebook: [], game: 'chess' })).not.toContain('balance');
  });
});

describe('whose view a replay may show', () => {
  const hotSeat = { players: 3, humans: [0, 1], over: false, designer: true };
  it('in a match in play, only the person at the screen’s own seat — even in designer mode', () => {
    expect(replayViewers({ ...hotSeat, viewer: 1 })).toEqual([1]);
    expect(replayViewers({ ...hotSeat, viewer: null })).toEqual([]);
    expect(replayViewers({ ...hotSeat, viewer: 0, over: true, designer: false })).toEqual([0]);
  });
  it('every seat in a designer’s replay of a finished match, or at a table of bots only', () => {
    expect(replayViewers({ ...hotSeat, viewer: 0, over: true })).toEqual([0, 1, 2]);
    expect(replayViewers({ players: 2, humans: [], viewer: null, over: false, designer: false })).toEqual([0, 1]);
  });

  it('a replay never shows a seat it may not, refuses to start behind the curtain, and jumps to a log line', () => {
    let viewers = [0];
    let curtain = true;
    let held = 0;
    const r = new TableReplay({ length: () => 9, hold: () => held++, release: () => {}, branch: () => {}, viewers: () => viewers, blocked: () => (curtain ? CURTAIN_BLOCKS_REPLAY : null) });
    expect(r.enter(3)).toBe(false);
    expect([r.step, held]).toEqual([null, 0]);
    curtain = false;
    expect(r.jumpTo(4)).toBe(true);
    expect(r.step).toBe(5);
    r.seat = 1;
    expect(r.seat).toBeNull();
    r.seat = 0;
    expect(r.seat).toBe(0);
    viewers = [1]; // another person came to the screen: seat 0's view is not theirs to see
    expect(r.seat).toBeNull();
  });
});
