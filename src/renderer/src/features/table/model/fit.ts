/**
 * Sizing the table's cards to the window: the pool, the deck and whatever the middle of the table
 * holds (a Roulette spread, a 福牛 peek) are laid out in rows that wrap, and the table picks the
 * largest card width at which all of it fits the box it has, so nothing ever needs a scroll bar.
 * Pure arithmetic on widths measured in cards: a single card is 1, a fanned 三叠 is wider.
 */

/** How the middle's items are measured. */
export interface FitOptions {
  /** Gap between items and between rows, in px. */
  gap: number;
  /** Smallest and largest card width, in px. */
  min: number;
  max: number;
  /** Card height over width. */
  aspect: number;
  /** Height below each row that labels and tags take (the deck's count, a 三叠's tag), in px. */
  below: number;
}

/** The result: the card width and how many rows the items take at it. */
export interface Fit {
  width: number;
  rows: number;
  /** Whether it fits (false: the smallest width still overflows; the box scrolls then). */
  fits: boolean;
}

/** Rows taken by items of the given unit widths at card width `w` in a box `boxW` wide (greedy, as flex-wrap lays them out). */
export function rowsAt(units: readonly number[], w: number, boxW: number, gap: number): number {
  let rows = 1;
  let x = 0;
  for (const u of units) {
    const iw = u * w;
    if (x > 0 && x + gap + iw > boxW) {
      rows++;
      x = iw;
    } else x += (x > 0 ? gap : 0) + iw;
  }
  return rows;
}

/**
 * The largest card width (in 2 px steps from `max` down to `min`) at which items of `units` card
 * widths fit a box of `boxW` × `boxH`.
 * @example fitCards([1, 1, 1], 400, 200, { gap: 10, min: 40, max: 100, aspect: 1.4, below: 0 }) // { width: 100, rows: 1, fits: true }
 */
export function fitCards(units: readonly number[], boxW: number, boxH: number, o: FitOptions): Fit {
  if (!(boxW > 0) || !(boxH > 0)) return { width: o.max, rows: 1, fits: true };
  for (let w = o.max; w >= o.min; w -= 2) {
    const rows = rowsAt(units, w, boxW, o.gap);
    const h = rows * (Math.round(w * o.aspect) + o.below) + (rows - 1) * o.gap;
    if (h <= boxH && units.every((u) => u * w <= boxW)) return { width: w, rows, fits: true };
  }
  return { width: o.min, rows: rowsAt(units, o.min, boxW, o.gap), fits: false };
}

/** The width in cards of a fanned 三叠 of `n` cards (each card after the first shows this much of itself). */
export const FAN_STEP = 0.31;

/** Unit width of a pool entry: a single card 1, a 三叠 fan wider. */
export function entryUnits(n: number): number {
  return 1 + Math.max(0, n - 1) * FAN_STEP;
}
