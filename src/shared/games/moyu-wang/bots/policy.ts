/**
 * The heuristic policy, on what a seat knows (`Seen`, built from a view or, in the search bot's
 * playouts, from a live table's state). Plays: each candidate — every single card, and the k
 * highest cards of a colour together — is scored by its expected cost: the risk of being selected
 * for overtime (the colour's chance of being the overtime colour, an x0 holiday excluding it, the
 * chance a later player undercuts the value) times what overtime costs (the table's cards, drawing
 * back up, a marker), plus the cards still in hand (each worth X at the end), plus the worth of
 * spending a rainbow leave card or an excuse that could save a later round. So it dumps high
 * numbers early, keeps rainbows and excuses for danger, and plays low only in colours unlikely to
 * be the overtime colour (excluded by a holiday, or outnumbered). Excuses: bounce first, then pass
 * on, then share, then cancel; targets the player with the lowest score.
 */
import { BLACK, BROWN, colourOf, COLOURS, isHoliday, RAINBOW } from '../cards';
import type { MwOptions } from '../options';
import { excuseOf, type MwMove, type MwPlay, type MwRole } from '../state';

/** What the policy reads: a seat's knowledge. */
export interface Seen {
  seat: number;
  players: number;
  hand: readonly number[];
  plays: readonly MwPlay[];
  counts: readonly number[];
  markers: readonly number[];
  pileCounts: readonly number[];
  drawCount: number;
  leader: number;
  selected: { seat: number; madeBy: number | null } | null;
  options: MwOptions;
  role: MwRole | null;
}

const base = (c: number) => (c === BROWN ? 60 : (c + 1) * 10);

/** The colours this seat may play (bitmask), as the rules say. */
export function allowedMask(v: Seen): number {
  const all = (1 << COLOURS) - 1;
  if (v.plays.length === 0 || v.role === 'secretary' || v.role === 'old_hand') return all;
  let appeared = 0;
  for (const p of v.plays) if (p.colour !== RAINBOW) appeared |= 1 << p.colour;
  let held = 0;
  for (const c of v.hand) held |= 1 << colourOf(c);
  return held & appeared ? appeared | (1 << RAINBOW) : all;
}

/** The chance a play of `colour` with lowest number `value` (holding a holiday: `holiday`) ends selected. */
export function risk(v: Seen, colour: number, value: number, holiday: boolean): number {
  if (colour === RAINBOW) return 0.03;
  const plays = v.plays;
  const n = [0, 0, 0, 0, 0, 0, 0, 0];
  let excluded = 0;
  let lower = false;
  let firstBlack = true;
  for (const p of plays) {
    n[p.colour]!++;
    for (const c of p.cards) if (isHoliday(c)) excluded |= 1 << colourOf(c);
    if (p.colour === colour && p.value >= 0 && p.value < value) lower = true;
    if (p.colour === BLACK) firstBlack = false;
  }
  if (holiday || excluded & (1 << colour)) return 0.03;
  n[colour]!++;
  let other = 0;
  for (let c = 0; c < COLOURS; c++) if (c !== colour && c !== RAINBOW && !(excluded & (1 << c))) other = Math.max(other, n[c]!);
  const left = v.players - plays.length - 1;
  const mine = n[colour]!;
  let pColour = mine > other ? 0.75 : mine === other ? 0.55 : mine === other - 1 ? 0.25 : 0.08;
  if (left > 0 && colour !== BLACK) pColour *= Math.max(0.3, 1 - 0.1 * left);
  if (colour === BLACK) return firstBlack ? pColour * 0.8 : 0.03;
  if (lower) return pColour * 0.03;
  // Each later player undercuts with a card of this colour below the value (holidays excluded).
  const below = Math.max(0, value - base(colour) - 1);
  let pSafe = 1;
  for (let k = 1; k <= left; k++) {
    const h = v.counts[(v.seat + k) % v.players]!;
    pSafe *= 1 - Math.min(0.9, (below * h) / 101);
  }
  return pColour * (pSafe + (1 - pSafe) * 0.05);
}

/** What working overtime now would cost this seat (in score points, roughly). */
export function overtimeCost(v: Seen, tableCards: number, handAfter: number): number {
  const X = v.players;
  const refill = Math.max(0, v.options.hand_size - handAfter);
  const last = v.markers[v.seat]! + 1 >= v.options.overtime_limit;
  return tableCards + refill * X * 0.6 + (last ? 4 * X : X);
}

