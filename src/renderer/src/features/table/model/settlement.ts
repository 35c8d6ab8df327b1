/**
 * The hand-end screen's numbers: the engine's `declare` event carries the whole settlement (each
 * party's offset, what it pays toward W, the rebound, 泥猪癞狗, 福气 before and after); the
 * declarer's area and its scoring come from the public view of the table just before the move.
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
    }
  | { kind: 'liuju'; handNo: number; m: number }
  | { kind: 'huangpai'; handNo: number };

/**
 * The summary of a move that ended a hand, or null if it did not. `before` is the public view
 * (`view(state, null)`) of the state the move was applied to.
 */
export function handSummary(before: DoufuView, events: readonly GameEvent[]): HandSummary | null {
  const over = events.find((e) => e.type === 'matchOver');
  const overInfo = over ? { winners: Array.isArray(over.winners) ? (over.winners as number[]) : [], draw: over.draw === true } : null;
  for (const ev of events) {
    if (ev.type === 'declare') return wonSummary(before, ev, overInfo);
    if (ev.type === 'liuju') return { kind: 'liuju', handNo: before.handNo, m: Number(ev.m) };
    if (ev.type === 'huangpai' && ev.at === 'midhand' && ev.voided !== false) return { kind: 'huangpai', handNo: before.handNo };
  }
  return null;
}

function wonSummary(before: DoufuView, ev: GameEvent, over: { winners: number[]; draw: boolean } | null): HandSummary {
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
  };
}
