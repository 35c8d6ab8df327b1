/**
 * The win test (§8) and the score (§9) of 斗十四, as pure functions of cards: the engine, the bots,
 * the table and the tests share them.
 */
import { isBlack, isJoker, isRed, redPoints, valueOf } from './cards';
import type { DsOptions } from './options';

export type MeldType = 'chi' | 'peng' | 'gang';
export interface Meld {
  type: MeldType;
  cards: number[];
}

/** Concealed cards (plus the winning card) split entirely into sum-14 pairs: no jokers, count[v] = count[14 − v], count[7] even. */
export function pairsUp(cards: readonly number[]): boolean {
  if (cards.length % 2 !== 0) return false;
  const count = new Array<number>(14).fill(0);
  for (const c of cards) {
    if (isJoker(c)) return false;
    count[valueOf(c)]!++;
  }
  for (let v = 1; v <= 6; v++) if (count[v] !== count[14 - v]) return false;
  return count[7]! % 2 === 0;
}

/** Every card a player owns at the end: concealed (with the winning card), melds and flowers. */
export function ownedCards(concealed: readonly number[], melds: readonly Meld[], flowers: readonly number[]): number[] {
  const out = [...concealed, ...flowers];
  for (const m of melds) out.push(...m.cards);
  return out;
}

export type WinKind = 'discard' | 'flip' | 'tianzou' | 'jiedi';

export interface WinCheck {
  ok: boolean;
  /** Why not, when `ok` is false. */
  reason?: 'structure' | 'red';
  red: number;
  allRed: boolean;
  allBlack: boolean;
}

/**
 * Whether these cards win (§8): the concealed cards (the winning card among them) pair to 14, and
 * the red points of everything owned reach the threshold — unless 全红, 全黑, 天走 or 接地.
 */
export function winCheck(concealed: readonly number[], melds: readonly Meld[], flowers: readonly number[], opts: Pick<DsOptions, 'red_threshold'>, heaven: boolean): WinCheck {
  const owned = ownedCards(concealed, melds, flowers);
  const red = redPoints(owned);
  let reds = 0;
  let blacks = 0;
  for (const c of owned) {
    if (isRed(c)) reds++;
    else if (isBlack(c)) blacks++;
  }
  const allRed = blacks === 0 && reds > 0;
  const allBlack = reds === 0 && blacks > 0;
  if (!pairsUp(concealed)) return { ok: false, reason: 'structure', red, allRed, allBlack };
  if (red < opts.red_threshold && !allRed && !allBlack && !heaven) return { ok: false, reason: 'red', red, allRed, allBlack };
  return { ok: true, red, allRed, allBlack };
}

/** One line of the 番 list. */
export interface FanItem {
  key: 'joker' | 'gang' | 'tianzou' | 'jiedi' | 'self-flip' | 'red30' | 'all-red' | 'all-black';
  count: number;
  fan: number;
}

export interface Score {
  items: FanItem[];
  /** The 番 before the cap (全红 / 全黑 under `colour_hand: 'cap'`: the cap). */
  fan: number;
  /** min(fan, cap). */
  counted: number;
  /** S = base × 2^counted. */
  value: number;
}

/** The 番 of a win (§9) and the hand's value S. */
export function scoreWin(
  owned: { melds: readonly Meld[]; flowers: readonly number[] },
  check: Pick<WinCheck, 'red' | 'allRed' | 'allBlack'>,
  kind: WinKind,
  selfFlip: boolean,
  o: Pick<DsOptions, 'joker_fan' | 'gang_fan' | 'heaven_fan' | 'self_flip_fan' | 'red30_fan' | 'colour_hand' | 'fan_cap' | 'base_score'>,
): Score {
  const items: FanItem[] = [];
  let jokers = owned.flowers.length;
  let gangs = 0;
  for (const m of owned.melds) {
    for (const c of m.cards) if (isJoker(c)) jokers++;
    if (m.type === 'gang') gangs++;
  }
  if (jokers && o.joker_fan) items.push({ key: 'joker', count: jokers, fan: jokers * o.joker_fan });
  if (gangs && o.gang_fan) items.push({ key: 'gang', count: gangs, fan: gangs * o.gang_fan });
  if ((kind === 'tianzou' || kind === 'jiedi') && o.heaven_fan) items.push({ key: kind, count: 1, fan: o.heaven_fan });
  if (selfFlip && o.self_flip_fan) items.push({ key: 'self-flip', count: 1, fan: o.self_flip_fan });
  if (check.red >= 30 && o.red30_fan) items.push({ key: 'red30', count: 1, fan: o.red30_fan });
  let fan = items.reduce((n, i) => n + i.fan, 0);
  if ((check.allRed || check.allBlack) && o.colour_hand === 'cap') {
    items.push({ key: check.allRed ? 'all-red' : 'all-black', count: 1, fan: Math.max(0, o.fan_cap - fan) });
    fan = Math.max(fan, o.fan_cap);
  }
  const counted = Math.min(fan, o.fan_cap);
  return { items, fan, counted, value: o.base_score * 2 ** counted };
}

/**
 * Payments of a win, zero-sum (§9): `payers` each pay S to the winner, doubled once for each of the
 * two that declared 漂.
 */
export function payWin(players: number, winner: number, payers: readonly number[], value: number, piao: readonly boolean[]): number[] {
  const pay = new Array<number>(players).fill(0);
  for (const p of payers) {
    const amount = value * (piao[p] ? 2 : 1) * (piao[winner] ? 2 : 1);
    pay[p]! -= amount;
    pay[winner]! += amount;
  }
  return pay;
}
