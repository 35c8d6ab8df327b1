import type { DrawList, DrawOp } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import { breakLines } from '../../cards/text';
import { assertNever } from '../../util/assert';
import { roundMm, type Mm } from '../../util/units';
import { lineBox, spacer, type Chunk, type Frame, type LineKind } from './chunk';
import { figureChunk } from './figure';
import { em, PALETTE, type Resolved, type TextStyle } from './options';
import type { Block, Span } from './parse';
import { breakBalanced, breakRich, latinQuotes, setLine, type Run } from './rich-text';
import { tableChunks } from './table';

/** Resolves `card:RAT-FU`-style refs to a draw list (and an optional default caption and corner radius). */
export type FigureResolver = (ref: string) => { list: DrawList; caption?: string; radius?: Mm } | undefined;

/** What block layout needs besides the blocks. */
export interface FlowCtx {
  r: Resolved;
  m: TextMeasurer;
  figure?: FigureResolver;
  warnings: string[];
  /** A fresh id for frames and tables. */
  id(): number;
}

/** Where blocks are set: a column of the text box (`x` from its left edge), inside some frames. */
export interface Area {
  x: Mm;
  w: Mm;
  frames: Frame[];
}

/** Runs of spans in a style: **strong** is bold, *em* is medium vermilion, `code` medium brown. */
export function runsOf(spans: Span[], s: TextStyle, opts: { bold?: boolean } = {}): Run[] {
  return spans.map((sp) => {
    const bold = opts.bold || sp.strong;
    const face = bold ? 'sans-bold' : sp.em || sp.code ? 'sans-medium' : s.face;
    const color = sp.em ? PALETTE.vermilion : sp.code ? '#6B4A2F' : s.color;
    return sp.code ? { text: sp.text, face, color, literal: true } : { text: sp.text, face, color };
  });
}

/** Runs with their curly quotes in the Latin face: all of them in an English book, those beside Latin text in a Chinese one. */
export const quoteFaces = (runs: Run[], ctx: FlowCtx): Run[] => latinQuotes(runs, ctx.r.opts.lang === 'en');

/** Text lines as chunks, one per line; a paragraph's first two and last two lines stay together. */
export function textChunks(runs: Run[], area: Area, s: TextStyle, ctx: FlowCtx, kind: LineKind, opts: { justify?: boolean; id?: string; color?: string } = {}): Chunk[] {
  // Justified English is hyphenated (US patterns), so its spaces do not open into rivers.
  const hyphenate = opts.justify !== false && ctx.r.opts.lang === 'en';
  runs = quoteFaces(runs, ctx);
  const { lines, overflow } = opts.justify === false ? breakRich(runs, s.size, area.w, ctx.m) : breakBalanced(runs, s.size, area.w, ctx.m, { hyphenate });
  const text = runs.map((r) => r.text).join('');
  if (overflow) ctx.warnings.push(`A word in "${text.slice(0, 40)}" is wider than its ${area.w.toFixed(1)} mm column and was split; shorten it or give it room.`);
  const { pitch, baseline } = lineBox(s, ctx.m);
  const chunks = lines.map((l): Chunk => ({
    h: pitch,
    ops: setLine(l, area.x, baseline, area.w, s.size, ctx.m, { justify: opts.justify ?? true, id: opts.id ?? `rulebook:${kind}` }),
    lines: [{ text: l.text, kind, wrapped: !l.first }],
    spaceBefore: 0,
    frames: area.frames,
    ...(l.hyphenated ? { hyphenated: true } : {}),
  }));
  const n = chunks.length;
  if (n >= 2) chunks[0]!.keepWithNext = true;
  if (n >= 3) chunks[n - 2]!.keepWithNext = true;
  return chunks;
}

/**
 * Whether `text` can be set in the brush face: every glyph present and no blanks (a brush subset
 * holding a space next to CJK glyphs breaks the PDF writer's fontkit, so brush text never has one).
 */
