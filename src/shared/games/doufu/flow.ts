/**
 * Turn flow (spec §3.2, Appendix A.4), declaration windows (§5.5) and the Roulette phase (§3.5).
 * The engine keeps a queue of tasks (`state.tasks`); `drive` runs them until one needs a player's
 * decision (`state.step`). Everything here mutates the private working copy of one `apply`.
 */
import { assertNever } from '../../util/assert';
import { fujiMoves } from './skills';
import { resolveFlip, runAcquire, stealable, voidUnused } from './acquire';
import { hasAction } from './actions';
import { liuju } from './hand-end';
import { hasStartSkill } from './skills';
import {
  areaSignature,
  clearMods,
  clockwiseFrom,
  isIn,
  declareBanned,
  latestMod,
  forgetHand,
  nextSeat,
  own,
  setEvent,
  sideCount,
  sideOf,
  sideStats,
  skillBanned,
  type Ctx,
} from './state';
import { MOD, PHASE, type EventFrame, type Task } from './types';
import { statsQualify } from './area-stats';

/** Safety net: a hand never needs this many automatic steps between two decisions. */
const MAX_AUTO_STEPS = 10_000;

/** Run queued tasks until the engine needs a decision (or the match is over). */
export function drive(c: Ctx): void {
  const s = c.s;
  let guard = 0;
  while (s.step.k === 'run') {
    const task = s.tasks.shift();
    if (!task) throw new Error('doufu engine: no decision pending and nothing queued (engine bug)');
    if (++guard > MAX_AUTO_STEPS) throw new Error('doufu engine: too many automatic steps (engine bug)');
    runTask(c, task);
  }
}

function runTask(c: Ctx, task: Task): void {
  const s = c.s;
  switch (task.t) {
    case 'acquire':
      return runAcquire(c, task);
    case 'flip': {
      const f = own(c, 'deck').shift();
      if (f !== undefined) resolveFlip(c, task.seat, f, task.stacked, task.via);
      return;
    }
    case 'fujiOffers':
      return fujiOffers(c, task.stacker, task.queue.slice()); // the task may be shared with the input state
    case 'stealOffer':
      if (stealable(s, task.seat).length) s.step = { k: 'steal', seat: task.seat };
      return;
    case 'swapOffer':
      if (s.hands[task.seat]!.length) s.step = { k: 'swap', seat: task.seat };
      return;
    case 'endEvent':
      return endEvent(c);
    case 'afterSkill':
      return afterSkill(c, task.seat);
    case 'endTurn':
      return endTurn(c, task.seat);
    case 'beginTurn':
      return beginTurn(c, task.seat);
    case 'rouletteTurn':
      return rouletteTurn(c, task.seat);
    case 'rouletteAfter':
      return rouletteAfter(c, task.seat, task.matched);
    default:
      return assertNever(task, 'doufu task');
  }
}

// ---------------------------------------------------------------- events and windows

/**
 * Open an event (§5.5). S before the event is snapshotted lazily: `areaOf` records a side's S (and
 * card signature) the first time the event changes that side's area, so untouched sides cost nothing.
 */
export function beginEvent(c: Ctx, kind: EventFrame['kind']): void {
  const n = sideCount(c.s);
  // Literal arrays grown by push (packed, and much faster than `new Array(n).fill(…)`).
  const before: null[] = [];
  const cards: null[] = [];
  const santie: boolean[] = [];
  for (let i = 0; i < n; i++) {
    before.push(null);
    cards.push(null);
    santie.push(false);
  }
  setEvent(c, { kind, before, cards, santie });
}

/** Close the event: open declaration windows, active player first, then clockwise. */
function endEvent(c: Ctx): void {
  const s = c.s;
  const e = s.event;
  s.event = null;
  if (!e || e.kind === 'skill') return; // skill-caused changes open no window (§4.1-7)
  // Most events (a draw, a miss) change no area: no window, nothing to decide.
  let touched = false;
  for (const b of e.before) if (b !== null) touched = true;
  if (!touched) return;
  // Each side is decided once, on first need (2v2 partners share one); bit masks, not a closure
  // and an array: this runs after every action.
  let decided = 0;
  let opens = 0;
  let queue: number[] | null = null;
  for (let k = 0; k < s.n; k++) {
    const seat = (s.active + k) % s.n;
    if (!isIn(s, seat)) continue;
    if (seat !== s.active && !s.opts.declare_out_of_turn) continue;
    if (declareBanned(s, seat)) continue;
    const bit = 1 << sideOf(s, seat);
    if (!(decided & bit)) {
      decided |= bit;
      if (opensWindow(c, e, sideOf(s, seat))) opens |= bit;
    }
    if (opens & bit) (queue ??= []).push(seat);
  }
  if (queue) s.step = { k: 'window', seat: queue[0]!, queue: queue.slice(1) };
}

/** Whether the closed event `e` opens a declaration window for `side`: its area changed (S or cards) and qualifies. */
function opensWindow(c: Ctx, e: EventFrame, side: number): boolean {
  const s = c.s;
  if (e.before[side] === null || e.santie[side]) return false;
  const score = sideStats(s, side);
  const changed = s.opts.declare_trigger === 'card_change' ? areaSignature(s.areas[side]!) !== e.cards[side] : score.S !== e.before[side];
  return changed && statsQualify(score, s.opts);
}

// ---------------------------------------------------------------- normal turns

