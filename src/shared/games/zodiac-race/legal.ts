/**
 * Who decides now, and every legal move (spec §5–§7). The top frame of the play stack names the
 * decision; an empty stack is the active player's main phase.
 */
import { canUse, isStar, nearestAhead, seatsOn, squareOf, teammates, topFrame, zodiacFree } from './board';
import { dogMayNegate, stealable } from './flow';
import { pigMayRaise } from './walk';
import { teamCount } from './options';
import { count, heldMask, sharedPayments, sharedSnakePayments } from './tokens';
import { ZODIACS, type Frame, type Pay, type RollMod, type ZrMove, type ZrState } from './types';

/** The kinds of decision the table can wait for. */
export type DecisionKind = 'choose' | 'main' | 'bonus' | 'dog' | 'pig' | 'attach' | 'star' | 'gallop' | 'grab' | 'mods' | 'discard' | 'steal' | 'swap' | 'monkeyStart' | 'offer';

/** The pending decision: who, and what about. */
export interface Decision {
  seat: number;
  kind: DecisionKind;
}

/** The decision the table waits for, or null when the game is over. */
export function decisionOf(s: ZrState): Decision | null {
  const kind = decisionKind(s);
  return kind === null ? null : { seat: decisionSeat(s), kind };
}

/** Where `decide` writes the pending decision (a live table keeps one for the game). */
export interface DecisionSlot {
  /** null when the game is over. */
  kind: DecisionKind | null;
  /** -1 when the game is over. */
  seat: number;
}

/**
 * The pending decision's kind and seat into `out`, from one reading of the top frame (the live
 * table asks after every move; reading the frame twice was two polymorphic reads of it).
 */
export function decide(s: ZrState, out: DecisionSlot): void {
  if (s.phase === 'over') return slot(out, null, -1);
  if (s.phase === 'choose') return slot(out, 'choose', s.turn.seat);
  const f = topFrame(s);
  if (!f) return slot(out, s.turn.bonus > 0 ? 'bonus' : 'main', s.turn.seat);
  switch (f.k) {
    case 'act':
      return slot(out, 'dog', f.poll[0]!);
    case 'move':
      if (f.at === 'pig') return slot(out, 'pig', f.queue[0]!);
      if (f.at === 'monkey') return slot(out, 'attach', f.seat);
      if (f.at === 'star') return slot(out, 'star', f.seat);
      return f.queue[0]! % 2 === 0 ? slot(out, 'gallop', f.seat) : slot(out, 'grab', f.queue[0]! >> 1);
    case 'roll':
      return slot(out, 'mods', f.seat);
    case 'discard':
    case 'steal':
    case 'swap':
    case 'monkeyStart':
      return slot(out, f.k, f.seat);
    case 'offer':
      return slot(out, 'offer', f.to);
    default:
      return slot(out, null, -1);
  }
}

function slot(out: DecisionSlot, kind: DecisionKind | null, seat: number): void {
  out.kind = kind;
  out.seat = seat;
}

/** One slot for the one-off questions below (nothing else runs meanwhile). */
const ASKED: DecisionSlot = { kind: null, seat: -1 };

/** The kind of decision the table waits for, or null when the game is over (`decisionOf` without the object). */
export function decisionKind(s: ZrState): DecisionKind | null {
  decide(s, ASKED);
  return ASKED.kind;
}

/** The seat that decides now, or -1 when the game is over (`decisionOf` without the object). */
export function decisionSeat(s: ZrState): number {
  decide(s, ASKED);
  return ASKED.seat;
}

/** Whether `seat` may target seat `i` with Tiger / Snake: another seat, not PROUD (spec §13 #20). */
function isTarget(s: ZrState, seat: number, i: number): boolean {
  return i !== seat && s.pieces[i]!.proud === 0;
}

/** Whether `seat` has any Tiger / Snake target. */
function anyTarget(s: ZrState, seat: number): boolean {
  for (let i = 0; i < s.n; i++) if (isTarget(s, seat, i)) return true;
  return false;
}

