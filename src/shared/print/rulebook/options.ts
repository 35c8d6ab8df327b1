import type { Color, FontFaceId } from '../../cards/draw-list';
import { assert } from '../../util/assert';
import { ptToMm, type Mm, type Pt } from '../../util/units';

/**
 * Rulebook page sizes, portrait, in millimetres. A5 is not a card-sheet paper, so it lives here
 * rather than in `print/paper.ts`; `parent` is the landscape sheet a saddle-stitched booklet of
 * these pages is printed on (two pages side by side).
 */
export const RULEBOOK_PAPER = {
  /** ISO A4, booklet on A3. */
  a4: { width: 210, height: 297, parent: { width: 420, height: 297 } },
  /** ISO A5, booklet on A4. */
  a5: { width: 148, height: 210, parent: { width: 297, height: 210 } },
  /** US Letter, booklet on Tabloid. */
  letter: { width: 215.9, height: 279.4, parent: { width: 431.8, height: 279.4 } },
  /** Half Letter (5½ × 8½ in, the US A5), booklet on Letter. */
  'half-letter': { width: 139.7, height: 215.9, parent: { width: 279.4, height: 215.9 } },
} as const satisfies Record<string, { width: Mm; height: Mm; parent: { width: Mm; height: Mm } }>;

/** A rulebook paper name. */
export type RulebookPaper = keyof typeof RULEBOOK_PAPER;

/** The rulebook papers, in the order the CLI and the interface list them. */
export const RULEBOOK_PAPERS = Object.keys(RULEBOOK_PAPER) as RulebookPaper[];

/** Pocket papers (A5, half letter) are set as a small book: one column, smaller type and margins. */
export const isPocket = (paper: RulebookPaper): boolean => paper === 'a5' || paper === 'half-letter';

/** Page margins in millimetres; `inner` is the binding side (left on odd pages, right on even ones). */
export interface Margins {
  top: Mm;
  bottom: Mm;
  inner: Mm;
  outer: Mm;
}

/** What to typeset and how. Only `paper`, `lang`, `title` and `runningTitle` are required. */
export interface RulebookOptions {
  paper: RulebookPaper;
  /** Language of the book: chooses line height, labels (目录 / Contents) and the h1 face. */
  lang: 'zh' | 'en';
  /** Title-page title. */
  title: string;
  /** Title-page subtitle. */
  subtitle?: string;
  /** Left side of the running header on every page after the title page. */
  runningTitle: string;
  /** A figure ref (as in `![](ref)`) drawn on the title page, resolved through `deps.figure`. */
  cover?: string;
  /** Margins (defaults: 20 mm on A4/Letter, 15 mm on A5 and half letter; 24 / 18 mm at the top and bottom for the header and footer). */
  margins?: Partial<Margins>;
  /** Body size in points (default 10 on A4/Letter, 9 on A5 and half letter). */
  baseSize?: Pt;
  /** Line pitch of body text in em (default 1.6 for Chinese, 1.45 for English). */
  lineHeight?: number;
  /** Deepest heading level listed in the table of contents (default 3). */
  tocDepth?: 1 | 2 | 3;
  /** Typeset a table of contents after the title page (default true; skipped when there are no headings). */
  toc?: boolean;
  /**
   * Every h1 starts a new page (default: on pocket papers only); otherwise chapters run on, an
   * h1 getting a large space above.
   */
  h1NewPage?: boolean;
  /** Text columns per page (default 2 on A4 and Letter, 1 on A5 and half letter). */
  columns?: 1 | 2;
  /** Space between columns, mm (default 8). */
  gutter?: Mm;
}

/** The colours of ui.md's paper-and-ink palette used by the rulebook. */
export const PALETTE = {
  /** Body text. */
  ink: '#1F1A17',
  /** Accent: h2, bullets, callout bars, table rules. */
  vermilion: '#C23B22',
  /** Secondary text: captions, header, footer, TOC leaders (7:1 on white). */
  muted: '#5E554D',
  /** Hairlines. */
  rule: '#D8CAB2',
  /** Callout and code backgrounds. */
  tint: '#F7F1E3',
  /** Table header background. */
  headFill: '#EFE3CF',
  /** Every second table row. */
  zebra: '#FAF6EE',
} as const satisfies Record<string, Color>;

/** One text style: face, size, colour and line pitch (in em). */
export interface TextStyle {
  face: FontFaceId;
  size: Pt;
  color: Color;
  lineHeight: number;
}

