import type { DrawList, DrawOp, Stroke } from '../cards/draw-list';
import type { TextMeasurer } from '../cards/fonts';
import type { Mm } from '../util/units';
import { inToMm, roundMm } from '../util/units';
import { mirrorPoint, type Point, type Rect, type Size } from './geometry';
import { paperSize, type Orientation, type PaperId } from './paper';
import { flipAxis, type DuplexMode, type FlipAxis } from './sheet';
import { textBlock, textOp } from './text';

/** What the calibration page is printed on: the same paper, orientation and flip edge as the cards. */
export interface CalibrationSpec {
  paper: PaperId;
  orientation: Orientation;
  /** `long` or `short` (a front and a back page); `none`: one page that checks the scale only. */
  duplex: DuplexMode;
  /** Unprintable border, default 5 mm. */
  margin?: Mm;
}

/** One crosshair: where it is on the front page and where its partner is on the back page. */
export interface CalibrationCross {
  label: 'A' | 'B' | 'C' | 'D';
  front: Point;
  back: Point;
}

/** The calibration page pair and the positions tests (and the UI's help) refer to. */
export interface CalibrationPages {
  front: DrawList;
  /** The back page; null for simplex output (nothing to line up). */
  back: DrawList | null;
  /** Crosshairs A–D; none for simplex output. */
  crosses: CalibrationCross[];
  /** The 100 mm ruler: its 0 tick at (x, y), ticks hanging down from y. */
  ruler: { x: Mm; y: Mm; length: Mm };
  /** The 1 in and 5 cm squares (edges measured line centre to line centre). */
  squares: { inch: Rect; fiveCm: Rect };
}

/** The texts of the calibration page, English and Chinese. */
export const CALIBRATION_TEXT = {
  title: { en: 'Print at 100 % (actual size), not fit to page', zh: '请以 100% 实际大小打印，不要缩放' },
  steps: {
    en: [
      '1. Print this page double-sided at 100 %, on the paper and with the flip edge (long or short) you use for cards.',
      '2. Check the scale: the ruler measures 100 mm, the squares 1 in and 5 cm.',
      '3. Hold the sheet against a light, back towards you: each front cross shows through near the back cross with the same letter.',
      '4. On that back cross’s scales, read where the front cross lies: x to the right, y downwards, in mm.',
      '5. Enter the readings (the average of A–D) as the back offset x, y. This page prints without any offset.',
    ],
    zh: [
      '1. 以 100% 双面打印本页，使用与卡牌相同的纸张和翻页方式（长边或短边）。',
      '2. 检查比例：尺子应为 100 毫米，方块应为 1 英寸和 5 厘米。',
      '3. 将纸对着光，背面朝向自己：每个正面十字会透过纸张，出现在同一字母的背面十字附近。',
      '4. 在该背面十字的刻度上读出正面十字的位置：x 向右、y 向下，单位为毫米。',
      '5. 把读数（A–D 的平均值）填入背面偏移 x、y。本页打印时不加任何偏移。',
    ],
  },
  /** The steps of the one-page (simplex) calibration page: only the scale to check. */
  simplexSteps: {
    en: [
      '1. Print this page at 100 %, on the paper you use for cards.',
      '2. Check the scale: the ruler measures 100 mm, the squares 1 in and 5 cm. If not, turn off “fit to page” in the print dialog.',
    ],
    zh: ['1. 以 100% 打印本页，使用与卡牌相同的纸张。', '2. 检查比例：尺子应为 100 毫米，方块应为 1 英寸和 5 厘米。如果不对，请在打印对话框中关闭“适合页面”。'],
  },
  back: {
    en: 'Back: read where each front cross shows through on the scales of the cross with the same letter (x to the right, y downwards, in mm) and enter it as the back offset.',
    zh: '背面：在同一字母十字的刻度上读出正面十字透过来的位置（x 向右、y 向下，毫米），填入背面偏移。',
  },
} as const;

/** Distance from the margin to each crosshair centre. */
export const CROSS_INSET: Mm = 20;
/** Half-width of the back scales, equal to the largest back offset the options accept. */
export const SCALE_RANGE: Mm = 10;

