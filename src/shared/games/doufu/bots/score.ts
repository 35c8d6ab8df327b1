/**
 * A fast, allocation-light version of the spec §5.4 scoring for the bots' inner loops: count an
 * area once, add hypothetical cards to the counts, read the family values and the score S. The
 * engine's `areaScore` validates its input and builds display rows, which costs too much for a
 * heuristic that scores hundreds of hypothetical areas per decision.
 *
 * Invariant: `scoreOf(tally(area))` equals the engine's `areaScore(area, bonus)` B / H / S and its
 * qualification for every valid area and every option (checked by score.test.ts).
 */
import { CARDS, ZODIACS, type Attr, type CardCode } from '../cards';
import type { AreaCard, DoufuGameOptions } from '../types';

/** Zodiac index (0 = 鼠 … 11 = 猪) by card code. */
export const ZI: ReadonlyMap<CardCode, number> = new Map(CARDS.map((c) => [c.code, ZODIACS.indexOf(c.zodiac)]));
/** The attribute choices of each card. */
export const ATTRS_OF: ReadonlyMap<CardCode, readonly Attr[]> = new Map(CARDS.map((c) => [c.code, c.attrs]));
/** Codes by zodiac index. */
export const BY_ZODIAC: readonly (readonly CardCode[])[] = ZODIACS.map((z) => CARDS.filter((c) => c.zodiac === z).map((c) => c.code));

/** The counts of spec §5.1 plus the named cards, mutable so hypothetical cards can be added. */
export interface Counts {
  g: number;
  j: boolean;
  p: number;
  r: number;
  h: number;
  f: number;
  y: number;
  /** Cards of each zodiac in the area. */
  z: number[];
  /** Named cards, each as its combo needs it (assigned attribute or identity, per option). */
  draJin: boolean;
  tigJin: boolean;
  snaFu: boolean;
  ratFu: boolean;
  rabFu: boolean;
  goaFu: boolean;
  dogFu: boolean;
  pigFu: boolean;
  /** Cards in the area. */
  cards: number;
}

/** An empty count. */
export function emptyCounts(): Counts {
  return { g: 0, j: false, p: 0, r: 0, h: 0, f: 0, y: 0, z: new Array<number>(12).fill(0), draJin: false, tigJin: false, snaFu: false, ratFu: false, rabFu: false, goaFu: false, dogFu: false, pigFu: false, cards: 0 };
}

/** A copy of a count (to add hypothetical cards to). */
export function copyCounts(c: Counts): Counts {
  return { ...c, z: c.z.slice() };
}

/** Add one card filed under `attr` to the counts (in place). */
export function addCard(c: Counts, code: CardCode, attr: Attr, opts: DoufuGameOptions): void {
  c.cards++;
  c.z[ZI.get(code)!]!++;
  switch (attr) {
    case '金': c.g++; break;
    case '玉': c.j = true; break;
    case '福': c.f++; break;
    case '紫气': c.p++; break;
    case '红气': c.r++; break;
    case '和气': c.h++; break;
    case '运': c.y++; break;
    case '双运': c.y += opts.shuangyun_value; break;
  }
  // Named cards: with named_combo_requires_assigned_attr the combo needs the card filed as named.
  const any = !opts.named_combo_requires_assigned_attr;
  switch (code) {
    case 'DRA-JIN': if (any || attr === '金') c.draJin = true; break;
    case 'TIG-JIN': if (any || attr === '金') c.tigJin = true; break;
    case 'SNA-FU': if (any || attr === '福') c.snaFu = true; break;
    case 'RAT-FU': if (any || attr === '福') c.ratFu = true; break;
    case 'RAB-FU': if (any || attr === '福') c.rabFu = true; break;
    case 'GOA-FU': if (any || attr === '福') c.goaFu = true; break;
    case 'DOG-FU': if (any || attr === '福') c.dogFu = true; break;
    case 'PIG-FU': if (any || attr === '福') c.pigFu = true; break;
  }
}

/** Count an area. */
export function tally(area: readonly { code: CardCode; attr: Attr }[], opts: DoufuGameOptions): Counts {
  const c = emptyCounts();
  for (const a of area) addCard(c, a.code, a.attr, opts);
  return c;
}

/** Family values F1..F8 (spec §5.4 closed forms), in order. */
export function familyValues(c: Counts): [number, number, number, number, number, number, number, number] {
  const n = c.p + c.r + c.h;
  const F1 = c.g === 4 ? (c.j ? 10 : 8) : c.g === 3 ? (c.j ? 7 : 5) : 0;
  let F2 = 0;
  if (c.p === 4 && c.r === 4) F2 = n + 6;
  else if (c.p >= 3 && c.r >= 3) F2 = n + 4;
  else if (c.p === 4 || c.r === 4) F2 = n + 3;
  else if (c.p >= 3 || c.r >= 3) F2 = n + 2;
  else if (n >= 5) F2 = n - 4;
  const F3 = c.f >= 5 ? c.f - 4 : 0;
  const F4 = c.draJin && c.snaFu ? 3 : 0;
  const F5 = c.tigJin && c.snaFu ? 3 : 0;
  const F6 = c.ratFu && c.rabFu && c.goaFu ? 5 : 0;
  const F7 = c.y >= 10 ? c.y - 9 : 0;
  const F8 = c.dogFu && c.pigFu ? -1 : 0;
  return [F1, F2, F3, F4, F5, F6, F7, F8];
}

/** B, H, S, the 人和 sets, the best family, and whether the side may declare (ffa / 2v2 rule). */
export interface FastScore {
  B: number;
  H: number;
  S: number;
  sets: number;
  best: number;
  qualifies: boolean;
}

/** Score counts with a 三叠 bonus (spec §5.4, §5.5 3(e), §7.9). */
export function scoreOf(c: Counts, bonus: number, opts: DoufuGameOptions): FastScore {
  const F = familyValues(c);
  let B = 0;
  let scoring = 0;
  let best = 0;
  for (let i = 0; i < 8; i++) {
    B += F[i]!;
    if (i < 7 && F[i]! > 0) {
      scoring++;
      if (F[i]! > best) best = F[i]!;
    }
  }
  let sets = 0;
  for (let z = 0; z < 12; z++) if (c.z[z] === 4) sets++;
  const H = sets + bonus;
  const qualifies = opts.mode === '2v2' ? scoring + (opts.team_dazi_count_mode === 'distinct_rows' ? Math.min(sets, 1) : sets) >= opts.team_min_dazi : scoring > 0 || sets > 0;
  return { B, H, S: B + H, sets, best, qualifies };
}

/** Score an area directly. */
export function areaFastScore(area: readonly AreaCard[], bonus: number, opts: DoufuGameOptions): FastScore {
  return scoreOf(tally(area, opts), bonus, opts);
}
