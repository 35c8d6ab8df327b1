import type { DrawList, DrawOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import type { Mm } from '../../util/units';
import { roundMm } from '../../util/units';
import { appendAll } from '../../util/array';
import type { Size } from '../geometry';
import { textBlock, textOp } from '../text';
import { caption } from '../zodiac/tokens';
import { INK, NAVY, PAPER, RED } from './pieces';

/**
 * The 斗老闆 score pad (spec §13): an A5 sheet, centred on the page with crop marks at its
 * corners, one row per deal (who was Boss, the bid, bombs, spring, the unit U and each player's
 * gain or loss) and a total row; the three players' columns of a row add up to zero.
 */

/** An A5 sheet. */
export const SCORE_SHEET = { w: 148, h: 210, deals: 16 } as const;

/** A score pad's column: Chinese and English heading, relative width. */
export interface ScoreColumn {
  zh: string;
  en: string;
  w: number;
}

/**
 * What a game's score pad says: its titles, columns (the players' last, `players` of them, which
 * run through the name and total rows), the note under the table, the page caption and its colours.
 */
export interface ScorePad {
  title: string;
  titleEn: string;
  date: string;
  /** The name row's and total row's labels. */
  name: string;
  total: string;
  columns: readonly ScoreColumn[];
  players: number;
  note: string;
  caption: string;
  head: string;
  accent: string;
}

/** Columns of the 斗老闆 pad. */
export const SCORE_COLUMNS: readonly ScoreColumn[] = [
  { zh: '局', en: 'Deal', w: 9 },
  { zh: '老闆', en: 'Boss', w: 13 },
  { zh: '叫分', en: 'Bid', w: 10 },
  { zh: '炸彈', en: 'Bombs', w: 11 },
  { zh: '春天', en: 'Spring', w: 11 },
  { zh: 'U', en: 'Unit', w: 14 },
  { zh: '玩家一', en: 'Player 1', w: 21.33 },
  { zh: '玩家二', en: 'Player 2', w: 21.33 },
  { zh: '玩家三', en: 'Player 3', w: 21.34 },
];

const MARK = { len: 5, gap: 2 };

/** Where the sheet lands on `page` (its trim box). */
export function scoreSheetBox(page: Size): { x: Mm; y: Mm; w: Mm; h: Mm } {
  return { x: roundMm((page.width - SCORE_SHEET.w) / 2), y: roundMm((page.height - SCORE_SHEET.h) / 2 - 3), w: SCORE_SHEET.w, h: SCORE_SHEET.h };
}

/** The 斗老闆 pad. */
const DOU_LAOBAN_PAD: ScorePad = {
  title: '斗老闆 記分表',
  titleEn: 'Dou Laoban score sheet',
  date: '日期 Date ____________    底分 Base score B = ______',
  name: '名字 Name',
  total: '合計 Total',
  columns: SCORE_COLUMNS,
  players: 3,
  note:
    'U = 底分 × 叫分 × 炸彈倍數 × 春天（×2）。老闆贏：老闆 +2U，員工各 −U；員工贏：老闆 −2U，員工各 +U。每一局三欄相加為 0。\n' +
    'U = base × bid × bomb multiplier × spring (×2). Boss wins: Boss +2U, each Employee −U; Employees win: Boss −2U, each Employee +U. Each row adds up to 0.',
  caption: '斗老闆 Dou Laoban · A5 記分表 score sheet · 沿角上的標記裁切 cut at the corner marks · 可多印幾張 print as many as you need',
  head: NAVY,
  accent: RED,
};

/** The 斗老闆 score pad page. */
export function scorePage(page: Size, m: TextMeasurer): DrawList {
  return scorePadPage(page, m, DOU_LAOBAN_PAD);
}

/** A score pad page: the sheet centred on `page` with crop marks at its corners. */
export function scorePadPage(page: Size, m: TextMeasurer, sheet: ScorePad): DrawList {
  const box = scoreSheetBox(page);
  const cols = sheet.columns;
  const first = cols.length - sheet.players;
  const ops: DrawOp[] = [];
  const pad = 8;
  const x0 = box.x + pad;
  const width = box.w - 2 * pad;
  ops.push(textOp(sheet.title, x0, box.y + 14, { face: 'sans-bold', size: 15, color: sheet.head, id: 'score-title' }, m));
  ops.push(textOp(sheet.titleEn, x0 + width, box.y + 13.5, { face: 'sans-medium', size: 8, color: sheet.accent, align: 'right', id: 'score-title-en' }, m));
  ops.push(textOp(sheet.date, x0, box.y + 22, { face: 'sans', size: 7.5, color: INK, id: 'score-date' }, m));
  const total = cols.reduce((a, c) => a + c.w, 0);
  const xs: Mm[] = [x0];
  for (const c of cols) xs.push(xs.at(-1)! + (c.w / total) * width);
  const headTop = box.y + 26;
  const headH = 10;
  const nameH = 8;
  const rowH = 8.2;
  ops.push({ op: 'rect', id: 'score-head', x: x0, y: headTop, w: width, h: headH, fill: { color: sheet.head } });
  cols.forEach((c, i) => {
    const cx = (xs[i]! + xs[i + 1]!) / 2;
    ops.push(textOp(c.zh, cx, headTop + 4.6, { face: 'sans-bold', size: 8, color: PAPER, align: 'center', id: 'score-col' }, m));
    ops.push(textOp(c.en, cx, headTop + 8.4, { face: 'sans', size: 7, color: '#F6D86B', align: 'center', id: 'score-col-en' }, m));
  });
  // A row for the players' names under their headings.
  const nameTop = headTop + headH;
  ops.push(textOp(sheet.name, (xs[0]! + xs[first]!) / 2, nameTop + 5.4, { face: 'sans', size: 7, color: '#555555', align: 'center', id: 'score-name' }, m));
  let y = nameTop + nameH;
  for (let d = 0; d < SCORE_SHEET.deals; d++, y += rowH) {
    if (d % 2 === 1) ops.push({ op: 'rect', id: 'score-stripe', x: x0, y, w: width, h: rowH, fill: { color: '#F3EBDD' } });
    ops.push(textOp(String(d + 1), (xs[0]! + xs[1]!) / 2, y + rowH / 2 + 1.2, { face: 'sans', size: 8, color: '#555555', align: 'center', id: 'score-deal' }, m));
  }
  const totalTop = y;
  ops.push({ op: 'rect', id: 'score-total', x: x0, y: totalTop, w: width, h: rowH + 1, fill: { color: '#F3DFD5' } });
  ops.push(textOp(sheet.total, (xs[0]! + xs[first]!) / 2, totalTop + rowH / 2 + 1.6, { face: 'sans-bold', size: 8, color: sheet.accent, align: 'center', id: 'score-total-label' }, m));
  const bottom = totalTop + rowH + 1;
  // Rules: every row, every column; heavier under the heading and over the total.
  const thin = { color: '#8A7B68', width: 0.2 };
  for (let ry = nameTop + nameH; ry <= totalTop + 0.01; ry += rowH) ops.push({ op: 'line', id: 'score-row', x1: x0, y1: roundMm(ry), x2: x0 + width, y2: roundMm(ry), stroke: ry >= totalTop - 0.01 ? { color: INK, width: 0.4 } : thin });
  // The deal columns share one cell in the name row and in the total row; the players' run through.
  xs.forEach((cx, i) => {
    const players = i === 0 || i >= first;
    ops.push({ op: 'line', id: 'score-colrule', x1: roundMm(cx), y1: players ? headTop : roundMm(nameTop + nameH), x2: roundMm(cx), y2: players ? bottom : roundMm(totalTop), stroke: i === first ? { color: INK, width: 0.4 } : thin });
  });
  ops.push({ op: 'rect', id: 'score-frame', x: x0, y: headTop, w: width, h: bottom - headTop, stroke: { color: INK, width: 0.4 } });
  const note = textBlock(
    sheet.note,
    { x: x0, top: bottom + 3, width },
    { face: 'sans', size: 7, color: '#333333', lineHeight: 1.3, id: 'score-note' },
    m,
  );
  appendAll(ops, note.ops);
  appendAll(ops, cornerMarks(box));
  ops.push(caption(sheet.caption, page, m));
  return { width: page.width, height: page.height, bleed: 0, ops };
}

/** Crop marks at the sheet's four corners, outside it, hairline. */
function cornerMarks(b: { x: Mm; y: Mm; w: Mm; h: Mm }): DrawOp[] {
  const s = { color: '#000000', width: 0.09 };
  const ops: DrawOp[] = [];
  for (const cx of [b.x, b.x + b.w])
    for (const cy of [b.y, b.y + b.h]) {
      const dx = cx === b.x ? -1 : 1;
      const dy = cy === b.y ? -1 : 1;
      ops.push({ op: 'line', id: 'crop', x1: roundMm(cx + dx * MARK.gap), y1: cy, x2: roundMm(cx + dx * (MARK.gap + MARK.len)), y2: cy, stroke: s });
      ops.push({ op: 'line', id: 'crop', x1: cx, y1: roundMm(cy + dy * MARK.gap), x2: cx, y2: roundMm(cy + dy * (MARK.gap + MARK.len)), stroke: s });
    }
  return ops;
}
