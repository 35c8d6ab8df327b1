/**
 * `apply(state, move)`: check the move against the legal list, then run it on a private copy of
 * the state and drive the engine to the next decision. Pure; a refused move is a value.
 */
import { assertNever } from '../../util/assert';
import { ENGINE_ERRORS, engineError } from '../../engine/errors';
import type { ApplyResult, EngineError, GameEvent, ListedOptions } from '../../engine/types';
import { Rng } from '../../util/rng';
import { doSteal, place, resolvePick, resolveFlip } from './acquire';
import { doDraw, doEat, doStack, doSwap } from './actions';
import { explain } from './explain';
import { beginEvent, drive } from './flow';
import { declareWin } from './hand-end';
import { canon, isLegal, isMoveType } from './legal';
import { deal, dealAndOffer, offerReshuffle, reshuffleQueue } from './setup';
import { doArrange, giveGift, resolveSkill } from './skills';
import { addKnown, clearMods, cloneState, handOf, makeCtx, own, reuseCtx, type Ctx } from './state';
import { END_EVENT, PHASE, RUN, type DoufuMove, type DoufuState } from './types';

/** Apply one move (see the contract in engine/types.ts). */
export function applyMove(state: DoufuState, input: DoufuMove): ApplyResult<DoufuState> {
  const bad = precheck(state, input);
  if (bad) return bad;
  const move = canon(state, input as unknown as Record<string, unknown>);
  // Legal iff the canonical form is in legalMoves (isLegal decides that without building the list).
  if (!isLegal(state, move)) return explain(state, move);
  return applyListedMove(state, move);
}

/**
 * Apply a move of `legalMoves(state, seat)` as listed (the list's moves are already canonical):
 * `applyMove` without the checks, for the simulator's own picks (`Game.applyListed`). With
 * `events: false` no event is built and the result's list is empty; with `reuse` the state itself
 * becomes the result (`reuseCtx`). The same state either way.
 */
export function applyListedMove(state: DoufuState, move: DoufuMove, how?: ListedOptions): ApplyResult<DoufuState> {
  const rng = new Rng(state.rng);
  const events = how?.events ?? true;
  const c = how?.reuse ? reuseCtx(state, rng, events) : makeCtx(cloneState(state), rng, events);
  run(c, move);
  drive(c);
  c.s.rng = rng.state();
  return { ok: true, state: c.s, events: c.ev ?? NO_EVENTS };
}
/** The event list of an apply whose caller reads none (frozen: nothing may be added to it). */
const NO_EVENTS: GameEvent[] = Object.freeze([]) as unknown as GameEvent[];

function precheck(s: DoufuState, m: unknown): EngineError | null {
  if (typeof m !== 'object' || m === null || Array.isArray(m))
    return engineError(ENGINE_ERRORS.BAD_MOVE, '操作必须是对象，例如 {"type":"draw","seat":0}。', 'A move is an object such as {"type":"draw","seat":0}.');
  const o = m as Record<string, unknown>;
  if (!isMoveType(o.type)) return engineError(ENGINE_ERRORS.BAD_MOVE, `未知的操作类型：${String(o.type)}。`, `Unknown move type ${JSON.stringify(o.type)}.`);
  if (typeof o.seat !== 'number' || !Number.isInteger(o.seat) || o.seat < 0 || o.seat >= s.n)
    return engineError(ENGINE_ERRORS.BAD_MOVE, `座位号无效：${String(o.seat)}。`, `Invalid seat ${JSON.stringify(o.seat)}: seats are 0–${s.n - 1}.`);
  if (s.step.k === 'over') return engineError(ENGINE_ERRORS.GAME_OVER, '本局比赛已结束。', 'The match is over.');
  return null;
}

