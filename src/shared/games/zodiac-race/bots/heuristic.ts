/**
 * The rule-based 生肖赛跑 player (spec §12 bot notes), deciding from its seat's view only. It
 * weighs animals in squares of progress (plans.ts):
 * - picks its starting animal by the table: what is still free, what the others took (an
 *   opponent Rat seated earlier makes a Dog worth more than a second Rat), its seat; a little
 *   seeded jitter among near-equal animals so tables differ;
 * - on a star, transforms when another animal is worth more — a power it can use right away with
 *   its tokens (a Dragon run, an Ox charge, a roar or venom on the leader, a Sheep pair, a Rabbit's
 *   pride before rolling) or a better animal to keep — and stops on a star during a move only
 *   when that gain outweighs the steps lost;
 * - uses its animal's powers when they pay: Sly Theft for the value that strips the opponents
 *   most, Charge, Godspeed (jumping when the piece ahead is further than 12), Roar and Venom on
 *   the leading opponent, Pride before rolling, Bountiful on pairs, a token swap for a better
 *   one, a Monkey's steal, ride and free transform;
 * - out of turn: as Dog negates opponents' activations (a +5 for itself), as Pig walls in an
 *   opponent with steps left and grabs from one passing it; takes every bonus roll and passive.
 */
import type { Bot, BotInput } from '../../../engine/types';
import type { Rng } from '../../../util/rng';
import { ZODIACS, type Zodiac, type ZrMove } from '../types';
import type { ZrView } from '../view';
import { TOKEN, isOpp, leader, minus, now, standing, total } from './plans';

/** How many turns an animal is kept on average (a transform is paid for over this many turns). */
const KEEP = 3;

/** Starting preference with nothing known about the table, best first (kept for the CLI and tests). */
export const PREFERENCE: readonly Zodiac[] = ['rooster', 'rat', 'rabbit', 'horse', 'pig', 'dog', 'dragon', 'ox', 'sheep', 'tiger', 'snake', 'monkey'];

type Of<T extends ZrMove['type']> = Extract<ZrMove, { type: T }>;
type Power = Of<'power'>;

/** Sum of a payment (cheaper payments first). */
const cost = (m: ZrMove) => ('pay' in m && Array.isArray(m.pay) ? m.pay.length * 10 + m.pay.reduce((a, b) => a + b, 0) : 0);
const cheapest = <M extends ZrMove>(ms: M[]): M => ms.reduce((a, b) => (cost(b) < cost(a) ? b : a));
const FAST: readonly Zodiac[] = ['rooster', 'rat', 'rabbit', 'horse', 'dragon'];

/** A small seeded jitter (0 in rollouts, which run without a generator). */
const jitter = (rng: Rng | null | undefined, size: number) => (rng ? rng.nextFloat() * size : 0);

/** The heuristic choice among the legal moves. */
export function heuristicChoose(input: BotInput<ZrView, ZrMove>): ZrMove {
  const { legal, seat: me } = input;
  if (legal.length === 1) return legal[0]!;
  const v = input.view;
  const of = <T extends ZrMove['type']>(t: T) => legal.filter((m) => m.type === t) as Of<T>[];
  const p = v.pieces[me]!;
  const top = v.stack[v.stack.length - 1] as Record<string, unknown> | undefined;
  switch (v.decision?.kind) {
    case 'choose': {
      const ch = of('choose');
      let best = ch[0]!;
      let bestX = -Infinity;
      for (const m of ch) {
        const x = standing(v, me, m.zodiac, true) + jitter(input.rng, 0.9);
        if (x > bestX) [best, bestX] = [m, x];
      }
      return best;
    }
    case 'bonus':
      return of('bonus')[0]!;
    case 'mods':
      return of('mods').reduce((a, b) => (b.use.length > a.use.length ? b : a));
    case 'star': {
      const left = (top?.left as number) ?? 0;
      const gain = v.turn.transformed ? -Infinity : bestTransform(v, me, p.tok, v.turn.locked === null).gain;
      return of(gain > left * 0.9 ? 'stop' : 'go')[0]!;
    }
    case 'gallop':
      return of('gallop')[0]!;
    case 'attach': {
      const left = (top?.left as number) ?? 0;
      const hosts = of('attach').filter((m) => FAST.includes(v.pieces[m.host]!.zodiac));
      return hosts.length && left <= 4 ? hosts.reduce((a, b) => (v.pieces[b.host]!.prog > v.pieces[a.host]!.prog ? b : a)) : of('go')[0]!;
    }
    case 'monkeyStart': {
      const host = p.attachedTo;
      const cont = of('continue');
      const ride = host >= 0 && cont.length && (FAST.includes(v.pieces[host]!.zodiac) || !isOpp(v, me, host)) && (total(p.tok) >= 2 || !isOpp(v, me, host));
      // Pay the ride with the lowest value held.
      return ride ? cont.reduce((a, b) => (b.v < a.v ? b : a)) : of('detach')[0]!;
    }
    case 'dog': {
      const owner = top?.owner as number;
      const neg = of('negate');
      return neg.length && isOpp(v, me, owner) ? cheapest(neg) : of('pass')[0]!;
    }
    case 'pig': {
      const mover = top?.seat as number;
      const left = (top?.left as number) ?? 0;
      const bar = of('barrier');
      return bar.length && isOpp(v, me, mover) && left >= 2 ? cheapestTokens(bar, p.tok) : of('pass')[0]!;
    }
    case 'grab': {
      const g = of('grab');
      return g.length && isOpp(v, me, top?.seat as number) ? g[g.length - 1]! : of('pass')[0]!;
    }
    case 'discard': {
      const d = of('discard');
      return d.reduce((a, b) => (p.tok[b.v - 1]! > p.tok[a.v - 1]! || (p.tok[b.v - 1] === p.tok[a.v - 1] && b.v < a.v) ? b : a));
    }
    case 'steal': {
      const st = of('steal').filter((m) => isOpp(v, me, m.from));
      return st.length ? st.reduce((a, b) => (b.v > a.v ? b : a)) : of('done')[0]!;
    }
    case 'swap': {
      const sw = of('swapPick').filter((m) => m.take > m.give);
      if (sw.length) return sw.reduce((a, b) => (b.take - b.give > a.take - a.give ? b : a));
      return of('done')[0] ?? legal[0]!;
    }
    default:
      return mainChoice(v, me, legal, input.rng);
  }
}

