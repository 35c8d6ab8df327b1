// Geometry checks shared by the print-and-play kit tests: what a drawn page puts in the unprintable
// margin, where each card lands on a card sheet, backs behind fronts, crop marks inside the margin.
import { expect } from 'vitest';
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


/**
 * Card sheets as front, back, front, back…: each back the front's size, in `orientation`, and
 * every card's back exactly behind its front once the sheet is turned over the `duplex` edge (a
 * portrait sheet turned over its long edge mirrors left–right, a landscape one top–bottom; the
 * short edge the other way).
 */
export function expectBacksBehindFronts(sheets: PdfPage[], duplex: 'long' | 'short', orientation: 'portrait' | 'landscape'): void {
  expect(sheets.length % 2).toBe(0);
  for (let i = 0; i < sheets.length; i += 2) {
    const [front, back] = [sheets[i]!, sheets[i + 1]!];
    const [W, H] = [front.widthMm, front.heightMm];
    expect([back.widthMm, back.heightMm]).toEqual([W, H]);
    expect(W > H ? 'landscape' : 'portrait').toBe(orientation);
    const mirrorX = (duplex === 'long') === (orientation === 'portrait');
    const fb = cardBoxes(front);
    const bb = cardBoxes(back);
    expect([...bb.keys()].sort()).toEqual([...fb.keys()].sort());
    for (const [id, f] of fb) {
      const b = bb.get(id)!;
      const want = mirrorX ? { x: W - f.x - f.w, y: f.y } : { x: f.x, y: H - f.y - f.h };
      expect(b.x, `${id} x`).toBeCloseTo(want.x, 6);
      expect(b.y, `${id} y`).toBeCloseTo(want.y, 6);
      expect([b.w, b.h]).toEqual([f.w, f.h]);
    }
  }
}

/** Check every crop mark's ends on the sheets stay inside the printable margin; answers how many marks there were. */
export function expectCropMarksInside(sheets: PdfPage[], label: string): number {
  let marks = 0;
  for (const p of sheets)
    for (const it of p.items)
      walkOps(it.list.ops, (op) => {
        if (op.op !== 'line' || op.id !== 'crop-mark') return;
        marks++;
        for (const [x, y] of [[op.x1, op.y1], [op.x2, op.y2]] as const) expect(Math.min(x, y, p.widthMm - x, p.heightMm - y), `${label} crop mark`).toBeGreaterThanOrEqual(MARGIN - 1e-6);
      });
  return marks;
}