/** Run a legal move on the working copy. Decisions set `step` back to 'run' and queue their continuation. */
function run(c: Ctx, m: DoufuMove): void {
  const s = c.s;
  const st = s.step;
  s.step = RUN;
  switch (m.type) {
    case 'chooseFirst':
      s.fushen = m.first;
      s.active = m.first;
      c.ev?.push({ type: 'chooseFirst', seat: m.seat, first: m.first });
      return dealAndOffer(c);
    case 'reshuffle': {
      own(c, 'reshuffleUsed')[m.seat] = true;
      c.ev?.push({ type: 'reshuffle', seat: m.seat });
      deal(c);
      return offerReshuffle(c, reshuffleQueue(s));
    }
    case 'decline':
      return decline(c, st, m.seat);
    case 'declare':
      return declareWin(c, m.seat, st.k === 'dealWindow');
    case 'accept':
      if (st.k === 'gift') giveGift(c, m.seat, st.gift);
      return;
    case 'draw':
    case 'eat':
    case 'stack':
      clearMods(c, m.seat); // T5: the latest modifier has been applied; all are cleared
      beginEvent(c, 'action');
      return m.type === 'draw' ? doDraw(c, m.seat) : m.type === 'eat' ? doEat(c, m) : doStack(c, m);
    case 'pass':
      clearMods(c, m.seat);
      c.ev?.push({ type: 'pass', seat: m.seat });
      s.tasks.unshift({ t: 'endTurn', seat: m.seat });
      return;
    case 'skill':
      if (st.k === 'turn') {
        beginEvent(c, 'skill');
        s.tasks.unshift(END_EVENT, { t: 'afterSkill', seat: m.seat });
      }
      return resolveSkill(c, m);
    case 'arrange':
      return doArrange(c, m.seat, m.top, m.bottom);
    case 'pick':
      if (st.k === 'pick') resolvePick(c, m.seat, st.flipped, m.take);
      return;
    case 'chooseAttr':
      return place(c, m.seat, m.card, m.attr);
    case 'steal':
      return doSteal(c, m.seat, m.card);
    case 'skipSteal':
    case 'skipSwap':
      return;
    case 'swap':
      if (st.k === 'ox') return oxSwap(c, m.seat, st.target, m.give, m.take);
      return doSwap(c, m);
    case 'flip':
      return rouletteFlip(c, m.seat, m.index);
    default:
      return assertNever(m, 'doufu move');
  }
}

/** "No" to the current offer: reshuffle, 天时/地利, 福鸡, a 福兔/福马 gift, or a declaration window. */
function decline(c: Ctx, st: DoufuState['step'], seat: number): void {
  const s = c.s;
  c.ev?.push({ type: 'decline', seat, offer: st.k });
  switch (st.k) {
    case 'reshuffle':
      return offerReshuffle(c, st.queue);
    case 'dealWindow':
      if (st.queue.length) s.step = { k: 'dealWindow', seat: st.queue[0]!, queue: st.queue.slice(1) };
      else {
        s.phase = PHASE.NORMAL;
        s.tasks.unshift({ t: 'beginTurn', seat: s.fushen });
      }
      return;
    case 'window':
      if (st.queue.length) s.step = { k: 'window', seat: st.queue[0]!, queue: st.queue.slice(1) };
      return;
    case 'fuji':
      s.tasks.unshift({ t: 'fujiOffers', stacker: st.stacker, queue: st.queue.slice() }); // the step is shared with the input state
      return;
    default:
      return; // gift declined: nothing happens
  }
}

/** 福牛 swap: one of the user's hand cards for one of the target's [HI-34]. */
function oxSwap(c: Ctx, seat: number, target: number, give: string, take: string): void {
  const s = c.s;
  const a = handOf(c, seat);
  const b = handOf(c, target);
  a.splice(a.indexOf(give), 1, take);
  b.splice(b.indexOf(take), 1, give);
  const both = (1 << seat) | (1 << target);
  addKnown(s, take, seat, both);
  addKnown(s, give, target, both);
  c.ev?.push({ type: 'oxSwap', seat, target, reveal: [seat, target] });
}

/** A Roulette flip at `index` of the face-down spread (§3.5). */
function rouletteFlip(c: Ctx, seat: number, index: number): void {
  const s = c.s;
  const [card] = own(c, 'spread').splice(index, 1);
  beginEvent(c, 'flip');
  s.tasks.unshift(END_EVENT, { t: 'rouletteAfter', seat, matched: false });
  const hand = s.handNo;
  const matched = resolveFlip(c, seat, card!, null, 'roulette');
  if (s.handNo !== hand || matched === 'ended') return;
  const after = s.tasks.find((t) => t.t === 'rouletteAfter');
  if (after && after.t === 'rouletteAfter') after.matched = matched;
}
