/**
 * Cards entering score areas: the flip and its hit check (叠蒙 4a/4b, 福马, Roulette), acquisition
 * with dual-card attribute choice, the 玉猪 lock, 三叠 effects, and the 叠蒙 steal.
 */
import { CARD_BY_CODE, type Attr, type CardCode } from './cards';
import { midhandHuangpai } from './hand-end';
import { areaOf, entriesOf, hasSkill, normalizePool, own, ownEvent, setSkill, sideOf, ZOD, type Ctx } from './state';
import { PHASE, SKILL, type AreaCard, type DoufuState, type FlipVia, type Task } from './types';

/**
 * Put one card into a side's area with its attribute. Skill state: VOID in Roulette or under the
 * 玉猪 lock, else UNUSED (§4.1). 玉猪 itself makes the side its holder and voids its UNUSED skills.
 */
export function place(c: Ctx, seat: number, code: CardCode, attr: Attr): void {
  const s = c.s;
  const side = sideOf(s, seat);
  const card: AreaCard = { code, attr };
  if (code === 'PIG-YU') {
    s.yuzhu = { holder: side, useSkills: s.phase !== PHASE.ROULETTE, sideways: false, inverted: false };
    voidUnused(c, side);
  } else if (hasSkill(s, code, attr)) {
    card.skill = s.phase === PHASE.ROULETTE || s.yuzhu.holder === side ? SKILL.VOID : SKILL.UNUSED;
  }
  areaOf(c, side).push(card);
  c.ev?.push({ type: 'score', seat, side, card: code, attr });
}

/** Every UNUSED skill in a side's area becomes VOID (玉猪 lock 福祸相依). */
export function voidUnused(c: Ctx, side: number): void {
  const area = c.s.areas[side]!;
  for (let i = 0; i < area.length; i++) if (area[i]!.skill === SKILL.UNUSED) setSkill(c, side, i, SKILL.VOID);
}

/** Run an `acquire` task: file single-attribute cards at once, ask for each dual card's attribute. */
export function runAcquire(c: Ctx, task: Extract<Task, { t: 'acquire' }>): void {
  const duals: CardCode[] = [];
  for (const code of task.cards) {
    const attrs = CARD_BY_CODE.get(code)!.attrs;
    if (attrs.length === 2) duals.push(code);
    else place(c, task.seat, code, attrs[0]);
  }
  if (task.santie) applySantie(c, task.seat);
  if (duals.length) {
    c.s.step = { k: 'attr', seat: task.seat, card: duals[0]! };
    if (duals.length > 1) c.s.tasks.unshift({ t: 'acquire', seat: task.seat, cards: duals.slice(1), santie: false });
  }
}

/** 三叠 acquired (§3.6): +1 bonus to the side, the taker's next turn skipped, no window this event. */
export function applySantie(c: Ctx, seat: number): void {
  const s = c.s;
  const side = sideOf(s, seat);
  own(c, 'santieBonus')[side]!++;
  own(c, 'santieSkip')[seat] = true;
  if (s.event) ownEvent(c).santie[side] = true;
  c.ev?.push({ type: 'santie', seat, side, bonus: s.santieBonus[side] });
}

/**
 * A card is turned face up by `seat` (叠蒙 flip, 福马, Roulette). Queues what follows: scoring, the
 * steal after a hit on the stacked card, the 蒙换 offer after a missed 叠蒙; or asks which of two
 * singles to take. Returns whether it matched, or 'ended' if a 荒牌 ended the hand.
 */
export function resolveFlip(c: Ctx, seat: number, f: CardCode, stacked: CardCode | null, via: FlipVia): boolean | 'ended' {
  const s = c.s;
  const z = ZOD[f]!;
  c.ev?.push({ type: 'flip', seat, card: f, via, reveal: 'all' });
  if (stacked !== null && ZOD[stacked] === z) {
    // 4a: the only match is the card just stacked.
    const pool = own(c, 'pool');
    pool.splice(pool.findIndex((e) => e.length === 1 && e[0] === stacked), 1);
    s.tasks.unshift({ t: 'acquire', seat, cards: [f, stacked], santie: false }, { t: 'stealOffer', seat });
    return true;
  }
  const group = entriesOf(s, z);
  const santie = group.find((e) => e.length >= 3);
  if (santie && s.opts.santie_taken_by_flip) {
    const pool = own(c, 'pool');
    pool.splice(pool.indexOf(santie), 1);
    s.tasks.unshift({ t: 'acquire', seat, cards: [f, ...santie], santie: true });
    return true;
  }
  const singles = group.filter((e) => e.length === 1);
  if (!santie && singles.length === 1) {
    const pool = own(c, 'pool');
    pool.splice(pool.indexOf(singles[0]!), 1);
    s.tasks.unshift({ t: 'acquire', seat, cards: [f, singles[0]![0]!], santie: false });
    return true;
  }
  // The flipped card lies face up in the pool until it is scored (keeps every card in one place).
  own(c, 'pool').push([f]);
  if (!santie && singles.length >= 2) {
    s.step = { k: 'pick', seat, options: singles.map((e) => e[0]!), flipped: f, via };
    return true;
  }
  if (santie && normalizePool(s, 'play') === 'huangpai' && midhandHuangpai(c)) return 'ended'; // 4th card with santie_taken_by_flip off
  if (via === 'stack') s.tasks.unshift({ t: 'swapOffer', seat });
  return false;
}

/** Finish a `pick`: score the flipped card with the chosen single. */
export function resolvePick(c: Ctx, seat: number, flipped: CardCode, take: CardCode): void {
  const s = c.s;
  s.pool = s.pool.filter((e) => !(e.length === 1 && (e[0] === flipped || e[0] === take)));
  s.tasks.unshift({ t: 'acquire', seat, cards: [flipped, take], santie: false });
}

/** Cards `seat` may steal after a hit on its stacked card: 单运 (attribute 运) in another side's area [HI-24]. */
export function stealable(s: DoufuState, seat: number): CardCode[] {
  const mine = sideOf(s, seat);
  const out: CardCode[] = [];
  for (let side = 0; side < s.areas.length; side++) {
    if (side === mine || s.out[side]) continue;
    for (const card of s.areas[side]!) if (card.attr === '运') out.push(card.code);
  }
  return out;
}

/** Move a 单运 card from its area to the stealer's (keeps its attribute). */
export function doSteal(c: Ctx, seat: number, code: CardCode): void {
  const s = c.s;
  for (let side = 0; side < s.areas.length; side++) {
    const i = s.areas[side]!.findIndex((x) => x.code === code);
    if (i < 0) continue;
    const [card] = areaOf(c, side).splice(i, 1);
    areaOf(c, sideOf(s, seat)).push(card!);
    c.ev?.push({ type: 'steal', seat, from: side, card: code });
    return;
  }
}
