import type { DrawList, DrawOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import type { Mm } from '../../util/units';
import { roundMm } from '../../util/units';
import { appendAll } from '../../util/array';
import type { Size } from '../geometry';
import { textBlock, textOp } from '../text';
import { caption, cutCircle } from '../zodiac/tokens';

/**
 * The 斗老闆 table pieces of spec §13 on one page: the Boss tent card (老闆, two 50 mm faces
 * folded into a tent, the upper face turned so both read upright), the bid markers 1× 2× 3×
 * (30 mm discs) and the A6 multiplier tracker (bid, the bomb track ×1 … ×256, the spring box and
 * the settlement formula). Everything, bleed included, stays inside the 5 mm printable margin.
 */

export const INK = '#1F1A17';
export const RED = '#C23B22';
export const NAVY = '#1F3A5F';
export const PAPER = '#F7F1E3';
export const GOLD = '#C9A227';
const MUTED = '#6B5A48';
const TINT = '#F3DFD5';

/** Sizes of the pieces (spec §13), in millimetres. */
export const PIECES = {
  tent: { w: 70, face: 50 },
  disc: 30,
  tracker: { w: 105, h: 148 },
  /** Background beyond every cut line. */
  bleed: 1,
  /** Left and top of the layout. */
  x: 15,
  top: 22,
} as const;

const CUT = { color: '#000000', width: 0.2 };
const FOLD = { color: '#777777', width: 0.25, dash: [1.5, 1] };

/** Where each piece lands on the page (cut outlines, without bleed). */
export interface PiecesLayout {
  tent: { x: Mm; y: Mm; w: Mm; h: Mm };
  discs: { cx: Mm; cy: Mm; r: Mm; bid: number }[];
  tracker: { x: Mm; y: Mm; w: Mm; h: Mm };
}

/** The layout of the pieces page on `page`: the tent card left, the tracker right, the bid discs in a row under them. */
export function piecesLayout(page: Size): PiecesLayout {
  const { x, top, tent, tracker, disc } = PIECES;
  const tx = Math.max(x + tent.w + 8, page.width - x - tracker.w);
  const discTop = top + Math.max(2 * tent.face, tracker.h) + 10;
  return {
    tent: { x, y: top, w: tent.w, h: 2 * tent.face },
    discs: [1, 2, 3].map((bid, i) => ({ cx: roundMm(x + disc / 2 + i * (disc + 8)), cy: roundMm(discTop + disc / 2), r: disc / 2, bid })),
    tracker: { x: roundMm(tx), y: top, w: tracker.w, h: tracker.h },
  };
}

/** One face of the Boss tent card, upright in its box. */
function tentFace(x: Mm, y: Mm, w: Mm, h: Mm, m: TextMeasurer): DrawOp[] {
  return [
    { op: 'rect', id: 'tent-frame', x: x + 3, y: y + 3, w: w - 6, h: h - 6, radius: 2, stroke: { color: GOLD, width: 0.5 } },
    { op: 'image', id: 'tent-art', x: x + 6, y: y + h / 2 - 12, w: 20, h: 20, ref: 'icon:fluent-emoji-flat:man-in-tuxedo', fit: 'contain' },
    textOp('老闆', x + w / 2 + 10, y + h / 2 + 4, { face: 'sans-bold', size: 34, color: PAPER, align: 'center', id: 'tent-title' }, m),
    textOp('BOSS · 叫分最高者', x + w / 2 + 10, y + h / 2 + 12, { face: 'sans-medium', size: 7.5, color: '#F6D86B', align: 'center', id: 'tent-sub' }, m),
  ];
}

/** The Boss tent card: cut on the outline, fold on the dashed middle line. */
export function bossTent(box: PiecesLayout['tent'], m: TextMeasurer): DrawOp[] {
  const b = PIECES.bleed;
  const half = box.h / 2;
  const ops: DrawOp[] = [{ op: 'rect', id: 'tent-ground', x: box.x - b, y: box.y - b, w: box.w + 2 * b, h: box.h + 2 * b, fill: { color: RED } }];
  // The upper face is turned a half turn: folded into a tent, both faces read upright.
  ops.push({ op: 'group', id: 'tent-upper', rotate: { deg: 180, cx: box.x + box.w / 2, cy: box.y + half / 2 }, ops: tentFace(box.x, box.y, box.w, half, m) });
  appendAll(ops, tentFace(box.x, box.y + half, box.w, half, m));
  ops.push({ op: 'line', id: 'fold', x1: box.x, y1: box.y + half, x2: box.x + box.w, y2: box.y + half, stroke: FOLD });
  ops.push({ op: 'rect', id: 'cut', x: box.x, y: box.y, w: box.w, h: box.h, stroke: CUT });
  return ops;
}

const BID_WORDS = ['', '一倍', '兩倍', '三倍'];

/** A 30 mm bid marker: the bid large, its name under it. */
export function bidDisc(d: PiecesLayout['discs'][number], m: TextMeasurer): DrawOp[] {
  const { cx, cy, r, bid } = d;
  return [
    { op: 'ellipse', id: 'bid-ground', cx, cy, rx: r + PIECES.bleed, ry: r + PIECES.bleed, fill: { color: NAVY } },
    { op: 'ellipse', id: 'bid-ring', cx, cy, rx: r - 2, ry: r - 2, stroke: { color: GOLD, width: 0.5 } },
    textOp(`${bid}×`, cx, cy + 3.6, { face: 'sans-bold', size: 26, color: PAPER, align: 'center', id: 'bid-value' }, m),
    textOp(BID_WORDS[bid]!, cx, cy + 9.5, { face: 'sans-medium', size: 8, color: '#F6D86B', align: 'center', id: 'bid-word' }, m),
    cutCircle(cx, cy, r),
  ];
}

/** The bomb track of the tracker: the bomb multiplier after 0 … 8 bombs and rockets. */
export const BOMB_TRACK = [1, 2, 4, 8, 16, 32, 64, 128, 256] as const;

/** The A6 multiplier tracker: a cube on the bid, a cube on the bomb track, a cube in the spring box. */
export function multiplierTracker(box: PiecesLayout['tracker'], m: TextMeasurer): DrawOp[] {
  const { x, y, w, h } = box;
  const b = PIECES.bleed;
  const pad = 6;
  const ix = x + pad;
  const iw = w - 2 * pad;
  const ops: DrawOp[] = [
    { op: 'rect', id: 'tracker-ground', x: x - b, y: y - b, w: w + 2 * b, h: h + 2 * b, fill: { color: PAPER } },
    { op: 'rect', id: 'tracker-band', x: x - b, y: y - b, w: w + 2 * b, h: 17 + b, fill: { color: NAVY } },
    textOp('倍數', ix, y + 11.5, { face: 'sans-bold', size: 16, color: PAPER, id: 'tracker-title' }, m),
    textOp('Multiplier tracker', x + w - pad, y + 11, { face: 'sans-medium', size: 8, color: '#F6D86B', align: 'right', id: 'tracker-title-en' }, m),
  ];
  const heading = (zh: string, en: string, top: Mm) => {
    ops.push(textOp(zh, ix, top + 4, { face: 'sans-bold', size: 9, color: RED, id: 'tracker-heading' }, m));
    ops.push(textOp(en, x + w - pad, top + 4, { face: 'sans', size: 7, color: MUTED, align: 'right', id: 'tracker-heading-en' }, m));
  };
  const cell = (cx: Mm, top: Mm, cw: Mm, ch: Mm, label: string, id: string, fill = '#FFFFFF') => {
    ops.push({ op: 'rect', id, x: roundMm(cx), y: roundMm(top), w: roundMm(cw), h: ch, radius: 1.2, fill: { color: fill }, stroke: { color: INK, width: 0.3 } });
    ops.push(textOp(label, cx + cw / 2, top + ch / 2 + 2, { face: 'sans-bold', size: 12, color: INK, align: 'center', id: `${id}-label` }, m));
  };
  // The bid: one cell per bid.
  let top = y + 22;
  heading('叫分', 'Bid', top);
  top += 6;
  const bw = (iw - 2 * 3) / 3;
  [1, 2, 3].forEach((v, i) => cell(ix + i * (bw + 3), top, bw, 11, `${v}×`, `bid-cell-${v}`));
  // The bomb track: 3 × 3 cells, ×1 to ×256.
  top += 17;
  heading('炸彈／火箭', 'Bombs and rockets: one step each', top);
  top += 6;
  const kw = (iw - 2 * 3) / 3;
  BOMB_TRACK.forEach((v, i) => cell(ix + (i % 3) * (kw + 3), top + Math.floor(i / 3) * 14, kw, 11, `×${v}`, `bomb-cell-${v}`, i === 0 ? TINT : '#FFFFFF'));
  // The spring box.
  top += 3 * 14 + 3;
  heading('春天／返春', 'Spring or anti-spring', top);
  top += 6;
  cell(ix, top, iw, 11, '×2', 'spring-cell');
  // The formula, at the foot of the card.
  top = Math.max(top + 16, y + h - 24);
  ops.push({ op: 'line', id: 'tracker-rule', x1: ix, y1: top, x2: ix + iw, y2: top, stroke: { color: RED, width: 0.25 } });
  const f = textBlock('U = 底分 × 叫分 × 炸彈 × 春天\n老闆贏：老闆 +2U，員工各 −U\n員工贏：老闆 −2U，員工各 +U', { x: ix, top: top + 2, width: iw }, { face: 'sans', size: 8, color: INK, lineHeight: 1.35, id: 'tracker-formula' }, m);
  appendAll(ops, f.ops);
  ops.push({ op: 'rect', id: 'cut', x, y, w, h, stroke: CUT });
  return ops;
}

/** The pieces page: tent card, bid markers, multiplier tracker and how to make them. */
export function piecesPage(page: Size, m: TextMeasurer): DrawList {
  const lay = piecesLayout(page);
  const ops: DrawOp[] = [textOp('斗老闆 桌上配件 Table pieces', PIECES.x, 14, { face: 'sans-bold', size: 12, color: INK, id: 'pieces-title' }, m)];
  appendAll(ops, bossTent(lay.tent, m));
  for (const d of lay.discs) appendAll(ops, bidDisc(d, m));
  appendAll(ops, multiplierTracker(lay.tracker, m));
  const last = lay.discs.at(-1)!;
  const how = textBlock(
    '沿實線剪下，沿虛線摺。老闆牌摺成帳篷立在老闆面前；叫牌時用圓片標出目前最高叫分；倍數卡上用一枚小方塊標叫分，一枚標炸彈倍數（每出一個炸彈或火箭前進一格），春天或返春時在 ×2 格放一枚。\n' +
      'Cut on the solid lines, fold on the dashed one. Stand the tent card in front of the Boss; mark the highest bid with a disc while bidding; on the tracker, one cube marks the bid, one the bomb multiplier (one step per bomb or rocket), and one goes on ×2 for a spring or anti-spring.',
    { x: PIECES.x, top: last.cy + last.r + 8, width: lay.tracker.x + lay.tracker.w - PIECES.x },
    { face: 'sans', size: 8, color: '#333333', lineHeight: 1.35, id: 'pieces-how' },
    m,
  );
  appendAll(ops, how.ops);
  ops.push(caption('斗老闆 Dou Laoban · 桌上配件 table pieces · 請以 100% 實際大小列印 print at 100%, not fit to page', page, m));
  return { width: page.width, height: page.height, bleed: 0, ops };
}
