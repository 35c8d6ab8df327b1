/**
 * The heuristic's values for skills and for the decisions outside the turn's action: 福鸡 and its
 * arrangement, which single to pick, a dual card's attribute, the steal, 蒙换 and the 福牛 swap.
 * Each returns a score comparable only with the other moves of the same decision.
 */
import type { CardCode } from '../cards';
import type { DoufuMove, SkillMove } from '../types';
import { gainOf, potential, withCards, type HeuristicParams, type Sight } from './eval';
import { ATTRS_OF, addCard, copyCounts, scoreOf, tally, ZI } from './score';

type Move<T extends DoufuMove['type']> = Extract<DoufuMove, { type: T }>;

// ---------------------------------------------------------------- skills

function sideOfSeat(sg: Sight, seat: number | undefined): number {
  return sg.t.sideOfSeat[seat ?? -1] ?? -1;
}
function threatOf(sg: Sight, seat: number | undefined): number {
  return sg.sides[sideOfSeat(sg, seat)]?.threat ?? 0;
}
function isOpponent(sg: Sight, seat: number | undefined): boolean {
  const s = sideOfSeat(sg, seat);
  return s >= 0 && s !== sg.side;
}

/** Potential of a side's area with cards removed and added (by code; added keep their attributes). */
function potWith(sg: Sight, side: number, remove: CardCode[], add: { code: CardCode; attr: string }[]): number {
  const area = sg.t.areas[side]!.filter((c) => !remove.includes(c.code));
  const counts = tally(area, sg.opts);
  for (const a of add) addCard(counts, a.code, a.attr as never, sg.opts);
  return potential(counts, sg.t.santieBonus[side]!, sg.opts);
}
function attrIn(sg: Sight, code: CardCode): { code: CardCode; attr: string } {
  for (const a of sg.t.areas) for (const c of a) if (c.code === code) return c;
  return { code, attr: ATTRS_OF.get(code)![0]! };
}

/** Value of a start-phase skill activation (its effect; 玉猪 imitations use the imitated effect). */
export function skillValue(sg: Sight, m: SkillMove): number {
  if (m.card === 'PIG-YU' && m.annul) {
    const owner = sg.t.areas.findIndex((a) => a.some((c) => c.code === m.annul));
    const strong = ['DRA-FU', 'SNA-FU', 'PIG-FU', 'ROO-FU'].includes(m.annul) ? 0.3 : 0;
    return 0.2 + strong + 0.1 * (sg.sides[owner]?.threat ?? 0);
  }
  const effect = m.card === 'PIG-YU' ? m.imitate! : m.card;
  const opp = isOpponent(sg, m.target);
  const self = m.target === sg.t.seat;
  const myPot = sg.me.pot;
  switch (effect) {
    case 'PIG-FU':
      return opp ? 0.3 + 0.25 * threatOf(sg, m.target) : -1;
    case 'RAT-FU':
      return opp ? 0.1 + 0.2 * threatOf(sg, m.target) : -1;
    case 'MON-FU': {
      // Only 吃: a lost turn if the target cannot eat, a forced (often welcome) 吃 if it can.
      if (!opp) return -1;
      const pEat = eatChance(sg, sg.t.handCounts[m.target!]!);
      return (1 - pEat) * (0.3 + 0.25 * threatOf(sg, m.target)) - pEat * 0.4;
    }
    case 'DOG-FU':
      return opp ? 0.2 + 0.2 * threatOf(sg, m.target) : -1;
    case 'OX-FU':
      return sg.t.hand!.length && opp ? 0.5 + 0.05 * sg.t.handCounts[m.target!]! : -0.5;
    case 'RAB-FU':
      return self ? 0.7 : -1;
    case 'HOR-FU': {
      if (!self) return -1;
      let p = 0;
      for (let z = 0; z < 12; z++) if (sg.poolByZ[z]) p += sg.k.unknownByZodiac[z]! / sg.U;
      return 1.8 * p;
    }
    case 'GOA-FU':
      // On itself: a fresh hand against this one; on an opponent: a small nuisance.
      return self ? freshHandValue(sg, sg.t.hand!.length) - handValue(sg, sg.t.hand!, sg.t.pool) : opp ? 0.05 * threatOf(sg, m.target) - 0.2 : -1;
    case 'TIG-FU': {
      // A fresh pool against this one (more so when an opponent can declare from the current pool).
      const close = sg.opponents.some((x) => x.score.qualifies) ? 0.3 : 0;
      return freshPoolValue(sg) - handValue(sg, sg.t.hand!, sg.t.pool) + close;
    }
    case 'DRA-FU': {
      const card = attrIn(sg, m.take!);
      const side = sideOfSeat(sg, m.target);
      const mine = potWith(sg, sg.side, [], [card]) - myPot;
      const theirs = (sg.sides[side]?.pot ?? 0) - potWith(sg, side, [m.take!], []);
      return mine + 0.6 * theirs;
    }
    case 'SNA-FU': {
      const sa = sideOfSeat(sg, m.target);
      const sb = sideOfSeat(sg, m.target2);
      if (sa !== sg.side && sb !== sg.side) return -1;
      const [give, get, other] = sa === sg.side ? [m.take!, m.take2!, sb] : [m.take2!, m.take!, sa];
      const mine = potWith(sg, sg.side, [give], [attrIn(sg, get)]) - myPot;
      const theirs = (sg.sides[other]?.pot ?? 0) - potWith(sg, other, [get], [attrIn(sg, give)]);
      const lock = get === 'PIG-YU' ? -0.4 * sg.t.areas[sg.side]!.filter((c) => c.skill === 'unused').length : 0;
      return mine + 0.5 * theirs + lock;
    }
    default:
      return -1;
  }
}

