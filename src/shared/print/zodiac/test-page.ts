import type { DrawList, DrawOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import type { Mm } from '../../util/units';
import { roundMm } from '../../util/units';
import { appendAll } from '../../util/array';
import { rulerOps } from '../calibration';
import type { Rect, Size } from '../geometry';
import { textBlock, textOp } from '../text';
import { caption } from './tokens';

/**
 * The kit's print test page (page 2, after the cover): print it first, alone, and measure it
 * before printing the rest. A 100 mm ruler and a 50 mm square check the printer's scale; a
 * dashed frame 5 mm inside the paper edge shows whether the printer reaches the 5 mm margin the
 * kit's marks and board tiles are drawn inside.
 */

/** The printable margin the kit is laid out for (tiles, marks, captions stay inside it). */
export const TEST_PAGE_MARGIN: Mm = 5;

/** The page's instructions, Chinese and English. */
export const TEST_PAGE_TEXT = {
  title: '打印测试页 Print test page',
  zh: [
    '1. 先只打印这一页，选“实际大小”或 100%（关闭“适合页面”“缩小以适应”）。',
    '2. 用尺子量：上面的刻度应正好 100 毫米，方块应为 50 × 50 毫米。差 1 毫米以上时，检查打印设置后重印本页。',
    '3. 四周的虚线框离纸边 5 毫米。若虚线被切掉，说明打印机印不到 5 毫米以内：棋盘分块和裁切标记可能缺边，请用 --scale（或对话框中的棋盘比例）缩小棋盘。',
    '4. 本页无误后，再打印其余各页。',
  ],
  en: [
    '1. Print this page alone first, at "actual size" or 100 % ("fit to page" and "shrink to fit" off).',
    '2. Measure: the ruler must be exactly 100 mm and the square 50 × 50 mm. If either is off by more than 1 mm, check the print settings and print this page again.',
    '3. The dashed frame runs 5 mm inside the paper edge. If part of it is missing, your printer cannot print that close to the edge: board tiles and cut marks may lose their edges, so shrink the board with --scale (or the board scale in the dialog).',
    '4. When this page measures right, print the rest.',
  ],
} as const;

/** Where the page's measures are, for tests and for the help text. */
export interface TestPage {
  list: DrawList;
  ruler: { x: Mm; y: Mm; length: Mm };
  square: Rect;
  frame: Rect;
}

const THIN = { color: '#000000', width: 0.2 };

/** The print test page on `page` (portrait, millimetres). */
export function kitTestPage(page: Size, measurer: TextMeasurer): TestPage {
  const { width: W, height: H } = page;
  const m = TEST_PAGE_MARGIN;
  const x = 18;
  const width = W - 2 * x;
  const ops: DrawOp[] = [];
  const frame: Rect = { x: m, y: m, w: W - 2 * m, h: H - 2 * m };
  ops.push({ op: 'rect', id: 'test-frame', ...frame, stroke: { color: '#777777', width: 0.25, dash: [2, 1.5] } });
  ops.push(textOp(TEST_PAGE_TEXT.title, x, 24, { face: 'sans-bold', size: 16, color: '#C23B22', id: 'test-title' }, measurer));
  let y = 32;
  for (const lines of [TEST_PAGE_TEXT.zh, TEST_PAGE_TEXT.en]) {
    const b = textBlock(lines.join('\n'), { x, top: y, width }, { face: 'sans', size: 9, color: '#222222', lineHeight: 1.4, id: 'test-text' }, measurer);
    appendAll(ops, b.ops);
    y = b.bottom + 4;
  }
  const ruler = { x: roundMm((W - 100) / 2), y: roundMm(y + 10), length: 100 };
  appendAll(ops, rulerOps(ruler, measurer));
  const square: Rect = { x: roundMm((W - 50) / 2), y: roundMm(ruler.y + 22), w: 50, h: 50 };
  ops.push({ op: 'rect', id: 'test-square', ...square, stroke: THIN });
  ops.push(textOp('50 × 50 mm', square.x + 25, square.y + 26, { face: 'sans', size: 8, color: '#333333', align: 'center', id: 'test-square' }, measurer));
  ops.push(caption('生肖赛跑 Zodiac Race · 打印测试页 print test page · 请以 100% 实际大小打印 print at 100%, not fit to page', page, measurer));
  return { list: { width: W, height: H, bleed: 0, ops }, ruler, square, frame };
}
