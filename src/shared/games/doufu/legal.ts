/**
 * Legal moves for a seat at the current decision, and the canonical form of a move. `apply`
 * accepts a move iff its canonical form is in this list, so legality has one source of truth.
 */
import { assertNever } from '../../util/assert';
import { CARD_BY_CODE } from './cards';
import { actionMoves, swapMoves } from './actions';
import { stealable } from './acquire';
import { arrangements, fujiMoves, startSkillMoves } from './skills';
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
      const acts = actionMoves(s, seat);
      if (like?.type === 'skill') return st.skills ? startSkillMoves(s, seat, false, like.card) : [];
      if (like) return acts.length ? acts.filter((m) => m.type === like.type) : [{ type: 'pass', seat }];
      const skills = st.skills ? startSkillMoves(s, seat) : [];
      return acts.length ? [...acts, ...skills] : [...skills, { type: 'pass', seat }];
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
    case 'swap':
      return [...swapMoves(s, seat), { type: 'skipSwap', seat }];
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
  return typeof t === 'string' && Object.prototype.hasOwnProperty.call(FIELDS, t);
}

/**
 * The canonical form of a move: only its own fields, in a fixed order, `split: false` dropped,
 * 福蛇 targets in seat order, a 三叠 named by its first card. Unknown extra keys are ignored.
 */
export function canon(s: DoufuState, m: Record<string, unknown>): DoufuMove {
  const type = m.type as DoufuMove['type'];
  const out: Record<string, unknown> = { type, seat: m.seat };
  for (const f of FIELDS[type]) if (m[f] !== undefined && !(f === 'split' && m[f] === false)) out[f] = m[f];
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
