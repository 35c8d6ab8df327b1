/**
 * The driver: runs the play stack until the table waits for a decision (spec §5, §6.5, §8).
 *
 * - `act` frames are activations in their Dog response window: Dogs are polled clockwise from the
 *   activator's left; a negation is itself an activation (LIFO); then the effect resolves or is
 *   cancelled (costs lost).
 * - `move` frames walk a piece one square at a time; on each square entered with steps left they
 *   open, in order, the Pig barrier window, the Monkey attach choice, the star stop, and the
 *   passing reactions (Horse H1, Pig P1b) (§8; walk.ts).
 * - `roll` frames wait for the roller's passive choices, then resolve movement and tokens.
 */
import { canUse, detach, gainFrame, isLast, isStar, moveBack, nearestAhead, nextId, pushMove, seatFrame, shift, squareOf, stealFrame, swapFrame, topFrame, type Ctx } from './board';
import { countPower } from './tally';
import { canPayClause, count, TOKEN_CAP } from './tokens';
import { stepMove } from './walk';
import { POWER_ZODIAC, type ActData, type Clause, type Frame, type PowerId, type RollMod, type ZrState } from './types';

type Act = Extract<Frame, { k: 'act' }>;
type Move = Extract<Frame, { k: 'move' }>;
type Roll = Extract<Frame, { k: 'roll' }>;

/** Activate a power (costs already paid): lock the turn, open the Dog window (spec §6.2, §6.5). */
export function activate(c: Ctx, owner: number, power: PowerId, clause: Clause, data: ActData): void {
  const s = c.s;
  const zodiac = POWER_ZODIAC[power];
  if (owner === s.turn.seat && s.turn.locked === null) s.turn.locked = zodiac;
  c.ev?.push({ type: 'power', seat: owner, power, zodiac, ...data });
  if (c.tally) countPower(c.tally, zodiac, owner);
  // Sized up front: a list grown by `push` from empty takes room for 17 seats.
  const poll: number[] = s.pieces[owner]!.proud === 0 ? new Array<number>(s.n - 1) : [];
  for (let k = 0; k < poll.length; k++) poll[k] = (owner + k + 1) % s.n;
  s.stack.push({ k: 'act', id: nextId(s), owner, power, clause, data, poll, tried: false, negated: false });
}

/** Whether `dog` may negate activation `f` now (spec §6.5, §7.11). */
export function dogMayNegate(s: ZrState, dog: number, f: Act): boolean {
  return dog !== f.owner && canUse(s, dog, 'dog') && s.pieces[f.owner]!.proud === 0 && canPayClause(s.pieces[dog]!.tok, f.clause);
}

function frameById(s: ZrState, id: number): Frame | undefined {
  for (let i = s.stack.length - 1; i >= 0; i--) if ((s.stack[i] as { id?: number }).id === id) return s.stack[i];
  return undefined;
}

/** Gain tokens now; over the cap, the player discards (a `discard` frame). */
export function gain(c: Ctx, seat: number, values: number[], why: string): void {
  const tok = c.s.pieces[seat]!.tok;
  for (const v of values) tok[v - 1]!++;
  c.ev?.push({ type: 'gain', seat, values, why });
  if (count(tok) > TOKEN_CAP) c.s.stack.push(seatFrame('discard', seat));
}

/** Mark a piece ROARED / POISONED (an attached Monkey that is targeted detaches, spec §7.3, §7.6). */
function target(c: Ctx, seat: number, status: 'roared' | 'poisoned', by: number): void {
  const p = c.s.pieces[seat]!;
  if (status === 'roared') p.roared = true;
  else p.poisonedBy = by;
  c.ev?.push({ type: status, seat, by });
  detach(c, seat, status);
}

/** Transform a piece (spec §5 (c)); a Monkey transforming away detaches (§13 #42). */
export function transformTo(c: Ctx, seat: number, to: ZrState['pieces'][number]['zodiac'], paid: number | null): void {
  const p = c.s.pieces[seat]!;
  c.ev?.push({ type: 'transform', seat, from: p.zodiac, to, paid });
  if (c.tally) c.tally.transforms[seat]!++;
  p.zodiac = to;
  c.s.turn.transformed = true;
  if (to !== 'monkey') detach(c, seat, 'transform');
}

