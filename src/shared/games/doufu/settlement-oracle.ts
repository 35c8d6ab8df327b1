/**
 * Spec §5.7 (settlement) and §5.6 (deal-time values) written out a second time, independently of
 * settlement.ts, for the random-play tests: from the state just before a declaration and the
 * engine's `declare` event, what W and every party's 福气 must be. Area values (B, H, 泥猪癞狗)
 * come from scoring.ts, which scoring.test.ts checks row by row against §5.4.
 *
 * Test support, not game surface.
 */
import type { GameEvent } from '../../engine/types';
import { CARD_BY_CODE, type CardCode } from './cards';
import { areaScore } from './scoring';
import type { DoufuState } from './types';

/** Disagreements between the event and §5.7 (empty = the settlement is right). */
export function settlementProblems(before: DoufuState, ev: GameEvent): string[] {
  const o = before.opts;
  const parties = o.mode === '2v2' ? 2 : before.n;
  const P = Number(ev.side);
  const deal = ev.deal === true;
  const k = before.nirvana;
  const m = k === 0 ? 1 : o.nirvana_stacking ? 2 ** k : 2;
  const active = (q: number) => !before.out[q];
  const score = (q: number) => areaScore(before.areas[q]!, before.santieBonus[q]!, o);

  let W: number;
  if (deal) {
    // §5.6: 天时 = all four of a zodiac (12); 地利 = three pairs, two-player free-for-all only (10).
    const hand = ev.hand as CardCode[];
    const perZodiac = new Map<string, number>();
    for (const c of hand) perZodiac.set(CARD_BY_CODE.get(c)!.zodiac, (perZodiac.get(CARD_BY_CODE.get(c)!.zodiac) ?? 0) + 1);
    const counts = [...perZodiac.values()];
    const tianshi = counts.includes(4);
    const pairs = counts.reduce((a, c) => a + (c === 4 && !o.dili_quad_as_two_pairs ? 1 : Math.floor(c / 2)), 0);
    const players = [...Array(parties).keys()].filter(active).length * (o.mode === '2v2' ? 2 : 1);
    const dili = o.mode === 'ffa' && players === 2 && pairs >= 3;
    // Both count only when they are cumulative and W is the total score; [HI-52] "best combo only"
    // pays the single best of the two, whatever [HI-19] "add up" says (the engine's settlement.ts agrees).
    const cumulative = o.tianshi_dili_cumulative && o.settlement_value === 'total_score';
    const value = cumulative ? 12 * +tianshi + 10 * +dili : Math.max(12 * +tianshi, 10 * +dili);
    W = m * value;
  } else if (o.settlement_value === 'total_score') {
    const p = score(P);
    W = Math.max(0, m * p.B + p.H);
  } else {
    W = Number(ev.W); // the single best combo: its choice is scoring's; the payments below still follow §5.7
    if (!(W >= 0)) return [`W = ${ev.W} is not a non-negative number`];
  }

  const out: string[] = [];
  if (Number(ev.W) !== W) out.push(`W: event ${ev.W}, §5.7 ${W} (m = ${m}, deal ${deal})`);
  const fuqi = before.fuqi.slice();
  let rebound = 0;
  for (let q = 0; q < parties; q++) {
    if (q === P || !active(q)) continue;
    const sq = deal ? null : score(q);
    const off = sq ? sq.H : 0;
    let loss = Math.max(0, W - off);
    rebound += Math.max(0, off - W);
    if (sq && sq.nizhu && o.nizhu_applies_to_non_declarers) loss += 1;
    fuqi[q]! -= loss;
  }
  fuqi[P]! -= rebound;
  const got = ev.fuqi as number[];
  if (JSON.stringify(got) !== JSON.stringify(fuqi)) out.push(`福气 after: event ${JSON.stringify(got)}, §5.7 ${JSON.stringify(fuqi)} (before ${JSON.stringify(before.fuqi)}, W ${W}, rebound ${rebound})`);
  return out;
}
