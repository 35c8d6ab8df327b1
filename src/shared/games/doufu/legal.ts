/**
 * Legal moves for a seat at the current decision, and the canonical form of a move. `apply`
 * accepts a move iff its canonical form is in this list, so legality has one source of truth.
 */
import { assertNever } from '../../util/assert';
import { CARD_BY_CODE } from './cards';
import { actionMoves, hasAction, isLegalAction, isLegalSwap, swapMoves } from './actions';
import { stealable } from './acquire';
import { arrangements, fujiMoves, isLegalStartSkill, startSkillMoves } from './skills';
import type { DoufuMove, DoufuState, SkillMove } from './types';

/**
 * Every move `seat` may make now. `like` (used by `apply` to validate) limits the work to moves of
 * the same type — and for skills, of the same card — without changing which of those are legal.
 */
export function legalMoves(s: DoufuState, seat: number, like?: DoufuMove): DoufuMove[] {
  const st = s.step;
  if (st.k === 'over' || st.k === 'run') return [];
  if (st.k === 'chooseFirst') return st.seats.includes(seat) ? st.seats.map((first) => ({ type: 'chooseFirst', seat, first })) : [];
  if (st.seat !== seat) return [];
  switch (st.k) {
    case 'reshuffle':
      return [
        { type: 'reshuffle', seat },
        { type: 'decline', seat },
      ];
    case 'dealWindow':
    case 'window':
      return [
        { type: 'declare', seat },
        { type: 'decline', seat },
      ];
    case 'turn': {
      if (like?.type === 'skill') return st.skills ? startSkillMoves(s, seat, false, like.card) : [];
      const acts = actionMoves(s, seat);
      if (like) return acts.length ? acts.filter((m) => m.type === like.type) : [{ type: 'pass', seat }];
      // Actions then skills; with no action, the skills then a pass.
      if (!st.skills) {
        if (!acts.length) acts.push({ type: 'pass', seat });
        return acts;
      }
      const skills: DoufuMove[] = startSkillMoves(s, seat);
      if (!acts.length) {
        skills.push({ type: 'pass', seat });
        return skills;
      }
      for (const m of skills) acts.push(m);
      return acts;
    }
    case 'fuji':
      return [...fujiMoves(s, seat, st.stacker), { type: 'decline', seat }];
    case 'arrange':
      return arrangements(st.cards).map(({ top, bottom }) => ({ type: 'arrange', seat, top, bottom }));
    case 'pick':
      return st.options.map((take) => ({ type: 'pick', seat, take }));
    case 'attr':
      return CARD_BY_CODE.get(st.card)!.attrs.map((attr) => ({ type: 'chooseAttr', seat, card: st.card, attr }));
    case 'steal':
      return [...stealable(s, seat).map((card): DoufuMove => ({ type: 'steal', seat, card })), { type: 'skipSteal', seat }];
    case 'swap': {
      const out = swapMoves(s, seat);
      out.push({ type: 'skipSwap', seat });
      return out;
    }
    case 'ox': {
      const out: DoufuMove[] = [];
      for (const give of s.hands[seat]!) for (const take of s.hands[st.target]!) out.push({ type: 'swap', seat, give, take });
      out.push({ type: 'skipSwap', seat });
      return out;
    }
    case 'gift':
      return [
        { type: 'accept', seat },
        { type: 'decline', seat },
      ];
    case 'roulette':
      return s.spread.map((_, index) => ({ type: 'flip', seat, index }));
    default:
      return assertNever(st, 'doufu step');
  }
}

/**
 * Whether the canonical move `m` is legal: exactly `legalMoves(s, m.seat, m).some((x) => sameMove(x, m))`,
 * decided directly from the state (apply's check; legality.test.ts compares the two on random
 * positions). The rare 福鸡 window and arrangements still search their short lists.
 */
export function isLegal(s: DoufuState, m: DoufuMove): boolean {
  const st = s.step;
  const seat = m.seat;
  if (st.k === 'over' || st.k === 'run') return false;
  if (st.k === 'chooseFirst') return m.type === 'chooseFirst' && st.seats.includes(seat) && st.seats.includes(m.first);
  if (st.seat !== seat) return false;
  switch (st.k) {
    case 'reshuffle':
      return m.type === 'reshuffle' || m.type === 'decline';
    case 'dealWindow':
    case 'window':
      return m.type === 'declare' || m.type === 'decline';
    case 'gift':
      return m.type === 'accept' || m.type === 'decline';
    case 'turn':
      switch (m.type) {
        case 'draw':
        case 'eat':
        case 'stack':
          return isLegalAction(s, m);
        case 'pass':
          return !hasAction(s, seat);
        case 'skill':
          return st.skills && isLegalStartSkill(s, m);
        default:
          return false;
      }
    case 'pick':
      return m.type === 'pick' && st.options.includes(m.take);
    case 'attr':
      return m.type === 'chooseAttr' && m.card === st.card && (CARD_BY_CODE.get(st.card)!.attrs as readonly unknown[]).includes(m.attr);
    case 'steal':
      return m.type === 'skipSteal' || (m.type === 'steal' && stealable(s, seat).includes(m.card));
    case 'swap':
      return m.type === 'skipSwap' || (m.type === 'swap' && isLegalSwap(s, m));
    case 'ox':
      return m.type === 'skipSwap' || (m.type === 'swap' && s.hands[seat]!.includes(m.give) && s.hands[st.target]!.includes(m.take));
    case 'roulette':
      return m.type === 'flip' && typeof m.index === 'number' && Number.isInteger(m.index) && m.index >= 0 && m.index < s.spread.length;
    case 'fuji':
    case 'arrange':
      return legalMoves(s, seat, m).some((x) => sameMove(x, m));
    default:
      return assertNever(st, 'doufu step');
  }
}