/** Of several payments, the one giving up the values held most often (keeps runs and pairs). */
function cheapestTokens<M extends ZrMove & { pay: number[] }>(ms: M[], tok: readonly number[]): M {
  const loss = (m: M) => m.pay.length * 10 - m.pay.reduce((a, x) => a + tok[x - 1]!, 0);
  return ms.reduce((a, b) => (loss(b) < loss(a) ? b : a));
}

/** The best transform from here (to any allowed animal, paying the value that hurts least) and its gain over staying. */
function bestTransform(v: ZrView, me: number, tok: readonly number[], unlocked: boolean, allowed?: readonly Zodiac[], rng?: Rng | null): { to: Zodiac | null; pay: number; gain: number } {
  const p = v.pieces[me]!;
  const stay = KEEP * standing(v, me, p.zodiac) + (unlocked ? now(v, me, p.zodiac, tok, v.turn.rolled) : 0);
  let out = { to: null as Zodiac | null, pay: 0, gain: -Infinity };
  if (total(tok) === 0) return out;
  const taken = (z: Zodiac) => v.opts.mode !== 'ffa' && v.pieces.some((q, i) => i !== me && q.team === p.team && q.zodiac === z);
  for (const z of allowed ?? ZODIACS) {
    if (z === p.zodiac || taken(z)) continue;
    const keep = KEEP * standing(v, me, z) + jitter(rng, 1.5);
    for (let pay = 1; pay <= 6; pay++) {
      if (!tok[pay - 1]) continue;
      const rest = minus(tok, pay);
      const gain = keep + (unlocked ? now(v, me, z, rest, v.turn.rolled) : 0) - TOKEN - stay;
      if (gain > out.gain) out = { to: z, pay, gain };
    }
  }
  return out;
}