/** Subsets of the offered passives, listed by bit mask (subset k holds offer[i] when bit i of k is set). */
function subsets(offer: readonly RollMod[]): RollMod[][] {
  const out: RollMod[][] = [];
  for (let mask = 0; mask < 1 << offer.length; mask++) out.push(subset(offer, mask));
  return out;
}

/** Subset `mask` of the offered passives (see `subsets`). */
export function subset(offer: readonly RollMod[], mask: number): RollMod[] {
  const out: RollMod[] = [];
  for (let i = 0; i < offer.length; i++) if (mask & (1 << i)) out.push(offer[i]!);
  return out;
}

/** Every move `seat` may make now ([] when it is not that seat's decision). */
export function legalMoves(s: ZrState, seat: number): ZrMove[] {
  const kind = decisionKind(s);
  if (kind === null || decisionSeat(s) !== seat) return [];
  return movesFor(s, kind, seat);
}

/**
 * A clause's payments: fresh lists (`fresh`, for a caller that keeps the moves), or the payment
 * tables' own lists, read-only (for `randomMove`, which copies the payment of the one move it
 * returns: the rest are dropped unread).
 */
function paysOf(tok: readonly number[], clause: string, fresh: boolean): readonly Pay[] {
  const list = sharedPayments(tok, clause) as readonly Pay[];
  return fresh ? list.map((p) => p.slice()) : list;
}

/** Snake payments, fresh or shared (see `paysOf`). */
function snakePaysOf(tok: readonly number[], s2: boolean, fresh: boolean): readonly Pay[] {
  const list = sharedSnakePayments(tok, s2) as readonly Pay[];
  return fresh ? list.map((p) => p.slice()) : list;
}

/**
 * The legal moves of a decision already worked out (`kind` and `seat` are `decisionKind` and
 * `decisionSeat` of `s`). With `fresh` false, payment lists in the moves are shared with the
 * payment tables (see `paysOf`): only for a caller that copies the payment of a move it keeps.
 */
export function movesFor(s: ZrState, kind: DecisionKind, seat: number, fresh = true): ZrMove[] {
  const f = topFrame(s) as Frame | undefined;
  const p = s.pieces[seat]!;
  const out: ZrMove[] = [];
  switch (kind) {
    case 'choose':
      for (const z of ZODIACS) if (zodiacFree(s, seat, z)) out.push({ type: 'choose', seat, zodiac: z });
      return out;
    case 'bonus':
      return [
        { type: 'bonus', seat },
        { type: 'skipBonus', seat },
      ];
    case 'main':
      return mainMoves(s, seat, fresh);
    case 'dog': {
      const act = f as Extract<Frame, { k: 'act' }>;
      if (dogMayNegate(s, seat, act)) for (const pay of paysOf(p.tok, act.clause, fresh)) out.push({ type: 'negate', seat, pay });
      out.push({ type: 'pass', seat });
      return out;
    }
    case 'pig':
      if (pigMayRaise(s, seat)) for (const pay of paysOf(p.tok, 'any3', fresh)) out.push({ type: 'barrier', seat, pay });
      out.push({ type: 'pass', seat });
      return out;
    case 'attach':
      for (const host of (f as Extract<Frame, { k: 'move' }>).queue) out.push({ type: 'attach', seat, host });
      out.push({ type: 'go', seat });
      return out;
    case 'star':
      return [
        { type: 'stop', seat },
        { type: 'go', seat },
      ];
    case 'gallop':
      return [
        { type: 'gallop', seat },
        { type: 'go', seat },
      ];
    case 'grab': {
      const mover = (f as Extract<Frame, { k: 'move' }>).seat;
      const tok = s.pieces[mover]!.tok;
      for (let v = 1; v <= 6; v++) if (tok[v - 1]! > 0) out.push({ type: 'grab', seat, v });
      out.push({ type: 'pass', seat });
      return out;
    }
    case 'mods':
      for (const use of subsets((f as Extract<Frame, { k: 'roll' }>).offer)) out.push({ type: 'mods', seat, use });
      return out;
    case 'discard':
      for (let v = 1; v <= 6; v++) if (p.tok[v - 1]! > 0) out.push({ type: 'discard', seat, v });
      return out;
    case 'steal':
      for (const from of seatsOn(s, squareOf(s, p.prog), seat)) for (let v = 1; v <= 6; v++) if (s.pieces[from]!.tok[v - 1]! > 0) out.push({ type: 'steal', seat, from, v });
      out.push({ type: 'done', seat });
      return out;
    case 'swap': {
      const t = s.pieces[(f as Extract<Frame, { k: 'swap' }>).target]!.tok;
      for (let g = 1; g <= 6; g++) if (p.tok[g - 1]! > 0) for (let w = 1; w <= 6; w++) if (t[w - 1]! > 0 && w !== g) out.push({ type: 'swapPick', seat, give: g, take: w });
      // The first swap came with the power (k ≥ 1, spec §7.2): the Ox may stop now.
      out.push({ type: 'done', seat });
      return out;
    }
    case 'offer':
      // A bot that answers with the first move agrees: teammates trade to help each other.
      return [
        { type: 'accept', seat },
        { type: 'decline', seat },
      ];
    case 'monkeyStart':
      for (let v = 1; v <= 6; v++) if (p.tok[v - 1]! > 0) out.push({ type: 'continue', seat, v });
      out.push({ type: 'detach', seat });
      return out;
  }
}

