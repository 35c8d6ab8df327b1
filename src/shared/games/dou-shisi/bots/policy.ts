/**
 * The heuristic policy of 斗十四, on what one seat knows (its hand and everything face up), so the
 * bot (on a view) and the search's playouts (on a full state, for each seat) share it:
 * - keep the cards that already pair to 14, and among the rest the ones whose partners are still
 *   unseen (count the four copies of 14 − v minus those face up or in hand), pairs of one number
 *   (a 碰 to come) and red points while the hand is short of the red threshold;
 * - always win, 天走, exchange, 杠 and 加杠; 碰 and 吃 when the claim uses a card that does not
 *   already pair (greedy, but never breaking a made pair); the engine never offers a claim that
 *   would leave a wrong card count (相公).
 */
import { isJoker, rankOf, redOf, valueOf } from '../cards';
import type { DsOptions } from '../options';
import type { Meld } from '../rules';
import type { DsMove } from '../state';

/** What the policy reads: one seat's hand and the public table. */
export interface Knowledge {
  hand: readonly number[];
  melds: readonly (readonly Meld[])[];
  flowers: readonly (readonly number[])[];
  gaps: readonly (readonly number[])[];
  options: DsOptions;
  seat: number;
}

/** Values (1–13) seen face up or in this hand. */
function seenValues(k: Knowledge): Int8Array {
  const seen = new Int8Array(14);
  for (const c of k.hand) seen[valueOf(c)]!++;
  for (const g of k.gaps) for (const c of g) seen[valueOf(c)]!++;
  for (const ms of k.melds) for (const m of ms) for (const c of m.cards) seen[valueOf(c)]!++;
  return seen;
}

/** Which cards of the hand are in a sum-14 pair (a greedy maximum matching: it is exact per value class). */
export function pairedMask(hand: readonly number[]): boolean[] {
  const byValue: number[][] = Array.from({ length: 14 }, () => []);
  hand.forEach((c, i) => {
    if (!isJoker(c)) byValue[valueOf(c)]!.push(i);
  });
  const out = hand.map(() => false);
  for (let v = 1; v <= 6; v++) {
    const a = byValue[v]!;
    const b = byValue[14 - v]!;
    const n = Math.min(a.length, b.length);
    // Keep the redder cards paired.
    a.sort((x, y) => redOf(hand[y]!) - redOf(hand[x]!));
    b.sort((x, y) => redOf(hand[y]!) - redOf(hand[x]!));
    for (let i = 0; i < n; i++) out[a[i]!] = out[b[i]!] = true;
  }
  const sevens = byValue[7]!.sort((x, y) => redOf(hand[y]!) - redOf(hand[x]!));
  for (let i = 0; i + 1 < sevens.length; i += 2) out[sevens[i]!] = out[sevens[i + 1]!] = true;
  return out;
}

/** Red points the seat owns now (hand, melds). */
function ownedRed(k: Knowledge): number {
  let n = 0;
  for (const c of k.hand) n += redOf(c);
  for (const m of k.melds[k.seat]!) for (const c of m.cards) n += redOf(c);
  return n;
}

/** How much each hand card is worth keeping (higher: keep). */
export function keepScores(k: Knowledge): number[] {
  const paired = pairedMask(k.hand);
  const seen = seenValues(k);
  const short = ownedRed(k) < k.options.red_threshold;
  const same = new Int8Array(14);
  for (const c of k.hand) same[rankOf(c)]!++;
  return k.hand.map((c, i) => {
    if (isJoker(c)) return same[0]! >= 2 ? 2 : -10;
    const v = valueOf(c);
    const red = redOf(c) * (short ? 2 : 0.5);
    if (paired[i]) return 100 + red;
    const partner = 14 - v;
    const unseen = Math.max(0, 4 - seen[partner]! + (partner === v ? 1 : 0));
    return unseen * 6 + red + (same[v]! >= 2 ? 8 : 0);
  });
}

/** The card to discard: the least worth keeping (the lowest card number on ties, for determinism). */
export function chooseDiscard(k: Knowledge): number {
  const sc = keepScores(k);
  let best = 0;
  for (let i = 1; i < k.hand.length; i++) if (sc[i]! < sc[best]! || (sc[i] === sc[best] && k.hand[i]! < k.hand[best]!)) best = i;
  return k.hand[best]!;
}

const EXCHANGE_ORDER = { quad: 0, add: 1, joker: 2, triple: 3 } as const;

/** The heuristic's move among `legal` (all of one seat). */
export function policyMove(k: Knowledge, legal: readonly DsMove[]): DsMove {
  const first = legal[0]!;
  if (legal.length === 1) return first;
  const by = <T extends DsMove['type']>(t: T) => legal.filter((m): m is Extract<DsMove, { type: T }> => m.type === t);
  switch (first.type) {
    case 'piao':
      return legal.find((m) => m.type === 'piao' && !m.piao)!;
    case 'stop':
      return legal.find((m) => m.type === 'stop' && m.call)!;
    default:
      break;
  }
  const win = legal.find((m) => m.type === 'hu' || m.type === 'tianzou');
  if (win) return win;
  const ex = by('exchange').sort((a, b) => EXCHANGE_ORDER[a.kind] - EXCHANGE_ORDER[b.kind]);
  if (ex.length) return ex[0]!;
  const done = legal.find((m) => m.type === 'done');
  if (done) return done;
  const discards = by('discard');
  if (discards.length) {
    const card = chooseDiscard(k);
    return discards.find((m) => m.card === card) ?? discards[0]!;
  }
  // A claim window.
  const gang = legal.find((m) => m.type === 'gang' || m.type === 'add-gang');
  if (gang) return gang;
  const paired = pairedMask(k.hand);
  const loose = (c: number) => !paired[k.hand.indexOf(c)];
  const peng = by('peng').find((m) => m.cards.some(loose));
  if (peng) return peng;
  const chi = by('chi').filter((m) => loose(m.card));
  if (chi.length) return chi.sort((a, b) => redOf(a.card) - redOf(b.card))[0]!;
  return legal.find((m) => m.type === 'pass') ?? first;
}
