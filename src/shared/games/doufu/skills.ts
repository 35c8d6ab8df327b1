/**
 * Skills (spec §4): which activations are legal now (start phase and the 福鸡 window), and what
 * each one does. 照猫画虎 reuses the imitated skill's targeting and effect; 废文任武 voids a card.
 */
import { CARD_BY_CODE, type CardCode } from './cards';
import { voidUnused } from './acquire';
import { midhandHuangpai } from './hand-end';
import { addKnown, areaOf, dealSizes, forgetHand, forgetKnown, handOf, isIn, normalizePool, own, ownEvent, removeCard, setHand, setSkill, sideOf, skillBanned, ZOD, type Ctx } from './state';
import { MOD, PHASE, SKILL, type AreaCard, type DoufuState, type ModKind, type SkillMove } from './types';

/** 福龙 may take a card unless it is 金/玉 (by assigned attribute, or by card identity) [HI-37]. */
export function fulongMay(s: DoufuState, c: AreaCard): boolean {
  if (s.opts.fulong_exclusion_basis === 'card_identity') return !CARD_BY_CODE.get(c.code)!.attrs.some((a) => a === '金' || a === '玉');
  return c.attr !== '金' && c.attr !== '玉';
}

/** A fresh activation with the fields of `base` (`{ type, seat, card }`, plus `imitate` for 玉猪), in their order. */
function head(base: SkillMove): SkillMove {
  return base.imitate === undefined ? { type: 'skill', seat: base.seat, card: base.card } : { type: 'skill', seat: base.seat, card: base.card, imitate: base.imitate };
}

/** Append every activation of the effect of `skill` by `user` (targets and choices), extending `base`, to `out`. `one`: stop at the first. */
function effectMoves(s: DoufuState, user: number, skill: CardCode, base: SkillMove, one: boolean, out: SkillMove[]): SkillMove[] {
  const n = s.n;
  switch (skill) {
    case 'RAT-FU':
    case 'MON-FU':
    case 'PIG-FU':
    case 'GOA-FU':
      for (let t = 0; t < n; t++) if (isIn(s, t)) out.push(withTarget(base, t));
      break;
    case 'OX-FU':
      for (let t = 0; t < n; t++) if (isIn(s, t) && t !== user) out.push(withTarget(base, t));
      break;
    case 'TIG-FU':
      out.push(head(base));
      break;
    case 'RAB-FU':
      if (s.deck.length) {
        const L = dealSizes(s).L;
        for (let t = 0; t < n; t++) if (isIn(s, t) && s.hands[t]!.length < L) out.push(withTarget(base, t));
      }
      break;
    case 'HOR-FU':
      if (s.deck.length) for (let t = 0; t < n; t++) if (isIn(s, t)) out.push(withTarget(base, t));
      break;
    case 'DOG-FU':
      for (let t = 0; t < n; t++) {
        if (!isIn(s, t)) continue;
        const h = s.hands[t]!;
        if (t === user) for (const take of h) out.push(withTake(base, t, take));
        else for (let index = 0; index < h.length; index++) out.push(withIndex(base, t, index));
      }
      break;
    case 'DRA-FU': {
      const mine = sideOf(s, user);
      for (let t = 0; t < n; t++) {
        if (!isIn(s, t) || sideOf(s, t) === mine) continue;
        for (const c of s.areas[sideOf(s, t)]!)
          if (fulongMay(s, c)) out.push(withTake(base, t, c.code));
      }
      break;
    }
    case 'SNA-FU': {
      const any = s.opts.fushe_swap_rule === 'any_cards';
      for (let x = 0; x < n; x++) {
        if (!isIn(s, x)) continue;
        for (let y = x + 1; y < n; y++) {
          if (!isIn(s, y) || sideOf(s, x) === sideOf(s, y)) continue;
          for (const a of s.areas[sideOf(s, x)]!)
            for (const b of s.areas[sideOf(s, y)]!)
              if (any || ZOD[a.code] === ZOD[b.code]) {
                out.push(withSwap(base, x, y, a.code, b.code));
                if (one) return out; // existence check: 福蛇 with any_cards has hundreds of choices
              }
        }
      }
      break;
    }
    default:
      break; // ROO-FU: only at the 福鸡 window
  }
  return out;
}