/** T1–T4: begin `seat`'s turn (skips for 三叠 or a latest SKIP), then offer skills and actions. */
function beginTurn(c: Ctx, seat: number): void {
  const s = c.s;
  s.turnSeq++;
  for (let i = 0; i < s.skillUsed.length; i++) if (s.skillUsed[i] !== false) own(c, 'skillUsed')[i] = false;
  s.active = seat;
  s.stacker = null;
  c.ev?.push({ type: 'turn', seat, turn: s.turnSeq });
  if (s.santieSkip[seat]) {
    own(c, 'santieSkip')[seat] = false;
    if (s.opts.santie_skip_consumes_modifiers) clearMods(c, seat);
    c.ev?.push({ type: 'skipped', seat, why: 'santie' });
    s.tasks.unshift({ t: 'endTurn', seat });
    return;
  }
  if (latestMod(s, seat)?.kind === MOD.SKIP) {
    clearMods(c, seat);
    c.ev?.push({ type: 'skipped', seat, why: 'skip' });
    s.tasks.unshift({ t: 'endTurn', seat });
    return;
  }
  offerTurn(c, seat, !skillBanned(s, seat));
}

/** Offer the start phase (skills) and/or the action; with nothing to choose, pass automatically. */
function offerTurn(c: Ctx, seat: number, skillsAllowed: boolean): void {
  const s = c.s;
  const skills = skillsAllowed && hasStartSkill(s, seat);
  if (!skills && !hasAction(s, seat)) {
    // T5/T6: a forced action that is impossible, or no legal action at all: the turn passes.
    clearMods(c, seat);
    c.ev?.push({ type: 'pass', seat, auto: true });
    s.tasks.unshift({ t: 'endTurn', seat });
    return;
  }
  s.step = { k: 'turn', seat, skills };
}

/** After a start-phase skill: a self-applied SKIP ends the turn; otherwise the action follows. */
function afterSkill(c: Ctx, seat: number): void {
  const s = c.s;
  if (latestMod(s, seat)?.kind === MOD.SKIP) {
    clearMods(c, seat);
    c.ev?.push({ type: 'skipped', seat, why: 'skip' });
    s.tasks.unshift({ t: 'endTurn', seat });
    return;
  }
  offerTurn(c, seat, false);
}

/** Lift a 福鸡 ban at the end of the user's next own turn (T8). */
function liftBan(c: Ctx, seat: number): void {
  const b = c.s.fujiBan[seat];
  if (b !== null && b !== undefined && c.s.turnSeq > b) own(c, 'fujiBan')[seat] = null;
}

/** T8: end of turn; an empty deck starts Roulette with the next player [HI-26]. */
function endTurn(c: Ctx, seat: number): void {
  const s = c.s;
  liftBan(c, seat);
  if (s.phase === PHASE.NORMAL && s.deck.length === 0) return startRoulette(c, nextSeat(s, seat));
  s.tasks.unshift({ t: 'beginTurn', seat: nextSeat(s, seat) });
}

// ---------------------------------------------------------------- 福鸡 window

/** Offer 福鸡 after a 叠, clockwise from the active player; the first user takes it [HI-41]. */
function fujiOffers(c: Ctx, stacker: number, queue: number[]): void {
  const s = c.s;
  while (queue.length) {
    const seat = queue.shift()!;
    if (fujiMoves(s, seat, stacker).length) {
      s.step = { k: 'fuji', seat, stacker, queue };
      return;
    }
  }
}

// ---------------------------------------------------------------- Roulette

/** Enter 轮盘蒙打: void every pending skill and modifier, collect and shuffle all hands into the spread. */
export function startRoulette(c: Ctx, first: number): void {
  const s = c.s;
  s.phase = PHASE.ROULETTE;
  for (let side = 0; side < s.areas.length; side++) voidUnused(c, side);
  s.yuzhu = { ...s.yuzhu, useSkills: false }; // replaced: shared with the input state
  s.pending = s.pending.map(() => []);
  s.spread = c.rng.shuffle(s.hands.flat());
  s.hands = s.hands.map(() => []);
  forgetHand(s, 'all');
  c.ev?.push({ type: 'roulette', first, spread: s.spread.length });
  if (s.spread.length === 0) return liuju(c);
  s.tasks.unshift({ t: 'rouletteTurn', seat: first });
}

function rouletteTurn(c: Ctx, seat: number): void {
  const s = c.s;
  s.turnSeq++;
  for (let i = 0; i < s.skillUsed.length; i++) if (s.skillUsed[i] !== false) own(c, 'skillUsed')[i] = false;
  s.active = seat;
  c.ev?.push({ type: 'turn', seat, turn: s.turnSeq, roulette: true });
  if (s.santieSkip[seat]) {
    own(c, 'santieSkip')[seat] = false;
    c.ev?.push({ type: 'skipped', seat, why: 'santie' });
    liftBan(c, seat);
    s.tasks.unshift({ t: 'rouletteTurn', seat: nextSeat(s, seat) });
    return;
  }
  s.step = { k: 'roulette', seat };
}

/** After a Roulette flip: 流局 when the spread is empty; flip again after a match [HI-27]; else next player. */
function rouletteAfter(c: Ctx, seat: number, matched: boolean): void {
  const s = c.s;
  if (s.spread.length === 0) return liuju(c);
  if (matched && s.opts.roulette_continue_on_match) {
    s.step = { k: 'roulette', seat };
    return;
  }
  liftBan(c, seat);
  s.tasks.unshift({ t: 'rouletteTurn', seat: nextSeat(s, seat) });
}
