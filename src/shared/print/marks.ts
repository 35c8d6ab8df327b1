import type { Color, DrawList, FontFaceId, LineOp, TextOp } from '../cards/draw-list';
import type { TextMeasurer } from '../cards/fonts';
import type { Mm, Pt } from '../util/units';
import { ptToMm, roundMm } from '../util/units';
import type { Sheet } from './sheet';

/** What cut guides a sheet carries. */
export type MarksMode =
  /** Short crop marks outside the grid at every cut line (survive the first cut). */
  | 'crop'
  /** Full-length cut lines across the page, thin and light grey, for guillotines. */
  | 'lines'
  /** Nothing. */
  | 'none';

/** How marks look, in millimetres. */
export interface MarkStyle {
  /** Gap between the grid's outer trim and the start of a crop mark. */
  offset: Mm;
  /** Length of a crop mark (print.md: at least 5 mm, to survive the first cut). */
  length: Mm;
  /** Crop mark stroke: a 0.25 pt hairline. */
  width: Mm;
  color: Color;
  /** Cut line stroke (`lines` mode). */
  lineWidth: Mm;
  lineColor: Color;
}

/** The marks of print.md: 5 mm long, 2 mm from the trim, 0.25 pt black; cut lines 0.25 pt light grey. */
export const MARK_STYLE: Readonly<MarkStyle> = {
  offset: 2,
  length: 5,
  width: ptToMm(0.25),
  color: '#000000',
  lineWidth: ptToMm(0.25),
  lineColor: '#b3b3b3',
};

/** The parts of a {@link Sheet} marks depend on. */
export type MarkedSheet = Pick<Sheet, 'widthMm' | 'heightMm' | 'cuts' | 'trimBox'>;

/**
 * The cut guides of one page as a draw list in page coordinates (bleed 0), to paint after the
 * cards. Crop marks: for each cut x, one mark above and one below the grid; for each cut y, one
 * left and one right; each starts `offset` outside the grid's trim and runs `length` outward
 * (cut short only by the paper edge). Marks are drawn for the full grid even on a partial sheet,
 * so every sheet of a job cuts the same way. Back pages carry their mirrored, offset cuts
 * (`Sheet.cuts`), so back marks sit behind front marks. No text: see {@link footerText}.
 */
export function sheetMarks(sheet: MarkedSheet, mode: MarksMode, style: Partial<MarkStyle> = {}): DrawList {
  const s = { ...MARK_STYLE, ...style };
  const W = sheet.widthMm;
  const H = sheet.heightMm;
  const list: DrawList = { width: W, height: H, bleed: 0, ops: [] };
  if (mode === 'none') return list;
  if (mode === 'lines') {
    const stroke = { color: s.lineColor, width: roundMm(s.lineWidth) };
    for (const x of sheet.cuts.x) list.ops.push(line('cut-line', x, 0, x, H, stroke));
    for (const y of sheet.cuts.y) list.ops.push(line('cut-line', 0, y, W, y, stroke));
    return list;
  }
  const stroke = { color: s.color, width: roundMm(s.width) };
  const { x: left, y: top, w, h } = sheet.trimBox;
  const [right, bottom] = [left + w, top + h];
  const clamp = (v: Mm, max: Mm) => Math.min(max, Math.max(0, v));
  const push = (x1: Mm, y1: Mm, x2: Mm, y2: Mm) => {
    const [a, b, c, d] = [clamp(x1, W), clamp(y1, H), clamp(x2, W), clamp(y2, H)];
    if (Math.hypot(c - a, d - b) > 0) list.ops.push(line('crop-mark', a, b, c, d, stroke));
  };
  for (const x of sheet.cuts.x) {
    push(x, top - s.offset, x, top - s.offset - s.length);
    push(x, bottom + s.offset, x, bottom + s.offset + s.length);
  }
  for (const y of sheet.cuts.y) {
    push(left - s.offset, y, left - s.offset - s.length, y);
    push(right + s.offset, y, right + s.offset + s.length, y);
  }
  return list;
}

function line(id: string, x1: Mm, y1: Mm, x2: Mm, y2: Mm, stroke: LineOp['stroke']): LineOp {
  return { op: 'line', id, x1: roundMm(x1), y1: roundMm(y1), x2: roundMm(x2), y2: roundMm(y2), stroke };
}

/** How the page-foot text looks and what it must avoid. */
export interface FooterStyle {
  face: FontFaceId;
  /** Preferred size; shrinks in 0.5 pt steps down to `minSize` to fit between marks. */
  size: Pt;
  minSize: Pt;
  color: Color;
  /** The marks mode of the page: crop marks and cut lines below the grid are kept clear of. */
  marks: MarksMode;
  /** Clearance between the text and a mark, in millimetres. */
  pad: Mm;
}

const FOOTER: FooterStyle = { face: 'sans', size: 8, minSize: 6, color: '#555555', marks: 'crop', pad: 1 };

/**
 * The page-foot text (e.g. "斗福 — sheet 2/6 front — print at 100%", composed by the caller) as
 * one measured TextOp, or none for empty text. It sits below the grid's outer bleed, vertically
 * centred in the band above the bottom margin (or, when that band is too small, in the band down
 * to the paper edge: informational text a printer may clip). Horizontally it is centred in the
 * mark-free stretch that holds the page centre, else the widest one; it shrinks to `minSize` to
 * fit and is centred on the page if it still does not.
 */
export function footerText(
  sheet: MarkedSheet & Pick<Sheet, 'grid'>,
  text: string,
  measurer: TextMeasurer,
  style: Partial<FooterStyle> = {},
): TextOp[] {
  if (!text) return [];
  const s = { ...FOOTER, ...style };
  const W = sheet.widthMm;
  const H = sheet.heightMm;
  const margin = sheet.grid.margin;
  const m = measurer.metrics(s.face);
  const obstacles = s.marks === 'none' ? [] : sheet.cuts.x.filter((x) => x > margin && x < W - margin);
  const edges = [margin, ...obstacles, W - margin];
  const gaps = edges.slice(1).map((b, i) => ({ a: edges[i]!, b }));
  gaps.sort((g, k) => Number(k.a <= W / 2 && W / 2 <= k.b) - Number(g.a <= W / 2 && W / 2 <= g.b) || k.b - k.a - (g.b - g.a));

  let size = s.size;
  let width = measurer.width(s.face, text, size);
  let x = (W - width) / 2;
  for (let sz = s.size; sz >= s.minSize - 1e-9; sz -= 0.5) {
    const wd = measurer.width(s.face, text, sz);
    const gap = gaps.find((g) => g.b - g.a - 2 * s.pad >= wd);
    [size, width] = [sz, wd];
    if (gap) {
      x = (gap.a + gap.b - wd) / 2;
      break;
    }
    x = (W - wd) / 2;
  }
  const em = ptToMm(size);
  const [ascent, descent] = [m.ascent * em, Math.abs(m.descent) * em];
  const top = sheet.trimBox.y + sheet.trimBox.h + sheet.grid.y.outerBleed;
  const bottom = H - margin - top >= ascent + descent ? H - margin : H;
  const baseline = (top + bottom) / 2 + (ascent - descent) / 2;
  return [{ op: 'text', id: 'footer', x: roundMm(x), y: roundMm(baseline), text, face: s.face, size, color: s.color, width: roundMm(width) }];
}
