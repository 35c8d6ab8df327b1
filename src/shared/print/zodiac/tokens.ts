import type { Color, DrawList, DrawOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import type { Mm } from '../../util/units';
import { roundMm } from '../../util/units';
import type { Size } from '../geometry';
import { punchPages, TOKEN_LAYOUT } from '../punch';
import { textOp } from '../text';
import { pips, tokenColor, TOKENS_PER_VALUE } from './parts';

/** Options of the token sheets. */
export interface TokenOptions {
  /** Sets of tokens: each set is 12 of each value (the original's pack). */
  copies: number;
  /** A back colour printed behind every token (duplex, long edge), or null for no back pages. */
  back: Color | null;
}

/** One token face centred at (cx, cy): cream disc with bleed, coloured ring, large numeral, pips, cut circle. */
export function tokenFace(v: number, cx: Mm, cy: Mm, measurer: TextMeasurer): DrawOp[] {
  const { diameter, bleed } = TOKEN_LAYOUT;
  const r = diameter / 2;
  const color = tokenColor(v);
  const ops: DrawOp[] = [
    { op: 'ellipse', id: 'token-ground', cx, cy, rx: r + bleed, ry: r + bleed, fill: { color: '#FFFDF6' } },
    { op: 'ellipse', id: 'token-ring', cx, cy, rx: r - 1.3, ry: r - 1.3, stroke: { color, width: 0.9 } },
    textOp(String(v), cx, cy + 1.6, { face: 'sans-bold', size: 24, color, align: 'center', id: 'token-value' }, measurer),
  ];
  const box = 4.6;
  for (const [px, py] of pips(v)) ops.push({ op: 'ellipse', id: 'token-pip', cx: roundMm(cx - box / 2 + px * box), cy: roundMm(cy + 3.4 + py * box), rx: 0.55, ry: 0.55, fill: { color } });
  ops.push(cutCircle(cx, cy, r));
  return ops;
}

/** The cut circle of a punch-out piece. */
export function cutCircle(cx: Mm, cy: Mm, r: Mm): DrawOp {
  return { op: 'ellipse', id: 'cut', cx, cy, rx: r, ry: r, stroke: { color: '#000000', width: 0.15 } };
}

/** A token back: the colour through the bleed, a small mark, the cut circle. */
function tokenBack(color: Color, cx: Mm, cy: Mm, measurer: TextMeasurer): DrawOp[] {
  const { diameter, bleed } = TOKEN_LAYOUT;
  const r = diameter / 2;
  return [
    { op: 'ellipse', id: 'token-back', cx, cy, rx: r + bleed, ry: r + bleed, fill: { color } },
    textOp('生肖', cx, cy + 1.4, { face: 'brush', size: 12, color: '#FFFFFF', align: 'center', id: 'token-back-mark' }, measurer),
    cutCircle(cx, cy, r),
  ];
}

/** The values of the tokens in print order: 1…6 repeated, 12 × copies of each. */
export function tokenValues(copies: number): number[] {
  const out: number[] = [];
  for (let v = 1; v <= 6; v++) for (let i = 0; i < TOKENS_PER_VALUE * copies; i++) out.push(v);
  return out;
}

/** The token sheets (fronts, and backs after each front when a back colour is chosen) on `page`. */
export function tokenSheets(page: Size, opts: TokenOptions, measurer: TextMeasurer): DrawList[] {
  const values = tokenValues(opts.copies);
  const pages = punchPages(values.length, page, TOKEN_LAYOUT, opts.back !== null);
  return pages.map((p) => {
    const ops: DrawOp[] = p.items.flatMap((it) => (p.side === 'front' ? tokenFace(values[it.index]!, it.centre.x, it.centre.y, measurer) : tokenBack(opts.back!, it.centre.x, it.centre.y, measurer)));
    const side = p.side === 'front' ? '正面 front' : '背面 back (long-edge flip)';
    const n = TOKENS_PER_VALUE * opts.copies;
    const text = `骰子代币 Dice tokens · ${p.sheetNumber}/${p.sheetCount} ${side} · 红 red = 1、4 · 蓝 blue = 2、3、5、6 · 每种 ${n} 个 ${n} of each value · 沿圆线剪下 cut on the circles`;
    ops.push(caption(text, page, measurer));
    return { width: page.width, height: page.height, bleed: 0, ops };
  });
}

/** A page caption centred in the foot band (above the 5 mm printable margin). */
export function caption(text: string, page: Size, measurer: TextMeasurer): DrawOp {
  let size = 7;
  while (size > 5 && measurer.width('sans', text, size) > page.width - 20) size -= 0.5;
  return textOp(text, page.width / 2, page.height - 7.5, { face: 'sans', size, color: '#555555', align: 'center', id: 'caption' }, measurer);
}