const BOLD: Stroke = { color: '#000000', width: 0.3 };
const THIN: Stroke = { color: '#000000', width: 0.15 };
const TICK: Stroke = { color: '#000000', width: 0.1 };
const LABEL = { face: 'sans', size: 8 } as const;

/**
 * The crosshair positions: A–D near the corners of the printable area on the front, each partner
 * on the back at the mirror position for the flip, so that a perfect printer puts every back
 * cross exactly behind its front cross.
 */
export function calibrationCrosses(page: Size, axis: FlipAxis, margin: Mm = 5): CalibrationCross[] {
  const d = margin + CROSS_INSET;
  const at = (label: CalibrationCross['label'], x: Mm, y: Mm): CalibrationCross => ({ label, front: { x, y }, back: mirrorPoint({ x, y }, axis, page) });
  return [at('A', d, d), at('B', page.width - d, d), at('C', d, page.height - d), at('D', page.width - d, page.height - d)];
}

/**
 * The calibration page pair for `spec` as draw lists in page coordinates (bleed 0): the front
 * carries crosshairs A–D, a 100 mm ruler with mm ticks, a 1 in and a 5 cm square, and the
 * instructions in English and Chinese; the back carries the partner crosshairs, each with ±10 mm
 * scales read as the back offset (x right, y down), and a short reminder. Text is measured with
 * `measurer` (faces `sans` and `sans-bold`, 8 pt and up). The page itself is printed without any
 * back offset, so a reading is the absolute offset to enter.
 * With duplex `none` there is no back to line up: one page with the ruler, the squares and the
 * scale steps, and `back` is null.
 */
export function calibrationPages(spec: CalibrationSpec, measurer: TextMeasurer): CalibrationPages {
  const axis = flipAxis(spec.duplex, spec.orientation);
  const margin = spec.margin ?? 5;
  const page = paperSize(spec.paper, spec.orientation);
  const { width: W, height: H } = page;
  const crosses = axis ? calibrationCrosses(page, axis, margin) : [];
  const front: DrawOp[] = crosses.flatMap((c) => frontCross(c, measurer));
  const back: DrawOp[] = crosses.flatMap((c) => backCross(c, measurer));

  // Content keeps clear of the corner crosses (and of the back scales that show through).
  const x0 = margin + 5;
  const x1 = W - margin - 5;
  const y0 = margin + CROSS_INSET + 18;
  const portrait = H >= W;
  const textWidth = portrait ? x1 - x0 : x1 - x0 - 110;
  let y = y0;
  const block = (text: string, face: 'sans' | 'sans-bold', size: number, gap: Mm) => {
    const b = textBlock(text, { x: x0, top: y, width: textWidth }, { face, size, align: face === 'sans-bold' ? 'center' : 'left', id: 'calibration-text' }, measurer);
    for (const op of b.ops) front.push(op);
    y = b.bottom + gap;
  };
  block(CALIBRATION_TEXT.title.en, 'sans-bold', 12, 1.5);
  block(CALIBRATION_TEXT.title.zh, 'sans-bold', 12, 4);
  const steps = axis ? CALIBRATION_TEXT.steps : CALIBRATION_TEXT.simplexSteps;
  block(steps.en.join('\n'), 'sans', 9, 3);
  block(steps.zh.join('\n'), 'sans', 9, 0);

  const gx = portrait ? (W - 100) / 2 : x1 - 100;
  const gy = portrait ? y + 6 : y0;
  const ruler = { x: gx, y: gy + 4, length: 100 };
  for (const op of rulerOps(ruler, measurer)) front.push(op);
  const sq = gy + 17;
  const squares = { inch: { x: gx, y: sq, w: inToMm(1), h: inToMm(1) }, fiveCm: { x: gx + 50, y: sq, w: 50, h: 50 } };
  for (const [r, label] of [[squares.inch, '1 in'], [squares.fiveCm, '5 cm']] as const) {
    front.push({ op: 'rect', id: 'calibration-square', x: roundMm(r.x), y: roundMm(r.y), w: roundMm(r.w), h: roundMm(r.h), stroke: THIN });
    front.push(textOp(label, r.x + r.w / 2, r.y + r.h / 2 + 1, { ...LABEL, align: 'center', id: 'calibration-square' }, measurer));
  }

  const frontList: DrawList = { width: W, height: H, bleed: 0, ops: front };
  if (!axis) return { front: frontList, back: null, crosses, ruler, squares };
  const bw = Math.min(x1 - x0, 160);
  const note = textBlock(`${CALIBRATION_TEXT.back.en}\n${CALIBRATION_TEXT.back.zh}`, { x: (W - bw) / 2, top: H / 2 - 10, width: bw }, { face: 'sans', size: 9, align: 'center', id: 'calibration-text' }, measurer);
  for (const op of note.ops) back.push(op);

  return { front: frontList, back: { width: W, height: H, bleed: 0, ops: back }, crosses, ruler, squares };
}

