/**
 * `apply`: check a move against the legal list (a refusal is a value with a zh/en reason, never a
 * throw), then carry it out on a copy of the state and run the driver to the next decision.
 */
import { ENGINE_ERRORS, engineError } from '../../engine/errors';
import type { ApplyResult, GameEvent, ListedOptions } from '../../engine/types';
import { Rng } from '../../util/rng';
import { ctxWith, newCtx, offerFrame, topFrame, type Ctx } from './board';
import { explainRefusal } from './explain';
import { activate, chooseMods, drive, endTurn, gain, startRoll, startTurn, transformTo } from './flow';
import { decisionOf, legalMoves } from './legal';
import { snakePayKind, take } from './tokens';
import { stopAtStar } from './walk';
import type { Frame, Piece, ZrMove, ZrState } from './types';

/** A copy of the state deep enough for one `apply` to change (explicit fields: spreads of the state are slow in V8 here). */
export function cloneState(s: ZrState): ZrState {
  const t = s.turn;
  return {
    opts: s.opts,
    n: s.n,
    rng: s.rng,
    phase: s.phase,
    pieces: s.pieces.map(clonePiece),
    turn: { seat: t.seat, locked: t.locked, transformed: t.transformed, rolled: t.rolled, firstRoll: t.firstRoll, once: t.once.slice(), bonus: t.bonus, acted: t.acted },
    turnNo: s.turnNo,
    stack: s.stack.map(cloneFrame),
    nextId: s.nextId,
    winners: s.winners ? s.winners.slice() : null,
  };
}

function clonePiece(p: Piece): Piece {
  return {
    zodiac: p.zodiac,
    prog: p.prog,
    laps: p.laps,
    tok: [p.tok[0]!, p.tok[1]!, p.tok[2]!, p.tok[3]!, p.tok[4]!, p.tok[5]!],
    team: p.team,
    roared: p.roared,
    poisonedBy: p.poisonedBy,
    proud: p.proud,
    rabbitPending: p.rabbitPending,
    attachedTo: p.attachedTo,
    justDetached: p.justDetached,
    barrier: p.barrier,
  };
}

/** A copy of a frame (its arrays and data copied). */
export function cloneFrame(f: Frame): Frame {
  switch (f.k) {
    case 'act':
      return { ...f, data: { ...f.data }, poll: f.poll.slice() };
    case 'move':
      return { ...f, queue: f.queue.slice() };
    case 'roll':
      return { ...f, dice: f.dice.slice(), offer: f.offer.slice(), used: f.used.slice() };
    case 'gain':
      return { ...f, values: f.values.slice() };
    default:
      return { ...f };
  }
}

/** Whether move `m` (from outside) is the legal move `l`. */
function same(m: Record<string, unknown>, l: ZrMove): boolean {
  for (const k in l) {
    const v = (l as unknown as Record<string, unknown>)[k];
    const x = m[k];
    if (Array.isArray(v)) {
      if (!Array.isArray(x) || x.length !== v.length) return false;
      const a = [...x].sort();
      const b = [...v].sort();
      if (a.some((y, i) => y !== b[i])) return false;
    } else if (x !== v) return false;
  }
  return true;
}

/** The last legal list computed by `legalOf` (states are immutable, so it stays valid for that state). */
let lastLegal: { s: ZrState; seat: number; list: ZrMove[] } | null = null;

/** `legalMoves`, remembering the last list: a caller that lists the moves and then applies one pays once. */
export function legalOf(s: ZrState, seat: number): ZrMove[] {
  if (lastLegal && lastLegal.s === s && lastLegal.seat === seat) return lastLegal.list;
  const list = legalMoves(s, seat);
  lastLegal = { s, seat, list };
  return list;
}

