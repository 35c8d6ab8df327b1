import { describe, expect, it } from 'vitest';
import type { WindowApi } from '../../../shared/ipc/contract';
import { LaobanTableState } from './LaobanTable.svelte';

/** A window API with no saves (this table never saves here). */
const noApi = { MATCHES_LIST: async () => [] } as unknown as WindowApi;

/** Three people at one screen, seat 1 bidding first, a fixed seed. */
function started(): LaobanTableState {
  const t = new LaobanTableState('dou-laoban', noApi);
  t.setup.seats = [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }];
  t.setup.options = { ...t.setup.options, first_bidder: 'seat0', deals: 2 };
  t.setup.seed = 'laoban-state';
  t.start();
  return t;
}

/** Whoever decides: lift the curtain, bid 3× (bidding ends), or play the first hint (or pass when nothing beats the table). */
function decide(t: LaobanTableState): void {
  if (t.curtain !== null) t.lift();
  if (t.legal.some((m) => m.type === 'bid')) return t.answer(t.legal.filter((m) => m.type === 'bid').at(-1)!);
  t.hint();
  if (t.selected.length) t.play();
  else t.pass();
}

describe('LaobanTableState', () => {
  it('refuses a selection with the reason before the engine sees it; a hint picks a legal play', () => {
    const t = started();
    expect(t.curtain).toBe(0);
    t.lift();
    t.answer({ type: 'bid', seat: 0, bid: 3 });
    expect(t.view!.boss).toBe(0);
    t.lift();
    expect(t.view!.hand).toHaveLength(20);
    expect(t.view!.kitty).toHaveLength(3);
    const hand = t.view!.hand;
    t.toggle(hand[0]!);
    t.toggle(hand[hand.length - 1]!);
    t.play();
    expect(t.notice?.tone).toBe('error');
    expect(t.notice?.text.en).toContain('form no combination');
    expect(t.length).toBe(1);
    t.pass();
    expect(t.notice?.text.en).toContain('cannot pass');
    // A picked card offers the legal plays containing it; taking one picks it whole.
    t.clearSelection();
    t.toggle(hand[0]!);
    expect(t.offers.length).toBeGreaterThan(0);
    for (const o of t.offers) {
      expect(o).toContain(hand[0]);
      expect(t.hints.map((h) => h.join())).toContain(o.join());
    }
    const offer = t.offers.at(-1)!;
    t.take(offer);
    expect([...t.selected].sort((a, b) => a - b)).toEqual(offer);
    t.clearSelection();
    expect(t.offers).toEqual([]);
    t.hint();
    const first = t.selected;
    expect(first.length).toBeGreaterThan(0);
    t.hint();
    expect(t.selected).not.toEqual(first);
    expect(t.hintAt).toBe(1);
    t.play();
    expect(t.length).toBe(2);
    expect(t.selected).toEqual([]);
    expect(t.curtain).toBe(1);
  });

  it('holds the table on the settlement (the deal as it ended), then deals on when it is closed', () => {
    const t = started();
    for (let i = 0; i < 300 && !t.settlement; i++) decide(t);
    const s = t.settlement!;
    expect(s).not.toBeNull();
    expect(s.result.scores.reduce((a, b) => a + b, 0)).toBe(0);
    expect(s.totals).toEqual(s.result.scores);
    expect(s.hands[s.result.winner]).toEqual([]);
    expect(s.matchOver).toBe(false);
    // Held: nobody decides; the view is still the first deal's; the log ends with the settlement.
    expect(t.legal).toEqual([]);
    expect(t.view!.deal).toBe(0);
    expect(t.view!.results).toHaveLength(1);
    expect(t.log.at(-1)!.kind).toBe('score');
    t.closeSettlement();
    expect(t.settlement).toBeNull();
    expect(t.curtain).toBe(1);
    t.lift();
    expect(t.view!.deal).toBe(1);
    expect(t.view!.phase).toBe('bid');
    expect(t.legal.every((m) => m.type === 'bid')).toBe(true);
    // Undo back into the last deal clears nothing it should not: designer undo returns to before the winning play.
    t.setUndoPolicy('designer');
    t.undo();
    expect(t.settlement).toBeNull();
    expect(t.view!.deal).toBe(0);
  });
});
