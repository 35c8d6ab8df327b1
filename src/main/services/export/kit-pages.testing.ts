// Geometry checks shared by the print-and-play kit tests: what a drawn page puts in the unprintable
// margin, and where each card lands on a card sheet.
import { walkOps, type DrawOp } from '../../../shared/cards/draw-list';
import { ptToMm } from '../../../shared/util/units';
import type { createFontService } from './fonts';
import type { PdfPage } from './pdf';

/** What a home printer cannot print, from each paper edge. */
export const MARGIN = 5;

/** The axis-aligned box of an op's ink (text: its advance and the face's ascent/descent). */
function box(op: DrawOp, fonts: ReturnType<typeof createFontService>): { x0: number; y0: number; x1: number; y1: number } | null {
  switch (op.op) {
    case 'rect':
    case 'image':
      return { x0: op.x, y0: op.y, x1: op.x + op.w, y1: op.y + op.h };
    case 'ellipse':
      return { x0: op.cx - op.rx, y0: op.cy - op.ry, x1: op.cx + op.rx, y1: op.cy + op.ry };
    case 'line':
      return { x0: Math.min(op.x1, op.x2), y0: Math.min(op.y1, op.y2), x1: Math.max(op.x1, op.x2), y1: Math.max(op.y1, op.y2) };
    case 'text': {
      const mm = ptToMm(op.size);
      const { ascent, descent } = fonts.measurer.metrics(op.face);
      return { x0: op.x, y0: op.y - ascent * mm, x1: op.x + op.width, y1: op.y + Math.abs(descent) * mm };
    }
    default:
      return null;
  }
}

/** Ops of a drawn page (not a card sheet) that reach into the unprintable margin. */
export function outside(page: PdfPage, fonts: ReturnType<typeof createFontService>): string[] {
  const bad: string[] = [];
  for (const { list } of page.items)
    walkOps(list.ops, (op) => {
      const b = box(op, fonts);
      if (b && (b.x0 < MARGIN - 1e-6 || b.y0 < MARGIN - 1e-6 || b.x1 > page.widthMm - MARGIN + 1e-6 || b.y1 > page.heightMm - MARGIN + 1e-6)) bad.push(`${op.op} ${op.id ?? ''} ${JSON.stringify(b)}`);
    });
  return bad;
}

/** Each card's placed box on a sheet page, by card id and copy. */
export function cardBoxes(page: PdfPage): Map<string, { x: number; y: number; w: number; h: number }> {
  const out = new Map<string, { x: number; y: number; w: number; h: number }>();
  for (const it of page.items) {
    const id = /^Card (\S+) /.exec(it.label?.en ?? '')?.[1];
    const op = it.list.ops[0];
    if (id && op?.op === 'group' && op.clip) out.set(`${id}#${[...out.keys()].filter((k) => k.startsWith(`${id}#`)).length}`, op.clip);
  }
  return out;
}