/** Apply one move. Pure; never throws for a bad move. */
export function applyMove(s: ZrState, move: ZrMove): ApplyResult<ZrState> {
  if (typeof move !== 'object' || move === null || typeof (move as { type?: unknown }).type !== 'string' || !Number.isInteger((move as { seat?: unknown }).seat))
    return engineError(ENGINE_ERRORS.BAD_MOVE, '这不是生肖赛跑的招法（需要 type 和 seat）。', 'This is not a Zodiac Race move (it needs a type and a seat).');
  if (s.phase === 'over') return engineError(ENGINE_ERRORS.GAME_OVER, '本局已经结束。', 'The game is over.');
  const d = decisionOf(s);
  if (!d || d.seat !== move.seat) return engineError(ENGINE_ERRORS.NOT_YOUR_TURN, `现在轮到 ${(d?.seat ?? 0) + 1} 号座位决定。`, `It is seat ${(d?.seat ?? 0) + 1}'s decision now.`);
  const list = legalOf(s, move.seat);
  // A bot hands back one of the listed objects: found by identity, without comparing fields.
  const legal = list.includes(move) ? move : list.find((l) => l.type === move.type && same(move as unknown as Record<string, unknown>, l));
  if (!legal) {
    const why = explainRefusal(s, move, d.kind);
    return engineError(ENGINE_ERRORS.ILLEGAL, why.zh, why.en);
  }
  const ev: GameEvent[] = [];
  const c = newCtx(cloneState(s), new Rng(s.rng), ev);
  perform(c, legal, legal.seat);
  c.s.rng = c.rng.state();
  return { ok: true, state: c.s, events: ev };
}

/**
 * `apply` for a move the caller drew itself from the legal list (or `randomMove`), unchanged: the
 * same state and events, without the checks — the move's shape, whose decision it is, and the
 * search of the legal list (which `apply` must build first when it is not the remembered one).
 * The simulator's random bot plays through it. `how.events` false (nobody reads the events): none
 * are built; `how.reuse` (nobody else holds the state): the move is carried out on `s` itself, as
 * `ZrTable` does on its live state, instead of on a copy.
 */
export function applyListedMove(s: ZrState, move: ZrMove, how?: ListedOptions): ApplyResult<ZrState> {
  const ev: GameEvent[] = [];
  // The remembered legal list belongs to the state as it is now; carried out in place, it is not any more.
  if (how?.reuse && lastLegal?.s === s) lastLegal = null;
  const reuse = how?.reuse === true;
  const evs = how?.events === false ? null : ev;
  // Carried out in place, the state goes on where the last move on it left off: so do its squares
  // (worked out again for every move, they cost a simulator's game a few per cent).
  const c = reuse && inPlace.s === s ? ctxWith(s, new Rng(s.rng), evs, inPlace.at, inPlace.riders) : newCtx(reuse ? s : cloneState(s), new Rng(s.rng), evs);
  perform(c, move, move.seat);
  c.s.rng = c.rng.state();
  if (reuse) {
    inPlace.s = s;
    inPlace.at = c.at;
    inPlace.riders = c.riders;
  }
  return { ok: true, state: c.s, events: ev };
}

/**
 * The pieces' squares (`Ctx.at`, `Ctx.riders`) of the last state a move was carried out on in
 * place: nobody else holds such a state (`ListedOptions.reuse`), so nothing but the next move on
 * it changes it, and that move starts from them.
 */
const inPlace: { s: ZrState | null; at: number[]; riders: number } = { s: null, at: [], riders: 0 };

type Act = Extract<Frame, { k: 'act' }>;

/**
 * Carry out a legal move on `c.s` in place (the caller made sure it is legal; `apply` works on a
 * copy, `ZrTable` on its live state). `seat` is the move's seat, which the caller knows already
 * (the deciding seat): a read of `m.seat` here is one more megamorphic read over every move shape.
 */
export function perform(c: Ctx, m: ZrMove, seat: number): void {
  const s = c.s;
  const top = topFrame(s);
  const me = s.pieces[seat]!;
  if (s.phase === 'play' && !top && seat === s.turn.seat) s.turn.acted = true;
  // The most frequent moves of a game first (a switch on strings tests its cases in order).
  switch (m.type) {
    case 'end':
      return endTurn(c);
    case 'roll':
      s.turn.rolled = true;
      if (me.rabbitPending) {
        me.rabbitPending = false;
        startRoll(c, seat, 'triple');
      } else startRoll(c, seat, 'normal');
      break;
    case 'transform':
      payOne(c, seat, m.pay);
      transformTo(c, seat, m.to, m.pay);
      break;
    case 'go': {
      const f = top as Extract<Frame, { k: 'move' }>;
      if (f.at === 'monkey') f.queue = [];
      else if (f.at === 'star') f.at = 'passInit';
      else f.queue.shift();
      break;
    }
    case 'stop':
      stopAtStar(c, top as Extract<Frame, { k: 'move' }>);
      break;
    case 'swapPick': {
      const f = top as Extract<Frame, { k: 'swap' }>;
      const q = s.pieces[f.target]!.tok;
      me.tok[m.give - 1]!--;
      q[m.take - 1]!--;
      me.tok[m.take - 1]!++;
      q[m.give - 1]!++;
      c.ev?.push({ type: 'exchange', seat, to: f.target, give: m.give, take: m.take });
      break;
    }
    default:
      performRare(c, m, top, me);
  }
  drive(c);
}