// Activations built as whole literals (one hidden class each, no property-by-property growth), with
// the fields in the order `{ ...base, target, … }` gave them.
function withTarget(b: SkillMove, target: number): SkillMove {
  return b.imitate === undefined ? { type: 'skill', seat: b.seat, card: b.card, target } : { type: 'skill', seat: b.seat, card: b.card, imitate: b.imitate, target };
}
function withTake(b: SkillMove, target: number, take: CardCode): SkillMove {
  return b.imitate === undefined
    ? { type: 'skill', seat: b.seat, card: b.card, target, take }
    : { type: 'skill', seat: b.seat, card: b.card, imitate: b.imitate, target, take };
}
function withIndex(b: SkillMove, target: number, index: number): SkillMove {
  return b.imitate === undefined
    ? { type: 'skill', seat: b.seat, card: b.card, target, index }
    : { type: 'skill', seat: b.seat, card: b.card, imitate: b.imitate, target, index };
}
function withSwap(b: SkillMove, target: number, target2: number, take: CardCode, take2: CardCode): SkillMove {
  return b.imitate === undefined
    ? { type: 'skill', seat: b.seat, card: b.card, target, target2, take, take2 }
    : { type: 'skill', seat: b.seat, card: b.card, imitate: b.imitate, target, target2, take, take2 };
}

/** Start-phase activations of `seat` (own side's UNUSED 福 cards, 玉猪 use-skills) [HI-30]. `one`: stop at the first. */
export function startSkillMoves(s: DoufuState, seat: number, one = false, onlyCard?: string): SkillMove[] {
  if (s.phase !== PHASE.NORMAL || s.skillUsed[seat] || skillBanned(s, seat)) return [];
  const side = sideOf(s, seat);
  const out: SkillMove[] = [];
  for (const c of s.areas[side]!) {
    if (onlyCard !== undefined && c.code !== onlyCard) continue;
    if (c.skill === SKILL.UNUSED && c.code !== 'ROO-FU') effectMoves(s, seat, c.code, { type: 'skill', seat, card: c.code }, one, out);
    if (one && out.length) return out;
  }
  const y = s.yuzhu;
  if (y.holder === side && y.useSkills && (onlyCard === undefined || onlyCard === 'PIG-YU')) {
    for (let other = 0; other < s.areas.length; other++) {
      if (other === side || s.out[other]) continue;
      for (const c of s.areas[other]!) {
        if (!y.sideways && c.skill === SKILL.USED && c.code !== 'ROO-FU')
          effectMoves(s, seat, c.code, { type: 'skill', seat, card: 'PIG-YU', imitate: c.code }, false, out);
        if (!y.inverted && c.skill === SKILL.UNUSED) out.push({ type: 'skill', seat, card: 'PIG-YU', annul: c.code });
      }
    }
  }
  return out;
}

/**
 * Whether `effectMoves(s, user, skill, …)` would offer at least one activation (same conditions,
 * no list): the existence check of every start phase.
 */
export function hasEffect(s: DoufuState, user: number, skill: CardCode): boolean {
  switch (skill) {
    case 'RAT-FU':
    case 'MON-FU':
    case 'PIG-FU':
    case 'GOA-FU':
      for (let t = 0; t < s.n; t++) if (isIn(s, t)) return true;
      return false;
    case 'OX-FU':
      for (let t = 0; t < s.n; t++) if (t !== user && isIn(s, t)) return true;
      return false;
    case 'TIG-FU':
      return true;
    case 'RAB-FU': {
      if (!s.deck.length) return false;
      const L = dealSizes(s).L;
      for (let t = 0; t < s.n; t++) if (isIn(s, t) && s.hands[t]!.length < L) return true;
      return false;
    }
    case 'HOR-FU':
      if (!s.deck.length) return false;
      for (let t = 0; t < s.n; t++) if (isIn(s, t)) return true;
      return false;
    case 'DOG-FU':
      for (let t = 0; t < s.n; t++) if (isIn(s, t) && s.hands[t]!.length > 0) return true;
      return false;
    case 'DRA-FU': {
      const mine = sideOf(s, user);
      for (let t = 0; t < s.n; t++) {
        if (!isIn(s, t) || sideOf(s, t) === mine) continue;
        for (const c of s.areas[sideOf(s, t)]!) if (fulongMay(s, c)) return true;
      }
      return false;
    }
    case 'SNA-FU': {
      const any = s.opts.fushe_swap_rule === 'any_cards';
      for (let x = 0; x < s.n; x++) {
        if (!isIn(s, x)) continue;
        for (let y = x + 1; y < s.n; y++) {
          if (!isIn(s, y) || sideOf(s, x) === sideOf(s, y)) continue;
          const A = s.areas[sideOf(s, x)]!;
          const B = s.areas[sideOf(s, y)]!;
          if (!A.length || !B.length) continue;
          if (any) return true;
          let zs = 0;
          for (const a of A) zs |= 1 << ZOD[a.code]!;
          for (const b of B) if (zs & (1 << ZOD[b.code]!)) return true;
        }
      }
      return false;
    }
    default:
      return false; // ROO-FU: only at the 福鸡 window
  }
}

