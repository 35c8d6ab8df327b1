/**
 * 摸鱼王's state, moves and the pure helpers on them: the colour rule (§4.1), settlement's
 * selection (§4.3 a–d), the excuses a selected player may play (§5), scores and the end (§6, §7),
 * the role table (§9).
 */
import type { RngState } from '../../util/rng';
import { BLACK, colourOf, COLOURS, isHoliday, printedExcuse, RAINBOW, type ExcuseType } from './cards';
import type { MwOptions } from './options';

export type MwPhase = 'play' | 'excuse' | 'vote' | 'over';
export type MwRole = 'boss' | 'secretary' | 'old_hand' | 'employee';

/** One play of the round: its cards (sorted), colour index and value (lowest number; −1 for black). */
export interface MwPlay {
  seat: number;
  cards: number[];
  colour: number;
  value: number;
}

/** An excuse played in settlement. */
export interface MwExcuse {
  seat: number;
  card: number;
  excuse: ExcuseType;
  target?: number;
}

/** How a round ended. */
export type MwOutcome = 'overtime' | 'none' | 'stop' | 'help' | 'escaped' | 'game_end';

/** A finished round, public. */
export interface MwRound {
  round: number;
  leader: number;
  plays: MwPlay[];
  /** The overtime colours of settlement (empty: none). */
  overtimeColours: number[];
  /** The player settlement selected first (null: none). */
  selected: number | null;
  excuses: MwExcuse[];
  /** Players who took cards into their score piles (Help Me: two). */
  overtime: number[];
  outcome: MwOutcome;
}

/** How the game ended and who won. */
export interface MwEnd {
  reason: 'empty' | 'overtime';
  /** Final scores (§6). */
  scores: number[];
  /** Black cards each player owns (hand + score pile, or the pile, per `tie_black`). */
  black: number[];
  /** The base game's winners (§7). */
  base: number[];
  /** The final winners (in role mode, after §9's conditions and the vote). */
  winners: number[];
  /** Role mode: players voted out as secretaries. */
  votedOut?: number[];
  /** Role mode: which side won. */
  side?: 'boss' | 'old_hand' | 'employees' | 'boss_and_old_hand' | 'employees_and_old_hand';
}

export interface MwState {
  v: 1;
  options: MwOptions;
  rng: RngState;
  players: number;
  phase: MwPhase;
  round: number;
  startPlayer: number;
  leader: number;
  turn: number;
  hands: number[][];
  piles: number[][];
  markers: number[];
  /** The draw pile; the next card drawn is the last. */
  draw: number[];
  discard: number[];
  plays: MwPlay[];
  /** The overtime colours of this round's settlement. */
  overtimeColours: number[];
  /** Settlement's first selection (kept for the round's record). */
  firstSelected: number | null;
  /** The selected player and who made them so by an excuse (null: ordinary settlement). */
  selected: { seat: number; madeBy: number | null } | null;
  excuses: MwExcuse[];
  rounds: MwRound[];
  /**
   * Every draw after the deal, by round: the simulator's record. Private (each draw is its seat's
   * alone): never in a view.
   */
  drawLog: { round: number; seat: number; cards: number[] }[];
  /** The cards each player was dealt. */
  dealt: number[][];
  roles: MwRole[] | null;
  /** Role mode's vote: the seat each player voted for (null: not yet; the Boss never votes). */
  votes: (number | null)[] | null;
  /** The base winners while the vote runs. */
  pendingBase: number[] | null;
  end: MwEnd | null;
}

export type MwMove =
  | { type: 'play'; seat: number; cards: number[] }
  | { type: 'excuse'; seat: number; card: number; target?: number }
  | { type: 'accept'; seat: number }
  | { type: 'vote'; seat: number; target: number };

/** §9's role table: [boss, secretaries, old hands, employees] by player count. */
export const ROLE_TABLE: Record<number, readonly [number, number, number, number]> = {
  4: [1, 1, 0, 2],
  5: [1, 1, 1, 2],
  6: [1, 1, 1, 3],
  7: [1, 2, 1, 3],
  8: [1, 2, 1, 4],
  9: [1, 2, 1, 5],
};

