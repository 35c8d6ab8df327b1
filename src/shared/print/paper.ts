import { assert } from '../util/assert';
import type { Mm } from '../util/units';
import type { Size } from './geometry';

/**
 * Paper sizes of print.md, portrait (width < height), in millimetres. A4 and Letter carry card
 * sheets; A3 and Tabloid carry boards.
 */
export const PAPER_SIZES = {
  /** ISO A4, 210 × 297 mm. */
  a4: { width: 210, height: 297, label: 'A4' },
  /** US Letter, 8.5 × 11 in. */
  letter: { width: 215.9, height: 279.4, label: 'US Letter' },
  /** ISO A3, 297 × 420 mm. */
  a3: { width: 297, height: 420, label: 'A3' },
  /** US Tabloid (ledger), 11 × 17 in. */
  tabloid: { width: 279.4, height: 431.8, label: 'Tabloid' },
} as const satisfies Record<string, { width: Mm; height: Mm; label: string }>;

/** A paper name. */
export type PaperId = keyof typeof PAPER_SIZES;

/** The paper ids, for validation and menus. */
export const PAPER_IDS = Object.keys(PAPER_SIZES) as PaperId[];

/** Page orientation: `portrait` keeps the short edge on top, `landscape` swaps width and height. */
export type Orientation = 'portrait' | 'landscape';

/** The orientations, for validation and menus. */
export const ORIENTATIONS: readonly Orientation[] = ['portrait', 'landscape'];

/**
 * The page size of `paper` in `orientation`, in millimetres.
 * @example paperSize('letter', 'landscape') // → { width: 279.4, height: 215.9 }
 */
export function paperSize(paper: PaperId, orientation: Orientation = 'portrait'): Size {
  const p = PAPER_SIZES[paper];
  assert(p !== undefined, `Unknown paper "${String(paper)}": use one of ${PAPER_IDS.join(', ')}.`);
  assert(ORIENTATIONS.includes(orientation), `Unknown orientation "${String(orientation)}": use "portrait" or "landscape".`);
  return orientation === 'portrait' ? { width: p.width, height: p.height } : { width: p.height, height: p.width };
}

/** A human label such as `A4 portrait`, for messages. */
export function paperLabel(paper: PaperId, orientation: Orientation): string {
  return `${PAPER_SIZES[paper]?.label ?? String(paper)} ${orientation}`;
}

const LABEL_ZH: Record<PaperId, string> = { a4: 'A4', letter: 'US Letter', a3: 'A3', tabloid: 'Tabloid' };

/** The Chinese label, such as `A4 纵向`, for messages. */
export function paperLabelZh(paper: PaperId, orientation: Orientation): string {
  return `${LABEL_ZH[paper] ?? String(paper)} ${orientation === 'portrait' ? '纵向' : '横向'}`;
}
