import type { Color, DrawOp, Stroke } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import { roundMm, type Mm } from '../../util/units';
import { em, type TextStyle } from './options';

/** What kind of text a laid-out line is, for `lines` (tests, search). */
export type LineKind = 'title' | 'toc' | 'heading' | 'body' | 'list' | 'table' | 'caption' | 'callout' | 'code' | 'header' | 'footer';

/** A line of text a chunk draws. */
export interface LineRecord {
  text: string;
  kind: LineKind;
  /** The line continues a paragraph: it starts at a break the typesetter chose (kinsoku applies). */
  wrapped?: boolean;
}

/**
 * A background drawn behind consecutive chunks of one block on each page they land on (a
 * callout's tinted box, a table's closing rule), so a block split across pages is framed on both.
 */
export interface Frame {
  id: number;
  /** Left edge and width, relative to the text box. */
  x: Mm;
  w: Mm;
  fill?: Color;
  /** A bar along the left edge. */
  bar?: { color: Color; width: Mm };
  /** A rule along the bottom of every piece. */
  bottomRule?: Stroke;
}

/**
 * The unit of pagination: a vertical slice of the galley that is never split across pages.
 * Ops are relative to the text box's top-left corner with y = 0 at the chunk's top; the
 * paginator moves them into place.
 */
export interface Chunk {
  h: Mm;
  ops: DrawOp[];
  lines: LineRecord[];
  /** Space above, dropped at the top of a page. */
  spaceBefore: Mm;
  /** Keep on the same page as the next chunk (headings, a paragraph's first and last lines). */
  keepWithNext?: boolean;
  /** Ends in a hyphenated word: never the last line of a page or column (the word would be split across the break). */
  hyphenated?: boolean;
  /** Start a new page (h1). */
  breakBefore?: boolean;
  /** Set across the whole text box of a two-column page (a wide table), floated to a page top. */
  span?: boolean;
  /**
   * A spanning figure row that may float: when it does not fit on this page, the text after it
   * fills this page first and the row heads the next one (a table's text never passes it).
   */
  float?: boolean;
  /** A row of figures (cards, the board): a page must not hold nothing else. */
  figure?: boolean;
  frames?: Frame[];
  /** A table row: when a page break falls inside its table, `header` is drawn again first. */
  table?: { id: number; header?: Chunk };
  /** A heading: recorded for the TOC and the running header. */
  mark?: { level: number; title: string };
}

/** Whether a break may not fall after chunk `c`: it keeps with the next one, or its word runs on into it. */
export const keepsWithNext = (c: Chunk): boolean => !!(c.keepWithNext || c.hyphenated);

/** Move ops by (dx, dy). Groups move through their transform, so their contents stay as they are. */
export function shiftOps(ops: readonly DrawOp[], dx: Mm, dy: Mm): DrawOp[] {
  return ops.map((op): DrawOp => {
    // A gradient or a shadow is placed in its op's coordinates: such an op moves as a group.
    if (op.op === 'group' || op.op === 'path' || op.op === 'shadow' || ((op.op === 'rect' || op.op === 'ellipse') && op.fill?.gradient)) {
      const g = op.op === 'group' ? op : { op: 'group' as const, ops: [op] };
      const t = g.transform ?? { x: 0, y: 0 };
      return { ...g, transform: { ...t, x: roundMm(t.x + dx), y: roundMm(t.y + dy) } };
    }
    switch (op.op) {
      case 'rect':
      case 'image':
      case 'text':
        return { ...op, x: roundMm(op.x + dx), y: roundMm(op.y + dy) };
      case 'ellipse':
        return { ...op, cx: roundMm(op.cx + dx), cy: roundMm(op.cy + dy) };
      case 'line':
        return { ...op, x1: roundMm(op.x1 + dx), y1: roundMm(op.y1 + dy), x2: roundMm(op.x2 + dx), y2: roundMm(op.y2 + dy) };
    }
  });
}

/**
 * Line pitch of a style in mm, and where the baseline sits below the line's top (the font's
 * ascent + descent centred in the pitch). The pitch is never less than ascent + descent, so every
 * line's glyph box stays inside its line box, and so inside the text box.
 */
export function lineBox(s: TextStyle, m: TextMeasurer): { pitch: Mm; baseline: Mm } {
  const e = em(s);
  const { ascent, descent } = m.metrics(s.face);
  const inner = (ascent + Math.abs(descent)) * e;
  const pitch = Math.max(s.lineHeight * e, inner);
  return { pitch, baseline: (pitch - inner) / 2 + ascent * e };
}

/** A spacer chunk (keeps the following block's frame padding). */
export function spacer(h: Mm, frames?: Frame[]): Chunk {
  return { h, ops: [], lines: [], spaceBefore: 0, keepWithNext: true, ...(frames ? { frames } : {}) };
}
