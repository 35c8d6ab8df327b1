import type { DrawList, DrawOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import type { Size } from '../geometry';
import type { Mm } from '../../util/units';
import { textBlock, textOp } from '../text';
import { coverAssembly, coverAssemblyTextHeight } from '../tile-pages';
import { TILE_LAYOUT, type TilePlan } from '../tiles';
import { caption } from './tokens';
import { appendAll } from '../../util/array';

/** Nothing on the cover comes lower than this above the paper's bottom edge: the caption's top (at 7.5 mm, 7 pt) and 4 mm of air. */
export const FOOT_CLEAR: Mm = 14;

/** One section of the kit as the cover lists it. */
export interface KitSection {
  /** What it is, e.g. `棋盘 Board`. */
  title: string;
  /** What to make from it, e.g. `4 tiles, glue into one 280 × 280 mm board`. */
  detail: string;
  /** 1-based first and last page in the PDF. */
  from: number;
  to: number;
  /** Print these pages double-sided (long edge). */
  duplex: boolean;
}

/** What names a game's kit on its cover: title, subtitle, banner colour, notes and foot caption. */
export interface CoverBrand {
  title: string;
  /** Beside the title, e.g. `Zodiac Race · 打印组装套件 print-and-play kit`. */
  subtitle: string;
  /** The banner's colour. */
  color: string;
  /** The face of the title. */
  titleFace: 'brush' | 'sans-bold';
  /** Labels in the game's script: contents, page(s), single- and double-sided. */
  words: { contents: string; page: string; duplex: string; simplex: string };
  notes: string;
  caption: string;
}

/** The 生肖赛跑 kit's cover words. */
export const ZODIAC_BRAND: CoverBrand = {
  title: '生肖赛跑',
  subtitle: 'Zodiac Race · 打印组装套件 print-and-play kit',
  color: '#C23B22',
  titleFace: 'brush',
  words: { contents: '内容', page: '页', duplex: '双面打印（长边翻转）', simplex: '单面打印' },
  notes:
    '请以 100% 实际大小打印（不要“适合页面”）。卡牌、代币和棋子建议用 200–250 gsm 卡纸。另需：每位玩家一枚计分标记（可用本套件的圆片），一个六面骰子（或本套件的骰子展开图）。' +
    'Print at 100 % (not "fit to page"). Use 200–250 gsm card for the cards, tokens and pieces. You also need a score marker per player (the discs in this kit will do) and one six-sided die (or the die net in this kit).',
  caption: '生肖赛跑 Zodiac Race — 福器工坊 Fuqi Workshop · 设计 design: 无效程式 (2011)',
};

/**
 * The kit's cover: title, the parts list with page numbers and how to print each part, and
 * (when the kit has the board) the board's assembly map. `brand` names the game (生肖赛跑 unless given).
 */
export function kitCover(page: Size, sections: KitSection[], board: { list: DrawList; plan: TilePlan } | null, paperLabel: string, measurer: TextMeasurer, brand: CoverBrand = ZODIAC_BRAND): DrawList {
  const x = 15;
  const width = page.width - 2 * x;
  // The banner sits inside the printable area (a home printer leaves the outer 5 mm white, so a
  // banner bled off the edges would print with a ragged white rim on three sides).
  const inset = TILE_LAYOUT.margin;
  const ops: DrawOp[] = [
    { op: 'rect', id: 'cover-band', x: inset, y: inset, w: page.width - 2 * inset, h: 30 - inset, fill: { color: brand.color }, radius: 2 },
    textOp(brand.title, x, 19, { face: brand.titleFace, size: brand.titleFace === 'brush' ? 30 : 24, color: '#FFFFFF', id: 'cover-title' }, measurer),
    textOp(brand.subtitle, x + measurer.width(brand.titleFace, brand.title, brand.titleFace === 'brush' ? 30 : 24) + 6, 18, { face: 'sans-medium', size: 12, color: '#FFFFFF', id: 'cover-sub' }, measurer),
  ];
  let y = 40;
  ops.push(textOp(`${brand.words.contents} Contents · ${paperLabel}`, x, y, { face: 'sans-bold', size: 12, color: '#222222', id: 'cover-contents' }, measurer));
  y += 4;
  for (const s of sections) {
    const pages = s.from === s.to ? `第 ${s.from} ${brand.words.page} p. ${s.from}` : `第 ${s.from}–${s.to} ${brand.words.page} pp. ${s.from}–${s.to}`;
    const how = s.duplex ? `${brand.words.duplex}print double-sided, long-edge flip` : `${brand.words.simplex} print single-sided`;
    ops.push(textOp(s.title, x, y + 4.5, { face: 'sans-bold', size: 10, color: '#C23B22', id: 'cover-part' }, measurer));
    ops.push(textOp(pages, page.width - x, y + 4.5, { face: 'sans-medium', size: 9, color: '#222222', align: 'right', id: 'cover-pages' }, measurer));
    const d = textBlock(`${s.detail} · ${how}`, { x: x + 4, top: y + 6.5, width: width - 4 }, { face: 'sans', size: 8, color: '#333333', lineHeight: 1.3, id: 'cover-detail' }, measurer);
    appendAll(ops, d.ops);
    y = d.bottom + 3;
  }
  y += 2;
  const notes = textBlock(
    brand.notes,
    { x, top: y, width },
    { face: 'sans', size: 8, color: '#333333', lineHeight: 1.35, id: 'cover-notes' },
    measurer,
  );
  appendAll(ops, notes.ops);
  y = notes.bottom + 6;
  if (board) {
    ops.push(textOp('棋盘拼装图 Board assembly', x, y, { face: 'sans-bold', size: 12, color: '#222222', id: 'cover-assembly' }, measurer));
    // The map as large as fits above the foot line (its text ≥ 4 mm above the caption's top), the
    // text beside it when the column to its right is wide enough, else under it.
    const floor = page.height - FOOT_CLEAR;
    const top = y + 4;
    const beside = (side: Mm) => width - side - 6;
    let side = Math.min(width * 0.6, floor - top);
    if (beside(side) >= 45 && coverAssemblyTextHeight(board.plan, beside(side), measurer) <= side) {
      if (side > 30) appendAll(ops, coverAssembly(board.list, board.plan, { x, y: top, w: side, h: side }, measurer, { x: x + side + 6, top, width: beside(side) }).ops);
    } else {
      for (; side > 30 && top + side + 3 + coverAssemblyTextHeight(board.plan, side, measurer) > floor; side -= 1);
      if (side > 30) appendAll(ops, coverAssembly(board.list, board.plan, { x, y: top, w: side, h: side }, measurer).ops);
    }
  }
  ops.push(caption(brand.caption, page, measurer));
  return { width: page.width, height: page.height, bleed: 0, ops };
}