/** `perform`'s less frequent moves (kept apart: the frequent ones stay a small function). */
function performRare(c: Ctx, m: ZrMove, top: Frame | undefined, me: Piece): void {
  const s = c.s;
  switch (m.type) {
    case 'power':
      power(c, m);
      break;
    case 'mods':
      chooseMods(c, m.use);
      break;
    case 'done':
      s.stack.pop();
      break;
    case 'bonus':
      s.turn.bonus--;
      startRoll(c, m.seat, 'bonus');
      break;
    case 'skipBonus':
      c.ev?.push({ type: 'skipBonus', seat: m.seat, n: s.turn.bonus });
      s.turn.bonus = 0;
      break;
    case 'pass':
      if (top?.k === 'act') top.poll.shift();
      else if (top?.k === 'move') top.queue.shift();
      break;
    case 'negate': {
      const f = top as Act;
      f.tried = true;
      pay(c, m.seat, m.pay);
      activate(c, m.seat, 'DG', f.clause, { ref: f.id });
      break;
    }
    case 'choose': {
      me.zodiac = m.zodiac;
      c.ev?.push({ type: 'choose', seat: m.seat, zodiac: m.zodiac });
      if (c.tally) c.tally.start[m.seat] = m.zodiac;
      // The turn record is changed in place (the state being changed owns it, as in `newTurn`): a
      // spread copy would be a second object shape for every later read of the turn.
      if (m.seat + 1 < s.n) s.turn.seat = m.seat + 1;
      else {
        s.phase = 'play';
        startTurn(c, s.opts.first_player === 'random' ? c.rng.int(s.n) : 0);
      }
      break;
    }
    case 'give': {
      payOne(c, m.seat, m.v);
      c.ev?.push({ type: 'give', seat: m.seat, to: m.to, v: m.v });
      gain(c, m.to, [m.v], 'give');
      break;
    }
    case 'exchange':
      // The teammate agrees first (spec §11): the exchange waits as an offer.
      s.stack.push(offerFrame(m.seat, m.to, m.give, m.take));
      c.ev?.push({ type: 'offer', seat: m.seat, to: m.to, give: m.give, take: m.take });
      break;
    case 'accept': {
      const f = s.stack.pop() as Extract<Frame, { k: 'offer' }>;
      const giver = s.pieces[f.seat]!.tok;
      const q = me.tok;
      giver[f.give - 1]!--;
      q[f.take - 1]!--;
      giver[f.take - 1]!++;
      q[f.give - 1]!++;
      c.ev?.push({ type: 'exchange', seat: f.seat, to: f.to, give: f.give, take: f.take });
      break;
    }
    case 'decline': {
      const f = s.stack.pop() as Extract<Frame, { k: 'offer' }>;
      c.ev?.push({ type: 'decline', seat: m.seat, to: f.seat, give: f.give, take: f.take });
      break;
    }
    case 'barrier': {
      const f = top as Extract<Frame, { k: 'move' }>;
      f.queue.shift();
      pay(c, m.seat, m.pay);
      activate(c, m.seat, 'P1', 'any3', { ref: f.id, target: f.seat });
      break;
    }
    case 'attach': {
      const f = top as Extract<Frame, { k: 'move' }>;
      f.queue = [];
      activate(c, m.seat, 'M1', 'five', { ref: f.id, target: m.host });
      break;
    }
    case 'gallop': {
      const f = top as Extract<Frame, { k: 'move' }>;
      f.queue.shift();
      activate(c, m.seat, 'H1', 'five', {});
      break;
    }
    case 'grab': {
      const f = top as Extract<Frame, { k: 'move' }>;
      f.queue.shift();
      activate(c, m.seat, 'P1b', 'five', { target: f.seat, v: m.v });
      break;
    }
    case 'discard':
      me.tok[m.v - 1]!--;
      c.ev?.push({ type: 'discard', seat: m.seat, v: m.v });
      break;
    case 'steal': {
      const f = top as Extract<Frame, { k: 'steal' }>;
      f.left--;
      s.pieces[m.from]!.tok[m.v - 1]!--;
      c.ev?.push({ type: 'steal', seat: m.seat, from: m.from, v: m.v });
      gain(c, m.seat, [m.v], 'M2');
      break;
    }
    case 'continue': {
      s.stack.pop();
      const host = me.attachedTo;
      payOne(c, m.seat, m.v);
      c.ev?.push({ type: 'give', seat: m.seat, to: host, v: m.v });
      activate(c, m.seat, 'M1c', 'five', { target: host });
      gain(c, host, [m.v], 'M1c');
      break;
    }
    case 'detach':
      s.stack.pop();
      me.attachedTo = -1;
      c.riders--;
      me.justDetached = true;
      c.ev?.push({ type: 'detach', seat: m.seat, why: 'choice' });
      break;
  }
}

