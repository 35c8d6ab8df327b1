import { textByFace, type DrawList } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import { assert } from '../../util/assert';
import type { LineKind } from './chunk';
import { flowBlocks, type FigureResolver, type FlowCtx } from './flow';
import { titlePage, tocChunks, type TocEntry } from './front';
import { resolveOptions, type RulebookOptions } from './options';
import { paginate, renderPages } from './paginate';
import { parseRulebook } from './parse';
import { curlBlocks } from './quotes';

export { imposeBooklet, bookletSheets, type BookletSide, type BookletOptions } from './booklet';
export { RULEBOOK_PAPER, RULEBOOK_PAPERS, PALETTE, resolveOptions, type RulebookOptions, type RulebookPaper, type Margins } from './options';
export { parseRulebook, type Block, type Span, type FigureRef } from './parse';
export { checkRulebookSource, RulebookSourceError } from './source-limits';
export type { FigureResolver } from './flow';
export type { LineKind } from './chunk';
export type { TocEntry } from './front';

/** What the typesetter needs from outside: the measurer of the fonts the writer embeds, and figures. */
export interface RulebookDeps {
  measurer: TextMeasurer;
  /** Resolves figure refs (`card:RAT-FU`, `board:main`, …) to draw lists; unknown refs become a marked placeholder and a warning. */
  figure?: FigureResolver;
}

/** A typeset rulebook. */
export interface Rulebook {
  /** One draw list per page, page size exactly the paper; page 1 is the title page. */
  pages: DrawList[];
  /** Headings down to `tocDepth`, with the page (1-based) each is on. */
  toc: TocEntry[];
  /** What the author should fix: unresolved figures, over-wide words, missing glyphs, unsupported Markdown. */
  warnings: string[];
  /**
   * Every laid-out line of text, in page order: its page (1-based), text, what it is, and whether
   * it continues a paragraph (starts at a break the typesetter chose, so kinsoku applies to it).
   */
  lines: { page: number; text: string; kind: LineKind; wrapped: boolean }[];
}

/**
 * Typeset a Markdown rulebook into pages: title page, table of contents (page numbers settled
 * by re-setting it until its own length is stable), then the body with running headers and
 * folios. Pure and deterministic. Throws `RulebookSourceError` (naming the line) for a source over
 * `PROJECT_LIMITS.fileBytes` or nested deeper than `PROJECT_LIMITS.markdownNesting`.
 * @example const book = typesetRulebook(md, { paper: 'a5', lang: 'zh', title: '斗福', runningTitle: '斗福 · 规则' }, { measurer: fonts.measurer, figure })
 */
export function typesetRulebook(markdown: string, opts: RulebookOptions, deps: RulebookDeps): Rulebook {
  assert(typeof markdown === 'string', 'typesetRulebook needs the Markdown source as a string.');
  assert(deps?.measurer !== undefined, 'typesetRulebook needs deps.measurer (the font service measurer that the PDF writer uses).');
  const r = resolveOptions(opts);
  const parsed = parseRulebook(markdown);
  // English is set with typographic quotes; Chinese sources already use “” 「」 as written.
  if (opts.lang === 'en') parsed.blocks = curlBlocks(parsed.blocks);
  let next = 0;
  const ctx: FlowCtx = { r, m: deps.measurer, warnings: parsed.warnings, id: () => ++next, ...(deps.figure ? { figure: deps.figure } : {}) };

  const title = titlePage(ctx);
  const body = paginate(flowBlocks(parsed.blocks, { x: 0, w: r.colW, frames: [] }, ctx), r.boxH, r.cols, 2.5 * r.paraGap);
  // Page numbers of headings relative to the first body page: pagination does not depend on it.
  const rel = renderPages(body, 1, '', r, deps.measurer).marks.filter((k) => k.level <= r.tocDepth);

  let tocPages = 0;
  let toc: TocEntry[] = [];
  let tocSlices: ReturnType<typeof paginate> = [];
  if (opts.toc !== false && rel.length) {
    tocPages = 1;
    for (let i = 0; i < 8; i++) {
      toc = rel.map((k) => ({ level: k.level, title: k.title, page: k.page + 1 + tocPages }));
      tocSlices = paginate(tocChunks(toc, ctx), r.boxH);
      if (tocSlices.length === tocPages) break;
      tocPages = tocSlices.length;
    }
  }
  const front = renderPages(tocSlices, 2, r.labels.contents, r, deps.measurer);
  const main = renderPages(body, 2 + tocPages, '', r, deps.measurer);
  const pages = [title.page, ...front.pages, ...main.pages];
  const lines = [...title.lines.map((l) => ({ page: 1, ...l, wrapped: l.wrapped ?? false })), ...front.lines, ...main.lines];

  for (const [face, chars] of textByFace(pages)) {
    const missing = [...chars].filter((ch) => !deps.measurer.hasGlyph(face, ch.codePointAt(0)!));
    if (missing.length) ctx.warnings.push(`Face "${face}" has no glyph for ${missing.map((c) => `"${c}"`).join(' ')}; replace these characters (the PDF writer refuses them).`);
  }
  return { pages, toc, warnings: ctx.warnings, lines };
}
export { figureMarkdown, tableMarkdown, type PickedCard } from './snippets';
