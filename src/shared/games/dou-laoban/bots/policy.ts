/**
 * The heuristic policy of spec §10 on count vectors — shared by the heuristic bot (which reads a
 * seat's view) and the search bot's playouts (which run it on live tables):
 * - bid from hand strength (2s, jokers, bombs, long chains);
 * - lead low combinations that use many cards, without breaking bombs or spending 2s and jokers
 *   early; when an opponent has ≤ 2 cards, lead what it cannot match (no singles against one
 *   card, no pairs against two, else the highest); feed a partner down to one card a low single;
 * - follow an opponent with the cheapest play that beats it; as an Employee, let the partner's
 *   winning play stand unless the Boss is about to go out;
 * - keep bombs and the rocket to regain the lead: only against an opponent close to going out,
 *   or when few cards are left.
 */
import { T, type Bodies, type Top } from '../plays';

/** What the policy reads: the seat's counts, the cards left per seat, the roles, the trick. */
export interface Position {
  seat: number;
  boss: number;
  cnt: ArrayLike<number>;
  left: readonly number[];
  top: Top | null;
  topBy: number;
}

const next = (s: number) => (s + 1) % 3;

/** A hand's strength for bidding: 2s, jokers, bombs, the rocket, long chains, triples. */
export function handStrength(cnt: ArrayLike<number>): number {
  let s = cnt[15]! * 1 + cnt[16]! * 1.5 + cnt[17]! * 2;
  if (cnt[16]! && cnt[17]!) s += 1;
  let run = 0;
  let best = 0;
  for (let r = 3; r <= 15; r++) {
    if (cnt[r] === 4) s += 2;
    else if (cnt[r] === 3 && r >= 11) s += 0.5;
    if (r <= 14 && cnt[r]! >= 1) best = Math.max(best, ++run);
    else run = 0;
  }
  if (best >= 5) s += 0.5 + (best - 5) * 0.25;
  if (cnt[14]! >= 2) s += 0.5;
  return s;
}

/** The bid for a hand over the current highest bid (0 = pass). */
export function chooseBid(cnt: ArrayLike<number>, highest: number): 0 | 1 | 2 | 3 {
  const s = handStrength(cnt);
  const want = s >= 7 ? 3 : s >= 5 ? 2 : s >= 3.5 ? 1 : 0;
  return want > highest ? (want as 1 | 2 | 3) : 0;
}

const SPARE = new Int8Array(18);
const ORDER = new Float64Array(18);

/**
 * Write body `i` with the kickers the policy prefers: loose cards first (a rank held exactly as
 * often as the kicker needs), low before high, 2s and jokers last.
 */
export function writeBody(b: Bodies, i: number, cnt: ArrayLike<number>, out: Int8Array): void {
  out.fill(0);
  const lo = b.lo[i]!;
  const len = b.len[i]!;
  if (b.t[i] === T.ROCKET) {
    out[16] = 1;
    out[17] = 1;
    return;
  }
  for (let r = lo; r < lo + len; r++) out[r] = b.mult[i]!;
  const km = b.km[i]!;
  if (km === 0) return;
  let m = 0;
  const max = km === 1 ? 17 : 15;
  for (let r = 3; r <= max; r++) {
    if (cnt[r]! >= km && out[r] === 0) {
      SPARE[m] = r;
      ORDER[m] = (cnt[r] === km ? 0 : cnt[r] === 4 ? 100 : 30) + (r >= 15 ? 50 : 0) + r;
      m++;
    }
  }
  for (let k = 0; k < b.kk[i]!; k++) {
    let best = k;
    for (let j = k + 1; j < m; j++) if (ORDER[j]! < ORDER[best]!) best = j;
    const r = SPARE[best]!;
    const o = ORDER[best]!;
    SPARE[best] = SPARE[k]!;
    ORDER[best] = ORDER[k]!;
    SPARE[k] = r;
    ORDER[k] = o;
    out[r] = km;
  }
}

/** What playing `v` costs the hand: broken bombs, triples and pairs, 2s and jokers spent. */
function cost(cnt: ArrayLike<number>, v: Int8Array, bomb: boolean): number {
  let c = 0;
  for (let r = 3; r <= 17; r++) {
    const k = v[r]!;
    if (!k) continue;
    const h = cnt[r]!;
    if (k < h) c += h === 4 ? 8 : h === 3 ? 1.5 : 1;
    if (r >= 15 && !bomb) c += 2.5 * k + (r - 15);
  }
  return c;
}

