import { describe, expect, it } from 'vitest';
import { redPoints } from '../../../shared/games/dou-shisi/cards';
import type { WindowApi } from '../../../shared/ipc/contract';
import { ShisiTableState } from './ShisiTable.svelte';

/** A window API with no saves (this table never saves here). */
const noApi = { MATCHES_LIST: async () => [] } as unknown as WindowApi;

/** Four people at one screen, a fixed seed. */
function started(seed: string): ShisiTableState {
  const t = new ShisiTableState('dou-shisi', noApi);
  t.setup.players = 4;
  t.setup.seats = Array.from({ length: 6 }, () => ({ kind: 'human' as const }));
  t.setup.seed = seed;
  t.start();
  return t;
}

/** Whoever decides: lift the curtain; take the strongest claim, exchange, flip, or discard the first card offered. */
function decide(t: ShisiTableState): string {
  if (t.curtain !== null) t.lift();
  if (t.claims.length) {
    const m = t.claims[0]!;
    t.choose(m);
    return m.type === 'pass' ? 'pass' : 'claim';
  }
  if (t.declares.length) return (t.choose(t.declares[0]!), 'declare');
  if (t.exchanges.length) return (t.choose(t.exchanges[0]!), 'exchange');
  const done = t.legal.find((m) => m.type === 'done');
  if (done) return (t.choose(done), 'done');
  if (t.flip) return (t.choose(t.flip), 'flip');
  const card = [...t.discards][0];
  if (card !== undefined) return (t.discard(card), 'discard');
  throw new Error(`nothing to do in ${t.view?.phase}`);
}

describe('ShisiTableState', () => {
  it('plays a hand at one screen: private hands, only legal prompts, red points, claims, a zero-sum result', () => {
    const t = started('ds-state-1');
    const kinds = new Set<string>();
    for (let i = 0; i < 400 && (t.view?.results.length ?? 0) === 0; i++) {
      if (t.curtain !== null) {
        // Behind the curtain nobody's hand is shown.
        expect(t.view?.concealed ?? []).toEqual([]);
        t.lift();
      }
      const v = t.view!;
      expect(v.seat).not.toBeNull();
      // The person's red points count their hand and their melds.
      expect(t.red).toBe(redPoints(v.concealed) + redPoints(v.melds[v.seat!]!.flatMap((m) => m.cards)));
      // Every offer is one of the engine's legal moves; claims only in a claim window, strongest first.
      for (const m of [...t.claims, ...t.exchanges, ...t.declares]) expect(t.legal).toContainEqual(m);
      for (const c of t.discards) expect(v.concealed).toContain(c);
      if (t.claims.length) expect(v.phase).toBe('claim');
      if (t.claims.length > 1) expect(t.claims[t.claims.length - 1]!.type).toBe('pass');
      kinds.add(decide(t));
    }
    const r = t.view!.results[0]!;
    expect(r).toBeDefined();
    expect(r.payments.reduce((a, b) => a + b, 0)).toBe(0);
    // The winner's melds and flowers as they lay at the win stay on show with the result.
    if (r.winner !== null) expect(t.winnerTable).not.toBeNull();
    else expect(t.winnerTable).toBeNull();
    expect(kinds.has('claim')).toBe(true);
    expect(kinds.has('discard')).toBe(true);
    // The log tells the hand in both languages.
    const lines = t.log.map((l) => l.text);
    expect(lines.length).toBeGreaterThan(10);
    for (const l of lines) expect(l.zh.length && l.en.length).toBeTruthy();
  });
});