export function brushable(text: string, m: TextMeasurer): boolean {
  return text !== '' && [...text].every((ch) => !/\s/.test(ch) && m.hasGlyph('brush', ch.codePointAt(0)!));
}

/** Split a bilingual heading "游戏简介 Overview" into its Chinese and Latin parts. */
function bilingual(text: string): [string, string] | undefined {
  const m = /^([^A-Za-z]*[\p{Script=Han}][^A-Za-z]*?)\s+([A-Za-z][^\p{Script=Han}]*)$/u.exec(text);
  return m ? [m[1]!, m[2]!] : undefined;
}

/**
 * A heading as one chunk (never split), kept with what follows. A Chinese h1 is set in brush
 * when the face has it; its English half, if any, becomes a spaced small-caps kicker below.
 */
function headingChunk(b: Extract<Block, { kind: 'heading' }>, area: Area, ctx: FlowCtx): Chunk {
  const { r, m } = ctx;
  let s = r.h[b.level - 1];
  let runs: Run[] = b.spans.map((sp) => ({ text: sp.text, face: s.face, color: s.color }));
  let kicker: string | undefined;
  if (s.face === 'brush') {
    const bi = bilingual(b.text);
    if (bi && brushable(bi[0], m)) ((runs = [{ text: bi[0], face: 'brush', color: s.color }]), (kicker = bi[1].toUpperCase()));
    else if (!brushable(b.text, m)) ((s = { ...s, face: 'sans-bold', size: s.size * 0.7 }), (runs = runs.map((x) => ({ ...x, face: 'sans-bold' }))));
  }
  const lines = textChunks(runs, area, s, ctx, 'heading', { justify: false, id: `rulebook:h${b.level}` });
  const ops = lines.flatMap((c, i) => c.ops.map((op) => (op.op === 'text' ? { ...op, y: roundMm(op.y + i * c.h) } : op)));
  let h = lines.reduce((a, c) => a + c.h, 0);
  if (kicker) {
    const ks: TextStyle = { face: 'sans-medium', size: r.base.size, color: PALETTE.vermilion, lineHeight: 1.4 };
    const ls = 0.12 * em(ks);
    const { pitch, baseline } = lineBox(ks, m);
    const w = m.width(ks.face, kicker, ks.size) + ls * ([...kicker].length - 1);
    if (w <= area.w) {
      ops.push({ op: 'text', id: 'rulebook:h1-kicker', x: area.x, y: roundMm(h + baseline - 0.2 * em(ks)), text: kicker, face: ks.face, size: ks.size, color: ks.color, width: roundMm(w), letterSpacing: roundMm(ls) });
      h += pitch;
    }
  }
  if (b.level === 1) {
    const y = h + (kicker ? 2 : 1.2);
    ops.push({ op: 'line', id: 'rulebook:h1-rule', x1: area.x, y1: y, x2: area.x + area.w, y2: y, stroke: { color: PALETTE.rule, width: 0.25 } });
    ops.push({ op: 'rect', id: 'rulebook:h1-rule', x: area.x, y: y - 0.5, w: 18, h: 1, fill: { color: PALETTE.vermilion } });
    h = y + 0.5 + em(r.base) * 1.6;
  } else h += em(r.base) * (b.level === 2 ? 0.5 : 0.3);
  const chunk: Chunk = { h, ops, lines: lines.flatMap((c) => c.lines), spaceBefore: 0, keepWithNext: true, frames: area.frames, mark: { level: b.level, title: b.text } };
  if (kicker) chunk.lines.push({ text: kicker, kind: 'heading' });
  if (b.level === 1 && r.h1NewPage) chunk.breakBefore = true;
  return chunk;
}

const BULLETS = ['•', '–', '·'];