const V = new Int8Array(18);

/** Whether the whole hand is one legal play (then play it and go out). */
function wholeHand(cnt: ArrayLike<number>, b: Bodies, left: number): number {
  for (let i = 0; i < b.size; i++) if (b.n(i) === left) return i;
  return -1;
}

const SCORES = new Float64Array(256);

/**
 * How much the policy likes leading each body of `b` (filled for a lead): cards used, low keys,
 * nothing broken, no bombs; no singles against one card, no pairs against two; a low single to
 * a partner down to one card. The array is scratch space, valid until the next call.
 */
export function leadScores(p: Position, b: Bodies): Float64Array {
  const { seat, boss, cnt, left } = p;
  const isBoss = seat === boss;
  const partner = isBoss ? -1 : next(seat) === boss ? next(boss) : next(seat);
  const oppMin = isBoss ? Math.min(left[next(seat)]!, left[next(next(seat))]!) : left[boss]!;
  for (let i = 0; i < b.size; i++) {
    const t = b.t[i]!;
    const bomb = t === T.BOMB || t === T.ROCKET;
    writeBody(b, i, cnt, V);
    const n = b.n(i);
    const key = b.key(i);
    let s = n * 1.2 - key * 0.35 - cost(cnt, V, bomb) - (bomb ? 40 : 0);
    if (oppMin === 1 && t === T.SINGLE) s += -30 + key * 2;
    if (oppMin === 2 && t === T.PAIR) s += -20 + key * 2;
    if (partner >= 0 && left[partner] === 1 && t === T.SINGLE) s += 30 - key;
    SCORES[i] = s;
  }
  return SCORES;
}

/**
 * The policy's play for the seat to act: writes it into `out` and returns true, or returns false
 * to pass (never when leading). `b` is scratch space.
 */
export function choosePlay(p: Position, b: Bodies, out: Int8Array): boolean {
  const { seat, boss, cnt, left, top } = p;
  const mine = left[seat]!;
  b.fill(cnt, top);
  if (b.size === 0) return false;
  const isBoss = seat === boss;
  const partner = isBoss ? -1 : next(seat) === boss ? next(boss) : next(seat);
  // The fewest cards an opponent holds.
  const oppMin = isBoss ? Math.min(left[next(seat)]!, left[next(next(seat))]!) : left[boss]!;
  const out1 = wholeHand(cnt, b, mine);
  if (out1 >= 0) {
    writeBody(b, out1, cnt, out);
    return true;
  }
  if (!top) {
    const scores = leadScores(p, b);
    let best = 0;
    for (let i = 1; i < b.size; i++) if (scores[i]! > scores[best]!) best = i;
    writeBody(b, best, cnt, out);
    return true;
  }
  const partnerLeads = !isBoss && p.topBy !== boss;
  if (partnerLeads && left[boss]! > 2) return false;
  let best = -1;
  let bestCost = Infinity;
  let bestBomb = -1;
  let bestBombKey = 99;
  for (let i = 0; i < b.size; i++) {
    const t = b.t[i]!;
    if (t === T.BOMB || t === T.ROCKET) {
      const k = t === T.ROCKET ? 18 : b.key(i);
      if (k < bestBombKey) {
        bestBombKey = k;
        bestBomb = i;
      }
      continue;
    }
    writeBody(b, i, cnt, V);
    // Over a partner (the Boss about to go out) take the lead high; otherwise as cheap as possible.
    const c = partnerLeads ? -b.key(i) : b.key(i) + cost(cnt, V, false) * 2;
    if (c < bestCost) {
      bestCost = c;
      best = i;
    }
  }
  if (best >= 0) {
    // Hold 2s and jokers back against a low single or pair while the hand is long and nobody is close.
    const holding = !partnerLeads && top.key <= 10 && b.key(best) >= 15 && mine > 8 && oppMin > 5 && top.t <= T.PAIR;
    if (!holding) {
      writeBody(b, best, cnt, out);
      return true;
    }
  }
  if (bestBomb >= 0 && !partnerLeads) {
    const bombCards = b.t[bestBomb] === T.ROCKET ? 2 : 4;
    const topByOpp = isBoss || p.topBy === boss;
    if (topByOpp && (left[p.topBy]! <= 4 || oppMin <= 2 || mine - bombCards <= 4)) {
      writeBody(b, bestBomb, cnt, out);
      return true;
    }
  }
  return false;
}
