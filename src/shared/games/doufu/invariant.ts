/**
 * The 48-card invariant: every card is in exactly one place — deck, a hand, a pool entry (三叠
 * included), a score area, the Roulette spread, or (福羊 `removed` option) out of play — plus the
 * shape rules of the pool and the areas. A dual card on its way into a score area is held by the
 * `attr` decision until its owner chooses the attribute. Used by tests after every move.
 */
import { CARD_BY_CODE } from './cards';
import { ALL_CODES, ZOD } from './state';
import type { DoufuState } from './types';

/** Where each card is: `{ code: place }` (place names like `deck`, `hand:1`, `pool`, `area:0`, `spread`, `removed`). */
export function cardPlaces(s: DoufuState): Map<string, string[]> {
  const at = new Map<string, string[]>();
  const put = (code: string, place: string) => at.set(code, [...(at.get(code) ?? []), place]);
  for (const c of s.deck) put(c, 'deck');
  s.hands.forEach((h, i) => h.forEach((c) => put(c, `hand:${i}`)));
  for (const e of s.pool) for (const c of e) put(c, 'pool');
  s.areas.forEach((a, i) => a.forEach((c) => put(c.code, `area:${i}`)));
  for (const c of s.spread) put(c, 'spread');
  for (const c of s.removed) put(c, 'removed');
  // A dual card entering a score area waits in the attribute decision until its owner files it.
  if (s.step.k === 'attr') put(s.step.card, 'choosing-attr');
  for (const t of s.tasks) if (t.t === 'acquire') for (const c of t.cards) put(c, 'acquiring');
  return at;
}

const INDEX = new Map(ALL_CODES.map((c, i) => [c, i]));

/** Fast check: every card counted exactly once (the detailed report is built only on failure). */
function countsOk(s: DoufuState): boolean {
  const n = new Uint8Array(48);
  let total = 0;
  const add = (c: string) => {
    const i = INDEX.get(c);
    if (i === undefined || n[i]++ !== 0) total = -1e9;
    total++;
  };
  for (const c of s.deck) add(c);
  for (const h of s.hands) for (const c of h) add(c);
  for (const e of s.pool) for (const c of e) add(c);
  for (const a of s.areas) for (const c of a) add(c.code);
  for (const c of s.spread) add(c);
  for (const c of s.removed) add(c);
  if (s.step.k === 'attr') add(s.step.card);
  for (const t of s.tasks) if (t.t === 'acquire') for (const c of t.cards) add(c);
  return total === 48;
}

/** Problems with the state (empty = the invariant holds). */
export function invariantProblems(s: DoufuState): string[] {
  const out: string[] = [];
  if (!countsOk(s)) out.push(...placeProblems(s));
  for (const k of s.known) {
    if (!s.hands[k.seat]?.includes(k.card)) out.push(`${k.card} is known to be in seat ${k.seat}'s hand but is not there`);
    if (s.known.filter((x) => x.card === k.card).length > 1) out.push(`${k.card} is known in two places`);
  }
  for (const e of s.pool) {
    if (e.length === 0) out.push('empty pool entry');
    if (e.length === 2 || e.length > 3) out.push(`pool entry of ${e.length} cards: ${e.join(',')}`);
    if (e.some((c) => ZOD[c] !== ZOD[e[0]!])) out.push(`mixed pool entry ${e.join(',')}`);
  }
  for (const area of s.areas)
    for (const c of area) {
      const card = CARD_BY_CODE.get(c.code);
      if (card && !(card.attrs as readonly string[]).includes(c.attr)) out.push(`${c.code} filed as ${c.attr}`);
    }
  if (s.step.k === 'run') out.push('engine left in "run"');
  return out;
}

function placeProblems(s: DoufuState): string[] {
  const out: string[] = [];
  const at = cardPlaces(s);
  for (const code of ALL_CODES) {
    const p = at.get(code);
    if (!p) out.push(`${code} is nowhere`);
    else if (p.length > 1) out.push(`${code} is in ${p.join(' and ')}`);
  }
  for (const code of at.keys()) if (!CARD_BY_CODE.has(code)) out.push(`unknown card ${code}`);
  return out;
}