function listChunks(b: Extract<Block, { kind: 'list' }>, area: Area, ctx: FlowCtx, depth: number): Chunk[] {
  const s = ctx.r.base;
  const e = em(s);
  const markers = b.items.map((_, i) => (b.ordered ? `${b.start + i}.` : BULLETS[depth % BULLETS.length]!));
  const markW = markers.reduce((a, t) => Math.max(a, ctx.m.width('sans', t, s.size)), -Infinity);
  const indent = Math.max(markW + 0.5 * e, 1.3 * e);
  const inner: Area = { x: area.x + indent, w: area.w - indent, frames: area.frames };
  const { baseline } = lineBox(s, ctx.m);
  const out: Chunk[] = [];
  b.items.forEach((item, i) => {
    const chunks = flowBlocks(item, inner, ctx, depth + 1, b.loose ? 0.5 : 0.15);
    if (!chunks.length) return;
    const t = markers[i]!;
    const w = ctx.m.width('sans', t, s.size);
    const x = b.ordered ? inner.x - 0.4 * e - w : area.x + (indent - w) / 2 - 0.15 * e;
    const marker: DrawOp = { op: 'text', id: 'rulebook:list-marker', x: roundMm(x), y: roundMm(baseline), text: t, face: b.ordered ? 'sans-medium' : 'sans-bold', size: s.size, color: PALETTE.vermilion, width: roundMm(w) };
    chunks[0]!.ops.unshift(marker);
    if (chunks.length > 1) chunks[0]!.keepWithNext = true; // a marker never ends a page alone
    chunks[0]!.spaceBefore = i === 0 ? 0 : ctx.r.paraGap * (b.loose ? 1 : 0.3);
    for (const c of chunks) out.push(c);
  });
  return out;
}

function calloutChunks(b: Extract<Block, { kind: 'callout' }>, area: Area, ctx: FlowCtx, depth: number): Chunk[] {
  const e = em(ctx.r.base);
  const frame: Frame = { id: ctx.id(), x: area.x, w: area.w, fill: PALETTE.tint, bar: { color: PALETTE.vermilion, width: 0.9 } };
  const frames = [...area.frames, frame];
  const pad = 0.9 * e;
  const inner: Area = { x: area.x + 0.9 + pad, w: area.w - 0.9 - 2 * pad, frames };
  const out: Chunk[] = [spacer(pad * 0.8, frames)];
  if (b.label) {
    const s: TextStyle = { face: 'sans-bold', size: ctx.r.base.size * 0.9, color: '#FFFFFF', lineHeight: 1.5 };
    const { pitch, baseline } = lineBox(s, ctx.m);
    const w = ctx.m.width('sans-bold', b.label, s.size);
    const ops: DrawOp[] = [
      { op: 'rect', id: 'rulebook:callout-label', x: inner.x, y: 0.1 * e, w: roundMm(w + 0.8 * em(s)), h: roundMm(pitch - 0.2 * e), radius: 0.6, fill: { color: PALETTE.vermilion } },
      { op: 'text', id: 'rulebook:callout-label', x: roundMm(inner.x + 0.4 * em(s)), y: roundMm(baseline), text: b.label, face: 'sans-bold', size: s.size, color: s.color, width: roundMm(w) },
    ];
    out.push({ h: pitch + 0.3 * e, ops, lines: [{ text: b.label, kind: 'callout' }], spaceBefore: 0, keepWithNext: true, frames });
  }
  for (const c of flowBlocks(b.blocks, inner, ctx, depth, 0.5, 'callout')) out.push(c);
  out[out.length - 1]!.h += pad;
  return out;
}

function codeChunks(text: string, area: Area, ctx: FlowCtx): Chunk[] {
  const s: TextStyle = { ...ctx.r.small, face: 'sans', color: PALETTE.ink };
  const frame: Frame = { id: ctx.id(), x: area.x, w: area.w, fill: PALETTE.tint };
  const frames = [...area.frames, frame];
  const pad = 0.6 * em(s);
  const w = area.w - 4 * pad;
  const { pitch, baseline } = lineBox(s, ctx.m);
  const lines = text.split('\n').flatMap((l) => breakLines(l, s.face, s.size, w, ctx.m).lines);
  const out: Chunk[] = [spacer(pad, frames)];
  for (const l of lines) {
    const run = { text: l.text, face: s.face, color: s.color };
    const ops = l.text ? setLine({ runs: [run], width: l.width, text: l.text, last: true, first: true }, area.x + 2 * pad, baseline, w, s.size, ctx.m, { justify: false, id: 'rulebook:code' }) : [];
    out.push({ h: pitch, ops, lines: l.text ? [{ text: l.text, kind: 'code' }] : [], spaceBefore: 0, frames });
  }
  out[out.length - 1]!.h += pad;
  return out;
}

