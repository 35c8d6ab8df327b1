import type { DrawList, DrawOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import type { Mm } from '../../util/units';
import { roundMm } from '../../util/units';
import type { Size } from '../geometry';
import { textBlock, textOp } from '../text';
import { cutCircle, caption } from './tokens';
import { PLAYERS, pips, SCORE_MAX, TOKEN_RED } from './parts';
import { appendAll } from '../../util/array';

/** Edge of a face of the printable movement die (spec §15: a 20 mm cube). */
export const DIE_FACE: Mm = 20;
const TAB: Mm = 6;
const FOLD = { color: '#777777', width: 0.2, dash: [1.2, 0.9] };
const CUT = { color: '#000000', width: 0.2 };

/**
 * A cube net of the movement die with its top-left at (x, y): a column of four faces (1, 2, 6, 5)
 * with 3 and 4 beside the 2, so opposite faces add up to 7, and seven glue tabs, one on each
 * pair of edges that meet. Chinese-style pips: the 1 and the 4 red, the rest black.
 */
export function dieNet(x: Mm, y: Mm): DrawOp[] {
  const f = DIE_FACE;
  const ox = x + TAB;
  const faces: { v: number; c: number; r: number }[] = [
    { v: 1, c: 1, r: 0 }, { v: 2, c: 1, r: 1 }, { v: 6, c: 1, r: 2 }, { v: 5, c: 1, r: 3 }, { v: 3, c: 0, r: 1 }, { v: 4, c: 2, r: 1 },
  ];
  const ops: DrawOp[] = [];
  const at = (c: number, r: number) => ({ fx: ox + c * f, fy: y + r * f });
  // Tabs: left and right of faces in rows 0, 2, 3, and under the last face.
  const tab = (d: string) => ops.push({ op: 'path', id: 'die-tab', d, fill: { color: '#EEEEEE' }, stroke: CUT });
  for (const r of [0, 2, 3]) {
    const { fx, fy } = at(1, r);
    tab(`M ${fx} ${fy} L ${fx - TAB} ${fy + 3} L ${fx - TAB} ${fy + f - 3} L ${fx} ${fy + f} Z`);
    tab(`M ${fx + f} ${fy} L ${fx + f + TAB} ${fy + 3} L ${fx + f + TAB} ${fy + f - 3} L ${fx + f} ${fy + f} Z`);
  }
  const last = at(1, 3);
  tab(`M ${last.fx} ${last.fy + f} L ${last.fx + 3} ${last.fy + f + TAB} L ${last.fx + f - 3} ${last.fy + f + TAB} L ${last.fx + f} ${last.fy + f} Z`);
  for (const face of faces) {
    const { fx, fy } = at(face.c, face.r);
    ops.push({ op: 'rect', id: 'die-face', x: fx, y: fy, w: f, h: f, fill: { color: '#FFFFFF' }, stroke: FOLD });
    const red = face.v === 1 || face.v === 4;
    const rad = face.v === 1 ? 2.6 : 1.5;
    for (const [px, py] of pips(face.v)) ops.push({ op: 'ellipse', id: 'die-pip', cx: roundMm(fx + px * f), cy: roundMm(fy + py * f), rx: rad, ry: rad, fill: { color: red ? TOKEN_RED : '#111111' } });
  }
  // The cut outline: the outer edges of the faces not covered by a tab.
  const cutEdge = (x1: Mm, y1: Mm, x2: Mm, y2: Mm) => ops.push({ op: 'line', id: 'cut', x1: roundMm(x1), y1: roundMm(y1), x2: roundMm(x2), y2: roundMm(y2), stroke: CUT });
  const top = at(1, 0);
  cutEdge(top.fx, top.fy, top.fx + f, top.fy);
  const l = at(0, 1);
  cutEdge(l.fx, l.fy, l.fx + f, l.fy);
  cutEdge(l.fx, l.fy, l.fx, l.fy + f);
  cutEdge(l.fx, l.fy + f, l.fx + f, l.fy + f);
  const rr = at(2, 1);
  cutEdge(rr.fx, rr.fy, rr.fx + f, rr.fy);
  cutEdge(rr.fx + f, rr.fy, rr.fx + f, rr.fy + f);
  cutEdge(rr.fx, rr.fy + f, rr.fx + f, rr.fy + f);
  return ops;
}

/** Size of the die net including its tabs. */
export const DIE_NET_SIZE = { width: 3 * DIE_FACE + 2 * TAB, height: 4 * DIE_FACE + TAB } as const;

/** Layout of the score track: one strip per player, eleven boxes 0–10. */
export const SCORE_STRIP = { label: 26, box: 14, height: 14, gap: 4 } as const;

/**
 * The lap-score tracks: for each player a strip in their colour with boxes 0 to 10, and a
 * punch-out score marker per player. Replaces the original's ten-sided dice.
 */
export function scoreTracks(x: Mm, y: Mm, players: number, measurer: TextMeasurer): { ops: DrawOp[]; bottom: Mm } {
  const s = SCORE_STRIP;
  const ops: DrawOp[] = [];
  for (let i = 0; i < players; i++) {
    const p = PLAYERS[i]!;
    const top = y + i * (s.height + s.gap);
    ops.push({ op: 'rect', id: 'score-label', x, y: top, w: s.label, h: s.height, fill: { color: p.color } });
    ops.push(textOp(`玩家 ${i + 1}`, x + s.label / 2, top + 6, { face: 'sans-bold', size: 9, color: '#FFFFFF', align: 'center', id: 'score-player' }, measurer));
    ops.push(textOp(`Player ${i + 1}`, x + s.label / 2, top + 11, { face: 'sans', size: 7, color: '#FFFFFF', align: 'center', id: 'score-player-en' }, measurer));
    for (let n = 0; n <= SCORE_MAX; n++) {
      const bx = x + s.label + n * s.box;
      const win = n === SCORE_MAX;
      ops.push({ op: 'rect', id: 'score-box', x: roundMm(bx), y: top, w: s.box, h: s.height, fill: { color: win ? p.color : p.tint }, stroke: { color: p.color, width: 0.35 } });
      ops.push(textOp(String(n), bx + s.box / 2, top + s.height / 2 + 2, { face: 'sans-bold', size: 12, color: win ? '#FFFFFF' : p.color, align: 'center', id: 'score-n' }, measurer));
    }
    ops.push({ op: 'rect', id: 'cut', x, y: top, w: s.label + (SCORE_MAX + 1) * s.box, h: s.height, stroke: CUT });
  }
  return { ops, bottom: y + players * (s.height + s.gap) - s.gap };
}

/** The score markers: a 12 mm disc per player colour, with cut circles. */
export function scoreMarkers(x: Mm, y: Mm, players: number): DrawOp[] {
  const ops: DrawOp[] = [];
  for (let i = 0; i < players; i++) {
    const cx = roundMm(x + 7 + i * 16);
    ops.push({ op: 'ellipse', id: 'marker', cx, cy: y + 7, rx: 6.8, ry: 6.8, fill: { color: PLAYERS[i]!.color } }, cutCircle(cx, y + 7, 6));
  }
  return ops;
}

/** The page with the die net, the score tracks and the markers. */
export function dieAndScorePage(page: Size, players: number, measurer: TextMeasurer, show: { die: boolean; score: boolean }): DrawList {
  const x = (page.width - (SCORE_STRIP.label + (SCORE_MAX + 1) * SCORE_STRIP.box)) / 2;
  const ops: DrawOp[] = [];
  const head = (t: string, y: Mm) => ops.push(textOp(t, x, y, { face: 'sans-bold', size: 11, color: '#222222', id: 'heading' }, measurer));
  if (show.die) {
  head('移动骰子 Movement die', 16);
  appendAll(ops, dieNet(x, 20));
  appendAll(ops, textBlock(
    '沿实线剪下，沿虚线折起，把灰色粘贴翼粘在相邻面的背面。相对两面之和为 7；1 和 4 为红色，与代币相同。Cut on the solid lines, fold on the dashed lines and glue the grey tabs under the neighbouring faces. Opposite faces add up to 7; the 1 and the 4 are red, as on the tokens.',
    { x: x + DIE_NET_SIZE.width + 8, top: 24, width: page.width - 2 * x - DIE_NET_SIZE.width - 8 },
    { face: 'sans', size: 8, color: '#333333', lineHeight: 1.4, id: 'die-help' },
    measurer,
  ).ops);
  }
  if (!show.score) {
    ops.push(caption('生肖赛跑 Zodiac Race · 骰子 die · 请以 100% 实际大小打印 print at 100%', page, measurer));
    return { width: page.width, height: page.height, bleed: 0, ops };
  }
  const markersY = show.die ? 80 : 16;
  const markersX = show.die ? x + DIE_NET_SIZE.width + 8 : x;
  ops.push(textOp('计分标记 Score markers', markersX, markersY, { face: 'sans-bold', size: 9, color: '#222222', id: 'heading' }, measurer));
  appendAll(ops, scoreMarkers(markersX, markersY + 3, Math.min(players, 6)));
  const scoreTop = show.die ? 20 + DIE_NET_SIZE.height + 14 : markersY + 30;
  head('计分条 Lap-score tracks (0–10)', scoreTop);
  const t = scoreTracks(x, scoreTop + 4, players, measurer);
  appendAll(ops, t.ops);
  appendAll(ops, textBlock(
    "每跑完一圈，把你的标记向右移一格；先到 10 分者胜（组队时用棋盘中间的 0–31 计分条）。Each lap you complete, move your marker one box right; the first to 10 wins (teams use the board's 0–31 track).",
    { x, top: t.bottom + 4, width: page.width - 2 * x },
    { face: 'sans', size: 8, color: '#333333', lineHeight: 1.4, id: 'score-help' },
    measurer,
  ).ops);
  ops.push(caption('生肖赛跑 Zodiac Race · 骰子与计分条 die and score tracks · 请以 100% 实际大小打印 print at 100%', page, measurer));
  return { width: page.width, height: page.height, bleed: 0, ops };
}
