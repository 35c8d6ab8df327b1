// The kit's cover on every paper, set in the real fonts: nothing runs into the foot line, and no
// two texts overlap (on US Letter the board's assembly text used to end level with the caption).
import { describe, expect, it } from 'vitest';
import { createFontService } from '../../../main/services/export/fonts';
import type { TextOp } from '../../cards/draw-list';
import { ptToMm } from '../../util/units';
import { PAPER_IDS, paperSize } from '../paper';
import { fitScale, planTiles, TILE_LAYOUT } from '../tiles';
import { FOOT_CLEAR, kitCover, type KitSection } from './cover';

const m = createFontService().measurer;
const board = { width: 280, height: 280, bleed: 3 };
const sections: KitSection[] = [
  { title: '打印测试页 Print test page', detail: '先单独打印这一页 · print this page first, alone', from: 2, to: 2, duplex: false },
  { title: '棋盘 Board', detail: '4 块拼成 280 × 280 mm · 4 tiles (2 × 2, portrait) at 100%, glued into one 280 × 280 mm board', from: 3, to: 6, duplex: false },
  { title: '生肖效果牌 Zodiac power cards', detail: '12 张扑克尺寸卡牌，每个生肖一张 · 12 poker-size cards, one per zodiac (8 a sheet)', from: 7, to: 10, duplex: true },
  { title: '骰子代币 Dice tokens', detail: '72 个 20 mm 圆形代币 · 72 round 20 mm tokens, 12 of each value 1–6 (1 and 4 red, 2 3 5 6 blue)', from: 11, to: 11, duplex: false },
  { title: '棋子与骰子 Pieces and die', detail: '72 个立牌和一个 20 mm 骰子展开图 · 72 standees (6 player colours × 12 zodiacs) and a 20 mm die net', from: 12, to: 15, duplex: false },
  { title: '计分条 Lap-score tracks', detail: '6 条 0–10 计分条与计分标记 · 6 lap-score tracks 0–10 with markers', from: 15, to: 15, duplex: false },
];
const box = (t: TextOp) => ({ x: t.x, y: t.y - 0.88 * ptToMm(t.size), w: t.width, h: 1.0 * ptToMm(t.size) });

describe('kit cover', () => {
  for (const paper of PAPER_IDS)
    for (const tiling of ['tiled', 'whole'] as const)
      it(`${paper}, board ${tiling}: the parts list and the assembly map stay ≥ ${FOOT_CLEAR} mm above the bottom edge, and no two texts overlap`, () => {
        const page = paperSize(paper, 'portrait');
        const plan = planTiles(board, paper, tiling === 'whole' ? (fitScale(board, paper) ?? 50) : 100);
        const cover = kitCover(page, sections, { list: { width: 286, height: 286, bleed: 3, ops: [] }, plan }, paper, m);
        const texts = cover.ops.filter((o): o is TextOp => o.op === 'text');
        const caption = texts.filter((t) => t.id === 'caption');
        expect(caption).toHaveLength(1);
        const body = texts.filter((t) => t.id !== 'caption');
        expect(body.some((t) => t.id === 'assembly-text')).toBe(true);
        for (const t of body) expect(t.y + 0.25 * ptToMm(t.size), `${t.text}`).toBeLessThanOrEqual(page.height - FOOT_CLEAR);
        for (const o of cover.ops) if (o.op === 'group' || o.op === 'rect') expect(('y' in o ? o.y : 0) + ('h' in o ? o.h : 0)).toBeLessThanOrEqual(page.height - FOOT_CLEAR + 1e-6);
        // Everything the cover draws stays inside the printable area: nothing within 5 mm of an edge.
        for (const o of cover.ops)
          if (o.op === 'rect' || o.op === 'text') {
            const [x0, x1, y0] = o.op === 'rect' ? [o.x, o.x + o.w, o.y] : [o.x, 0, o.y - ptToMm(o.size)];
            const right = o.op === 'rect' ? x1 : x0 + o.width;
            expect([x0 >= TILE_LAYOUT.margin - 1e-6, right <= page.width - TILE_LAYOUT.margin + 1e-6, y0 >= TILE_LAYOUT.margin - 1e-6], `${o.op} ${o.id}`).toEqual([true, true, true]);
          }
        for (let i = 0; i < texts.length; i++)
          for (let j = i + 1; j < texts.length; j++) {
            const [a, b] = [box(texts[i]!), box(texts[j]!)];
            const hit = a.x < b.x + b.w - 0.01 && b.x < a.x + a.w - 0.01 && a.y < b.y + b.h - 0.01 && b.y < a.y + a.h - 0.01;
            expect(hit, `"${texts[i]!.text}" and "${texts[j]!.text}"`).toBe(false);
          }
      });
});