/** Main phase: steal, transform if worth it, use the animal's powers when they pay, roll, end. */
function mainChoice(v: ZrView, me: number, legal: readonly ZrMove[], rng: Rng | null | undefined): ZrMove {
  const p = v.pieces[me]!;
  const powers = legal.filter((m) => m.type === 'power') as Power[];
  const pick = <K extends Power['power']>(k: K) => powers.filter((m) => m.power === k) as (Power & { power: K })[];
  const unlocked = v.turn.locked === null;
  // The leading opponent that a roar or venom can still reach (not proud, not already roared or poisoned).
  const lead = leader(v, me, (i) => v.pieces[i]!.proud === 0 && !v.pieces[i]!.roared && v.pieces[i]!.poisonedBy < 0);

  // Monkey: steal at the very start of the turn.
  if (pick('M2').length) return pick('M2')[0]!;

  // Transform on a star when another animal is worth more.
  const tr = legal.filter((m) => m.type === 'transform') as Of<'transform'>[];
  if (tr.length) {
    const allowed = [...new Set(tr.map((m) => m.to))];
    const best = bestTransform(v, me, p.tok, unlocked, allowed, rng);
    if (best.to && best.gain > 1) return tr.find((m) => m.to === best.to && m.pay === best.pay) ?? tr.find((m) => m.to === best.to)!;
  }
  // A Monkey off a star transforms for free when another animal is clearly better (powers wait a turn).
  const m3 = pick('M3');
  if (m3.length && p.attachedTo < 0) {
    // Weighed as a paid transform (one token, standing for the new animal's powers lost this turn).
    const best = bestTransform(v, me, [1, 0, 0, 0, 0, 0], false, m3.map((m) => m.to));
    if (best.to && best.gain > 2.5) return m3.find((m) => m.to === best.to)!;
  }

  // Rat: Sly Theft for the value that strips the opponents most (teammates' losses count against).
  const r2 = pick('R2');
  if (r2.length) {
    const worth = (x: number) => {
      let opp = 0;
      let mate = 0;
      let most = 0;
      for (let i = 0; i < v.players; i++) {
        if (i === me) continue;
        const n = v.pieces[i]!.tok[x - 1]!;
        if (isOpp(v, me, i)) opp += n;
        else mate += n;
        most = Math.max(most, n);
      }
      return (2 + Math.max(0, most - 1)) * 3.5 + TOKEN * (opp - mate - 1);
    };
    const best = r2.reduce((a, b) => (worth(b.v) > worth(a.v) ? b : a));
    if (worth(best.v) > 0) return best;
  }
  // Rabbit: pride before rolling (three dice next turn, and no roars, venom or negation meanwhile).
  // (Not while its triple roll is due: declaring again would skip the three dice.)
  if (pick('RB').length && !p.rabbitPending) return pick('RB')[0]!;
  // Movement bought with tokens.
  const o1b = pick('O1b');
  if (o1b.length) return cheapestTokens(o1b, p.tok);
  const d = pick('D');
  if (d.length) {
    const sq = p.prog;
    let ahead = Infinity;
    for (let i = 0; i < v.players; i++) {
      const n = v.opts.track_length;
      const dd = ((((v.pieces[i]!.prog - sq) % n) + n) % n) || Infinity;
      if (i !== me) ahead = Math.min(ahead, dd);
    }
    const a = d.filter((m) => m.choice === 'a');
    return a.length && ahead > 12 && ahead !== Infinity ? a[0]! : d.find((m) => m.choice === 'b')!;
  }
  // Roar / venom on the leading opponent (not one already roared or poisoned).
  if (lead >= 0) {
    const t2 = pick('T2').filter((m) => m.target === lead);
    if (t2.length) return cheapestTokens(t2, p.tok);
    const hit = [...pick('T1'), ...pick('S1')].filter((m) => m.target === lead);
    if (hit.length && (v.pieces[lead]!.laps >= p.laps || v.pieces[lead]!.prog > p.prog)) return cheapestTokens(hit, p.tok);
  }
  const sh = pick('SH2').filter((m) => m.pay[0]! >= 3);
  if (sh.length) return sh.reduce((a, b) => (b.pay[0]! > a.pay[0]! ? b : a));
  const o1a = pick('O1a');
  const red = p.tok[0]! + p.tok[3]!;
  if (o1a.length && (red < 4 || total(p.tok) >= 9) && p.tok[0]! < 3) return cheapestTokens(o1a, p.tok);
  // Ox swap: trade a low token for an opponent's highest when it is worth a roar or a run.
  const o2 = pick('O2').filter((m) => isOpp(v, me, m.target));
  if (o2.length) {
    const myLow = p.tok.findIndex((n) => n > 0) + 1;
    const best = o2.reduce((a, b) => (maxHeld(v.pieces[b.target]!.tok) > maxHeld(v.pieces[a.target]!.tok) ? b : a));
    if (myLow > 0 && maxHeld(v.pieces[best.target]!.tok) > myLow + 1) return best;
  }
  // Teams: a full hand shares tokens with a teammate on the same square.
  const give = (legal.filter((m) => m.type === 'give') as Of<'give'>[]).filter((m) => total(v.pieces[m.to]!.tok) + 3 < total(p.tok));
  if (give.length && total(p.tok) >= 10) return give.reduce((a, b) => (p.tok[b.v - 1]! > p.tok[a.v - 1]! ? b : a));

  const roll = legal.find((m) => m.type === 'roll');
  if (roll) return roll;
  return legal.find((m) => m.type === 'end') ?? legal[0]!;
}

/** The highest value held, or 0. */
function maxHeld(tok: readonly number[]): number {
  for (let x = 6; x >= 1; x--) if (tok[x - 1]! > 0) return x;
  return 0;
}

/** A heuristic bot (stateless). */
export function createHeuristicBot(): Bot<ZrView, ZrMove> {
  return heuristicChoose;
}

/** The heuristic bot. */
export const heuristicBot: Bot<ZrView, ZrMove> = heuristicChoose;
