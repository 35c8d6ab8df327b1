/**
 * Who decides now, and every legal move (spec §5–§7). The top frame of the play stack names the
 * decision; an empty stack is the active player's main phase.
 */
import { canUse, isStar, nearestAhead, seatsOn, squareOf, teammates, zodiacFree } from './board';
import { dogMayNegate, pigMayRaise, stealable } from './flow';
import { count, multisets, payments, snakePayments } from './tokens';
import { ZODIACS, type Frame, type RollMod, type ZrMove, type ZrState } from './types';

/** The kinds of decision the table can wait for. */
export type DecisionKind = 'choose' | 'main' | 'bonus' | 'dog' | 'pig' | 'attach' | 'star' | 'gallop' | 'grab' | 'mods' | 'discard' | 'steal' | 'swap' | 'monkeyStart';

/** The pending decision: who, and what about. */
export interface Decision {
  seat: number;
  kind: DecisionKind;
}

/** The decision the table waits for, or null when the game is over. */
export function decisionOf(s: ZrState): Decision | null {
  if (s.phase === 'over') return null;
  if (s.phase === 'choose') return { seat: s.turn.seat, kind: 'choose' };
  const f = s.stack[s.stack.length - 1];
  if (!f) return { seat: s.turn.seat, kind: s.turn.bonus > 0 ? 'bonus' : 'main' };
  switch (f.k) {
    case 'act':
      return { seat: f.poll[0]!, kind: 'dog' };
    case 'move':
      if (f.at === 'pig') return { seat: f.queue[0]!, kind: 'pig' };
      if (f.at === 'monkey') return { seat: f.seat, kind: 'attach' };
      if (f.at === 'star') return { seat: f.seat, kind: 'star' };
      return f.queue[0]! % 2 === 0 ? { seat: f.seat, kind: 'gallop' } : { seat: f.queue[0]! >> 1, kind: 'grab' };
    case 'roll':
      return { seat: f.seat, kind: 'mods' };
    case 'discard':
      return { seat: f.seat, kind: 'discard' };
    case 'steal':
      return { seat: f.seat, kind: 'steal' };
    case 'swap':
      return { seat: f.seat, kind: 'swap' };
    case 'monkeyStart':
      return { seat: f.seat, kind: 'monkeyStart' };
    default:
      return null;
  }
}

/** Other seats that may be targeted by Tiger / Snake (not PROUD, spec §13 #20). */
export function targets(s: ZrState, seat: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.n; i++) if (i !== seat && s.pieces[i]!.proud === 0) out.push(i);
  return out;
}

/** Subsets of the offered passives. */
function subsets(offer: readonly RollMod[]): RollMod[][] {
  const out: RollMod[][] = [];
  for (let mask = 0; mask < 1 << offer.length; mask++) out.push(offer.filter((_, i) => mask & (1 << i)));
  return out;
}

/** Every move `seat` may make now ([] when it is not that seat's decision). */
export function legalMoves(s: ZrState, seat: number): ZrMove[] {
  const d = decisionOf(s);
  if (!d || d.seat !== seat) return [];
  const f = s.stack[s.stack.length - 1] as Frame | undefined;
  const p = s.pieces[seat]!;
  const out: ZrMove[] = [];
  switch (d.kind) {
    case 'choose':
      for (const z of ZODIACS) if (zodiacFree(s, seat, z)) out.push({ type: 'choose', seat, zodiac: z });
      return out;
    case 'bonus':
      return [
        { type: 'bonus', seat },
        { type: 'skipBonus', seat },
      ];
    case 'main':
      return mainMoves(s, seat);
    case 'dog': {
      const act = f as Extract<Frame, { k: 'act' }>;
      if (dogMayNegate(s, seat, act)) for (const pay of payments(p.tok, act.clause)) out.push({ type: 'negate', seat, pay });
      out.push({ type: 'pass', seat });
      return out;
    }
    case 'pig':
      if (pigMayRaise(s, seat)) for (const pay of multisets(p.tok, 3)) out.push({ type: 'barrier', seat, pay });
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
      out.push({ type: 'done', seat });
      return out;
    }
    case 'monkeyStart':
      for (let v = 1; v <= 6; v++) if (p.tok[v - 1]! > 0) out.push({ type: 'continue', seat, v });
      out.push({ type: 'detach', seat });
      return out;
  }
}