/** What an unnegated activation does. */
function resolve(c: Ctx, f: Act): void {
  const s = c.s;
  const d = f.data;
  const own = f.owner === s.turn.seat;
  switch (f.power) {
    case 'R2': {
      let most = 0;
      for (let i = 0; i < s.n; i++) {
        if (i === f.owner) continue;
        const lost = s.pieces[i]!.tok[d.v! - 1]!;
        s.pieces[i]!.tok[d.v! - 1] = 0;
        most = Math.max(most, lost);
        if (lost) c.ev?.push({ type: 'lose', seat: i, v: d.v, n: lost });
      }
      const rolls = 2 + Math.max(0, most - 1);
      s.turn.bonus += rolls;
      c.ev?.push({ type: 'bonusRolls', seat: f.owner, n: rolls });
      return;
    }
    case 'O1a':
      return pushMove(c, f.owner, 4, own, 'O1a');
    case 'O1b':
      return pushMove(c, f.owner, 10, own, 'O1b');
    case 'O2': {
      // The first swap, as named with the power; if a negation chain took those tokens meanwhile, nothing is swapped.
      const mine = s.pieces[f.owner]!.tok;
      const theirs = s.pieces[d.target!]!.tok;
      if (mine[d.give! - 1]! === 0 || theirs[d.take! - 1]! === 0) return;
      mine[d.give! - 1]!--;
      theirs[d.take! - 1]!--;
      mine[d.take! - 1]!++;
      theirs[d.give! - 1]!++;
      c.ev?.push({ type: 'exchange', seat: f.owner, to: d.target, give: d.give, take: d.take });
      s.stack.push(swapFrame(f.owner, d.target!));
      return;
    }
    case 'T1':
      return target(c, d.target!, 'roared', f.owner);
    case 'T2':
      target(c, d.target!, 'roared', f.owner);
      return pushMove(c, f.owner, 6, own, 'T2');
    case 'RB': {
      const p = s.pieces[f.owner]!;
      s.turn.rolled = true;
      p.proud = 2;
      p.rabbitPending = true;
      c.ev?.push({ type: 'proud', seat: f.owner });
      return;
    }
    case 'D':
      if (d.choice === 'a') {
        const dist = nearestAhead(s, f.owner);
        if (dist > 0) {
          const from = s.pieces[f.owner]!.prog;
          c.ev?.push({ type: 'move', seat: f.owner, from: squareOf(s, from), to: squareOf(s, from + dist), by: dist, why: 'D' });
          shift(c, f.owner, dist);
        }
        return;
      }
      return pushMove(c, f.owner, 12, own, 'D');
    case 'S1':
      return target(c, d.target!, 'poisoned', f.owner);
    case 'SH2':
      return pushMove(c, f.owner, d.v!, own, 'SH2');
    case 'M1': {
      const mv = frameById(s, d.ref!) as Move | undefined;
      // The host left the square while the attach waited in a Dog window (a Dog host's +5): nothing to ride.
      if (c.at[d.target!] !== c.at[f.owner] || s.pieces[d.target!]!.attachedTo >= 0) return;
      s.pieces[f.owner]!.attachedTo = d.target!;
      c.riders++;
      c.ev?.push({ type: 'attach', seat: f.owner, host: d.target });
      if (mv) mv.stop = 'attach';
      return;
    }
    case 'M1c':
      s.turn.rolled = true;
      return;
    case 'M2':
      s.stack.push(stealFrame(f.owner, 2));
      return;
    case 'M3':
      return transformTo(c, f.owner, d.to!, null);
    case 'H1':
      s.turn.bonus++;
      return;
    case 'P1': {
      s.pieces[f.owner]!.barrier = 1;
      c.ev?.push({ type: 'barrier', seat: f.owner });
      const mv = frameById(s, d.ref!) as Move | undefined;
      if (mv) {
        mv.stop = 'bounce';
        mv.bouncePig = f.owner;
      }
      return;
    }
    case 'P1b': {
      const from = s.pieces[d.target!]!.tok;
      if (from[d.v! - 1]! > 0) {
        from[d.v! - 1]!--;
        c.ev?.push({ type: 'grab', seat: f.owner, from: d.target, v: d.v });
        gain(c, f.owner, [d.v!], 'P1b');
      }
      return;
    }
    case 'DG': {
      const t = frameById(s, d.ref!) as Act | undefined;
      if (t) t.negated = true;
      // The Dog negates from the middle of its own move (a barrier raised against it): its +5 carries
      // it off the square it entered, and the pieces there are passed all the same (spec §7.12 P1b).
      for (let i = s.stack.length - 1; i >= 0; i--) {
        const mv = s.stack[i]!;
        if (mv.k === 'move' && mv.seat === f.owner && mv.at === 'pig' && mv.passAt === undefined) {
          mv.passAt = c.at[f.owner]!;
          break;
        }
      }
      c.ev?.push({ type: 'negated', seat: t?.owner, power: t?.power, by: f.owner });
      return pushMove(c, f.owner, 5, own, 'DG');
    }
    default: // roll modifiers: the roll frame reads `used`
      return;
  }
}