/** Whether `seat` has a start-phase activation: `startSkillMoves(s, seat, true).length > 0`, without building moves. */
export function hasStartSkill(s: DoufuState, seat: number): boolean {
  if (s.phase !== PHASE.NORMAL || s.skillUsed[seat] || skillBanned(s, seat)) return false;
  const side = sideOf(s, seat);
  for (const c of s.areas[side]!) if (c.skill === SKILL.UNUSED && c.code !== 'ROO-FU' && hasEffect(s, seat, c.code)) return true;
  const y = s.yuzhu;
  if (y.holder === side && y.useSkills) {
    for (let other = 0; other < s.areas.length; other++) {
      if (other === side || s.out[other]) continue;
      for (const c of s.areas[other]!) {
        if (!y.sideways && c.skill === SKILL.USED && c.code !== 'ROO-FU' && hasEffect(s, seat, c.code)) return true;
        if (!y.inverted && c.skill === SKILL.UNUSED) return true;
      }
    }
  }
  return false;
}

/** The effect fields of a skill move (besides type, seat, card and 玉猪's imitate / annul). */
type EffectField = 'target' | 'target2' | 'take' | 'take2' | 'index';
const EFFECT_FIELDS: readonly EffectField[] = ['target', 'target2', 'take', 'take2', 'index'];
const F_NONE: readonly EffectField[] = [];
const F_T: readonly EffectField[] = ['target'];
const F_TT: readonly EffectField[] = ['target', 'take'];
const F_TI: readonly EffectField[] = ['target', 'index'];
const F_SNAKE: readonly EffectField[] = ['target', 'target2', 'take', 'take2'];

/** Whether every effect field of `m` outside `present` is absent (`sameMove` compares absent fields too). */
function only(m: SkillMove, present: readonly EffectField[]): boolean {
  for (const f of EFFECT_FIELDS) if (m[f] !== undefined && !present.includes(f)) return false;
  return true;
}

/** An active seat number (effect targets are always integers that `isIn` accepts). */
function seatIn(s: DoufuState, t: unknown): t is number {
  return typeof t === 'number' && Number.isInteger(t) && isIn(s, t);
}

/**
 * Whether the canonical activation `m` is one of `startSkillMoves(s, m.seat, false, m.card)`:
 * the same conditions, checked on `m`'s own fields instead of listing every target (apply's check;
 * legality.test.ts compares the two).
 */
export function isLegalStartSkill(s: DoufuState, m: SkillMove): boolean {
  const seat = m.seat;
  if (s.phase !== PHASE.NORMAL || s.skillUsed[seat] || skillBanned(s, seat) || typeof m.card !== 'string') return false;
  const side = sideOf(s, seat);
  if (m.card !== 'PIG-YU') {
    if (m.imitate !== undefined || m.annul !== undefined) return false;
    const c = s.areas[side]!.find((x) => x.code === m.card);
    return c !== undefined && c.skill === SKILL.UNUSED && c.code !== 'ROO-FU' && effectMatches(s, seat, c.code, m);
  }
  const y = s.yuzhu;
  if (y.holder !== side || !y.useSkills) return false;
  if ((m.imitate === undefined) === (m.annul === undefined)) return false; // exactly one of them
  const named = m.imitate !== undefined ? m.imitate : m.annul;
  for (let other = 0; other < s.areas.length; other++) {
    if (other === side || s.out[other]) continue;
    for (const c of s.areas[other]!) {
      if (c.code !== named) continue;
      if (m.annul !== undefined) return !y.inverted && c.skill === SKILL.UNUSED && only(m, F_NONE);
      return !y.sideways && c.skill === SKILL.USED && c.code !== 'ROO-FU' && effectMatches(s, seat, c.code, m);
    }
  }
  return false;
}

