/**
 * The hand-end screen's numbers: the engine's `declare` event carries the whole settlement (each
 * party's offset, what it pays toward W, the rebound, 泥猪癞狗, 福气 before and after); the
 * declarer's area and its scoring come from the public view of the table just before the move.
 * At the end of the match, the final standings of every party come from the whole log, since a
 * party that went out in an earlier hand takes no part in the last settlement.
 */
import type { GameEvent } from '../../../../../shared/engine/types';
import { areaScore, type AreaScore, type ComboLine } from '../../../../../shared/games/doufu/scoring';
import type { Settlement } from '../../../../../shared/games/doufu/settlement';
import type { AreaCard, YuzhuState } from '../../../../../shared/games/doufu/types';
import type { DoufuView } from '../../../../../shared/games/doufu/view';

/** How a hand ended, with everything the hand-end screen shows. */
export type HandSummary =
  | {
      kind: 'won';
      handNo: number;
      /** The declaring seat and its side (party). */
      seat: number;
      side: number;
      /** A 天时/地利 declaration at deal time, with the revealed hand. */
      deal: boolean;
      hand: string[] | null;
      /** The declarer's rows, m, W and 福气 after (from the event). */
      combos: ComboLine[];
      m: number;
      W: number;
      loss: number[];
      fuqiBefore: number[];
      fuqiAfter: number[];
      eliminated: number[];
      /** The full settlement (offsets, rebound…) from the event. */
      settlement: Settlement | null;
      /** The declarer's score area and its scoring, as it stood. */
      area: AreaCard[];
      /** 玉猪's state then (how its card lies in the area). */
      yuzhu: YuzhuState;
      score: AreaScore | null;
      over: { winners: number[]; draw: boolean } | null;
      /** At the end of the match: every party, in the order they finished (see `standings`). */
      standings: Standing[] | null;
    }
  | { kind: 'liuju'; handNo: number; m: number }
  | { kind: 'huangpai'; handNo: number };

/** One party at the end of the match. */
export interface Standing {
  party: number;
  /** 1 for the winner (and for every party sharing a draw); parties that tie share a place. */
  place: number;
  /** 福气 at the end of the match. */
  fuqi: number;
  /** Won the match, or shares its draw. */
  won: boolean;
  /** The hand in which it went out (福气 ≤ 0), or null if it was still in at the end. */
  outIn: number | null;
}

/** A move's events, as the match log keeps them. */
export interface LoggedMove {
  readonly events: readonly GameEvent[];
}

/**
 * The final standings, in the order the parties finished: the winner (or the parties sharing a
 * draw) first, then the party that went out last, and so on back to the first one out. Parties
 * that went out in the same hand are ranked by their 福气 (higher first, as §6.4 ranks a match
 * in which everyone reaches 0 at once), and share a place if that ties too; seat order breaks
 * ties for display only. `history` is every move of the match, the last one included; `fuqi`
 * the 福气 of every party at the end; `winners` the winning parties (the sharers of a draw).
 * @example standings(log, [21, -1, 0], [0]).map((s) => [s.party, s.place, s.outIn]) // [[0, 1, null], [2, 2, 15], [1, 3, 15]]
 */
export function standings(history: Iterable<LoggedMove>, fuqi: readonly number[], winners: readonly number[]): Standing[] {
  const outIn: (number | null)[] = fuqi.map(() => null);
  let hand = 0;
  for (const move of history)
    for (const ev of move.events) {
      if (ev.type === 'handStart') hand = Number(ev.hand);
      else if (ev.type === 'declare' && Array.isArray(ev.eliminated)) for (const p of ev.eliminated as number[]) outIn[p] ??= hand;
    }
  const rows = fuqi.map((f, party) => ({ party, fuqi: f, won: winners.includes(party), outIn: outIn[party] ?? null }));
  // Finishing order: winners, then the latest out (still in counts as latest), then more 福气.
  const rank = (r: (typeof rows)[number]) => [r.won ? 0 : 1, -(r.outIn ?? Infinity), -r.fuqi];
  const cmp = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
    const x = rank(a);
    const y = rank(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return 0;
  };
  const sorted = [...rows].sort((a, b) => cmp(a, b) || a.party - b.party);
  return sorted.map((r) => ({ ...r, place: 1 + sorted.filter((o) => cmp(o, r) < 0).length }));
}

/**
 * The summary of a move that ended a hand, or null if it did not. `before` is the public view
 * (`view(state, null)`) of the state the move was applied to; `history`, every move of the match
 * up to this one, is read only when the match is over (for the final standings).
 */
export function handSummary(before: DoufuView, events: readonly GameEvent[], history: Iterable<LoggedMove> = [{ events }]): HandSummary | null {
  const over = events.find((e) => e.type === 'matchOver');
  const overInfo = over ? { winners: Array.isArray(over.winners) ? (over.winners as number[]) : [], draw: over.draw === true } : null;
  for (const ev of events) {
    if (ev.type === 'declare') return wonSummary(before, ev, overInfo, history);
    if (ev.type === 'liuju') return { kind: 'liuju', handNo: before.handNo, m: Number(ev.m) };
    if (ev.type === 'huangpai' && ev.at === 'midhand' && ev.voided !== false) return { kind: 'huangpai', handNo: before.handNo };
  }
  return null;
}

function wonSummary(before: DoufuView, ev: GameEvent, over: { winners: number[]; draw: boolean } | null, history: Iterable<LoggedMove>): HandSummary {
  const seat = Number(ev.seat);
  const side = Number(ev.side);
  const deal = ev.deal === true;
  const hand = Array.isArray(ev.hand) ? (ev.hand as string[]) : null;
  const loss = Array.isArray(ev.loss) ? (ev.loss as number[]) : [];
  const fuqiAfter = Array.isArray(ev.fuqi) ? (ev.fuqi as number[]) : [];
  const W = Number(ev.W);
  // The engine's own settlement travels in the event; the declarer's scoring is read from the area as it stood.
  const settlement = ev.settlement && typeof ev.settlement === 'object' ? (ev.settlement as Settlement) : null;
  const score: AreaScore | null = deal || !before.areas[side] ? null : areaScore(before.areas[side]!, before.santieBonus[side] ?? 0, before.opts);
  return {
    kind: 'won',
    handNo: before.handNo,
    seat,
    side,
    deal,
    hand,
    combos: Array.isArray(ev.combos) ? (ev.combos as ComboLine[]) : [],
    m: Number(ev.m),
    W,
    loss,
    fuqiBefore: [...before.fuqi],
    fuqiAfter,
    eliminated: Array.isArray(ev.eliminated) ? (ev.eliminated as number[]) : [],
    settlement,
    area: deal ? [] : [...(before.areas[side] ?? [])],
    yuzhu: before.yuzhu,
    score,
    over,
    standings: over ? standings(history, fuqiAfter, winningParties(before, over, settlement)) : null,
  };
}

/** The winning parties: the settlement's (which names the sharers of a draw too), else the winning seats' sides. */
function winningParties(before: DoufuView, over: { winners: number[] }, settlement: Settlement | null): number[] {
  if (settlement) return [...settlement.winners];
  return [...new Set(over.winners.map((seat) => before.sideOfSeat[seat]!))];
}