/** What a negated activation leaves behind (spec §6.3; costs stay lost). */
function onNegated(c: Ctx, f: Act): void {
  const s = c.s;
  if (f.power === 'M1c') detach(c, f.owner, 'negated');
  else if (f.power === 'M3') s.turn.transformed = false;
  else if (f.data.mod) {
    const r = frameById(s, f.data.ref!) as Roll | undefined;
    if (r) r.used = r.used.filter((m) => m !== f.data.mod);
  }
}

/** Run the stack until a decision is needed or the game ends. */
export function drive(c: Ctx): void {
  const s = c.s;
  for (let guard = 0; guard < 100_000; guard++) {
    if (s.phase !== 'play') return;
    const top = topFrame(s);
    if (!top) return; // the main phase: the active player decides
    switch (top.k) {
      case 'act': {
        if (!top.tried) {
          while (top.poll.length && !dogMayNegate(s, top.poll[0]!, top)) top.poll.shift();
          if (top.poll.length) return;
          top.tried = true;
        }
        s.stack.pop();
        if (top.negated) onNegated(c, top);
        else resolve(c, top);
        break;
      }
      case 'move':
        if (stepMove(c, top)) return;
        break;
      case 'roll':
        if (!top.asked && top.offer.length) return;
        // resolveRoll puts the roll's gain frame in its place.
        resolveRoll(c, top);
        break;
      case 'gain':
        s.stack.pop();
        gainRoll(c, top);
        break;
      case 'discard':
        if (count(s.pieces[top.seat]!.tok) > TOKEN_CAP) return;
        s.stack.pop();
        break;
      case 'steal':
        if (top.left > 0 && stealable(s, top.seat)) return;
        s.stack.pop();
        break;
      case 'swap':
        if (swapPossible(s.pieces[top.seat]!.tok, s.pieces[top.target]!.tok)) return;
        s.stack.pop();
        break;
      case 'monkeyStart':
      case 'offer':
        return;
    }
  }
  throw new Error('zodiac-race: the play stack did not settle (engine bug).');
}

/** Whether an Ox holding `mine` can swap one token for a different value of `theirs` (spec §7.2 O2). */
export function swapPossible(mine: readonly number[], theirs: readonly number[]): boolean {
  for (let g = 0; g < 6; g++) if (mine[g]! > 0) for (let w = 0; w < 6; w++) if (w !== g && theirs[w]! > 0) return true;
  return false;
}

/** Whether a Monkey has anything to steal on its square (spec §7.9 M2). */
export function stealable(s: ZrState, seat: number): boolean {
  const sq = squareOf(s, s.pieces[seat]!.prog);
  for (let i = 0; i < s.n; i++) if (i !== seat && squareOf(s, s.pieces[i]!.prog) === sq && count(s.pieces[i]!.tok) > 0) return true;
  return false;
}

/**
 * The empty list of passives of a roll frame (most rolls offer none). Frames replace their lists,
 * never change them (`startRoll`, `chooseMods`, `onNegated`): one frozen list serves them all.
 */
const NO_MODS = Object.freeze([]) as unknown as RollMod[];

