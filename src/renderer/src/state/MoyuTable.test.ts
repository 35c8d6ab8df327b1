import { describe, expect, it } from 'vitest';
import { colourOf } from '../../../shared/games/moyu-wang/cards';
import { colourCounts } from '../../../shared/games/moyu-wang/state';
import type { WindowApi } from '../../../shared/ipc/contract';
import { MoyuTableState } from './MoyuTable.svelte';

/** A window API with no saves (this table never saves here). */
const noApi = { MATCHES_LIST: async () => [] } as unknown as WindowApi;

/** Five people at one screen, seat 1 leading, a fixed seed. */
function started(seed: string, roles = false): MoyuTableState {
  const t = new MoyuTableState('moyu-wang', noApi);
  t.setup.players = 5;
  t.setup.seats = Array.from({ length: 9 }, () => ({ kind: 'human' as const }));
  t.setup.options = { ...t.setup.options, start_player: 'seat0', roles };
  t.setup.seed = seed;
  t.start();
  return t;
}

/** Whoever decides: lift the curtain; answer with the first excuse way (or accept); else play the first card that may go. */
function decide(t: MoyuTableState): { excuse: boolean } {
  if (t.curtain !== null) t.lift();
  if (t.votes.length) {
    t.vote(t.votes[0]!);
    return { excuse: false };
  }
  if (t.answering) {
    const way = t.excuses[0]?.ways[0];
    if (way) {
      t.excuse(way.move);
      return { excuse: true };
    }
    t.accept();
    return { excuse: false };
  }
  const card = t.view!.hand.find((c) => t.allowed & (1 << colourOf(c)))!;
  t.toggle(card);
  t.play();
  return { excuse: false };
}

describe('MoyuTableState', () => {
  it('picks cards of one colour; the engine refuses a colour that may not go, with the reason', () => {
    const t = started('mw-state-1');
    t.lift();
    const hand = t.view!.hand;
    const a = hand[0]!;
    const other = hand.find((c) => colourOf(c) !== colourOf(a))!;
    t.toggle(a);
    t.toggle(other);
    expect(t.selected).toEqual([other]);
    t.clearSelection();
    t.play();
    expect(t.notice?.tone).toBe('info');
    expect(t.length).toBe(0);
    // Play on until someone holds a colour that appeared and tries another.
    for (let i = 0; i < 40; i++) {
      if (t.curtain !== null) t.lift();
      if (t.playing && t.allowed !== 0) {
        const bad = t.view!.hand.find((c) => !(t.allowed & (1 << colourOf(c))));
        if (bad !== undefined) {
          const before = t.length;
          t.toggle(bad);
          t.play();
          expect(t.notice?.tone).toBe('error');
          expect(t.notice?.text.en).toContain('follow it');
          expect(t.length).toBe(before);
          t.clearSelection();
          return;
        }
      }
      decide(t);
    }
    throw new Error('nobody was ever held to a colour');
  });

  it('plays whole games: counts build up, the chain lands where the engine sends the overtime, scores are pile + hand × 5', () => {
    let excuses = 0;
    for (const seed of ['mw-state-1', 'mw-state-2', 'mw-state-3', 'mw-state-4']) {
      const t = started(seed);
      for (let i = 0; i < 600 && !t.status?.over; i++) {
        if (t.curtain !== null) t.lift();
        const r = t.shownRound;
        if (r?.live) expect(t.counts.at(-1)).toEqual(colourCounts(r.plays, t.view!.options));
        const { excuse } = decide(t);
        if (!excuse) continue;
        excuses++;
        if (t.curtain !== null) t.lift();
        const v = t.view!;
        const step = v.phase === 'excuse' || (v.phase === 'play' && t.chainEarlier) ? t.chain.at(-1) : null;
        if (v.phase === 'excuse' && step?.kind === 'excuse') expect(v.selected?.seat).toBe(step.lands);
        else if (step?.kind === 'excuse' && step.excuse !== 'help_me') expect(t.chainWorked).toEqual(step.lands === null ? [] : [step.lands]);
      }
      expect(t.status?.over).toBe(true);
      const v = t.view!;
      for (let k = 0; k < 5; k++) expect(v.end!.scores[k]).toBe(v.pileCounts[k]! + v.open![k]!.length * 5);
    }
    expect(excuses).toBeGreaterThan(0);
  });

  it('hidden roles: each person sees their own role and the Boss; a Boss win asks every other person for a vote', () => {
    let voted = 0;
    for (const seed of ['mw-roles-1', 'mw-roles-2', 'mw-roles-3', 'mw-roles-4', 'mw-roles-5', 'mw-roles-6']) {
      const t = started(seed, true);
      t.lift();
      expect(t.view!.role).not.toBeNull();
      expect(t.view!.boss).not.toBeNull();
      for (let i = 0; i < 800 && !t.status?.over; i++) {
        if (t.curtain !== null) t.lift();
        if (t.votes.length) voted++;
        decide(t);
      }
      expect(t.status?.over).toBe(true);
      expect(t.view!.roles).toHaveLength(5);
      expect(t.view!.end!.side).toBeDefined();
    }
    expect(voted).toBeGreaterThan(0);
  });
});
