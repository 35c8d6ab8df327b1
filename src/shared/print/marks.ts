import type { Color, DrawList, DrawOp, FontFaceId, GroupOp, LineOp, TextOp } from '../cards/draw-list';
import type { TextMeasurer } from '../cards/fonts';
import type { Mm, Pt } from '../util/units';
import { ptToMm, roundMm } from '../util/units';
import { MARK_GEOMETRY, type AxisFit, type Grid, type Sheet } from './sheet';

/** What cut guides a sheet carries. */
export type MarksMode =
  /** Short crop marks outside the grid at every cut line (survive the first cut). */
  | 'crop'
  /** Full-length cut lines across the page, thin and light grey, for guillotines. */
  | 'lines'
  /** Nothing. */
  | 'none';

/** How marks look, in millimetres. Where they go comes from the grid (`MARK_GEOMETRY` in sheet.ts). */
export interface MarkStyle {
  /** Crop mark stroke: a 0.25 pt hairline. */
  width: Mm;
  color: Color;
  /** Cut line stroke (`lines` mode). */
  lineWidth: Mm;
  lineColor: Color;
}

/** The marks of print.md: 0.25 pt black crop marks; cut lines 0.25 pt light grey. */
export const MARK_STYLE: Readonly<MarkStyle> = {
  width: ptToMm(0.25),
  color: '#000000',
  lineWidth: ptToMm(0.25),
  lineColor: '#b3b3b3',
};

/** The parts of a {@link Sheet} marks depend on. */
export type MarkedSheet = Pick<Sheet, 'widthMm' | 'heightMm' | 'cuts' | 'trimBox'> & { grid: Pick<Grid, 'margin' | 'x' | 'y'> };

/**
 * Where the crop marks of one grid side run, as distances from the grid's outer trim edge:
 * from `start` (just outside the outer bleed) outwards to `end`. When the axis has room
 * (`marksFit`), the mark lies on white inside the margin, at least `MARK_GEOMETRY.length` long
 * (up to `maxLength`, ending at the margin). When it has not (3 poker rows on Letter portrait),
 * the mark still starts outside the bleed and is `length` long, running into the margin where a
 * printer may not print it; the print options warn about that and name the fix.
 * @example markSpan(fitAxis(297, 5, 88, 3, { marks: true, gutter: 'auto' }), 5) // → { start: 3.25, end: 8.25 }
 */
export function markSpan(a: Pick<AxisFit, 'first' | 'outerBleed' | 'marksFit'>, margin: Mm): { start: Mm; end: Mm } {
  const g = MARK_GEOMETRY;
  const band = a.first - a.outerBleed - margin; // white between the outer bleed and the margin
  if (!a.marksFit || band < g.length + g.minGap - 1e-6) return { start: a.outerBleed + g.minGap, end: a.outerBleed + g.minGap + g.length };
  const gap = Math.min(g.maxGap, Math.max(g.minGap, band - g.maxLength));
  return { start: a.outerBleed + gap, end: a.outerBleed + gap + Math.min(g.maxLength, band - gap) };
}

/**
 * The cut guides of one page as a draw list in page coordinates (bleed 0), to paint after the
 * cards. Crop marks: for each cut x, one mark above and one below the grid; for each cut y, one
 * left and one right; each runs along {@link markSpan}, outside the outer bleed (cut short only
 * by the paper edge). Marks are drawn for the full grid even on a partial sheet, so every sheet
 * of a job cuts the same way. Back pages carry their mirrored, offset cuts (`Sheet.cuts`), so
 * back marks sit behind front marks. No text: see {@link footerText}.
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
  const mx = markSpan(sheet.grid.x, sheet.grid.margin);
  const my = markSpan(sheet.grid.y, sheet.grid.margin);
  const clamp = (v: Mm, max: Mm) => Math.min(max, Math.max(0, v));
  const push = (x1: Mm, y1: Mm, x2: Mm, y2: Mm) => {
    const [a, b, c, d] = [clamp(x1, W), clamp(y1, H), clamp(x2, W), clamp(y2, H)];
    if (Math.hypot(c - a, d - b) > 0) list.ops.push(line('crop-mark', a, b, c, d, stroke));
  };
  for (const x of sheet.cuts.x) {
    push(x, top - my.start, x, top - my.end);
    push(x, bottom + my.start, x, bottom + my.end);
  }
  for (const y of sheet.cuts.y) {
    push(left - mx.start, y, left - mx.end, y);
    push(right + mx.start, y, right + mx.end, y);
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
  /** The marks mode of the page: crop marks and cut lines are kept clear of. */
  marks: MarksMode;
  /** Clearance between the text and a mark or a card's bleed, in millimetres. */
  pad: Mm;
  /** Least distance from the text to the paper edge (print.md: footers at least 6 mm in). */
  edge: Mm;
}

const FOOTER: FooterStyle = { face: 'sans', size: 8, minSize: 6, color: '#555555', marks: 'crop', pad: 1, edge: 6 };

