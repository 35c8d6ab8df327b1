import { assert } from '../util/assert';
import type { Mm } from '../util/units';
import { roundMm } from '../util/units';
import type { Point, Size } from './geometry';

/**
 * Punch-out sheets: round tokens on a grid, each with its cut circle. Pure geometry; the token
 * faces are the caller's. Backs (optional) sit behind their fronts for a long-edge flip of a
 * portrait page (columns mirrored), so a coloured back lands behind every token.
 */

/** How tokens are laid out. */
export interface PunchLayout {
  /** Token diameter (the cut circle). */
  diameter: Mm;
  /** Extra art beyond the cut circle on every side, so a cut that wanders stays coloured. */
  bleed: Mm;
  /** Space between neighbouring bleed circles. */
  gap: Mm;
  /** Space kept clear at every edge of the page (printable margin + room). */
  margin: Mm;
  /** Extra space kept at the foot of each page for its caption. */
  foot: Mm;
}

/** Tokens of print.md: 20 mm chips, 1 mm bleed, 2 mm apart, 10 mm from the edges, 8 mm caption band. */
export const TOKEN_LAYOUT: PunchLayout = { diameter: 20, bleed: 1, gap: 2, margin: 10, foot: 8 };

/** One page of tokens: the centre of each token and which item it is. */
export interface PunchPage {
  side: 'front' | 'back';
  /** 1-based sheet number and count (front and back share it). */
  sheetNumber: number;
  sheetCount: number;
  items: { index: number; centre: Point }[];
}

/** Columns and rows of tokens that fit on `page`. */
export function punchGrid(page: Size, l: PunchLayout): { cols: number; rows: number; pitch: Mm; x0: Mm; y0: Mm } {
  const cell = l.diameter + 2 * l.bleed;
  const pitch = cell + l.gap;
  const cols = Math.floor((page.width - 2 * l.margin + l.gap) / pitch);
  const rows = Math.floor((page.height - 2 * l.margin - l.foot + l.gap) / pitch);
  const w = cols * pitch - l.gap;
  const h = rows * pitch - l.gap;
  return { cols, rows, pitch, x0: (page.width - w) / 2 + cell / 2, y0: l.margin + (page.height - 2 * l.margin - l.foot - h) / 2 + cell / 2 };
}

/**
 * Lay `count` tokens out on pages of `page` size: reading order, as many per page as fit; with
 * `backs`, each front page is followed by its back page with every token's centre mirrored
 * left–right (long-edge flip of a portrait page).
 * @example punchPages(72, { width: 210, height: 297 }, TOKEN_LAYOUT, false).length // → 1
 */
export function punchPages(count: number, page: Size, l: PunchLayout, backs: boolean): PunchPage[] {
  assert(Number.isInteger(count) && count >= 0, `Token count must be a whole number (got ${count}).`);
  const g = punchGrid(page, l);
  assert(g.cols > 0 && g.rows > 0, `A ${l.diameter} mm token does not fit on a ${page.width} × ${page.height} mm page inside ${l.margin} mm margins.`);
  const per = g.cols * g.rows;
  const sheets = Math.ceil(count / per);
  const out: PunchPage[] = [];
  for (let s = 0; s < sheets; s++) {
    const items = [];
    for (let i = s * per; i < Math.min(count, (s + 1) * per); i++) {
      const k = i - s * per;
      items.push({ index: i, centre: { x: roundMm(g.x0 + (k % g.cols) * g.pitch), y: roundMm(g.y0 + Math.floor(k / g.cols) * g.pitch) } });
    }
    out.push({ side: 'front', sheetNumber: s + 1, sheetCount: sheets, items });
    if (backs) out.push({ side: 'back', sheetNumber: s + 1, sheetCount: sheets, items: items.map((it) => ({ index: it.index, centre: { x: roundMm(page.width - it.centre.x), y: it.centre.y } })) });
  }
  return out;
}
