import { Lexer, type Token, type Tokens } from 'marked';
import { checkRulebookSource, RulebookSourceError } from './source-limits';

/** A stretch of inline text with its emphasis. `\n` inside `text` is a hard line break. */
export interface Span {
  text: string;
  strong?: boolean;
  em?: boolean;
  code?: boolean;
}

/** A figure reference: `![caption](ref "title")`. */
export interface FigureRef {
  ref: string;
  caption: string;
  /** Width hint from the title: `"50%"` of the text width or `"40mm"`. */
  width?: { percent?: number; mm?: number };
}

/** Column alignment of a table. */
export type Align = 'left' | 'center' | 'right';

/** The block structure of a rulebook, as the typesetter sees it. */
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; spans: Span[]; text: string }
  | { kind: 'paragraph'; spans: Span[] }
  | { kind: 'list'; ordered: boolean; start: number; loose: boolean; items: Block[][] }
  | { kind: 'table'; align: Align[]; header: Span[][]; rows: Span[][][] }
  | { kind: 'figures'; items: FigureRef[] }
  | { kind: 'callout'; label?: string; blocks: Block[] }
  | { kind: 'code'; text: string }
  | { kind: 'hr' };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

/** Marked's lexer leaves character references as written; the renderer would decode them, so we do. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, name: string) => {
    const n = name.toLowerCase();
    if (n.startsWith('#x')) return String.fromCodePoint(parseInt(n.slice(2), 16));
    if (n.startsWith('#')) return String.fromCodePoint(parseInt(n.slice(1), 10));
    return ENTITIES[n] ?? m;
  });
}

interface Ctx {
  warnings: string[];
}

/** Inline tokens as spans, appended to `out` (one array for the whole paragraph, never spread). */
function inline(tokens: Token[] | undefined, ctx: Ctx, style: Omit<Span, 'text'> = {}, out: Span[] = []): Span[] {
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'text':
        if ('tokens' in t && t.tokens?.length) inline(t.tokens, ctx, style, out);
        else out.push({ ...style, text: decodeEntities(t.text) });
        break;
      case 'escape':
        out.push({ ...style, text: t.text });
        break;
      case 'strong':
        inline(t.tokens, ctx, { ...style, strong: true }, out);
        break;
      case 'em':
        inline(t.tokens, ctx, { ...style, em: true }, out);
        break;
      case 'codespan':
        out.push({ ...style, code: true, text: decodeEntities(t.text) });
        break;
      case 'br':
        out.push({ ...style, text: '\n' });
        break;
      case 'link':
      case 'del':
        inline(t.tokens, ctx, style, out);
        break;
      case 'image':
        ctx.warnings.push(`Image "${t.href}" sits inside running text; a figure needs a paragraph of its own. Its caption is printed as text.`);
        out.push({ ...style, em: true, text: decodeEntities(t.text) });
        break;
      case 'html':
        ctx.warnings.push(`Inline HTML "${t.raw.trim()}" is not typeset; write it as Markdown.`);
        break;
      default:
        if ('text' in t && typeof t.text === 'string') out.push({ ...style, text: decodeEntities(t.text) });
    }
  }
  return out;
}

/** The plain text of spans. */
export const plain = (spans: Span[]): string => spans.map((s) => s.text).join('');

function widthHint(title: string | null | undefined): FigureRef['width'] {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%|mm)\s*$/.exec(title ?? '');
  if (!m) return undefined;
  return m[2] === '%' ? { percent: Math.min(100, Number(m[1])) } : { mm: Number(m[1]) };
}

/** A paragraph made only of images (and blanks between them) is a row of figures. */
function figures(p: Tokens.Paragraph): FigureRef[] | undefined {
  const imgs = p.tokens.filter((t) => t.type === 'image') as Tokens.Image[];
  const rest = p.tokens.filter((t) => t.type !== 'image');
  if (!imgs.length || rest.some((t) => !(t.type === 'text' || t.type === 'br') || ('text' in t && t.text.trim() !== ''))) return undefined;
  return imgs.map((i) => {
    const fig: FigureRef = { ref: i.href, caption: decodeEntities(i.text) };
    const w = widthHint(i.title);
    if (w) fig.width = w;
    return fig;
  });
}

