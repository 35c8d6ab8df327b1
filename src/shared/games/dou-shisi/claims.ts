/**
 * Who may do what now (§6, §7.2): the exchange moves of a seat, and each seat's claims on an exposed
 * card — 糊 by anyone but the discarder, 杠 / 加杠 / 碰 by anyone but the discarder (flips: anyone),
 * 吃 only by the discarder's 下家, or on a flip by the flipper and its 下家.
 */
import { FIRST_JOKER, isJoker, rankOf, valueOf } from './cards';
import { pairsUp } from './rules';
import { canExchange, claimKey, huCheck, nextSeat, type ClaimType, type DsClaim, type DsMove, type DsState } from './state';

/** The exchanges `seat` may make now: a joker to the flowers, a concealed triple or quad, 加杠. */
export function exchangeMoves(s: DsState, seat: number): DsMove[] {
  const stock = s.stock.length;
  if (!canExchange(s, seat)) return [];
  const h = s.concealed[seat]!;
  const byRank: number[][] = Array.from({ length: 14 }, () => []);
  for (const c of h) if (!s.locked.includes(c)) byRank[rankOf(c)]!.push(c);
  const out: DsMove[] = [];
  if (byRank[0]!.length) out.push({ type: 'exchange', seat, kind: 'joker', cards: [byRank[0]![0]!] });
  for (let v = 1; v <= 13; v++) {
    const cs = byRank[v]!;
    if (cs.length === 3) out.push({ type: 'exchange', seat, kind: 'triple', cards: cs.slice() });
    if (cs.length === 4) {
      for (const keep of cs) out.push({ type: 'exchange', seat, kind: 'triple', cards: cs.filter((c) => c !== keep) });
      if (stock >= 2) out.push({ type: 'exchange', seat, kind: 'quad', cards: cs.slice() });
    }
  }
  if (s.options.add_gang) for (const m of s.melds[seat]!) if (m.type === 'peng') for (const c of byRank[rankOf(m.cards[0]!)]!) out.push({ type: 'exchange', seat, kind: 'add', cards: [c] });
  return out;
}

/** May `seat` 吃 this card (§7.2)? */
function chiRight(s: DsState, c: Pick<DsClaim, 'source' | 'by'>, seat: number): boolean {
  return c.source === 'discard' ? seat === nextSeat(s, c.by) : seat === c.by || seat === nextSeat(s, c.by);
}

/** Every claim `seat` may make on the exposed card (without `pass`). */
export function claimMovesFor(s: DsState, c: Pick<DsClaim, 'card' | 'source' | 'by' | 'first'>, seat: number, stopAtFirst = false): DsMove[] {
  const out: DsMove[] = [];
  if (c.source === 'discard' && seat === c.by) return out;
  const x = c.card;
  const h = s.concealed[seat]!;
  const rx = rankOf(x);
  if (!isJoker(x) && pairsUp([...h, x]) && huCheck(s, seat, x, c.first && s.options.jiedi).ok) {
    out.push({ type: 'hu', seat });
    if (stopAtFirst) return out;
  }
  const stock = s.stock.length;
  const same: number[] = [];
  for (const k of h) if (rankOf(k) === rx) same.push(k);
  if (same.length === 3 && stock >= 2) out.push({ type: 'gang', seat });
  if (s.options.add_gang && stock >= 1 && s.melds[seat]!.some((m) => m.type === 'peng' && rankOf(m.cards[0]!) === rx)) out.push({ type: 'add-gang', seat });
  if (same.length >= 2 && stock >= 1) {
    for (let i = 0; i < same.length; i++) for (let j = i + 1; j < same.length; j++) out.push({ type: 'peng', seat, cards: [same[i]!, same[j]!] });
  }
  if (stopAtFirst && out.length) return out;
  // 吃 must leave a card to discard: not from a single concealed card (§7.4 card counts).
  if (!isJoker(x) && h.length >= 3 && chiRight(s, c, seat)) {
    const want = 14 - valueOf(x);
    for (const k of h) if (!isJoker(k) && valueOf(k) === want) out.push({ type: 'chi', seat, card: k });
  }
  return out;
}

const COUNT = new Int8Array(14);

/** The strongest claim `seat` may make on the exposed card, or null: `claimMovesFor`'s first move, without listing them. */
export function bestClaim(s: DsState, c: Pick<DsClaim, 'card' | 'source' | 'by' | 'first'>, seat: number): ClaimType | null {
  if (c.source === 'discard' && seat === c.by) return null;
  const x = c.card;
  const h = s.concealed[seat]!;
  if (x < FIRST_JOKER) {
    COUNT.fill(0);
    let joker = false;
    for (const k of h) {
      if (k >= FIRST_JOKER) {
        joker = true;
        break;
      }
      COUNT[(k >> 2) + 1]!++;
    }
    if (!joker) {
      COUNT[(x >> 2) + 1]!++;
      let pairs = COUNT[7]! % 2 === 0;
      for (let v = 1; v <= 6 && pairs; v++) if (COUNT[v] !== COUNT[14 - v]) pairs = false;
      if (pairs && huCheck(s, seat, x, c.first && s.options.jiedi).ok) return 'hu';
    }
  }
  const rx = rankOf(x);
  let same = 0;
  for (const k of h) if (rankOf(k) === rx) same++;
  const stock = s.stock.length;
  if (same === 3 && stock >= 2) return 'gang';
  if (s.options.add_gang && stock >= 1) for (const m of s.melds[seat]!) if (m.type === 'peng' && rankOf(m.cards[0]!) === rx) return 'add-gang';
  if (same >= 2 && stock >= 1) return 'peng';
  if (x < FIRST_JOKER && h.length >= 3 && chiRight(s, c, seat)) {
    const want = 14 - valueOf(x);
    for (const k of h) if (valueOf(k) === want) return 'chi';
  }
  return null;
}

/** Per seat, the key of its strongest claim on the card just exposed (−1: none; the seat is not asked). */
export function claimPotentials(s: DsState, c: DsClaim): number[] {
  const out = new Array<number>(s.players).fill(-1);
  for (let seat = 0; seat < s.players; seat++) {
    const best = bestClaim(s, c, seat);
    if (best) out[seat] = claimKey(s, c, seat, best);
  }
  return out;
}