/** Whether `m`'s effect fields are those of one of `effectMoves(s, user, skill, …)` (card, imitate and annul are checked by the caller). */
function effectMatches(s: DoufuState, user: number, skill: CardCode, m: SkillMove): boolean {
  const t = m.target;
  switch (skill) {
    case 'RAT-FU':
    case 'MON-FU':
    case 'PIG-FU':
    case 'GOA-FU':
      return only(m, F_T) && seatIn(s, t);
    case 'OX-FU':
      return only(m, F_T) && seatIn(s, t) && t !== user;
    case 'TIG-FU':
      return only(m, F_NONE);
    case 'RAB-FU':
      return only(m, F_T) && s.deck.length > 0 && seatIn(s, t) && s.hands[t]!.length < dealSizes(s).L;
    case 'HOR-FU':
      return only(m, F_T) && s.deck.length > 0 && seatIn(s, t);
    case 'DOG-FU':
      if (!seatIn(s, t)) return false;
      if (t === user) return only(m, F_TT) && s.hands[t]!.includes(m.take!);
      return only(m, F_TI) && typeof m.index === 'number' && Number.isInteger(m.index) && m.index >= 0 && m.index < s.hands[t]!.length;
    case 'DRA-FU':
      return only(m, F_TT) && seatIn(s, t) && sideOf(s, t) !== sideOf(s, user) && s.areas[sideOf(s, t)]!.some((c) => c.code === m.take && fulongMay(s, c));
    case 'SNA-FU': {
      const t2 = m.target2;
      if (!only(m, F_SNAKE) || !seatIn(s, t) || !seatIn(s, t2) || t2 <= t || sideOf(s, t) === sideOf(s, t2)) return false;
      const a = s.areas[sideOf(s, t)]!.find((c) => c.code === m.take);
      const b = s.areas[sideOf(s, t2)]!.find((c) => c.code === m.take2);
      return a !== undefined && b !== undefined && (s.opts.fushe_swap_rule === 'any_cards' || ZOD[a.code] === ZOD[b.code]);
    }
    default:
      return false; // ROO-FU: only at the 福鸡 window
  }
}

/** 福鸡 activations of `seat` at the window after `stacker`'s 叠 (own UNUSED 福鸡, or imitating a USED one) [HI-41][HI-46]. */
export function fujiMoves(s: DoufuState, seat: number, stacker: number): SkillMove[] {
  if (s.phase !== PHASE.NORMAL || s.deck.length === 0 || s.skillUsed[seat]) return [];
  if (seat === s.active && skillBanned(s, seat)) return [];
  const side = sideOf(s, seat);
  const out: SkillMove[] = [];
  if (s.areas[side]!.some((c) => c.code === 'ROO-FU' && c.skill === SKILL.UNUSED)) out.push({ type: 'skill', seat, card: 'ROO-FU', target: stacker });
  const y = s.yuzhu;
  if (y.holder === side && y.useSkills && !y.sideways)
    for (let other = 0; other < s.areas.length; other++)
      if (other !== side && s.areas[other]!.some((c) => c.code === 'ROO-FU' && c.skill === SKILL.USED))
        out.push({ type: 'skill', seat, card: 'PIG-YU', imitate: 'ROO-FU', target: stacker });
  return out;
}

/** Mark the skill source as spent (福 card 横置, or 玉猪 横置/倒置) and count the turn's one skill. */
function spend(c: Ctx, m: SkillMove): void {
  const s = c.s;
  own(c, 'skillUsed')[m.seat] = true;
  if (m.card === 'PIG-YU') {
    // replaced, not mutated: shared with the input state
    if (m.imitate) s.yuzhu = { ...s.yuzhu, sideways: true };
    else s.yuzhu = { ...s.yuzhu, inverted: true };
  } else {
    const side = sideOf(s, m.seat);
    setSkill(c, side, s.areas[side]!.findIndex((x) => x.code === m.card), SKILL.USED);
  }
  c.ev?.push({ ...m, type: 'skill' });
}

