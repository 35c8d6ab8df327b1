import type { DrawList, DrawOp } from '../../cards/draw-list';
import { assert } from '../../util/assert';
import { roundMm } from '../../util/units';
import { RULEBOOK_PAPER, type RulebookPaper } from './options';

/** One side of a booklet sheet: the page numbers (1-based) on its left and right halves; null is a blank page. */
export interface BookletSide {
  /** 1-based sheet number. */
  sheet: number;
  side: 'front' | 'back';
  left: number | null;
  right: number | null;
}

/**
 * Saddle-stitch imposition: pages padded with blanks to a multiple of 4, two per sheet side, so
 * that the stacked, folded sheets read in order. Sides come in print order (sheet 1 front,
 * sheet 1 back, sheet 2 front, …).
 * @example imposeBooklet(8)[0] // → { sheet: 1, side: 'front', left: 8, right: 1 }
 */
export function imposeBooklet(pageCount: number): BookletSide[] {
  assert(Number.isInteger(pageCount) && pageCount >= 1, `imposeBooklet needs a whole number of pages ≥ 1, got ${pageCount}.`);
  const n = Math.ceil(pageCount / 4) * 4;
  const page = (p: number): number | null => (p <= pageCount ? p : null);
  const out: BookletSide[] = [];
  for (let s = 0; s < n / 4; s++) {
    out.push({ sheet: s + 1, side: 'front', left: page(n - 2 * s), right: page(1 + 2 * s) });
    out.push({ sheet: s + 1, side: 'back', left: page(2 + 2 * s), right: page(n - 1 - 2 * s) });
  }
  return out;
}

/** Options of `bookletSheets`. */
export interface BookletOptions {
  /**
   * How the printer turns the sheet for its back: `short` (default; "flip on short edge", the
   * usual booklet setting) or `long`, for which back sides are drawn rotated 180°.
   */
  flip?: 'short' | 'long';
}

/**
 * The sheet sides of a saddle-stitched booklet as draw lists of the landscape parent sheet
 * (A5 pages on A4, A4 on A3, Letter on Tabloid), in print order: each page set into its half
 * with a group transform and clipped to its trim, centred on the fold.
 * @example writePdf(bookletSheets(book.pages, 'a5').map((list) => ({ widthMm: list.width, heightMm: list.height, items: [{ list, x: 0, y: 0 }] })), { fonts })
 */
export function bookletSheets(pages: DrawList[], paper: RulebookPaper, opts: BookletOptions = {}): DrawList[] {
  const size = RULEBOOK_PAPER[paper];
  assert(size !== undefined, `Unknown rulebook paper "${String(paper)}": use ${Object.keys(RULEBOOK_PAPER).join(', ')}.`);
  assert(pages.length > 0, 'bookletSheets needs at least one page.');
  for (const [i, p] of pages.entries())
    assert(Math.abs(p.width - size.width) < 0.01 && Math.abs(p.height - size.height) < 0.01, `Page ${i + 1} is ${p.width} × ${p.height} mm, not ${paper}; typeset the book on ${paper} paper.`);
  const { width: W, height: H } = size.parent;
  const x0 = (W - 2 * size.width) / 2;
  const y0 = (H - size.height) / 2;
  return imposeBooklet(pages.length).map((side) => {
    const ops: DrawOp[] = [];
    [side.left, side.right].forEach((n, half) => {
      if (n === null) return;
      ops.push({
        op: 'group',
        id: `booklet:page-${n}`,
        transform: { x: roundMm(x0 + half * size.width), y: roundMm(y0) },
        clip: { x: 0, y: 0, w: size.width, h: size.height },
        ops: pages[n - 1]!.ops,
      });
    });
    const turned = side.side === 'back' && opts.flip === 'long';
    return { width: W, height: H, bleed: 0, ops: turned ? [{ op: 'group', rotate: { deg: 180, cx: W / 2, cy: H / 2 }, ops }] : ops };
  });
}