/** Chance that a hand of `n` unknown cards holds one whose zodiac is in the pool (so it can 吃). */
export function eatChance(sg: Sight, n: number): number {
  let p = 0;
  for (let z = 0; z < 12; z++) if (sg.poolByZ[z]) p += sg.unknownByZ[z]!.length / sg.U;
  return 1 - Math.pow(1 - Math.min(1, p), n);
}

/** What one card in hand is worth against the pool entries of its zodiac (as `handValue` counts it). */
function fitOf(sg: Sight, code: CardCode, entries: readonly (readonly CardCode[])[] | undefined): number {
  if (!entries) return 0.05;
  let best = 0.05;
  for (const e of entries) best = Math.max(best, 0.6 * gainOf(sg, [code, ...e]).gain + 0.2);
  return best;
}

/** Expected hand fit after 福虎: the pool's cards go back among the unknown ones and as many come out. */
export function freshPoolValue(sg: Sight): number {
  const k = sg.t.pool.reduce((a, e) => a + e.length, 0);
  if (k === 0) return handValue(sg, sg.t.hand!, sg.t.pool);
  const byZ = sg.k.unknownByZodiac.slice();
  for (const e of sg.t.pool) byZ[ZI.get(e[0]!)!]! += e.length;
  const N = Math.max(1, sg.t.deckCount + k);
  const U = Math.max(1, sg.U + k);
  const candidates: CardCode[][] = sg.unknownByZ.map((u) => u.slice());
  for (const e of sg.t.pool) for (const c of e) candidates[ZI.get(c)!]!.push(c);
  let v = 0;
  for (const h of sg.t.hand!) {
    const z = ZI.get(h)!;
    const cand = candidates[z]!;
    if (!cand.length) {
      v += 0.05;
      continue;
    }
    // Only the deck's share of the unknown cards can come out; a 吃 with one is worth its mean fit.
    const n = (byZ[z]! * N) / U;
    const p = 1 - Math.pow(Math.max(0, 1 - n / N), k);
    let fit = 0;
    for (const c of cand) fit += fitOf(sg, h, [[c]]);
    v += 0.05 + p * (fit / cand.length - 0.05);
  }
  return v;
}

/** Expected fit of `k` cards drawn from the unknown ones (福羊 on itself). */
export function freshHandValue(sg: Sight, k: number): number {
  let per = 0;
  for (let z = 0; z < 12; z++) {
    const cand = sg.unknownByZ[z]!;
    if (!cand.length) continue;
    const entries = sg.poolByZ[z];
    if (!entries) {
      per += (cand.length / sg.U) * 0.05;
      continue;
    }
    let fit = 0;
    for (const c of cand) fit += fitOf(sg, c, entries);
    per += fit / sg.U;
  }
  return k * per;
}

// ---------------------------------------------------------------- the other decisions

/** How well a hand fits the pool: the value of the 吃 it allows next turn. */
export function handValue(sg: Sight, hand: readonly CardCode[], pool: readonly (readonly CardCode[])[], side = sg.side): number {
  const base = sg.sides[side];
  if (!base) return 0;
  const bonus = sg.t.santieBonus[side]!;
  const p0 = potential(base.counts, bonus, sg.opts);
  let v = 0;
  for (const h of hand) {
    const z = ZI.get(h);
    let best = 0.05;
    for (const e of pool) {
      if (ZI.get(e[0]!) !== z) continue;
      const { counts } = withCards(base.counts, bonus, [h, ...e], sg.opts);
      best = Math.max(best, 0.6 * (potential(counts, bonus, sg.opts) - p0) + 0.2);
    }
    v += best;
  }
  return v;
}

