import type { DrawList, DrawOp, GroupOp } from '../cards/draw-list';
import type { TextMeasurer } from '../cards/fonts';
import { footerText, sheetMarks, type MarksMode } from './marks';
import type { Placement, Sheet } from './sheet';

/** One card set into a sheet: the group that places it, and which item it is. */
export interface SheetCard {
  itemIndex: number;
  op: GroupOp;
}

/** A composed sheet page: the whole page as one draw list, and its parts for writers that label them. */
export interface SheetPage {
  /** The page: cards, then marks, then the foot text, in page coordinates (bleed 0). */
  list: DrawList;
  cards: SheetCard[];
  marks: DrawOp[];
  footer: DrawOp[];
}

/**
 * The group that sets a card face into a sheet: clipped to its visible bleed, its trim's
 * top-left corner moved to the placement's trim, and turned 180° about the trim centre when the
 * placement says so (backs of a row flip).
 */
export function placeCard(face: DrawList, p: Placement): GroupOp {
  const inner: GroupOp = { op: 'group', transform: { x: p.trim.x, y: p.trim.y }, ops: face.ops };
  if (p.rotate === 180) inner.rotate = { deg: 180, cx: face.width / 2, cy: face.height / 2 };
  return { op: 'group', clip: { ...p.clip }, ops: [inner] };
}

/**
 * Compose one printed page of a card sheet: every placement's face (front or back as the sheet
 * says), the cut guides, and the foot text. The PDF writer and the print dialog's preview both
 * draw this list, so the preview shows what prints.
 * @example sheetPage(sheets[0], (i) => fronts[i], { marks: 'crop', footer: ['斗福 · 1/6', 'print at 100%'], measurer })
 */
export function sheetPage(
  sheet: Sheet,
  faceOf: (itemIndex: number, side: Sheet['side']) => DrawList,
  opts: { marks: MarksMode; footer: readonly string[]; measurer: TextMeasurer },
): SheetPage {
  const cards = sheet.placements.map((p) => ({ itemIndex: p.itemIndex, op: placeCard(faceOf(p.itemIndex, sheet.side), p) }));
  const marks = sheetMarks(sheet, opts.marks).ops;
  const footer = footerText(sheet, opts.footer, opts.measurer, { marks: opts.marks });
  return { list: { width: sheet.widthMm, height: sheet.heightMm, bleed: 0, ops: [...cards.map((c) => c.op), ...marks, ...footer] }, cards, marks, footer };
}
