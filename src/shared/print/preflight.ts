import type { DrawList, DrawOp, ImageOp, TextOp } from '../cards/draw-list';
import type { TextMeasurer } from '../cards/fonts';
import type { Mm, Px } from '../util/units';
import { mmToPx, ptToMm, roundMm } from '../util/units';
import { type Point, type Rect } from './geometry';
import { fittedRect } from '../cards/image-fit';

/** One side of a card. */
export type CardSide = 'front' | 'back';

/** A laid-out card face to check: its draw list (card coordinates) and its safe-zone inset. */
export interface PreflightFace {
  cardId: string;
  side: CardSide;
  list: DrawList;
  /** Safe zone inset from the trim (text stays inside). */
  safe: Mm;
}

/**
 * Text that did not fit its box, as reported by layout: the card, side and the id of the
 * template layer (the `id` on the TextOps it produced). Layout collects these while it fits
 * text, since the draw list only holds what was drawn.
 */
export interface LayoutOverflow {
  cardId: string;
  side: CardSide;
  elementId: string;
}

/** What preflight knows about a raster image, by asset reference. Vector images (icons) need no entry. */
export interface ImageInfo {
  widthPx: Px;
  heightPx: Px;
}

/** Issue codes. */
export const PREFLIGHT_CODES = {
  /** Text reaches outside the safe zone (warning). */
  TEXT_OUTSIDE_SAFE: 'print/text-outside-safe',
  /** A character has no glyph in its face: it would print as a box (error). */
  GLYPH_MISSING: 'print/glyph-missing',
  /** Text did not fit its box (error). */
  TEXT_OVERFLOW: 'print/text-overflow',
  /** A raster image prints below the minimum DPI (warning). */
  IMAGE_LOW_DPI: 'print/image-low-dpi',
  /** No rect or image covers the whole bleed box (warning). */
  BLEED_NOT_COVERED: 'print/bleed-not-covered',
} as const;
/** An issue code. */
export type PreflightCode = (typeof PREFLIGHT_CODES)[keyof typeof PREFLIGHT_CODES];

/** One finding, with a message in English and Chinese. */
export interface PreflightIssue {
  severity: 'error' | 'warning';
  code: PreflightCode;
  cardId: string;
  side: CardSide;
  /** The template layer (op `id`, or its nearest group's) when one is to blame. */
  elementId?: string;
  message: { en: string; zh: string };
  /** Stable identity (code, card, side, element, detail) for "accept this issue" lists. */
  key: string;
}

/** The result: every issue, and whether the export must stop. */
export interface PreflightReport {
  issues: PreflightIssue[];
  /** True when an error is not in `accepted`: missing glyphs and overflow block until fixed or accepted. */
  blocking: boolean;
}

/** Tuning and inputs beyond the faces. */
export interface PreflightOptions {
  overflows?: readonly LayoutOverflow[];
  /** Keys of errors the user accepted explicitly; they no longer block. */
  accepted?: ReadonlySet<string>;
  /** Minimum resolution at printed size, default 300 DPI. */
  minDpi?: number;
}

/**
 * Check laid-out card faces before export: text outside the safe zone, characters missing from
 * their face, overflow reported by layout, raster art below 300 DPI at its printed size, and a
 * bleed box no background covers. Issues come in input order (face by face, ops in paint order).
 * Images without an `images` entry (icons, vectors) are not checked.
 */
export function preflight(
  faces: readonly PreflightFace[],
  measurer: TextMeasurer,
  images: ReadonlyMap<string, ImageInfo> = new Map(),
  opts: PreflightOptions = {},
): PreflightReport {
  const minDpi = opts.minDpi ?? 300;
  const issues: PreflightIssue[] = [];
  for (const face of faces) {
    const c = context(face.cardId, face.side, issues);
    visit(face.list.ops, identity, undefined, (op, xf, id) => {
      if (op.op === 'text' && op.text) checkText(c, face, op, xf, id, measurer);
      else if (op.op === 'image') checkImage(c, op, id, images.get(op.ref), minDpi);
    });
    checkBleed(c, face.list);
  }
  for (const o of opts.overflows ?? [])
    context(o.cardId, o.side, issues).add('error', PREFLIGHT_CODES.TEXT_OVERFLOW, o.elementId, '',
      `Card ${o.cardId} (${o.side}), layer “${o.elementId}”: the text does not fit its box. Shorten it, enlarge the box or allow shrinking.`,
      `卡牌 ${o.cardId}（${sideZh(o.side)}），图层“${o.elementId}”：文字超出文本框。请缩短文字、放大文本框或允许自动缩小。`);

  const accepted = opts.accepted ?? new Set<string>();
  return { issues, blocking: issues.some((i) => i.severity === 'error' && !accepted.has(i.key)) };
}

/** Per-face helpers: how to name the card in messages and how to record an issue. */
interface FaceContext {
  where: string;
  whereZh: string;
  add(severity: PreflightIssue['severity'], code: PreflightCode, elementId: string | undefined, detail: string, en: string, zh: string): void;
}