/** Pay tokens (the move was checked: the seat holds them). */
function pay(c: Ctx, seat: number, values: number[]): void {
  take(c.s.pieces[seat]!.tok, values);
  c.ev?.push({ type: 'pay', seat, values });
}

/** Pay one token of value `v` (its list built only for the event: a transform's payment, a third of a random game's). */
function payOne(c: Ctx, seat: number, v: number): void {
  c.s.pieces[seat]!.tok[v - 1]!--;
  c.ev?.push({ type: 'pay', seat, values: [v] });
}

/**
 * Mark a once-per-turn power used. The list is replaced by one of the exact size: a list grown by
 * `push` from empty takes room for 17 values, and a turn starts with a new empty one.
 */
function markOnce(t: ZrState['turn'], id: string): void {
  t.once = t.once.length === 0 ? [id] : [...t.once, id];
}

/** A main-phase power: pay, mark once-per-turn uses, activate. */
function power(c: Ctx, m: Extract<ZrMove, { type: 'power' }>): void {
  const t = c.s.turn;
  switch (m.power) {
    case 'R2':
      markOnce(t, 'R2');
      payOne(c, m.seat, m.v);
      return activate(c, m.seat, 'R2', `v1:${m.v}`, { v: m.v });
    case 'O1a':
      pay(c, m.seat, m.pay);
      return activate(c, m.seat, 'O1a', 'red2', {});
    case 'O1b':
      pay(c, m.seat, m.pay);
      // A listed O1b payment is three 1s or four red tokens: its length tells the clause.
      return activate(c, m.seat, 'O1b', m.pay.length === 3 ? 'ones3' : 'red4', {});
    case 'O2':
      markOnce(t, 'O2');
      return activate(c, m.seat, 'O2', 'five', { target: m.target, give: m.give, take: m.take });
    case 'T1':
      pay(c, m.seat, m.pay);
      return activate(c, m.seat, 'T1', 'six2', { target: m.target });
    case 'T2':
      markOnce(t, 'T2');
      pay(c, m.seat, m.pay);
      return activate(c, m.seat, 'T2', 'sum12', { target: m.target });
    case 'RB':
      markOnce(t, 'RB');
      return activate(c, m.seat, 'RB', 'five', {});
    case 'D':
      pay(c, m.seat, m.pay);
      return activate(c, m.seat, 'D', 'run5', { choice: m.choice });
    case 'S1':
      if (snakePayKind(m.pay) === 's2') markOnce(t, 'S2');
      pay(c, m.seat, m.pay);
      return activate(c, m.seat, 'S1', 'blue4', { target: m.target });
    case 'SH2':
      pay(c, m.seat, m.pay);
      return activate(c, m.seat, 'SH2', 'pair', { v: m.pay[0] });
    case 'M2':
      return activate(c, m.seat, 'M2', 'five', {});
    case 'M3':
      t.transformed = true;
      return activate(c, m.seat, 'M3', 'five', { to: m.to });
    case 'P1':
      return;
  }
}