/** A strip of white paper the foot text may run along: `along` its length, `across` its depth, `stops` marks crossing it. */
interface Band {
  side: 'bottom' | 'top' | 'left';
  along: [Mm, Mm];
  across: [Mm, Mm];
  stops: Mm[];
}

/**
 * The page-foot text (e.g. ["斗福 Dou Fu · 2/6 背面 back", "请以 100% 实际大小打印", "print at 100%, not fit to page"],
 * composed by the caller) as measured TextOps, or none for no text. It runs on white: below the
 * grid's outer bleed, else above it, else up the left side (turned 90°, for 3 poker rows on
 * Letter portrait, which leave no white above or below). Every glyph stays `edge` (6 mm) from
 * the paper edge and `pad` from the bleed and from every crop mark or cut line: the text goes
 * whole into the mark-free stretch nearest the middle, else part by part into the stretches in
 * order, shrinking to `minSize` to fit. When nothing fits anywhere the page has no foot text.
 */
export function footerText(sheet: MarkedSheet, text: string | readonly string[], measurer: TextMeasurer, style: Partial<FooterStyle> = {}): DrawOp[] {
  const parts = (typeof text === 'string' ? [text] : [...text]).filter(Boolean);
  if (!parts.length) return [];
  const s = { ...FOOTER, ...style };
  const m = measurer.metrics(s.face);
  for (const band of footerBands(sheet, s)) {
    for (let size = s.size; size >= s.minSize - 1e-9; size -= 0.5) {
      const em = ptToMm(size);
      const [ascent, descent] = [Math.abs(m.ascent) * em, Math.abs(m.descent) * em];
      if (band.across[1] - band.across[0] < ascent + descent) continue; // a smaller size may fit the band's depth
      const placed = placeParts(band, parts, (t) => measurer.width(s.face, t, size), s.pad);
      if (!placed) continue;
      const mid = (band.across[0] + band.across[1]) / 2;
      return placed.map(({ text: t, at, width }) => {
        if (band.side !== 'left') {
          const y = mid + (ascent - descent) / 2;
          return { op: 'text', id: 'footer', x: roundMm(at), y: roundMm(y), text: t, face: s.face, size, color: s.color, width: roundMm(width) } satisfies TextOp;
        }
        // Up the left side, reading bottom to top: the run starts at the bottom (y = at + width).
        const x = mid + (ascent - descent) / 2;
        const y = at + width;
        const op: TextOp = { op: 'text', x: roundMm(x), y: roundMm(y), text: t, face: s.face, size, color: s.color, width: roundMm(width) };
        return { op: 'group', id: 'footer', rotate: { deg: -90, cx: roundMm(x), cy: roundMm(y) }, ops: [op] } satisfies GroupOp;
      });
    }
  }
  return [];
}

/** The white strips around the grid, best first, with the marks crossing each. */
function footerBands(sheet: MarkedSheet, s: FooterStyle): Band[] {
  const W = sheet.widthMm;
  const H = sheet.heightMm;
  const { x: left, y: top, w, h } = sheet.trimBox;
  const [bx, by] = [sheet.grid.x.outerBleed, sheet.grid.y.outerBleed];
  const xs = s.marks === 'none' ? [] : sheet.cuts.x;
  const ys = s.marks === 'none' ? [] : sheet.cuts.y;
  const along = (len: Mm): [Mm, Mm] => [s.edge, len - s.edge];
  return [
    { side: 'bottom', along: along(W), across: [top + h + by + s.pad, H - s.edge], stops: xs },
    { side: 'top', along: along(W), across: [s.edge, top - by - s.pad], stops: xs },
    { side: 'left', along: along(H), across: [s.edge, left - bx - s.pad], stops: ys },
  ];
}

/** Lay `parts` along a band: all of them in the mark-free stretch nearest its middle, else each in the next stretch it fits. */
function placeParts(band: Band, parts: string[], width: (t: string) => Mm, pad: Mm): { text: string; at: Mm; width: Mm }[] | null {
  const [a, b] = band.along;
  const edges = [a, ...band.stops.filter((v) => v > a && v < b), b];
  const gaps = edges.slice(1).map((e, i) => ({ a: edges[i]! + (i === 0 ? 0 : pad), b: e - (i === edges.length - 2 ? 0 : pad) })).filter((g) => g.b > g.a);
  const whole = parts.join(' · ');
  const ww = width(whole);
  const centre = (a + b) / 2;
  const byCentre = [...gaps].sort((g, k) => Math.abs((g.a + g.b) / 2 - centre) - Math.abs((k.a + k.b) / 2 - centre));
  const one = byCentre.find((g) => g.b - g.a >= ww);
  if (one) return [{ text: whole, at: (one.a + one.b - ww) / 2, width: ww }];
  if (parts.length < 2) return null;
  const out: { text: string; at: Mm; width: Mm }[] = [];
  let gi = 0;
  for (const p of parts) {
    const pw = width(p);
    while (gi < gaps.length && gaps[gi]!.b - gaps[gi]!.a < pw) gi++;
    if (gi === gaps.length) return null;
    const g = gaps[gi++]!;
    out.push({ text: p, at: (g.a + g.b - pw) / 2, width: pw });
  }
  return out;
}
