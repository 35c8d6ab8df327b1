import type { DrawList, DrawOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import type { Mm } from '../../util/units';
import type { Size } from '../geometry';
import { punchPages, type PunchLayout } from '../punch';
import { textOp } from '../text';
import { caption, cutCircle } from '../zodiac/tokens';

/**
 * 摸鱼王's overtime markers (加班标记, spec §2.2): 19 round chips, 9 players × 2 + 1, since the
 * third overtime ends the game. Print data only; the rules live in the game.
 */

/** Markers in the box. */
export const MARKER_COUNT = 19;

/** 25 mm chips (spec §13), 1 mm bleed, 3 mm apart, 10 mm from the paper's edges. */
export const MARKER_LAYOUT: PunchLayout = { diameter: 25, bleed: 1, gap: 3, margin: 10, foot: 8 };

const RED = '#C8372D';

/** One marker centred at (cx, cy): cream disc with bleed, red ring, alarm clock, 加班 / OVERTIME, cut circle. */
export function markerFace(cx: Mm, cy: Mm, measurer: TextMeasurer): DrawOp[] {
  const r = MARKER_LAYOUT.diameter / 2;
  return [
    { op: 'ellipse', id: 'marker-ground', cx, cy, rx: r + MARKER_LAYOUT.bleed, ry: r + MARKER_LAYOUT.bleed, fill: { color: '#FBF7EE' } },
    { op: 'ellipse', id: 'marker-ring', cx, cy, rx: r - 1.4, ry: r - 1.4, stroke: { color: RED, width: 1 } },
    { op: 'image', id: 'marker-clock', ref: 'icon:fluent-emoji-flat:alarm-clock', x: cx - 4.5, y: cy - 8.6, w: 9, h: 9 },
    textOp('加班', cx, cy + 4.6, { face: 'sans-bold', size: 10, color: RED, align: 'center', id: 'marker-zh' }, measurer),
    textOp('OVERTIME', cx, cy + 7.6, { face: 'sans-bold', size: 4.6, color: '#4A413A', align: 'center', id: 'marker-en' }, measurer),
    cutCircle(cx, cy, r),
  ];
}

/** The marker sheet(s) on `page`: every marker with its cut circle and a caption. */
export function markerSheets(page: Size, measurer: TextMeasurer, count = MARKER_COUNT): DrawList[] {
  return punchPages(count, page, MARKER_LAYOUT, false).map((p) => {
    const ops: DrawOp[] = p.items.flatMap((it) => markerFace(it.centre.x, it.centre.y, measurer));
    ops.push(caption(`加班标记 Overtime markers · ${p.sheetNumber}/${p.sheetCount} · ${count} 个 25 mm 圆片，沿圆线剪下 · ${count} round 25 mm chips, cut on the circles · 第 3 次加班游戏结束 the third overtime ends the game`, page, measurer));
    return { width: page.width, height: page.height, bleed: 0, ops };
  });
}