export const nextSeat = (s: MwState | { players: number }, seat: number): number => (seat + 1) % s.players;
/** The player on your right: the one before you in clockwise order (§11.5). */
export const rightOf = (s: MwState | { players: number }, seat: number): number => (seat - 1 + s.players) % s.players;

/** The excuse a black card acts as under the options (the Blank Excuse may act as Not Me). */
export function excuseOf(card: number, o: MwOptions): ExcuseType | null {
  const e = printedExcuse(card);
  return e === 'blank' && o.blank_excuse === 'not_me' ? 'not_me' : e;
}

/** Whether a seat ignores the colour rule (Secretary, Old Hand in role mode). */
export const ignoresColour = (s: MwState, seat: number): boolean => s.roles !== null && (s.roles[seat] === 'secretary' || s.roles[seat] === 'old_hand');

/** Bitmask of the colours that appeared this round, rainbow never (§4.1). */
export function appearedMask(plays: readonly MwPlay[]): number {
  let m = 0;
  for (const p of plays) if (p.colour !== RAINBOW) m |= 1 << p.colour;
  return m;
}

/** Bitmask of the colours `seat` may play now. */
export function allowedColours(s: MwState, seat: number): number {
  const all = (1 << COLOURS) - 1;
  if (s.plays.length === 0 || ignoresColour(s, seat)) return all;
  const appeared = appearedMask(s.plays);
  let held = 0;
  for (const c of s.hands[seat]!) held |= 1 << colourOf(c);
  return held & appeared ? appeared | (1 << RAINBOW) : all;
}

/** Why these cards are not a legal play for `seat` now (English / Chinese), or null. */
export function playProblem(s: MwState, seat: number, cards: readonly number[]): [string, string] | null {
  const hand = s.hands[seat]!;
  if (cards.length === 0 || new Set(cards).size !== cards.length || !cards.every((c) => hand.includes(c))) return ['出的牌不在你的手里。', 'Those cards are not in your hand.'];
  const colour = colourOf(cards[0]!);
  if (!cards.every((c) => colourOf(c) === colour)) return ['一次只能出一张牌，或同一种颜色的多张牌。', 'Play one card, or several cards of one colour.'];
  if (!(allowedColours(s, seat) & (1 << colour))) return ['你手里有本回合已出现的颜色，必须跟那种颜色，或打彩色请假牌。', 'You hold a colour that has appeared this round: follow it, or play a rainbow leave card.'];
  return null;
}

/** How many times each colour counts this round (§4.3 a; rainbow never). */
export function colourCounts(plays: readonly MwPlay[], o: MwOptions): number[] {
  const n = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const p of plays) if (p.colour !== RAINBOW) n[p.colour]! += o.group_counts === 'once' ? 1 : p.cards.length;
  return n;
}

/** §4.3 b–c: the overtime colours (empty when no colour qualifies). */
export function overtimeColours(plays: readonly MwPlay[], o: MwOptions): number[] {
  const n = colourCounts(plays, o);
  let excluded = 0;
  for (const p of plays) for (const c of p.cards) if (isHoliday(c)) excluded |= 1 << colourOf(c);
  let best = 0;
  for (let c = 0; c < COLOURS; c++) if (c !== RAINBOW && (o.holiday_order === 'after_max' || !(excluded & (1 << c)))) best = Math.max(best, n[c]!);
  if (best === 0) return [];
  const out: number[] = [];
  for (let c = 0; c < COLOURS; c++) if (c !== RAINBOW && n[c] === best && !(excluded & (1 << c))) out.push(c);
  return out;
}

/** The index of the lowest play among `ok` plays: numbers first (lowest), then the earliest black play; −1 if none. */
function lowestPlay(plays: readonly MwPlay[], ok: (p: MwPlay) => boolean): number {
  let at = -1;
  for (let i = 0; i < plays.length; i++) {
    const p = plays[i]!;
    if (!ok(p)) continue;
    if (at < 0) at = i;
    else {
      const q = plays[at]!;
      if (p.value >= 0 && (q.value < 0 || p.value < q.value)) at = i;
    }
  }
  return at;
}