function seg(id: string, x1: Mm, y1: Mm, x2: Mm, y2: Mm, stroke: Stroke): DrawOp {
  return { op: 'line', id, x1: roundMm(x1), y1: roundMm(y1), x2: roundMm(x2), y2: roundMm(y2), stroke };
}

/** A bold cross with a ring: it must show through the paper when held to a light. */
function frontCross(c: CalibrationCross, measurer: TextMeasurer): DrawOp[] {
  const { x, y } = c.front;
  return [
    seg('calibration-cross', x - 8, y, x + 8, y, BOLD),
    seg('calibration-cross', x, y - 8, x, y + 8, BOLD),
    { op: 'ellipse', id: 'calibration-cross', cx: roundMm(x), cy: roundMm(y), rx: 4, ry: 4, stroke: BOLD },
    textOp(c.label, x + 5, y - 5, { face: 'sans-bold', size: 10, id: 'calibration-cross' }, measurer),
  ];
}

/** A thin cross with mm scales: ticks below the horizontal arm (x) and left of the vertical arm (y). */
function backCross(c: CalibrationCross, measurer: TextMeasurer): DrawOp[] {
  const { x, y } = c.back;
  const R = SCALE_RANGE;
  const ops: DrawOp[] = [seg('calibration-scale', x - R - 2, y, x + R + 2, y, THIN), seg('calibration-scale', x, y - R - 2, x, y + R + 2, THIN)];
  for (let k = -R; k <= R; k++) {
    if (k === 0) continue;
    const len = k % 5 === 0 ? 2 : 1;
    ops.push(seg('calibration-scale', x + k, y, x + k, y + len, TICK), seg('calibration-scale', x, y + k, x - len, y + k, TICK));
  }
  const label = (s: string, lx: Mm, ly: Mm, align: 'left' | 'center' | 'right') => textOp(s, lx, ly, { ...LABEL, align, id: 'calibration-scale' }, measurer);
  ops.push(
    label(`−${R}`, x - R, y + 5.5, 'center'),
    label(`+${R}`, x + R, y + 5.5, 'center'),
    label(`−${R}`, x - 3, y - R + 1, 'right'),
    label(`+${R}`, x - 3, y + R + 1, 'right'),
    label('x', x + R + 3, y + 1, 'left'),
    label('y', x, y + R + 5, 'center'),
    textOp(c.label, x - 8, y - 4, { face: 'sans-bold', size: 10, align: 'right', id: 'calibration-scale' }, measurer),
  );
  return ops;
}

/** A 100 mm ruler: a baseline, a tick every mm (longer every 5 and 10), centimetre numbers above. */
export function rulerOps(r: { x: Mm; y: Mm; length: Mm }, measurer: TextMeasurer): DrawOp[] {
  const ops: DrawOp[] = [seg('calibration-ruler', r.x, r.y, r.x + r.length, r.y, THIN)];
  for (let i = 0; i <= r.length; i++) {
    const len = i % 10 === 0 ? 5 : i % 5 === 0 ? 3.5 : 2;
    ops.push(seg('calibration-ruler', r.x + i, r.y, r.x + i, r.y + len, TICK));
    if (i % 10 === 0) ops.push(textOp(String(i / 10), r.x + i, r.y - 1, { ...LABEL, align: 'center', id: 'calibration-ruler' }, measurer));
  }
  ops.push(textOp('100 mm (cm 0–10)', r.x + r.length / 2, r.y + 9, { ...LABEL, align: 'center', id: 'calibration-ruler' }, measurer));
  return ops;
}