/** Resolve an activation (already checked legal). Queues or asks whatever it needs. */
export function resolveSkill(c: Ctx, m: SkillMove): void {
  const s = c.s;
  spend(c, m);
  if (m.card === 'PIG-YU' && m.annul) {
    const side = s.areas.findIndex((a) => a.some((x) => x.code === m.annul));
    setSkill(c, side, s.areas[side]!.findIndex((x) => x.code === m.annul), SKILL.VOID);
    return;
  }
  const effect = m.card === 'PIG-YU' ? m.imitate! : m.card;
  const target = m.target!;
  const addMod = (kind: ModKind): void => {
    own(c, 'pending')[target] = [...s.pending[target]!, { kind, seq: ++s.seq, by: m.seat }]; // replaced: lists are shared between states
  };
  switch (effect) {
    case 'RAT-FU':
      return addMod(MOD.ONLY_STACK);
    case 'MON-FU':
      return addMod(MOD.ONLY_EAT);
    case 'PIG-FU':
      return addMod(MOD.SKIP);
    case 'OX-FU':
      c.ev?.push({ type: 'peek', seat: m.seat, target, reveal: [m.seat] });
      for (const card of s.hands[target]!) addKnown(s, card, target, 1 << m.seat); // the user has seen the hand
      s.step = { k: 'ox', seat: m.seat, target };
      return;
    case 'TIG-FU':
      return tigerReset(c);
    case 'RAB-FU':
    case 'HOR-FU':
      if (target !== m.seat && s.opts.gift_target_may_decline) {
        s.step = { k: 'gift', seat: target, user: m.seat, gift: effect === 'RAB-FU' ? 'draw' : 'flip' };
        return;
      }
      return giveGift(c, target, effect === 'RAB-FU' ? 'draw' : 'flip');
    case 'GOA-FU':
      return mulligan(c, target);
    case 'DOG-FU':
      return dogDiscard(c, m);
    case 'DRA-FU':
      return moveScored(c, m.take!, sideOf(s, m.seat));
    case 'SNA-FU':
      return snakeSwap(c, m);
    case 'ROO-FU':
      return cockcrow(c, m);
    default:
      throw new Error(`doufu engine: no effect for ${effect}`);
  }
}

/** 福兔 extra draw / 福马 extra flip for the target. */
export function giveGift(c: Ctx, target: number, gift: 'draw' | 'flip'): void {
  const s = c.s;
  if (gift === 'flip') {
    s.tasks.unshift({ t: 'flip', seat: target, stacked: null, via: 'horse' });
    return;
  }
  const card = own(c, 'deck').shift()!;
  handOf(c, target).push(card);
  c.ev?.push({ type: 'draw', seat: target, card, reveal: [target] });
}

/** 福虎: the pool back into the deck, shuffle, deal the same number back, `normalizePool` [HI-35]. */
function tigerReset(c: Ctx): void {
  const s = c.s;
  const k = s.pool.reduce((a, e) => a + e.length, 0);
  own(c, 'deck').push(...s.pool.flat());
  s.pool = [];
  c.rng.shuffle(s.deck);
  s.pool = s.deck.splice(0, k).map((x) => [x]);
  c.ev?.push({ type: 'poolReset', pool: s.pool.flat(), reveal: 'all' });
  if (normalizePool(s, 'reset') === 'huangpai') midhandHuangpai(c);
}

/** 福羊: the target's hand into the deck (or out of play), shuffle, draw the same number [HI-40]. */
function mulligan(c: Ctx, target: number): void {
  const s = c.s;
  const hand = s.hands[target]!;
  const k = hand.length;
  if (s.opts.fuyang_discard_to === 'deck') own(c, 'deck').push(...hand);
  else own(c, 'removed').push(...hand);
  setHand(c, target, []);
  forgetHand(s, target);
  c.rng.shuffle(own(c, 'deck'));
  setHand(c, target, s.deck.splice(0, Math.min(k, s.deck.length)));
  c.ev?.push({ type: 'mulligan', seat: target, count: s.hands[target]!.length, reveal: [target] });
}