/** §4.3 d: the play index selected by ordinary settlement, or −1 (no overtime). */
export function settlementPick(plays: readonly MwPlay[], colours: readonly number[]): number {
  if (colours.length === 0) return -1;
  return lowestPlay(plays, (p) => colours.includes(p.colour));
}

/** No Leave (§5): the lowest play of the round ignoring colours and holidays. */
export function noLeavePick(plays: readonly MwPlay[], o: MwOptions): number {
  return lowestPlay(plays, (p) => p.colour !== RAINBOW || o.no_leave_rainbow);
}

/** The excuse moves `seat` may make now (one per excuse kind and target; the copy with the lowest number). */
export function excuseMoves(s: MwState, seat: number): MwMove[] {
  const sel = s.selected;
  if (s.phase !== 'excuse' || !sel || sel.seat !== seat) return [];
  const out: MwMove[] = [];
  const seen = new Set<ExcuseType>();
  const cards = s.hands[seat]!.filter((c) => colourOf(c) === BLACK).sort((a, b) => a - b);
  for (const card of cards) {
    const e = excuseOf(card, s.options)!;
    if (seen.has(e)) continue;
    seen.add(e);
    for (const m of excuseTargets(s, seat, e)) out.push(m === null ? { type: 'excuse', seat, card } : { type: 'excuse', seat, card, target: m });
  }
  return out;
}

/** Whether the selected `seat` holds an excuse it may play now (the excuse window opens only then). */
export function canExcuse(s: MwState, seat: number): boolean {
  for (const c of s.hands[seat]!) {
    if (c < 80) continue;
    const e = excuseOf(c, s.options)!;
    if (e === 'blank') continue;
    if (e !== 'its_you') return true;
    const to = bounceTarget(s);
    if (to !== null && to !== seat) return true;
  }
  return false;
}

/** The targets an excuse allows (null = the excuse takes none); empty when it cannot be played. */
export function excuseTargets(s: MwState, seat: number, e: ExcuseType): (number | null)[] {
  const others: number[] = [];
  for (let k = 1; k < s.players; k++) others.push((seat + k) % s.players);
  switch (e) {
    case 'blank':
      return [];
    case 'he_can':
      return s.options.he_can_self ? [seat, ...others] : others;
    case 'help_me':
      return others;
    case 'its_you': {
      const to = bounceTarget(s);
      return to === null || to === seat ? [] : [null];
    }
    default:
      return [null];
  }
}

/** Where No, It's You sends the overtime: whoever made you selected, or (an option) this round's leader. */
export function bounceTarget(s: MwState): number | null {
  const sel = s.selected!;
  if (sel.madeBy !== null) return sel.madeBy;
  return s.options.its_you_any ? s.leader : null;
}

/** Score = score pile + hand × number of players (§6). */
export const scoreOf = (s: MwState, seat: number): number => s.piles[seat]!.length + s.hands[seat]!.length * s.players;

/** Black cards a seat owns for the tie-break (§11.24). */
export function blackOf(s: MwState, seat: number): number {
  let n = 0;
  for (const c of s.piles[seat]!) if (c >= 80) n++;
  if (s.options.tie_black === 'hand_and_pile') for (const c of s.hands[seat]!) if (c >= 80) n++;
  return n;
}

/** The best of `seats` by score, then black cards (more is better); several when still tied. */
export function bestOf(seats: readonly number[], scores: readonly number[], black: readonly number[]): number[] {
  let out: number[] = [];
  for (const x of seats) {
    if (out.length === 0) out = [x];
    else {
      const y = out[0]!;
      const d = scores[x]! - scores[y]! || black[y]! - black[x]!;
      if (d < 0) out = [x];
      else if (d === 0) out.push(x);
    }
  }
  return out;
}