/** Roll dice for `seat` and offer its passives (spec §8 roll pipeline). */
export function startRoll(c: Ctx, seat: number, kind: Roll['kind']): void {
  const s = c.s;
  const p = s.pieces[seat]!;
  // Literals: a list grown by `push` from empty takes room for 17 values.
  const dice = kind === 'triple' ? [c.rng.int(6) + 1, c.rng.int(6) + 1, c.rng.int(6) + 1] : [c.rng.int(6) + 1];
  // A roll shows everyone what the die held: undo may not take it back for a player (engine/undo.ts).
  c.ev?.push({ type: 'roll', seat, dice, kind, reveal: 'all' });
  const first = kind !== 'bonus' && (!s.opts.h2_p2_first_roll_only || !s.turn.firstRoll);
  if (kind !== 'bonus') s.turn.firstRoll = true;
  // Most rolls offer nothing: the shared empty list, a list of their own only for what is offered.
  let offer = NO_MODS;
  let h2: 0 | 1 | 2 = 0;
  if (p.poisonedBy < 0 && canUse(s, seat, p.zodiac)) {
    switch (p.zodiac) {
      case 'rat':
        if (dice.includes(1)) offer = ['R1'];
        break;
      case 'rooster': {
        const odd = anyOdd(dice);
        const even = kind === 'normal' && dice[0]! % 2 === 0;
        if (odd || even) offer = odd && even ? ['RO1', 'RO2'] : [odd ? 'RO1' : 'RO2'];
        break;
      }
      case 'horse': {
        const mine = count(p.tok);
        if (first && fewestTokens(s, seat, mine)) {
          h2 = isLast(s, seat) ? 2 : 1;
          offer = ['H2'];
        }
        break;
      }
      case 'pig':
        if (first && count(p.tok) >= 8) offer = ['P2'];
        break;
      case 'sheep':
        if (anyUnheld(dice, p.tok)) offer = ['SH1'];
        break;
      default:
        break;
    }
  }
  const auto = !s.opts.passives_are_activations;
  s.stack.push({ k: 'roll', id: nextId(s), seat, kind, dice, offer: auto ? NO_MODS : offer, used: auto ? offer : NO_MODS, asked: auto, h2 });
}

// The roll's conditions as plain loops: callbacks capturing `startRoll`'s variables would make it
// allocate a closure context on every roll.

/** Whether a die shows an odd value. */
function anyOdd(dice: readonly number[]): boolean {
  for (const v of dice) if (v % 2 === 1) return true;
  return false;
}

/** Whether a die shows a value of which `tok` holds none. */
function anyUnheld(dice: readonly number[], tok: readonly number[]): boolean {
  for (const v of dice) if (tok[v - 1] === 0) return true;
  return false;
}

/** Whether every other piece holds more tokens than `mine`. */
function fewestTokens(s: ZrState, seat: number, mine: number): boolean {
  for (let i = 0; i < s.n; i++) if (i !== seat && count(s.pieces[i]!.tok) <= mine) return false;
  return true;
}

/** Apply the roller's choice of passives: each one is an activation (spec §6.2). */
export function chooseMods(c: Ctx, use: RollMod[]): void {
  const f = c.s.stack[c.s.stack.length - 1] as Roll;
  f.asked = true;
  f.used = use.slice();
  for (let i = use.length - 1; i >= 0; i--) activate(c, f.seat, use[i]!, 'five', { ref: f.id, mod: use[i] });
}