/** 福狗: one target hand card, blind unless the user targets itself, to the deck bottom [HI-42]. */
function dogDiscard(c: Ctx, m: SkillMove): void {
  const s = c.s;
  const t = m.target!;
  const hand = s.hands[t]!;
  const card = t === m.seat ? m.take! : c.rng.shuffle([...hand])[m.index!]!;
  removeCard(handOf(c, t), card);
  forgetKnown(s, card);
  own(c, 'deck').push(card);
  s.dogged = { seat: t, card };
  c.ev?.push({ type: 'discard', seat: t, card, reveal: [t] });
}

/** Move a scored card to a side (福龙); a received skill card arrives VOID, attributes stay. */
function moveScored(c: Ctx, code: CardCode, toSide: number): void {
  const s = c.s;
  for (let side = 0; side < s.areas.length; side++) {
    const i = s.areas[side]!.findIndex((x) => x.code === code);
    if (i < 0) continue;
    const [card] = areaOf(c, side).splice(i, 1);
    receive(c, card!, toSide);
    c.ev?.push({ type: 'take', from: side, to: toSide, card: code });
    return;
  }
}

/** A card arriving through a skill: 福 → VOID; 玉猪 → new holder, use-skills void, lock applies [HI-45]. */
function receive(c: Ctx, taken: AreaCard, side: number): void {
  const s = c.s;
  const card = taken.skill !== undefined ? { ...taken, skill: SKILL.VOID } : taken; // card objects are shared between states
  areaOf(c, side).push(card);
  if (card.code === 'PIG-YU') {
    s.yuzhu = { ...s.yuzhu, holder: side, useSkills: false };
    voidUnused(c, side);
  }
}

/** 福蛇: swap one card between two sides' areas (same zodiac by default) [HI-18][HI-38]. */
function snakeSwap(c: Ctx, m: SkillMove): void {
  const s = c.s;
  const a = sideOf(s, m.target!);
  const b = sideOf(s, m.target2!);
  const ia = s.areas[a]!.findIndex((x) => x.code === m.take);
  const x = areaOf(c, a).splice(ia, 1)[0]!;
  const ib = s.areas[b]!.findIndex((y) => y.code === m.take2);
  const y = areaOf(c, b).splice(ib, 1)[0]!;
  receive(c, x, b);
  receive(c, y, a);
  c.ev?.push({ type: 'snakeSwap', sides: [a, b], cards: [m.take, m.take2] });
}

/** 福鸡: the user peeks at the top 2 and arranges them; the ban starts now [HI-41]. */
function cockcrow(c: Ctx, m: SkillMove): void {
  const s = c.s;
  own(c, 'fujiBan')[m.seat] = s.turnSeq;
  if (s.opts.fuji_followup_mong_skill_caused && s.event) ownEvent(c).kind = 'skill';
  const cards = s.deck.slice(0, Math.min(2, s.deck.length));
  c.ev?.push({ type: 'peek', seat: m.seat, cards, reveal: [m.seat] });
  s.step = { k: 'arrange', seat: m.seat, cards };
}

/** Every legal 福鸡 arrangement of the peeked cards: each split into top (in order) and bottom (in order). */
export function arrangements(cards: readonly CardCode[]): { top: CardCode[]; bottom: CardCode[] }[] {
  if (cards.length === 1) return [{ top: [cards[0]!], bottom: [] }, { top: [], bottom: [cards[0]!] }];
  const [a, b] = cards as [CardCode, CardCode];
  return [
    { top: [a, b], bottom: [] },
    { top: [b, a], bottom: [] },
    { top: [a], bottom: [b] },
    { top: [b], bottom: [a] },
    { top: [], bottom: [a, b] },
    { top: [], bottom: [b, a] },
  ];
}

/** Put the peeked cards back: `top` on top in order, `bottom` at the bottom in order (last = very bottom). */
export function doArrange(c: Ctx, seat: number, top: CardCode[], bottom: CardCode[]): void {
  const s = c.s;
  own(c, 'deck').splice(0, top.length + bottom.length);
  s.deck = [...top, ...s.deck, ...bottom];
  c.ev?.push({ type: 'arrange', seat, top: top.length, bottom: bottom.length });
}