export function otherScores(sg: Sight, legal: readonly DoufuMove[], params: HeuristicParams): number[] {
  const t = sg.t;
  const st = t.step;
  return legal.map((m) => {
    switch (m.type) {
      case 'decline':
      case 'skipSteal':
      case 'skipSwap':
        return 0;
      case 'skill':
        return fujiValue(sg, m);
      case 'arrange':
        return arrangeValue(sg, m);
      case 'pick':
        return st.k === 'pick' ? gainOf(sg, [st.flipped, m.take]).gain : 0;
      case 'chooseAttr': {
        const c = copyCounts(sg.me.counts);
        addCard(c, m.card, m.attr, sg.opts);
        const sc = scoreOf(c, t.santieBonus[sg.side]!, sg.opts);
        return potential(c, t.santieBonus[sg.side]!, sg.opts) + (sc.qualifies && sc.S !== sg.me.score.S ? params.windowBonus : 0);
      }
      case 'steal':
        return stealValue(sg, m.card);
      case 'swap':
        return st.k === 'ox' ? oxValue(sg, m.give, m.take) : swapValue(sg, m.give, m.take) + params.swapBonus;
      default:
        return 0;
    }
  });
}

/** 福鸡: worth its declaration ban only to stop a dangerous opponent's flip (or to help my own). */
function fujiValue(sg: Sight, m: SkillMove): number {
  const cost = sg.me.score.qualifies ? 1.5 : 0.3;
  if (isOpponent(sg, m.target)) return 0.35 * threatOf(sg, m.target) - cost;
  return m.target === sg.t.seat ? 0.3 - cost : -1;
}

/** 福鸡 arrangement: the next flip (the new top) should hit for me and miss for an opponent. */
function arrangeValue(sg: Sight, m: Move<'arrange'>): number {
  const t = sg.t;
  const stacked = t.pool[t.pool.length - 1]![0]!;
  const zs = ZI.get(stacked)!;
  const stackerMine = t.sideOfSeat[t.active] === sg.side;
  let pHit = 0;
  if (m.top.length) {
    const z = ZI.get(m.top[0]!)!;
    pHit = z === zs || sg.poolByZ[z] ? 1 : 0;
  } else for (let z = 0; z < 12; z++) if (sg.poolByZ[z]) pHit += sg.k.unknownByZodiac[z]! / sg.U;
  return stackerMine ? pHit : -pHit * (1 + 0.3 * (sg.sides[t.sideOfSeat[t.active]!]?.threat ?? 0));
}

function stealValue(sg: Sight, card: CardCode): number {
  const owner = sg.t.areas.findIndex((a) => a.some((c) => c.code === card));
  const victim = sg.sides[owner];
  if (!victim) return 0;
  const mine = gainOf(sg, [card]).gain;
  const after = tally(sg.t.areas[owner]!.filter((c) => c.code !== card), sg.opts);
  const sc = scoreOf(after, sg.t.santieBonus[owner]!, sg.opts);
  const theirs = victim.pot - potential(after, sg.t.santieBonus[owner]!, sg.opts);
  // A changed score that still qualifies opens the victim's own declaration window.
  const gift = sc.qualifies && sc.S !== victim.score.S && sg.t.opts.declare_out_of_turn ? 2 + sc.S : 0;
  return 0.1 + mine + 0.5 * theirs - gift;
}

/** 蒙换: the hand after the swap against the pool after it; a 荒牌 (4 in the pool) voids the hand. */
function swapValue(sg: Sight, give: CardCode, take: CardCode): number {
  const t = sg.t;
  const hand = t.hand!.filter((c) => c !== give).concat(take);
  const pool = t.pool.map((e) => e.filter((c) => c !== take)).filter((e) => e.length).concat([[give]]);
  const z = ZI.get(give)!;
  const inPool = pool.reduce((a, e) => a + (ZI.get(e[0]!) === z ? e.length : 0), 0);
  if (inPool >= 4 && t.opts.midhand_huangpai_voids_hand) {
    const oppPot = sg.opponents.reduce((a, o) => a + o.pot, 0) / (sg.opponents.length || 1);
    return (oppPot - sg.me.pot) * 0.5;
  }
  return handValue(sg, hand, pool) - handValue(sg, t.hand!, t.pool) - 0.1;
}

/** 福牛 swap: what I gain in hand fit plus half of what the target loses. */
function oxValue(sg: Sight, give: CardCode, take: CardCode): number {
  const t = sg.t;
  const peek = t.peek;
  if (!peek) return 0;
  const mine = handValue(sg, t.hand!.filter((c) => c !== give).concat(take), t.pool) - handValue(sg, t.hand!, t.pool);
  const side = t.sideOfSeat[peek.target]!;
  const theirs = handValue(sg, peek.hand, t.pool, side) - handValue(sg, peek.hand.filter((c) => c !== take).concat(give), t.pool, side);
  return mine + (side === sg.side ? -0.5 : 0.5) * theirs - 0.05;
}