function context(cardId: string, side: CardSide, issues: PreflightIssue[]): FaceContext {
  return {
    where: `${cardId} (${side})`,
    whereZh: `${cardId}（${sideZh(side)}）`,
    add: (severity, code, elementId, detail, en, zh) =>
      issues.push({ severity, code, cardId, side, ...(elementId ? { elementId } : {}), message: { en, zh }, key: [code, cardId, side, elementId ?? '', detail].join('|') }),
  };
}

/** Missing glyphs (error, one issue per op naming every missing character) and text outside the safe zone (warning). */
function checkText(c: FaceContext, face: PreflightFace, op: TextOp, xf: Xf, id: string | undefined, measurer: TextMeasurer): void {
  const missing = [...new Set([...op.text].filter((ch) => !/[\t\n\r]/.test(ch) && !measurer.hasGlyph(op.face, ch.codePointAt(0)!)))];
  if (missing.length) {
    const list = missing.map((ch) => `“${ch}” (U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ');
    c.add('error', PREFLIGHT_CODES.GLYPH_MISSING, id, missing.join(''),
      `Card ${c.where}${layer(id)}: the font “${op.face}” has no glyph for ${list}, which would print as a box. Use another face or replace the character.`,
      `卡牌 ${c.whereZh}${layerZh(id)}：字体“${op.face}”缺少字符 ${list}，打印出来会是方框。请换用其他字体或替换该字符。`);
  }
  const { list, safe: s } = face;
  const out = outside(textBox(op, measurer, xf), { x: s, y: s, w: list.width - 2 * s, h: list.height - 2 * s });
  if (out > 0.01)
    c.add('warning', PREFLIGHT_CODES.TEXT_OUTSIDE_SAFE, id, op.text,
      `Card ${c.where}${layer(id)}: “${snippet(op.text)}” reaches ${fmt(out)} mm outside the safe zone (${fmt(s)} mm inside the trim) and may be cut off. Move it inwards or make it smaller.`,
      `卡牌 ${c.whereZh}${layerZh(id)}：“${snippet(op.text)}”超出安全区 ${fmt(out)} 毫米（安全区为裁切线内 ${fmt(s)} 毫米），可能被裁掉。请向内移动或缩小。`);
}

/**
 * The resolution a raster picture of `info` pixels prints at in an image op, and its printed size:
 * a contain / cover image prints at its fitted size (a cover one larger than its box). Rotation
 * does not change it.
 * @example imageDpi({ x: 0, y: 0, w: 25.4, h: 25.4 }, { widthPx: 300, heightPx: 150 }).dpi // 150
 */
export function imageDpi(op: Pick<ImageOp, 'x' | 'y' | 'w' | 'h' | 'fit' | 'focus'>, info: ImageInfo): { dpi: number; drawn: Rect } {
  const drawn = fittedRect(op, { w: info.widthPx, h: info.heightPx });
  // mmToPx(len, 1) is the length in inches, so pixels / it is pixels per inch.
  return { dpi: Math.min(info.widthPx / mmToPx(drawn.w, 1), info.heightPx / mmToPx(drawn.h, 1)), drawn };
}

/** Raster art below `minDpi` at its printed size (warning). */
function checkImage(c: FaceContext, op: ImageOp, id: string | undefined, info: ImageInfo | undefined, minDpi: number): void {
  if (!info || op.w <= 0 || op.h <= 0) return;
  const { dpi, drawn } = imageDpi(op, info);
  if (dpi >= minDpi - 0.5) return;
  const need = `${Math.ceil(mmToPx(drawn.w, minDpi))} × ${Math.ceil(mmToPx(drawn.h, minDpi))}`;
  c.add('warning', PREFLIGHT_CODES.IMAGE_LOW_DPI, id, op.ref,
    `Card ${c.where}${layer(id)}: image “${op.ref}” (${info.widthPx} × ${info.heightPx} px) prints at ${Math.floor(dpi)} DPI at ${fmt(drawn.w)} × ${fmt(drawn.h)} mm; ${minDpi} DPI needs ${need} px. Use a larger image or print it smaller.`,
    `卡牌 ${c.whereZh}${layerZh(id)}：图片“${op.ref}”（${info.widthPx} × ${info.heightPx} 像素）以 ${fmt(drawn.w)} × ${fmt(drawn.h)} 毫米打印时只有 ${Math.floor(dpi)} DPI；${minDpi} DPI 需要 ${need} 像素。请换用更大的图片或缩小打印尺寸。`);
}

/** No op covers the whole bleed box (warning), naming the first rect or image as the likely background. */
function checkBleed(c: FaceContext, list: DrawList): void {
  const { width: w, height: h, bleed: b, ops } = list;
  const corners = [{ x: -b, y: -b }, { x: w + b, y: -b }, { x: w + b, y: h + b }, { x: -b, y: h + b }];
  if (b <= 0 || coversBleed(ops, corners)) return;
  const bg = ops.find((o) => o.op === 'rect' || o.op === 'image')?.id;
  c.add('warning', PREFLIGHT_CODES.BLEED_NOT_COVERED, bg, '',
    `Card ${c.where}: nothing covers the ${fmt(b)} mm bleed, so a slightly off cut shows a white edge. Extend the background to x = y = −${fmt(b)} mm, ${fmt(w + 2 * b)} × ${fmt(h + 2 * b)} mm.`,
    `卡牌 ${c.whereZh}：没有背景覆盖 ${fmt(b)} 毫米出血，裁切稍有偏差就会露出白边。请把背景扩展到 x = y = −${fmt(b)} 毫米、${fmt(w + 2 * b)} × ${fmt(h + 2 * b)} 毫米。`);
}

const sideZh = (side: CardSide) => (side === 'front' ? '正面' : '背面');
const layer = (id?: string) => (id ? ` (layer “${id}”)` : '');
const layerZh = (id?: string) => (id ? `（图层“${id}”）` : '');
const fmt = (v: Mm) => String(roundMm(Math.round(v * 10) / 10));
const snippet = (s: string) => ([...s].length > 24 ? `${[...s].slice(0, 23).join('')}…` : s);

type Xf = (p: Point) => Point;
const identity: Xf = (p) => p;

/** Visit ops depth first with the transform from op space to card space and the nearest id. */
function visit(ops: readonly DrawOp[], xf: Xf, id: string | undefined, fn: (op: DrawOp, xf: Xf, id: string | undefined) => void): void {
  for (const op of ops) {
    const own = op.id ?? id;
    if (op.op !== 'group') {
      fn(op, xf, own);
      continue;
    }
    // The group's transform is outermost (draw-list.ts), then its rotation.
    let g = xf;
    if (op.transform) {
      const { x, y } = op.transform;
      const k = op.transform.scale ?? 1;
      const outer = g;
      g = (p) => outer({ x: x + k * p.x, y: y + k * p.y });
    }
    if (op.rotate) {
      // Clockwise on a y-down page: x' = cx + dx cos θ − dy sin θ, y' = cy + dx sin θ + dy cos θ.
      const { deg, cx, cy } = op.rotate;
      const [c, s] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
      const outer = g;
      g = (p) => outer({ x: cx + (p.x - cx) * c - (p.y - cy) * s, y: cy + (p.x - cx) * s + (p.y - cy) * c });
    }
    visit(op.ops, g, own, fn);
  }
}

/** The card-space bounding box of a text line: advance width by ascent + descent, through any rotation. */
function textBox(op: TextOp, measurer: TextMeasurer, xf: Xf): Rect {
  const em = ptToMm(op.size);
  const m = measurer.metrics(op.face);
  const top = op.y - Math.abs(m.ascent) * em;
  const bottom = op.y + Math.abs(m.descent) * em; // FaceMetrics does not fix descent's sign
  const [a, b, c, d] = [xf({ x: op.x, y: top }), xf({ x: op.x + op.width, y: top }), xf({ x: op.x, y: bottom }), xf({ x: op.x + op.width, y: bottom })];
  const x0 = Math.min(a.x, b.x, c.x, d.x);
  const y0 = Math.min(a.y, b.y, c.y, d.y);
  return { x: x0, y: y0, w: Math.max(a.x, b.x, c.x, d.x) - x0, h: Math.max(a.y, b.y, c.y, d.y) - y0 };
}

/** How far `r` reaches outside `safe` (0 when inside). */
function outside(r: Rect, safe: Rect): Mm {
  return Math.max(0, safe.x - r.x, safe.y - r.y, r.x + r.w - (safe.x + safe.w), r.y + r.h - (safe.y + safe.h));
}

/** Whether every point lies in `r` (within 0.01 mm). */
function holds(r: Rect, pts: readonly Point[]): boolean {
  return pts.every((p) => p.x >= r.x - 0.01 && p.y >= r.y - 0.01 && p.x <= r.x + r.w + 0.01 && p.y <= r.y + r.h + 0.01);
}

/**
 * Whether a filled square-cornered rect or an image covers the bleed box (its corners `pts`, in
 * the ops' coordinates): painted first or not, it leaves no paper showing. Rotated groups count
 * by their rotated geometry (the corners turned back into the group's space; a rect is convex, so
 * holding the corners is holding the box); groups with a transform do not count, and a clip must
 * cover the box too. A contain image counts only when it fills its box, which is not known here,
 * so it does not count.
 */
function coversBleed(ops: readonly DrawOp[], pts: readonly Point[]): boolean {
  return ops.some((op) => {
    if (op.op === 'rect') return !!op.fill && !op.radius && (op.fill.opacity ?? 1) >= 1 && holds(op, pts);
    if (op.op === 'image') return op.fit !== 'contain' && holds(op, pts);
    if (op.op !== 'group' || op.transform) return false;
    let inner = pts;
    if (op.rotate) {
      const { deg, cx, cy } = op.rotate;
      const [c, s] = [Math.cos((-deg * Math.PI) / 180), Math.sin((-deg * Math.PI) / 180)];
      inner = pts.map((p) => ({ x: cx + (p.x - cx) * c - (p.y - cy) * s, y: cy + (p.x - cx) * s + (p.y - cy) * c }));
    }
    return (!op.clip || (!op.clip.radius && op.clip.shape !== 'ellipse' && holds(op.clip, inner))) && coversBleed(op.ops, inner);
  });
}
