/**
 * How a hand ends (spec §6): a declaration settled by settlement.ts (elimination, next 福神, match
 * end), a 流局 (涅槃), or a 荒牌 (void). Each one resets the hand and starts the next, so callers
 * must stop touching the hand after calling them.
 */
import { areaScore, dealCombos } from './scoring';
import { deadHand, drawnHand, settle, type Party } from './settlement';
import { startHand } from './setup';
import { activeSeats, own, seatsOf, sideCount, sideOf, sideStats, type Ctx } from './state';
import { PHASE } from './types';

/** `seat` declares victory (宣胜); `deal` = a 天时/地利 declaration at deal time. */
export function declareWin(c: Ctx, seat: number, deal: boolean): void {
  const s = c.s;
  const side = sideOf(s, seat);
  const sides = sideCount(s);
  // The declarer's full score when its rows go into the event, or when only its best row counts
  // (`declared_combo_only`); otherwise settlement reads B, H and 泥猪癞狗, the stats the engine keeps.
  const rows = c.ev !== null || s.opts.settlement_value === 'declared_combo_only';
  const parties: Party[] = [];
  for (let i = 0; i < sides; i++) {
    const active = !s.out[i];
    if (!active || deal) parties.push({ fuqi: s.fuqi[i]!, active });
    else parties.push({ fuqi: s.fuqi[i]!, active, score: i === side && rows ? areaScore(s.areas[i]!, s.santieBonus[i]!, s.opts) : sideStats(s, i) });
  }
  let win: Parameters<typeof settle>[0]['win'] = { kind: 'area' };
  if (deal) {
    const d = dealCombos(s.hands[seat]!, activeSeats(s).length, s.opts.mode, s.opts);
    win = { kind: 'deal', tianshi: d.tianshi, dili: d.dili };
  }
  const r = settle({ mode: s.opts.mode, declarer: side, parties, win, nirvanaPending: s.nirvana, opts: s.opts });
  c.ev?.push({
    type: 'declare',
    seat,
    side,
    deal,
    hand: deal ? [...s.hands[seat]!] : undefined,
    combos: r.combos,
    m: r.m,
    W: r.W,
    loss: r.loss,
    fuqi: r.fuqiAfter,
    eliminated: r.eliminated,
    /** Everything the settlement decided: each party's offset and payment, the rebound, 涅槃, the next 福神. */
    settlement: r,
    reveal: deal ? 'all' : undefined,
  });
  s.fuqi = r.fuqiAfter.slice();
  for (const e of r.eliminated) own(c, 'out')[e] = true;
  s.nirvana = 0;
  s.handsDone++;
  s.lastHand = { kind: 'won', declarer: side, seat, W: r.W, loss: r.loss.slice(), deal };
  if (r.matchOver) {
    // The winner's seats, or every seat sharing a draw [HI-59] (the event's `draw` tells which).
    s.winners = r.winners.flatMap((p) => seatsOf(s, p));
    s.phase = PHASE.OVER;
    s.step = { k: 'over' };
    s.tasks = [];
    s.event = null;
    c.ev?.push({ type: 'matchOver', winners: s.winners, draw: r.draw, fuqi: s.fuqi.slice() });
    return;
  }
  // Free-for-all: the declarer's seat (or the next one in if a rebound eliminated it) [HI-58].
  // 2v2: the winning team's index, which is also its lower seat; its members then pick the first player.
  s.fushen = r.nextFortuneGod!;
  startHand(c, true);
}

/** 流局: the Roulette spread ran out with no declaration (spec §6.2). Same 福神, 涅槃 pending. */
export function liuju(c: Ctx): void {
  const s = c.s;
  const r = drawnHand({ nirvanaPending: s.nirvana, fortuneGod: s.fushen }, s.opts);
  s.nirvana = r.nirvanaPending;
  s.handsDone++;
  s.lastHand = { kind: 'liuju' };
  c.ev?.push({ type: 'liuju', nirvana: s.nirvana, m: r.m });
  startHand(c, false);
}

/**
 * A mid-hand 荒牌 (four of a zodiac in the pool after 蒙换, 福虎 or a flip): void the hand and redeal
 * with the same 福神 — or, with `midhand_huangpai_voids_hand` off, play on. Returns true if the hand ended.
 */
export function midhandHuangpai(c: Ctx): boolean {
  const s = c.s;
  const r = deadHand({ nirvanaPending: s.nirvana, fortuneGod: s.fushen }, 'midhand', s.opts);
  c.ev?.push({ type: 'huangpai', at: 'midhand', voided: r.voided, pool: s.pool.flat(), reveal: 'all' });
  if (!r.voided) return false;
  s.handsDone++;
  s.lastHand = { kind: 'huangpai', at: 'midhand' };
  startHand(c, false);
  return true;
}