/** The worth of keeping a card for later rounds (spending it costs this). */
function keepWorth(card: number, o: MwOptions, X: number): number {
  const col = colourOf(card);
  if (col === RAINBOW) return 0.8 * X;
  if (col === BLACK) return excuseOf(card, o) === 'blank' ? 0 : 1.2 * X;
  return 0;
}

/** The policy's play: the candidate of least expected cost. `scores` (optional) receives every candidate. */
export function choosePlay(v: Seen, all?: { cards: number[]; cost: number }[]): number[] {
  const allowed = allowedMask(v);
  const byColour: number[][] = [[], [], [], [], [], [], [], []];
  for (const c of v.hand) byColour[colourOf(c)]!.push(c);
  const X = v.players;
  let tableCards = 0;
  for (const p of v.plays) tableCards += p.cards.length;
  const later = v.players - v.plays.length - 1;
  let best: number[] | null = null;
  let bestCost = Infinity;
  const consider = (cards: number[], colour: number) => {
    const k = cards.length;
    const handAfter = v.hand.length - k;
    let cost: number;
    if (handAfter === 0) cost = -1000;
    else {
      let value = 99;
      let holiday = false;
      let keep = 0;
      for (const c of cards) {
        if (c < 80 && c < value) value = c;
        if (isHoliday(c)) holiday = true;
        keep += keepWorth(c, v.options, X);
      }
      if (colour === BLACK) value = 99;
      const r = risk(v, colour, value, holiday);
      cost = r * overtimeCost(v, tableCards + k + later * 1.3, handAfter) + handAfter * X * 0.35 + keep;
    }
    if (all) all.push({ cards, cost });
    if (cost < bestCost) {
      bestCost = cost;
      best = cards;
    }
  };
  for (let col = 0; col < COLOURS; col++) {
    const cs = byColour[col]!;
    if (!(allowed & (1 << col)) || cs.length === 0) continue;
    cs.sort((a, b) => a - b);
    for (const c of cs) consider([c], col);
    for (let k = 2; k <= cs.length; k++) consider(cs.slice(cs.length - k), col);
    // With the colour's holiday card in hand: the holiday with the highest cards (the colour is excluded).
    const hol = cs.filter(isHoliday);
    if (hol.length && cs.length > 2) for (let k = 1; k < cs.length - 1; k++) consider([hol[0]!, ...cs.slice(cs.length - k).filter((c) => c !== hol[0])], col);
  }
  return best!;
}

/** The policy's answer when selected: an excuse move or accepting. `legal` are the excuse moves listed by the rules. */
export function chooseExcuse(v: Seen, legal: readonly MwMove[], scores: readonly number[]): MwMove {
  const accept: MwMove = { type: 'accept', seat: v.seat };
  let tableCards = 0;
  for (const p of v.plays) tableCards += p.cards.length;
  const cost = overtimeCost(v, tableCards, v.hand.length);
  const of = (e: string) => legal.filter((m) => m.type === 'excuse' && excuseOf(m.card, v.options) === e);
  // Whom to blame: the lowest score among the others, avoiding ending the game on them while behind.
  const myScore = scores[v.seat]!;
  const behind = scores.some((x, k) => k !== v.seat && x < myScore);
  const rank = (m: MwMove) => {
    const t = (m as { target?: number }).target!;
    const ends = v.markers[t]! + 1 >= v.options.overtime_limit;
    return scores[t]! + (ends && behind ? 1000 : 0) - (ends && !behind ? 1000 : 0);
  };
  const pickTarget = (ms: MwMove[]) => ms.slice().sort((a, b) => rank(a) - rank(b))[0]!;
  const first = (e: string) => of(e)[0];
  const noLeave = first('no_leave');
  const lowest = lowestOverall(v);
  return (
    first('its_you') ??
    first('not_me') ??
    (of('he_can').length ? pickTarget(of('he_can').filter((m) => (m as { target?: number }).target !== v.seat).length ? of('he_can').filter((m) => (m as { target?: number }).target !== v.seat) : of('he_can')) : undefined) ??
    (noLeave && lowest >= 0 && lowest !== v.seat ? noLeave : undefined) ??
    (of('help_me').length && tableCards >= 3 ? pickTarget(of('help_me')) : undefined) ??
    (cost >= 2 * v.players ? first('stop') : undefined) ??
    first('hustle') ??
    accept
  );
}

/** The seat of the lowest numbered play (No Leave's pick), or −1. */
function lowestOverall(v: Seen): number {
  let at = -1;
  let val = 1000;
  for (const p of v.plays) {
    if (p.value < 0 || (p.colour === RAINBOW && !v.options.no_leave_rainbow)) continue;
    if (p.value < val) {
      val = p.value;
      at = p.seat;
    }
  }
  return at;
}