/** Options with defaults applied, plus page geometry and the derived styles. */
export interface Resolved {
  opts: RulebookOptions;
  page: { width: Mm; height: Mm };
  margins: Margins;
  /** Text-box width (page minus inner and outer margins) and height. */
  boxW: Mm;
  boxH: Mm;
  /** Columns of the body, their width and the space between them (the TOC and title page span the box). */
  cols: 1 | 2;
  colW: Mm;
  gutter: Mm;
  /** Every h1 starts a new page. */
  h1NewPage: boolean;
  base: TextStyle;
  small: TextStyle;
  table: TextStyle;
  h: [TextStyle, TextStyle, TextStyle];
  /** Space between paragraphs, mm. */
  paraGap: Mm;
  tocDepth: number;
  labels: { contents: string; figureMissing: string };
}

/**
 * Apply defaults and check the options; throws a UsageError that says what to change.
 * @example resolveOptions({ paper: 'a5', lang: 'zh', title: '斗福', runningTitle: '斗福 规则' }).boxW // → 118
 */
export function resolveOptions(opts: RulebookOptions): Resolved {
  const paper = RULEBOOK_PAPER[opts.paper];
  assert(paper !== undefined, `Unknown rulebook paper "${String(opts.paper)}": use ${RULEBOOK_PAPERS.join(', ')}.`);
  assert(opts.lang === 'zh' || opts.lang === 'en', `Unknown rulebook language "${String(opts.lang)}": use "zh" or "en".`);
  assert(typeof opts.title === 'string' && opts.title.trim() !== '', 'The rulebook needs a title (opts.title) for its title page.');
  assert(typeof opts.runningTitle === 'string', 'opts.runningTitle must be a string (the running header text; may be empty).');
  const a5 = isPocket(opts.paper);
  const side = a5 ? 15 : 20;
  const margins: Margins = { top: a5 ? 18 : 24, bottom: a5 ? 18 : 24, inner: side, outer: side, ...opts.margins };
  for (const [k, v] of Object.entries(margins)) assert(Number.isFinite(v) && v >= 5, `Margin "${k}" is ${v} mm; use at least 5 mm (home printers cannot print closer to the edge).`);
  const size = opts.baseSize ?? (a5 ? 9 : 10);
  assert(Number.isFinite(size) && size >= 6 && size <= 16, `baseSize ${size} pt is out of range; use 6–16 pt (print.md: body text of a rulebook is 9–11 pt).`);
  const boxW = paper.width - margins.inner - margins.outer;
  const boxH = paper.height - margins.top - margins.bottom;
  assert(boxW >= 60 && boxH >= 80, `The margins leave a ${boxW.toFixed(1)} × ${boxH.toFixed(1)} mm text box; make them smaller (at least 60 × 80 mm must remain).`);
  const cols = opts.columns ?? (a5 ? 1 : 2);
  assert(cols === 1 || cols === 2, `columns ${String(cols)} is not supported; use 1 or 2.`);
  const gutter = opts.gutter ?? 8;
  assert(Number.isFinite(gutter) && gutter >= 3 && gutter <= 30, `gutter ${gutter} mm is out of range; use 3–30 mm between columns.`);
  const colW = (boxW - (cols - 1) * gutter) / cols;
  assert(colW >= 50, `${cols} columns leave ${colW.toFixed(1)} mm each; use one column or smaller margins (a column needs at least 50 mm).`);
  const lh = opts.lineHeight ?? (opts.lang === 'zh' ? 1.6 : 1.45);
  assert(lh >= 1.1 && lh <= 2.5, `lineHeight ${lh} is out of range; use 1.1–2.5.`);
  const zh = opts.lang === 'zh';
  const { ink, vermilion, muted } = PALETTE;
  return {
    opts,
    page: { width: paper.width, height: paper.height },
    margins,
    boxW,
    boxH,
    cols,
    colW,
    gutter,
    h1NewPage: opts.h1NewPage ?? a5,
    base: { face: 'sans', size, color: ink, lineHeight: lh },
    small: { face: 'sans', size: size - 1, color: muted, lineHeight: 1.4 },
    table: { face: 'sans', size: size - 1, color: ink, lineHeight: 1.35 },
    h: [
      { face: zh ? 'brush' : 'sans-bold', size: size * (zh ? 2.6 : 2.1), color: ink, lineHeight: 1.25 },
      { face: 'sans-bold', size: size * 1.4, color: vermilion, lineHeight: 1.3 },
      { face: 'sans-bold', size: size * 1.1, color: ink, lineHeight: 1.35 },
    ],
    paraGap: ptToMm(size) * 0.6,
    tocDepth: opts.tocDepth ?? 3,
    labels: zh ? { contents: '目录', figureMissing: '缺少插图' } : { contents: 'Contents', figureMissing: 'Missing figure' },
  };
}

/** Millimetres per em of a style. */
export const em = (s: { size: Pt }): Mm => ptToMm(s.size);