/** A callout label: a short bold run opening the quote (`> **例** …`, `> **Example:** …`). */
function callout(blocks: Block[]): Block {
  const first = blocks[0];
  if (first?.kind === 'paragraph' && first.spans[0]?.strong) {
    let n = 0;
    while (first.spans[n]?.strong) n++;
    const label = plain(first.spans.slice(0, n)).trim().replace(/[:：]$/, '');
    if (label.length > 0 && label.length <= 16) {
      const rest = first.spans.slice(n);
      if (rest[0]) rest[0] = { ...rest[0], text: rest[0].text.replace(/^[\s:：]+/, '') };
      const body = rest.some((s) => s.text.trim() !== '') ? [{ kind: 'paragraph' as const, spans: rest }, ...blocks.slice(1)] : blocks.slice(1);
      return { kind: 'callout', label, blocks: body };
    }
  }
  return { kind: 'callout', blocks };
}

function blocks(tokens: Token[], ctx: Ctx): Block[] {
  const out: Block[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case 'space':
        break;
      case 'heading': {
        const spans = inline(t.tokens, ctx);
        if (t.depth > 3) ctx.warnings.push(`Heading "${t.text}" is level ${t.depth}; the rulebook typesets levels 1–3 and sets it as level 3.`);
        out.push({ kind: 'heading', level: Math.min(3, t.depth) as 1 | 2 | 3, spans, text: plain(spans).trim() });
        break;
      }
      case 'paragraph': {
        const figs = figures(t as Tokens.Paragraph);
        out.push(figs ? { kind: 'figures', items: figs } : { kind: 'paragraph', spans: inline(t.tokens, ctx) });
        break;
      }
      case 'text': // the body of a tight list item
        out.push({ kind: 'paragraph', spans: inline(t.tokens ?? [t], ctx) });
        break;
      case 'list': {
        const l = t as Tokens.List;
        out.push({ kind: 'list', ordered: l.ordered, start: typeof l.start === 'number' ? l.start : 1, loose: l.loose, items: l.items.map((i) => blocks(i.tokens, ctx)) });
        break;
      }
      case 'table': {
        const tb = t as Tokens.Table;
        out.push({ kind: 'table', align: tb.align.map((a) => a ?? 'left'), header: tb.header.map((c) => inline(c.tokens, ctx)), rows: tb.rows.map((r) => r.map((c) => inline(c.tokens, ctx))) });
        break;
      }
      case 'blockquote':
        out.push(callout(blocks((t as Tokens.Blockquote).tokens, ctx)));
        break;
      case 'code':
        out.push({ kind: 'code', text: t.text });
        break;
      case 'hr':
        out.push({ kind: 'hr' });
        break;
      case 'html':
        if (!/^\s*<!--[\s\S]*-->\s*$/.test(t.raw)) ctx.warnings.push(`HTML block "${t.raw.trim().slice(0, 40)}" is not typeset; write it as Markdown.`);
        break;
      default:
        ctx.warnings.push(`Markdown "${t.type}" blocks are not typeset ("${t.raw.trim().slice(0, 40)}").`);
    }
  }
  return out;
}

/**
 * Parse rulebook Markdown (CommonMark + GFM tables, via marked's lexer) into blocks. A source over
 * the size limit or nested too deeply is refused with a `RulebookSourceError` naming the line,
 * before marked sees it (see `checkRulebookSource`).
 * @example parseRulebook('# 规则\n\n> **例** 福鼠…').blocks[1] // → { kind: 'callout', label: '例', blocks: [...] }
 */
export function parseRulebook(markdown: string): { blocks: Block[]; warnings: string[] } {
  const refused = checkRulebookSource(markdown);
  if (refused) throw refused;
  const ctx: Ctx = { warnings: [] };
  const text = markdown.replace(/\r\n?/g, '\n');
  try {
    return { blocks: blocks(new Lexer({ gfm: true }).lex(text), ctx), warnings: ctx.warnings };
  } catch (e) {
    // The scan above bounds what marked recurses on; should some other nesting still exhaust the
    // stack, it is the source's fault all the same: say so rather than crash.
    if (!(e instanceof RangeError)) throw e;
    throw new RulebookSourceError('is nested too deeply to read (emphasis, links, quotes or lists inside each other); simplify the nesting.');
  }
}
