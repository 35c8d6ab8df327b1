// Property test: random legal games of 2–9 players under random rule options (role mode included),
// with the invariants after every move — the 101 cards always accounted for exactly once (hands,
// score piles, draw pile, discard, the table), every hand holding only cards it was dealt or drew,
// the markers counting the overtimes, and at the end scores = score pile + hand × players, winners
// present, the game over within a bound. Most games run on the live table (the simulator's fast
// path); a share runs through the public contract, each move replayed on a table too, the two
// states equal after every move, the table's count of plays equal to the contract's list, and junk or
// out-of-turn moves refused without a throw.
//
// Default: 3,000 games (a few seconds). MOYU_SLOW=1 plays 100,000 (430 s of wall clock on the shared
// 2-core build machine):
// MOYU_SLOW=1 npx vitest run src/shared/games/moyu-wang/property.test.ts
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../util/rng';
import { DECK_SIZE } from './cards';
import { applyMw, legalMw, startMw, statusMw } from './game';
import { DEFAULT_OPTIONS, OPTION_INFO, type MwOptions } from './options';
import type { MwMove, MwState } from './state';
import { MwTable } from './table';

const SLOW = process.env.MOYU_SLOW === '1';
const GAMES = SLOW ? 100_000 : 3000;
const CONTRACT_EVERY = SLOW ? 50 : 20;
const MAX_MOVES = 5000;

/** Random options: each option changed from its default with probability 1/4. */
function randomOptions(r: Rng, players: number): MwOptions {
  const o: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  for (const [k, info] of Object.entries(OPTION_INFO)) {
    if (r.int(4) !== 0) continue;
    if (info.values === 'int') o[k] = info.min! + r.int(info.max! - info.min! + 1);
    else o[k] = r.pick(info.values as readonly unknown[]);
  }
  if (players < 4) o.roles = false;
  if ((o.hand_size as number) * players > DECK_SIZE) o.hand_size = 7;
  return o as unknown as MwOptions;
}

function checkCards(s: MwState): void {
  const seen = new Uint8Array(DECK_SIZE);
  const mark = (c: number) => {
    if (!(c >= 0 && c < DECK_SIZE) || seen[c]) throw new Error(`card ${c} twice or out of range (round ${s.round})`);
    seen[c] = 1;
  };
  for (const h of s.hands) h.forEach(mark);
  for (const p of s.piles) p.forEach(mark);
  s.draw.forEach(mark);
  s.discard.forEach(mark);
  for (const p of s.plays) p.cards.forEach(mark);
  if (seen.reduce((a, b) => a + b, 0) !== DECK_SIZE) throw new Error(`${DECK_SIZE - seen.reduce((a, b) => a + b, 0)} cards missing`);
  const overtimes = s.rounds.reduce((n, r) => n + (r.outcome === 'help' && s.options.help_me_markers === 'asker' ? 1 : r.overtime.length), 0);
  if (s.markers.reduce((a, b) => a + b, 0) !== overtimes) throw new Error('markers do not count the overtimes');
}

function checkEnd(s: MwState): void {
  const st = statusMw(s);
  if (!st.over || st.winners.length === 0) throw new Error('over without winners');
  s.hands.forEach((h, k) => {
    if (st.scores[k] !== s.piles[k]!.length + h.length * s.players) throw new Error('score is not pile + hand × players');
  });
  if (s.end!.reason === 'empty' && !s.end!.base.every((k) => s.hands[k]!.length === 0)) throw new Error('an empty-hand win by a player holding cards');
  if (s.end!.reason === 'overtime' && !s.markers.some((m) => m >= s.options.overtime_limit)) throw new Error('an overtime end below the limit');
}

describe('property: random legal games', () => {
  it(`${GAMES} games keep every invariant after every move and end`, () => {
    const r = new Rng(seedRng('moyu-property'));
    let contract = 0;
    let moves = 0;
    const reasons = { empty: 0, overtime: 0 };
    let roleGames = 0;
    let excuses = 0;
    for (let g = 0; g < GAMES; g++) {
      const players = 2 + r.int(8);
      const options = randomOptions(r, players);
      const seed = `p/${g}`;
      if (options.roles) roleGames++;
      if (g % CONTRACT_EVERY === 0) {
        // Through the contract, with the table following move for move.
        contract++;
        let { state: s } = startMw(seed, players, options);
        const t = MwTable.start(seed, players, options);
        const received = s.hands.map((h) => new Set(h));
        let n = 0;
        while (s.phase !== 'over') {
          const seat = statusMw(s).toAct[0]!;
          const legal = legalMw(s, seat);
          expect(legal.length).toBeGreaterThan(0);
          if (s.phase === 'play') expect(t.playCount()).toBe(legal.length);
          // Junk and out-of-turn moves are refused with an error value, never a throw, and change nothing.
          const junk: unknown[] = [
            { type: 'play', seat, cards: [r.int(DECK_SIZE)].filter((c) => !s.hands[seat]!.includes(c)) },
            { type: 'excuse', seat, card: r.int(80) },
            { type: 'vote', seat, target: seat },
            { type: 'play', seat: (seat + 1) % players, cards: s.hands[(seat + 1) % players]!.slice(0, 1) },
            { type: 'accept', seat: -1 },
            null,
          ];
          for (const j of junk) expect(applyMw(s, j as MwMove).ok).toBe(false);
          const m = legal[r.int(legal.length)]!;
          const res = applyMw(s, m);
          if (!res.ok) throw new Error(`a listed move was refused: ${res.message.en}`);
          for (const e of res.events) if (e.type === 'draw') for (const c of e.cards as number[]) received[e.seat as number]!.add(c);
          s = res.state;
          t.play(m);
          expect(t.s).toEqual(s);
          checkCards(s);
          s.hands.forEach((h, k) => h.forEach((c) => expect(received[k]!.has(c)).toBe(true)));
          if (++n > MAX_MOVES) throw new Error('game did not end');
        }
        moves += n;
        checkEnd(s);
        reasons[s.end!.reason]++;
        excuses += s.rounds.reduce((a, x) => a + x.excuses.length, 0);
        continue;
      }
      const t = MwTable.start(seed, players, options);
      while (!t.over) {
        t.playRandom(r);
        checkCards(t.s);
        if (t.moves > MAX_MOVES) throw new Error('game did not end');
      }
      moves += t.moves;
      checkEnd(t.s);
      reasons[t.s.end!.reason]++;
      excuses += t.s.rounds.reduce((a, x) => a + x.excuses.length, 0);
    }
    expect(contract).toBeGreaterThan(0);
    expect(reasons.empty).toBeGreaterThan(0);
    expect(reasons.overtime).toBeGreaterThan(0);
    expect(roleGames).toBeGreaterThan(0);
    expect(excuses).toBeGreaterThan(GAMES / 10);
    expect(moves).toBeGreaterThan(GAMES * 5);
  }, SLOW ? 24 * 3600_000 : 120_000);
});