/** Movement, bonus rolls and the token reward of a roll whose passives are settled. */
function resolveRoll(c: Ctx, f: Roll): void {
  const s = c.s;
  const u = f.used;
  // Most rolls use no passive: tested first, so the dice's values (as good as random) are not
  // branched on for nothing.
  const mods = u.length !== 0;
  let total = 0;
  for (const v of f.dice) {
    let m = v;
    if (mods) {
      if (v === 1 && u.includes('R1')) {
        m = 10;
        s.turn.bonus++;
      }
      if (v % 2 === 1 && u.includes('RO1')) m *= 2;
    }
    total += m;
  }
  if (f.kind === 'triple') {
    // The three dice in order, without a sorted copy.
    const x = f.dice[0]!;
    const y = f.dice[1]!;
    const z = f.dice[2]!;
    const lo = Math.min(x, y, z);
    const hi = Math.max(x, y, z);
    const mid = x + y + z - lo - hi;
    if (lo === hi) s.turn.bonus += s.opts.rabbit_triple_bonus;
    else if (lo === mid || mid === hi) s.turn.bonus += 1;
    else if (mid === lo + 1 && hi === mid + 1) total *= 2;
  }
  const p = s.pieces[f.seat]!;
  if (mods) {
    if (u.includes('H2')) {
      total += count(p.tok);
      if (f.h2 === 2) total *= 2;
    }
    if (u.includes('P2')) total += 4;
    if (u.includes('RO2')) s.turn.bonus++;
  }
  // The gain frame takes the roll frame's place on the stack (popping the last frame gives the
  // stack's room back, and the next push allocates it again); the dice never change: it shares them.
  s.stack[s.stack.length - 1] = gainFrame(f.seat, f.dice, mods && u.includes('SH1'));
  c.ev?.push({ type: 'rollMove', seat: f.seat, dice: f.dice, mods: f.used, total, back: p.poisonedBy >= 0 });
  if (p.poisonedBy >= 0) {
    moveBack(c, f.seat, total, 'poison');
    pushMove(c, p.poisonedBy, total, false, 'S1');
  } else pushMove(c, f.seat, total, true, 'roll');
}

/** The token reward of a roll (Sheep SH1: a value held zero times comes twice). */
function gainRoll(c: Ctx, f: Extract<Frame, { k: 'gain' }>): void {
  const tok = c.s.pieces[f.seat]!.tok;
  // The values gained, one per token, only for the event (a quiet table builds none).
  const values: number[] | null = c.ev ? [] : null;
  for (const v of f.values) {
    const n = f.sheep && tok[v - 1] === 0 ? 2 : 1;
    tok[v - 1]! += n;
    if (values) for (let k = 0; k < n; k++) values.push(v);
  }
  c.ev?.push({ type: 'gain', seat: f.seat, values, why: f.sheep ? 'SH1' : 'roll' });
  if (count(tok) > TOKEN_CAP) c.s.stack.push(seatFrame('discard', f.seat));
}

/** Start `seat`'s turn (spec §5 step 0): a ROARED piece moves 1 and the turn ends. */
export function startTurn(c: Ctx, seat: number): void {
  const s = c.s;
  for (let guard = 0; guard <= s.n; guard++) {
    newTurn(s.turn, seat);
    c.ev?.push({ type: 'turn', seat, turnNo: s.turnNo });
    if (c.tally) c.tally.turns++;
    const p = s.pieces[seat]!;
    if (!p.roared) {
      if (p.attachedTo >= 0) {
        if (count(p.tok) === 0) detach(c, seat, 'no-tokens');
        else s.stack.push(seatFrame('monkeyStart', seat));
      }
      return;
    }
    const from = p.prog;
    shift(c, seat, 1);
    c.ev?.push({ type: 'move', seat, from: squareOf(s, from), to: squareOf(s, from + 1), by: 1, why: 'roared' });
    if (s.phase !== 'play') return;
    seat = cleanup(c);
  }
}

/**
 * Reset the turn record for `seat`'s turn, in place: the state being changed owns it (`apply`
 * works on a copy), and the fields keep their order, so the state's JSON is that of a new record.
 */
function newTurn(t: ZrState['turn'], seat: number): void {
  t.seat = seat;
  t.locked = null;
  t.transformed = false;
  t.rolled = false;
  t.firstRoll = false;
  if (t.once.length !== 0) t.once = [];
  t.bonus = 0;
  t.acted = false;
}

/** End-of-turn cleanup (spec §5 step 3); returns the next seat. */
function cleanup(c: Ctx): number {
  const s = c.s;
  const p = s.pieces[s.turn.seat]!;
  p.roared = false;
  p.poisonedBy = -1;
  if (p.proud > 0 && --p.proud === 0) p.rabbitPending = false;
  p.justDetached = false;
  for (const q of s.pieces) q.barrier = 0;
  s.turnNo++;
  return (s.turn.seat + 1) % s.n;
}

/** End the active player's turn and start the next one. */
export function endTurn(c: Ctx): void {
  c.ev?.push({ type: 'endTurn', seat: c.s.turn.seat });
  startTurn(c, cleanup(c));
  drive(c);
}

export { isStar };