function hrChunk(area: Area, ctx: FlowCtx): Chunk {
  const h = lineBox(ctx.r.base, ctx.m).pitch;
  const cx = area.x + area.w / 2;
  const ops: DrawOp[] = [
    { op: 'line', id: 'rulebook:hr', x1: area.x, y1: h / 2, x2: area.x + area.w, y2: h / 2, stroke: { color: PALETTE.rule, width: 0.25 } },
    { op: 'rect', id: 'rulebook:hr', x: roundMm(cx - 0.9), y: roundMm(h / 2 - 0.9), w: 1.8, h: 1.8, fill: { color: PALETTE.vermilion } },
  ];
  return { h, ops, lines: [], spaceBefore: 0, frames: area.frames };
}

function blockChunks(b: Block, area: Area, ctx: FlowCtx, depth: number, kind: LineKind): Chunk[] {
  switch (b.kind) {
    case 'heading':
      return [headingChunk(b, area, ctx)];
    case 'paragraph':
      return textChunks(runsOf(b.spans, ctx.r.base), area, ctx.r.base, ctx, kind);
    case 'list':
      return listChunks(b, area, ctx, depth);
    case 'table':
      return tableChunks(b, area, ctx, depth === 0 && !area.frames.length && ctx.r.cols > 1 ? ctx.r.boxW : undefined);
    case 'figures':
      return [figureChunk(b.items, area, ctx, depth === 0 && !area.frames.length && ctx.r.cols > 1 ? ctx.r.boxW : undefined)];
    case 'callout':
      return calloutChunks(b, area, ctx, depth);
    case 'code':
      return codeChunks(b.text, area, ctx);
    case 'hr':
      return [hrChunk(area, ctx)];
    default:
      return assertNever(b, 'block');
  }
}

/** Space above a block, in units of the paragraph gap (headings in body lines). */
function spaceAbove(b: Block, ctx: FlowCtx): Mm {
  const g = ctx.r.paraGap;
  const pitch = lineBox(ctx.r.base, ctx.m).pitch;
  if (b.kind === 'heading') return b.level === 1 ? 2.5 * pitch : b.level === 2 ? 1.3 * pitch : 0.9 * pitch;
  if (b.kind === 'table' || b.kind === 'figures' || b.kind === 'callout' || b.kind === 'code') return 1.6 * g;
  return g;
}

/**
 * Lay out blocks into chunks, top to bottom, in `area`. The first block gets no space above
 * (its container decides); between blocks the larger of the two gaps wins; `gap` scales the
 * gap between paragraphs (list items are tighter).
 */
export function flowBlocks(blocks: Block[], area: Area, ctx: FlowCtx, depth = 0, gap = 1, kind: LineKind = depth ? 'list' : 'body'): Chunk[] {
  const out: Chunk[] = [];
  let after = 0;
  blocks.forEach((b, i) => {
    const chunks = blockChunks(b, area, ctx, depth, kind);
    if (!chunks.length) return;
    const above = b.kind === 'paragraph' || b.kind === 'list' ? spaceAbove(b, ctx) * gap : spaceAbove(b, ctx);
    chunks[0]!.spaceBefore = i === 0 ? 0 : Math.max(above, after);
    after = b.kind === 'heading' ? 0 : b.kind === 'paragraph' || b.kind === 'list' ? 0 : spaceAbove(b, ctx);
    for (const c of chunks) out.push(c);
  });
  return out;
}