/** Main-phase moves of the active player (spec §5 step 1). */
function mainMoves(s: ZrState, seat: number): ZrMove[] {
  const out: ZrMove[] = [];
  const t = s.turn;
  const p = s.pieces[seat]!;
  const sq = squareOf(s, p.prog);
  if (!t.rolled) out.push({ type: 'roll', seat });
  if (t.rolled || !s.opts.roll_mandatory) out.push({ type: 'end', seat });
  const n = count(p.tok);
  if (!t.transformed && n > 0 && isStar(s, sq))
    for (const z of ZODIACS) if (z !== p.zodiac && zodiacFree(s, seat, z)) for (let v = 1; v <= 6; v++) if (p.tok[v - 1]! > 0) out.push({ type: 'transform', seat, to: z, pay: v });
  for (let i = 0; i < s.n; i++) {
    if (!teammates(s, seat, i) || squareOf(s, s.pieces[i]!.prog) !== sq) continue;
    const q = s.pieces[i]!.tok;
    for (let v = 1; v <= 6; v++) {
      if (p.tok[v - 1]! === 0) continue;
      out.push({ type: 'give', seat, to: i, v });
      for (let w = 1; w <= 6; w++) if (w !== v && q[w - 1]! > 0) out.push({ type: 'exchange', seat, to: i, give: v, take: w });
    }
  }
  if (!canUse(s, seat, p.zodiac)) return out;
  const once = (k: string) => t.once.includes(k);
  switch (p.zodiac) {
    case 'rat':
      if (!once('R2')) for (let v = 1; v <= 6; v++) if (s.pieces.every((q) => q.tok[v - 1]! > 0)) out.push({ type: 'power', seat, power: 'R2', v });
      break;
    case 'ox':
      for (const pay of payments(p.tok, 'red2')) out.push({ type: 'power', seat, power: 'O1a', pay });
      for (const pay of [...payments(p.tok, 'ones3'), ...payments(p.tok, 'red4')]) out.push({ type: 'power', seat, power: 'O1b', pay });
      if (!once('O2') && n > 0) for (let i = 0; i < s.n; i++) if (i !== seat && count(s.pieces[i]!.tok) > 0) out.push({ type: 'power', seat, power: 'O2', target: i });
      break;
    case 'tiger': {
      const ts = targets(s, seat);
      for (const target of ts) if (p.tok[5]! >= 2) out.push({ type: 'power', seat, power: 'T1', target, pay: [6, 6] });
      if (!once('T2')) for (const pay of payments(p.tok, 'sum12')) for (const target of ts) out.push({ type: 'power', seat, power: 'T2', target, pay });
      break;
    }
    case 'rabbit':
      if (!once('RB') && !t.rolled) out.push({ type: 'power', seat, power: 'RB' });
      break;
    case 'dragon': {
      const ahead = nearestAhead(s, seat) > 0;
      for (const pay of payments(p.tok, 'run5')) {
        if (ahead) out.push({ type: 'power', seat, power: 'D', pay, choice: 'a' });
        out.push({ type: 'power', seat, power: 'D', pay, choice: 'b' });
      }
      break;
    }
    case 'snake': {
      const ts = targets(s, seat);
      for (const pay of snakePayments(p.tok, !once('S2'))) for (const target of ts) out.push({ type: 'power', seat, power: 'S1', target, pay });
      break;
    }
    case 'sheep':
      for (const pay of payments(p.tok, 'pair')) out.push({ type: 'power', seat, power: 'SH2', pay });
      break;
    case 'monkey':
      if (!t.acted && !p.justDetached && stealable(s, seat)) out.push({ type: 'power', seat, power: 'M2' });
      if (!t.transformed) for (const z of ZODIACS) if (z !== 'monkey' && zodiacFree(s, seat, z)) out.push({ type: 'power', seat, power: 'M3', to: z });
      break;
    default:
      break;
  }
  return out;
}