/** Main-phase moves of the active player (spec §5 step 1). */
function mainMoves(s: ZrState, seat: number, fresh: boolean): ZrMove[] {
  const out: ZrMove[] = [];
  const bits = mainBits(s, seat);
  if (bits & MAIN_ROLL) out.push({ type: 'roll', seat });
  if (bits & MAIN_END) out.push({ type: 'end', seat });
  const tf = bits & MAIN_TRANSFORMS;
  if (tf !== 0)
    for (let z = 0; z < 12; z++) if (tf & (64 << z)) for (let v = 1; v <= 6; v++) if (tf & (1 << (v - 1))) out.push({ type: 'transform', seat, to: ZODIACS[z]!, pay: v });
  mainTail(s, seat, out, fresh);
  return out;
}

/** `mainBits`: the main phase lists `roll`. */
export const MAIN_ROLL = 1 << 18;
/** `mainBits`: the main phase lists `end` (after `roll` when both are listed). */
export const MAIN_END = 1 << 19;
/** `mainBits`: every zodiac's transform bit. */
const ALL_ZODIACS = 0xfff << 6;
/** `mainBits`: the transforms' bits. */
export const MAIN_TRANSFORMS = (1 << 18) - 1;

/**
 * The main-phase list comes in three parts: the moves before the transforms (roll, end), the
 * transforms (every allowed zodiac, in `ZODIACS` order, paid with every value held), the moves
 * after (team gifts and exchanges, powers). `mainBits` describes the first two as bits: `MAIN_ROLL`
 * and `MAIN_END`; value v held = bit v − 1 and zodiac `ZODIACS[z]` allowed = bit 6 + z (none of
 * those 18 bits: no transform). A random pick needs these moves only counted (`ZrTable.pickRandom`).
 */
export function mainBits(s: ZrState, seat: number): number {
  const t = s.turn;
  const p = s.pieces[seat]!;
  let bits = 0;
  if (!t.rolled) bits |= MAIN_ROLL;
  if (t.rolled || !s.opts.roll_mandatory) bits |= MAIN_END;
  const tok = p.tok;
  if (t.transformed || count(tok) === 0 || !isStar(s, squareOf(s, p.prog))) return bits;
  const teams = teamCount(s.opts) > 0;
  bits |= heldMask(tok);
  // Free-for-all: every zodiac but the one shown, without asking each.
  if (!teams) return bits | (ALL_ZODIACS & ~(64 << ZODIACS.indexOf(p.zodiac)));
  for (let z = 0; z < 12; z++) {
    const zodiac = ZODIACS[z]!;
    if (zodiac !== p.zodiac && zodiacFree(s, seat, zodiac)) bits |= 64 << z;
  }
  return bits;
}

/** Where `mainTail` appends its moves. */
export interface MoveSink {
  push(m: ZrMove): void;
}

