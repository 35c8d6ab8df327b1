/**
 * Skills (spec §4): which activations are legal now (start phase and the 福鸡 window), and what
 * each one does. 照猫画虎 reuses the imitated skill's targeting and effect; 废文任武 voids a card.
 */
import { CARD_BY_CODE, type CardCode } from './cards';
import { voidUnused } from './acquire';
import { midhandHuangpai } from './hand-end';
import { areaOf, dealSizes, isIn, normalizePool, removeCard, sideOf, skillBanned, ZOD, type Ctx } from './state';
import { MOD, PHASE, SKILL, type AreaCard, type DoufuState, type ModKind, type SkillMove } from './types';

/** Seats (active) on another side than `seat` — "another player" for score-area effects [HI-62]. */
function otherSideSeats(s: DoufuState, seat: number): number[] {
  const mine = sideOf(s, seat);
  const out: number[] = [];
  for (let x = 0; x < s.n; x++) if (isIn(s, x) && sideOf(s, x) !== mine) out.push(x);
  return out;
}
function allSeats(s: DoufuState): number[] {
  const out: number[] = [];
  for (let x = 0; x < s.n; x++) if (isIn(s, x)) out.push(x);
  return out;
}

/** 福龙 may take a card unless it is 金/玉 (by assigned attribute, or by card identity) [HI-37]. */
function fulongMay(s: DoufuState, c: AreaCard): boolean {
  if (s.opts.fulong_exclusion_basis === 'card_identity') return !CARD_BY_CODE.get(c.code)!.attrs.some((a) => a === '金' || a === '玉');
  return c.attr !== '金' && c.attr !== '玉';
}

/** Every activation of the effect of `skill` by `user` (targets and choices), extending `base`. `one`: stop at the first. */
function effectMoves(s: DoufuState, user: number, skill: CardCode, base: SkillMove, one = false): SkillMove[] {
  const L = dealSizes(s).L;
  const out: SkillMove[] = [];
  switch (skill) {
    case 'RAT-FU':
    case 'MON-FU':
    case 'PIG-FU':
    case 'GOA-FU':
      for (const t of allSeats(s)) out.push({ ...base, target: t });
      break;
    case 'OX-FU':
      for (const t of allSeats(s)) if (t !== user) out.push({ ...base, target: t });
      break;
    case 'TIG-FU':
      out.push({ ...base });
      break;
    case 'RAB-FU':
      if (s.deck.length) for (const t of allSeats(s)) if (s.hands[t]!.length < L) out.push({ ...base, target: t });
      break;
    case 'HOR-FU':
      if (s.deck.length) for (const t of allSeats(s)) out.push({ ...base, target: t });
      break;
    case 'DOG-FU':
      for (const t of allSeats(s)) {
        const h = s.hands[t]!;
        if (t === user) for (const take of h) out.push({ ...base, target: t, take });
        else for (let index = 0; index < h.length; index++) out.push({ ...base, target: t, index });
      }
      break;
    case 'DRA-FU':
      for (const t of otherSideSeats(s, user))
        for (const c of s.areas[sideOf(s, t)]!) if (fulongMay(s, c)) out.push({ ...base, target: t, take: c.code });
      break;
    case 'SNA-FU': {
      const seats = allSeats(s);
      for (const x of seats)
        for (const y of seats) {
          if (y <= x || sideOf(s, x) === sideOf(s, y)) continue;
          for (const a of s.areas[sideOf(s, x)]!)
            for (const b of s.areas[sideOf(s, y)]!)
              if (s.opts.fushe_swap_rule === 'any_cards' || ZOD[a.code] === ZOD[b.code]) {
                out.push({ ...base, target: x, target2: y, take: a.code, take2: b.code });
                if (one) return out; // existence check: 福蛇 with any_cards has hundreds of choices
              }
        }
      break;
    }
    default:
      break; // ROO-FU: only at the 福鸡 window
  }
  return out;
}

/** Start-phase activations of `seat` (own side's UNUSED 福 cards, 玉猪 use-skills) [HI-30]. `one`: stop at the first. */
export function startSkillMoves(s: DoufuState, seat: number, one = false, onlyCard?: string): SkillMove[] {
  if (s.phase !== PHASE.NORMAL || s.skillUsed[seat] || skillBanned(s, seat)) return [];
  const side = sideOf(s, seat);
  const out: SkillMove[] = [];
  for (const c of s.areas[side]!) {
    if (onlyCard !== undefined && c.code !== onlyCard) continue;
    if (c.skill === SKILL.UNUSED && c.code !== 'ROO-FU') out.push(...effectMoves(s, seat, c.code, { type: 'skill', seat, card: c.code }, one));
    if (one && out.length) return out;
  }
  const y = s.yuzhu;
  if (y.holder === side && y.useSkills && (onlyCard === undefined || onlyCard === 'PIG-YU')) {
    for (let other = 0; other < s.areas.length; other++) {
      if (other === side || s.out[other]) continue;
      for (const c of s.areas[other]!) {
        if (!y.sideways && c.skill === SKILL.USED && c.code !== 'ROO-FU')
          out.push(...effectMoves(s, seat, c.code, { type: 'skill', seat, card: 'PIG-YU', imitate: c.code }));
        if (!y.inverted && c.skill === SKILL.UNUSED) out.push({ type: 'skill', seat, card: 'PIG-YU', annul: c.code });
      }
    }
  }
  return out;
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
  s.skillUsed[m.seat] = true;
  if (m.card === 'PIG-YU') {
    if (m.imitate) s.yuzhu.sideways = true;
    else s.yuzhu.inverted = true;
  } else {
    const card = areaOf(c, sideOf(s, m.seat)).find((x) => x.code === m.card)!;
    card.skill = SKILL.USED;
  }
  c.ev.push({ ...m, type: 'skill' });
}

