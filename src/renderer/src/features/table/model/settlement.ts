/**
 * The hand-end screen's numbers. A declaration is settled again here from the public view of the
 * table just before it (every score area is public) with the engine's own `settle`, so the screen
 * can show what the engine's `declare` event does not carry: each party's offset, what it pays
 * toward W, the rebound and 泥猪癞狗. The result is checked against the event (W, losses, 福气);
 * if they ever disagree, the event's numbers are shown alone.
 */
import type { GameEvent } from '../../../../../shared/engine/types';
import { areaScore, dealCombos, type AreaScore, type ComboLine } from '../../../../../shared/games/doufu/scoring';
import { settle, type Party, type Settlement } from '../../../../../shared/games/doufu/settlement';
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
      /** The full settlement (offsets, rebound…), when it agrees with the event. */
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
  let settlement: Settlement | null = null;
  let score: AreaScore | null = null;
  try {
    const scores = before.areas.map((a, i) => areaScore(a, before.santieBonus[i] ?? 0, before.opts));
    score = deal ? null : scores[side]!;
    const parties: Party[] = before.fuqi.map((fuqi, i) => (before.out[i] || deal ? { fuqi, active: !before.out[i] } : { fuqi, active: true, score: scores[i]! }));
    let win: Parameters<typeof settle>[0]['win'] = { kind: 'area' };
    if (deal && hand) {
      const players = before.sideOfSeat.filter((s) => !before.out[s]).length;
      const d = dealCombos(hand, players, before.opts.mode, before.opts);
      win = { kind: 'deal', tianshi: d.tianshi, dili: d.dili };
    }
    const r = settle({ mode: before.opts.mode, declarer: side, parties, win, nirvanaPending: before.nirvana, opts: before.opts });
    const agrees = r.W === W && r.loss.every((x, i) => x === loss[i]) && r.fuqiAfter.every((x, i) => x === fuqiAfter[i]);
    settlement = agrees ? r : null;
  } catch {
    settlement = null; // the engine's numbers are shown alone
  }
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
