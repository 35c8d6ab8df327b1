/**
 * The rule-based 生肖赛跑 player (spec §12 bot notes), deciding from its seat's view only:
 * - starts as a strong racer (Rooster first) and, on a star with tokens to spare, transforms back
 *   to one before rolling; stops on a star only when it would transform and few steps are lost;
 * - spends tokens on forward movement (Ox, Dragon, Sheep), roars / poisons the points leader
 *   among its opponents, takes every bonus roll and every roll passive;
 * - as Dog negates opponents' activations it can pay for (a +5 for itself), as Pig walls
 *   opponents in and grabs their best token; never rides as a Monkey (no roll, a token a turn);
 * - discards its most plentiful value, steals and swaps for high values.
 */
import type { Bot, BotInput } from '../../../engine/types';
import type { ZrMove } from '../types';
import type { Zodiac } from '../types';
import type { ZrView } from '../view';

/** Starting / transform preference, best first. */
export const PREFERENCE: readonly Zodiac[] = ['rooster', 'rat', 'horse', 'pig', 'ox', 'dragon', 'sheep', 'tiger', 'snake', 'dog', 'rabbit', 'monkey'];

const isOpp = (v: ZrView, me: number, other: number) => other !== me && (v.opts.mode === 'ffa' || v.pieces[other]!.team !== v.pieces[me]!.team);
const total = (tok: readonly number[]) => tok.reduce((a, b) => a + b, 0);

/** The opponent with the most progress (the one to slow down). */
function leader(v: ZrView, me: number): number {
  let best = -1;
  for (let i = 0; i < v.players; i++) if (isOpp(v, me, i) && (best < 0 || v.pieces[i]!.prog > v.pieces[best]!.prog)) best = i;
  return best;
}

/** The zodiac this seat would like to show. */
function wanted(v: ZrView, me: number): Zodiac {
  for (const z of PREFERENCE) if (v.pieces.every((p, i) => i === me || p.team !== v.pieces[me]!.team || v.opts.mode === 'ffa' || p.zodiac !== z)) return z;
  return 'rooster';
}

/** Sum of a payment (cheaper payments first). */
const cost = (m: ZrMove) => ('pay' in m && Array.isArray(m.pay) ? m.pay.reduce((a, b) => a + b, 0) : typeof (m as { pay?: unknown }).pay === 'number' ? (m as { pay: number }).pay : 0);
const cheapest = (ms: ZrMove[]) => ms.reduce((a, b) => (cost(b) < cost(a) ? b : a));

/** The heuristic choice among the legal moves. */
export function heuristicChoose(input: BotInput<ZrView, ZrMove>): ZrMove {
  const { legal, seat: me } = input;
  if (legal.length === 1) return legal[0]!;
  const v = input.view;
  const of = <T extends ZrMove['type']>(t: T) => legal.filter((m) => m.type === t) as Extract<ZrMove, { type: T }>[];
  const kind = v.decision?.kind;
  const p = v.pieces[me]!;
  switch (kind) {
    case 'choose': {
      const ch = of('choose');
      for (const z of PREFERENCE) {
        const m = ch.find((x) => x.zodiac === z);
        if (m) return m;
      }
      return ch[0]!;
    }
    case 'bonus':
      return of('bonus')[0]!;
    case 'mods':
      return of('mods').reduce((a, b) => (b.use.length > a.use.length ? b : a));
    case 'star': {
      const f = v.stack[v.stack.length - 1] as { left: number };
      const want = wanted(v, me);
      const stop = !v.turn.transformed && p.zodiac !== want && total(p.tok) >= 2 && f.left <= 3;
      return of(stop ? 'stop' : 'go')[0]!;
    }
    case 'gallop':
      return of('gallop')[0]!;
    case 'attach':
    case 'monkeyStart':
      return legal.find((m) => m.type === 'go' || m.type === 'detach')!;
    case 'dog': {
      const f = v.stack[v.stack.length - 1] as { owner: number };
      const neg = of('negate');
      return neg.length && isOpp(v, me, f.owner) ? cheapest(neg) : of('pass')[0]!;
    }
    case 'pig': {
      const f = v.stack[v.stack.length - 1] as { seat: number };
      const bar = of('barrier');
      return bar.length && isOpp(v, me, f.seat) && total(p.tok) >= 5 ? cheapest(bar) : of('pass')[0]!;
    }
    case 'grab': {
      const f = v.stack[v.stack.length - 1] as { seat: number };
      const g = of('grab');
      return g.length && isOpp(v, me, f.seat) ? g[g.length - 1]! : of('pass')[0]!;
    }
    case 'discard': {
      const d = of('discard');
      return d.reduce((a, b) => (p.tok[b.v - 1]! > p.tok[a.v - 1]! ? b : a));
    }
    case 'steal': {
      const st = of('steal').filter((m) => isOpp(v, me, m.from));
      return st.length ? st.reduce((a, b) => (b.v > a.v ? b : a)) : of('done')[0]!;
    }
    case 'swap': {
      const sw = of('swapPick').filter((m) => m.take > m.give);
      return sw.length ? sw.reduce((a, b) => (b.take - b.give > a.take - a.give ? b : a)) : of('done')[0]!;
    }
    default:
      return mainChoice(v, me, legal);
  }
}

/** Main phase: transform toward the wanted zodiac, spend tokens on movement and on the leader, roll, end. */
function mainChoice(v: ZrView, me: number, legal: readonly ZrMove[]): ZrMove {
  const p = v.pieces[me]!;
  const powers = legal.filter((m) => m.type === 'power') as Extract<ZrMove, { type: 'power' }>[];
  const want = wanted(v, me);
  if (!v.turn.locked && p.zodiac !== want && total(p.tok) >= 2) {
    const tr = legal.filter((m) => m.type === 'transform' && m.to === want) as Extract<ZrMove, { type: 'transform' }>[];
    // Pay with the value held most often.
    if (tr.length) return tr.reduce((a, b) => (p.tok[b.pay - 1]! > p.tok[a.pay - 1]! ? b : a));
  }
  const lead = leader(v, me);
  const pick = (...names: string[]) => powers.filter((m) => names.includes(m.power));
  const move = [...pick('O1b'), ...pick('D').filter((m) => 'choice' in m && m.choice === 'b'), ...pick('SH2'), ...pick('O1a')];
  if (move.length && total(p.tok) >= 4) return move[0]!;
  const hit = pick('T2', 'T1', 'S1').filter((m) => 'target' in m && m.target === lead);
  if (hit.length) return cheapest(hit);
  const r2 = pick('R2');
  if (r2.length) return r2[0]!;
  const roll = legal.find((m) => m.type === 'roll');
  if (roll) return roll;
  return legal.find((m) => m.type === 'end') ?? legal[0]!;
}

/** A heuristic bot (stateless). */
export function createHeuristicBot(): Bot<ZrView, ZrMove> {
  return heuristicChoose;
}

/** The heuristic bot. */
export const heuristicBot: Bot<ZrView, ZrMove> = heuristicChoose;