/** Resolve an activation (already checked legal). Queues or asks whatever it needs. */
export function resolveSkill(c: Ctx, m: SkillMove): void {
  const s = c.s;
  spend(c, m);
  if (m.card === 'PIG-YU' && m.annul) {
    const side = s.areas.findIndex((a) => a.some((x) => x.code === m.annul));
    areaOf(c, side).find((x) => x.code === m.annul)!.skill = SKILL.VOID;
    return;
  }
  const effect = m.card === 'PIG-YU' ? m.imitate! : m.card;
  const target = m.target!;
  const addMod = (kind: ModKind): void => {
    s.pending[target]!.push({ kind, seq: ++s.seq, by: m.seat });
  };
  switch (effect) {
    case 'RAT-FU':
      return addMod(MOD.ONLY_STACK);
    case 'MON-FU':
      return addMod(MOD.ONLY_EAT);
    case 'PIG-FU':
      return addMod(MOD.SKIP);
    case 'OX-FU':
      c.ev.push({ type: 'peek', seat: m.seat, target, reveal: [m.seat] });
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
    s.todo.unshift({ t: 'flip', seat: target, stacked: null, via: 'horse' });
    return;
  }
  const card = s.deck.shift()!;
  s.hands[target]!.push(card);
  c.ev.push({ type: 'draw', seat: target, card, reveal: [target] });
}

/** 福虎: the pool back into the deck, shuffle, deal the same number back, `normalizePool` [HI-35]. */
function tigerReset(c: Ctx): void {
  const s = c.s;
  const k = s.pool.reduce((a, e) => a + e.length, 0);
  s.deck.push(...s.pool.flat());
  s.pool = [];
  c.rng.shuffle(s.deck);
  s.pool = s.deck.splice(0, k).map((x) => [x]);
  c.ev.push({ type: 'poolReset', pool: s.pool.flat(), reveal: 'all' });
  if (normalizePool(s) === 'huangpai') midhandHuangpai(c);
}

/** 福羊: the target's hand into the deck (or out of play), shuffle, draw the same number [HI-40]. */
function mulligan(c: Ctx, target: number): void {
  const s = c.s;
  const hand = s.hands[target]!;
  const k = hand.length;
  if (s.opts.fuyang_discard_to === 'deck') s.deck.push(...hand);
  else s.removed.push(...hand);
  s.hands[target] = [];
  c.rng.shuffle(s.deck);
  s.hands[target] = s.deck.splice(0, Math.min(k, s.deck.length));
  c.ev.push({ type: 'mulligan', seat: target, count: s.hands[target]!.length, reveal: [target] });
}

/** 福狗: one target hand card, blind unless the user targets itself, to the deck bottom [HI-42]. */
function dogDiscard(c: Ctx, m: SkillMove): void {
  const s = c.s;
  const t = m.target!;
  const hand = s.hands[t]!;
  const card = t === m.seat ? m.take! : c.rng.shuffle([...hand])[m.index!]!;
  removeCard(hand, card);
  s.deck.push(card);
  s.dogged = { seat: t, card };
  c.ev.push({ type: 'discard', seat: t, card, reveal: [t] });
}

/** Move a scored card to a side (福龙); a received skill card arrives VOID, attributes stay. */
function moveScored(c: Ctx, code: CardCode, toSide: number): void {
  const s = c.s;
  for (let side = 0; side < s.areas.length; side++) {
    const i = s.areas[side]!.findIndex((x) => x.code === code);
    if (i < 0) continue;
    const [card] = areaOf(c, side).splice(i, 1);
    receive(c, card!, toSide);
    c.ev.push({ type: 'take', from: side, to: toSide, card: code });
    return;
  }
}

/** A card arriving through a skill: 福 → VOID; 玉猪 → new holder, use-skills void, lock applies [HI-45]. */
function receive(c: Ctx, card: AreaCard, side: number): void {
  const s = c.s;
  if (card.skill !== undefined) card.skill = SKILL.VOID; // `card` was taken from an area owned by this apply
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
  c.ev.push({ type: 'snakeSwap', sides: [a, b], cards: [m.take, m.take2] });
}

/** 福鸡: the user peeks at the top 2 and arranges them; the ban starts now [HI-41]. */
function cockcrow(c: Ctx, m: SkillMove): void {
  const s = c.s;
  s.fujiBan[m.seat] = s.turnSeq;
  if (s.opts.fuji_followup_mong_skill_caused && s.event) s.event.kind = 'skill';
  const cards = s.deck.slice(0, Math.min(2, s.deck.length));
  c.ev.push({ type: 'peek', seat: m.seat, cards, reveal: [m.seat] });
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
  s.deck.splice(0, top.length + bottom.length);
  s.deck = [...top, ...s.deck, ...bottom];
  c.ev.push({ type: 'arrange', seat, top: top.length, bottom: bottom.length });
}