/** Fields of each move type, in canonical order. */
const FIELDS: Record<DoufuMove['type'], readonly string[]> = {
  chooseFirst: ['first'],
  reshuffle: [],
  declare: [],
  decline: [],
  accept: [],
  draw: [],
  eat: ['card', 'take', 'split'],
  stack: ['card'],
  pass: [],
  skill: ['card', 'imitate', 'annul', 'target', 'target2', 'take', 'take2', 'index'],
  arrange: ['top', 'bottom'],
  pick: ['take'],
  chooseAttr: ['card', 'attr'],
  steal: ['card'],
  skipSteal: [],
  swap: ['give', 'take'],
  skipSwap: [],
  flip: ['index'],
};

/** Whether a move type exists. */
export function isMoveType(t: unknown): t is DoufuMove['type'] {
  return typeof t === 'string' && MOVE_TYPES.has(t);
}
const MOVE_TYPES: ReadonlySet<string> = new Set(Object.keys(FIELDS));

/**
 * The canonical form of a move: only its own fields, in a fixed order, `split: false` dropped,
 * 福蛇 targets in seat order, a 三叠 named by its first card. Unknown extra keys are ignored.
 */
export function canon(s: DoufuState, m: Record<string, unknown>): DoufuMove {
  const type = m.type as DoufuMove['type'];
  const out = copyFields(type, m);
  if (type === 'eat' && !out.split && typeof out.take === 'string') {
    const e = s.pool.find((x) => x.includes(out.take as string));
    if (e && e.length > 1) out.take = e[0];
  }
  if (type === 'skill' && typeof out.target === 'number' && typeof out.target2 === 'number' && out.target > out.target2) {
    const sk = out as unknown as SkillMove;
    [sk.target, sk.target2, sk.take, sk.take2] = [sk.target2, sk.target, sk.take2, sk.take];
    return reorder(sk);
  }
  return out as unknown as DoufuMove;
}

/**
 * `{ type, seat }` plus the move's own fields of FIELDS[type] that are set, in that order (`split:
 * false` dropped). Spelled out per type: reading `m[f]` for a variable `f` from moves of many
 * shapes was the slowest line of apply.
 */
function copyFields(type: DoufuMove['type'], m: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { type, seat: m.seat };
  let v: unknown;
  switch (type) {
    case 'chooseFirst':
      if ((v = m.first) !== undefined) out.first = v;
      break;
    case 'eat':
      if ((v = m.card) !== undefined) out.card = v;
      if ((v = m.take) !== undefined) out.take = v;
      if ((v = m.split) !== undefined && v !== false) out.split = v;
      break;
    case 'stack':
    case 'steal':
      if ((v = m.card) !== undefined) out.card = v;
      break;
    case 'skill':
      if ((v = m.card) !== undefined) out.card = v;
      if ((v = m.imitate) !== undefined) out.imitate = v;
      if ((v = m.annul) !== undefined) out.annul = v;
      if ((v = m.target) !== undefined) out.target = v;
      if ((v = m.target2) !== undefined) out.target2 = v;
      if ((v = m.take) !== undefined) out.take = v;
      if ((v = m.take2) !== undefined) out.take2 = v;
      if ((v = m.index) !== undefined) out.index = v;
      break;
    case 'arrange':
      if ((v = m.top) !== undefined) out.top = v;
      if ((v = m.bottom) !== undefined) out.bottom = v;
      break;
    case 'pick':
      if ((v = m.take) !== undefined) out.take = v;
      break;
    case 'chooseAttr':
      if ((v = m.card) !== undefined) out.card = v;
      if ((v = m.attr) !== undefined) out.attr = v;
      break;
    case 'swap':
      if ((v = m.give) !== undefined) out.give = v;
      if ((v = m.take) !== undefined) out.take = v;
      break;
    case 'flip':
      if ((v = m.index) !== undefined) out.index = v;
      break;
    default:
      for (const f of FIELDS[type]) if ((v = m[f]) !== undefined) out[f] = v; // the field-less types: nothing to copy
  }
  return out;
}

function reorder(m: SkillMove): DoufuMove {
  const out: Record<string, unknown> = { type: m.type, seat: m.seat };
  for (const f of FIELDS.skill) if ((m as unknown as Record<string, unknown>)[f] !== undefined) out[f] = (m as unknown as Record<string, unknown>)[f];
  return out as unknown as DoufuMove;
}

/** A string key of a canonical move (for logs and sets). */
export function moveKey(m: DoufuMove): string {
  return JSON.stringify(m);
}

/** Whether two canonical moves are the same move (field by field; faster than comparing keys). */
export function sameMove(a: DoufuMove, b: DoufuMove): boolean {
  if (a.type !== b.type || a.seat !== b.seat) return false;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  for (const f of FIELDS[a.type]) {
    const u = x[f];
    const v = y[f];
    if (Array.isArray(u) || Array.isArray(v)) {
      if (!Array.isArray(u) || !Array.isArray(v) || u.length !== v.length || u.some((e, i) => e !== v[i])) return false;
    } else if (u !== v) return false;
  }
  return true;
}