/** The main-phase moves after the transforms (see `mainBits`), appended to `out`; `fresh` as for `movesFor`. */
export function mainTail(s: ZrState, seat: number, out: MoveSink, fresh = true): void {
  const t = s.turn;
  const p = s.pieces[seat]!;
  const tok = p.tok;
  const sq = squareOf(s, p.prog);
  const teams = teamCount(s.opts) > 0;
  const n = count(tok);
  // Team gifts and exchanges (teammates exist only in team modes).
  if (teams)
    for (let i = 0; i < s.n; i++) {
      if (!teammates(s, seat, i) || squareOf(s, s.pieces[i]!.prog) !== sq) continue;
      const q = s.pieces[i]!.tok;
      for (let v = 1; v <= 6; v++) {
        if (tok[v - 1]! === 0) continue;
        out.push({ type: 'give', seat, to: i, v });
        for (let w = 1; w <= 6; w++) if (w !== v && q[w - 1]! > 0) out.push({ type: 'exchange', seat, to: i, give: v, take: w });
      }
    }
  if (!canUse(s, seat, p.zodiac)) return;
  const once = t.once;
  switch (p.zodiac) {
    case 'rat':
      if (!once.includes('R2'))
        for (let v = 1; v <= 6; v++) {
          let all = true;
          for (let i = 0; i < s.n && all; i++) all = s.pieces[i]!.tok[v - 1]! > 0;
          if (all) out.push({ type: 'power', seat, power: 'R2', v });
        }
      break;
    case 'ox':
      for (const pay of paysOf(tok, 'red2', fresh)) out.push({ type: 'power', seat, power: 'O1a', pay });
      for (const pay of paysOf(tok, 'ones3', fresh)) out.push({ type: 'power', seat, power: 'O1b', pay });
      for (const pay of paysOf(tok, 'red4', fresh)) out.push({ type: 'power', seat, power: 'O1b', pay });
      // O2 names its first swap (k ≥ 1, spec §7.2): one move per other player and pair of different values.
      if (!once.includes('O2') && n > 0)
        for (let i = 0; i < s.n; i++) {
          if (i === seat) continue;
          const q = s.pieces[i]!.tok;
          for (let g = 1; g <= 6; g++) if (tok[g - 1]! > 0) for (let w = 1; w <= 6; w++) if (w !== g && q[w - 1]! > 0) out.push({ type: 'power', seat, power: 'O2', target: i, give: g, take: w });
        }
      break;
    case 'tiger':
      if (tok[5]! >= 2) for (let target = 0; target < s.n; target++) if (isTarget(s, seat, target)) out.push({ type: 'power', seat, power: 'T1', target, pay: [6, 6] });
      if (!once.includes('T2') && anyTarget(s, seat))
        for (const pay of paysOf(tok, 'sum12', fresh)) for (let target = 0; target < s.n; target++) if (isTarget(s, seat, target)) out.push({ type: 'power', seat, power: 'T2', target, pay });
      break;
    case 'rabbit':
      if (!t.rolled && !once.includes('RB')) out.push({ type: 'power', seat, power: 'RB' });
      break;
    case 'dragon': {
      const pays = paysOf(tok, 'run5', fresh);
      if (pays.length === 0) break;
      const ahead = nearestAhead(s, seat) > 0;
      for (const pay of pays) {
        if (ahead) out.push({ type: 'power', seat, power: 'D', pay, choice: 'a' });
        out.push({ type: 'power', seat, power: 'D', pay, choice: 'b' });
      }
      break;
    }
    case 'snake':
      if (anyTarget(s, seat))
        for (const pay of snakePaysOf(tok, !once.includes('S2'), fresh)) for (let target = 0; target < s.n; target++) if (isTarget(s, seat, target)) out.push({ type: 'power', seat, power: 'S1', target, pay });
      break;
    case 'sheep':
      for (let v = 1; v <= 6; v++) if (tok[v - 1]! >= 2) out.push({ type: 'power', seat, power: 'SH2', pay: [v, v] });
      break;
    case 'monkey':
      if (!t.acted && !p.justDetached && stealable(s, seat)) out.push({ type: 'power', seat, power: 'M2' });
      if (!t.transformed) for (const z of ZODIACS) if (z !== 'monkey' && (!teams || zodiacFree(s, seat, z))) out.push({ type: 'power', seat, power: 'M3', to: z });
      break;
    default:
      break;
  }
}
