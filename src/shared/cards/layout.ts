import { quoteRuns, quoteRunWidths } from './quote-runs';
import { evaluate, truthy } from './expr';
import { bind, lookup, type BindingScope } from './bind';
import { TEXT_DEFAULTS, type Card, type CardSet, type GroupLayer, type Layer, type LeafLayer, type TemplateFile } from './schema';
import { pivotBox } from './bounds';
import { parseRich, plainText, type RichProblem } from './rich';
import { breakRich, lineChars, richBlock, richLineOps, type RichBlock, type RichLine } from './rich-layout';
import type { Color, DrawList, DrawOp, Fill, Outline, Stroke } from './draw-list';
import { gradientFill, imageOps, imageOutline, shadowOp } from './effects';
import type { TextMeasurer } from './fonts';
import { breakLines, type TextLine } from './text';
import { ptToMm, roundMm } from '../util/units';
import { assertNever } from '../util/assert';
import { PROJECT_LIMITS } from './limits';
import { workingOn } from '../util/working-on';

/** Something layout noticed that the designer should fix (shown in the deck view and preflight). */
export interface LayoutWarning {
  cardId: string;
  layer: string;
  kind: 'binding' | 'overflow';
  message: string;
}

/** Options for laying out one face. */
export interface LayoutOptions {
  /** Bleed to lay out with (default: the set's). */
  bleed?: number;
  /** Trim size to lay out at (default: the set's); boxes scale per axis, type by the smaller scale. */
  size?: { width: number; height: number };
  /** Set the `print_code` field to "1", so layers shown `"when": "print_code"` (a print shop's card code) appear; default off. */
  printCode?: boolean;
}

/** A laid-out face. */
export interface LaidOutFace {
  list: DrawList;
  warnings: LayoutWarning[];
}

interface Ctx {
  card: Card;
  tpl: TemplateFile;
  scope: BindingScope;
  m: TextMeasurer;
  sx: number;
  sy: number;
  s: number;
  width: number;
  height: number;
  bleed: number;
  warnings: LayoutWarning[];
}

/**
 * The binding scope of a card: its fields, plus `id`, `copies` and `print_code` ("1" when the
 * print job asks for print-shop codes on the faces, else empty). Null-prototype, so a column
 * named `__proto__` or `constructor` is an ordinary value (read it with `lookup`).
 */
export function cardScope(card: Card, printCode = false): BindingScope {
  const scope: BindingScope = Object.create(null);
  for (const [k, v] of Object.entries(card.fields)) scope[k] = v;
  scope.id = card.id;
  scope.copies = String(card.copies);
  scope.print_code = printCode ? '1' : '';
  return scope;
}

/**
 * Lay out one face of a card: the template's layers, bound to the card's fields, become a draw
 * list in millimetres. Pure and deterministic: the same set, card and measurer give the same list.
 */
export function layoutFace(set: CardSet, card: Card, side: 'front' | 'back', m: TextMeasurer, opts: LayoutOptions = {}): LaidOutFace {
  const name = side === 'front' ? card.template : card.back;
  const tpl = lookup(set.templates, name);
  if (!tpl) throw new Error(`Card ${card.id}: template "${name}" is not in the set; add it to project.json "templates".`);
  const width = opts.size?.width ?? set.file.card.width;
  const height = opts.size?.height ?? set.file.card.height;
  const sx = width / set.file.card.width;
  const sy = height / set.file.card.height;
  const ctx: Ctx = {
    card,
    tpl,
    scope: cardScope(card, opts.printCode ?? false),
    m,
    sx,
    sy,
    s: Math.min(sx, sy),
    width,
    height,
    bleed: opts.bleed ?? set.file.card.bleed,
    warnings: [],
  };
  const ops: DrawOp[] = [];
  for (const layer of tpl.layers) for (const op of layoutShown(layer, ctx)) ops.push(op);
  return { list: { width, height, bleed: ctx.bleed, ops }, warnings: ctx.warnings };
}

/**
 * A layer's ops when it is shown (not `hidden`, its `when` met), turned by its `rotation` about
 * the centre of its box (`pivotBox`): a group op with `rotate` around them. A group layer is one
 * group op holding its children's, with the group's opacity and rotation.
 */
function layoutShown(layer: Layer, ctx: Ctx): DrawOp[] {
  if (layer.hidden || !visible(layer, ctx)) return [];
  if (layer.type === 'group') return layoutGroup(layer, ctx);
  workingOn('layer', ctx.card.id, layer.id, ctx.tpl.name);
  // A loop, not a spread into push: a layer may yield more ops than a call can take arguments.
  const ops = layoutLayer(layer, ctx);
  const rotate = rotation(layer, ctx);
  return rotate && ops.length ? [{ op: 'group', id: layer.id, rotate, ops }] : ops;
}

function rotation(layer: Layer, ctx: Ctx): { deg: number; cx: number; cy: number } | undefined {
  const deg = layer.rotation ?? 0;
  if (deg % 360 === 0) return undefined;
  const b = pivotBox(layer);
  if (!b) return undefined;
  return { deg, cx: roundMm((b.x + b.w / 2) * ctx.sx), cy: roundMm((b.y + b.h / 2) * ctx.sy) };
}

function layoutGroup(layer: GroupLayer, ctx: Ctx): DrawOp[] {
  const ops: DrawOp[] = [];
  for (const child of layer.layers) for (const op of layoutShown(child, ctx)) ops.push(op);
  if (!ops.length) return [];
  const op: DrawOp = { op: 'group', id: layer.id, ops };
  const rotate = rotation(layer, ctx);
  if (rotate) op.rotate = rotate;
  if (layer.opacity !== undefined && layer.opacity < 1) op.opacity = layer.opacity;
  return [op];
}

function report(problems: readonly RichProblem[], layer: Layer, ctx: Ctx): void {
  for (const p of problems)
    ctx.warnings.push({
      cardId: ctx.card.id,
      layer: layer.id,
      kind: 'binding',
      message:
        'expression' in p
          ? `Layer "${layer.id}": ${p.error.en} (${p.error.zh})`
          : 'icon' in p
          ? `Layer "${layer.id}" shows icon "${p.icon}", which the template does not define; add it under "icons" (e.g. "${p.icon}": "file:art/${p.icon}.svg") or write a bundled icon as {{icon:<set>:<name>}}.`
          : p.map
            ? `Layer "${layer.id}" uses map "${p.map}", which the template does not define; add it under "maps".`
            : `Layer "${layer.id}" binds column "${p.column}", which the cards have no column for; add the column to the CSV or fix the name.`,
    });
}

function str(template: string, layer: Layer, ctx: Ctx): string {
  const { text, problems } = bind(template, ctx.scope, ctx.tpl.maps);
  report(problems, layer, ctx);
  return text;
}

function visible(layer: Layer, ctx: Ctx): boolean {
  const w = layer.when;
  if (w === undefined) return true;
  if (typeof w === 'string') return (lookup(ctx.scope, w) ?? '').trim() !== '';
  if ('expr' in w) {
    // A condition that cannot be evaluated hides the layer and says why on it (never a throw).
    const r = evaluate(w.expr, ctx.scope);
    if (r.ok) return truthy(r.value);
    report([{ expression: w.expr, error: r.error }], layer, ctx);
    return false;
  }
  const v = lookup(ctx.scope, w.field) ?? '';
  if (w.equals !== undefined && v !== w.equals) return false;
  if (w.notEquals !== undefined && v === w.notEquals) return false;
  return w.equals !== undefined || w.notEquals !== undefined || v.trim() !== '';
}

function color(v: string | undefined, layer: Layer, ctx: Ctx): Color | undefined {
  if (v === undefined) return undefined;
  const c = str(v, layer, ctx).trim();
  if (c === '' || c === 'none') return undefined;
  if (!/^#[0-9a-fA-F]{6}$/.test(c)) {
    ctx.warnings.push({ cardId: ctx.card.id, layer: layer.id, kind: 'binding', message: `Layer "${layer.id}" colour "${c}" is not #rrggbb; fix the value or its map.` });
    return undefined;
  }
  return c.toUpperCase();
}

/** Scale a template box to the output size; `bleedExtend` boxes touching the trim edge grow into the bleed. */
function box(l: { x: number; y: number; w: number; h: number }, ctx: Ctx, extend = false) {
  let x = l.x * ctx.sx;
  let y = l.y * ctx.sy;
  let w = l.w * ctx.sx;
  let h = l.h * ctx.sy;
  if (extend) {
    const eps = 1e-6;
    if (x <= eps) (w += x + ctx.bleed), (x = -ctx.bleed);
    if (y <= eps) (h += y + ctx.bleed), (y = -ctx.bleed);
    if (x + w >= ctx.width - eps) w = ctx.width + ctx.bleed - x;
    if (y + h >= ctx.height - eps) h = ctx.height + ctx.bleed - y;
  }
  return { x: roundMm(x), y: roundMm(y), w: roundMm(w), h: roundMm(h) };
}

function fillStroke(l: { fill?: string; stroke?: string; strokeWidth?: number; opacity?: number }, layer: Layer, ctx: Ctx): { fill?: Fill; stroke?: Stroke } {
  const f = color(l.fill, layer, ctx);
  const s = color(l.stroke, layer, ctx);
  const out: { fill?: Fill; stroke?: Stroke } = {};
  if (f) out.fill = l.opacity !== undefined ? { color: f, opacity: l.opacity } : { color: f };
  if (s) out.stroke = { color: s, width: roundMm((l.strokeWidth ?? 0.3) * ctx.s) };
  return out;
}

function layoutLayer(layer: LeafLayer, ctx: Ctx): DrawOp[] {
  switch (layer.type) {
    case 'rect': {
      const b = box(layer, ctx, layer.bleedExtend);
      const op: DrawOp = { op: 'rect', id: layer.id, ...b, ...fillStroke(layer, layer, ctx) };
      if (layer.radius) op.radius = roundMm(layer.radius * ctx.s);
      if (layer.gradient) op.fill = gradientFill(layer.gradient, b, layer.opacity);
      const shadow = layer.shadow && shadowOp(layer.shadow, { shape: 'rect', ...b, ...(op.radius ? { radius: op.radius } : {}) }, layer, ctx.s, op);
      return shadow ? [shadow, op] : [op];
    }
    case 'ellipse': {
      const b = box(layer, ctx);
      const op: DrawOp = { op: 'ellipse', id: layer.id, cx: roundMm(b.x + b.w / 2), cy: roundMm(b.y + b.h / 2), rx: roundMm(b.w / 2), ry: roundMm(b.h / 2), ...fillStroke(layer, layer, ctx) };
      if (layer.gradient) op.fill = gradientFill(layer.gradient, b, layer.opacity);
      const shadow = layer.shadow && shadowOp(layer.shadow, { shape: 'ellipse', ...b }, layer, ctx.s, op);
      return shadow ? [shadow, op] : [op];
    }
    case 'line': {
      const c = color(layer.stroke, layer, ctx);
      if (!c) return [];
      const stroke: Stroke = { color: c, width: roundMm(layer.strokeWidth * ctx.s) };
      if (layer.dash) stroke.dash = layer.dash.map((d) => roundMm(d * ctx.s));
      if (layer.opacity !== undefined) stroke.opacity = layer.opacity;
      return [{ op: 'line', id: layer.id, x1: roundMm(layer.x * ctx.sx), y1: roundMm(layer.y * ctx.sy), x2: roundMm(layer.x2 * ctx.sx), y2: roundMm(layer.y2 * ctx.sy), stroke }];
    }
    case 'image': {
      const ref = str(layer.src, layer, ctx).trim();
      if (!ref) return [];
      const b = box(layer, ctx, layer.bleedExtend);
      const op: DrawOp = { op: 'image', id: layer.id, ...b, ref };
      if (layer.opacity !== undefined) op.opacity = layer.opacity;
      if (layer.fit === 'contain' || layer.fit === 'cover') op.fit = layer.fit;
      if (layer.fit === 'cover' && layer.focus && (layer.focus.x !== 0.5 || layer.focus.y !== 0.5)) op.focus = { x: layer.focus.x, y: layer.focus.y };
      return imageOps(op, layer, ctx.s, clipOutline(layer, b, ctx));
    }
    case 'text':
      return layoutText({ ...layer, align: layer.align ?? TEXT_DEFAULTS.align, valign: layer.valign ?? TEXT_DEFAULTS.valign, lineHeight: layer.lineHeight ?? TEXT_DEFAULTS.lineHeight, fit: layer.fit ?? TEXT_DEFAULTS.fit }, ctx);
    case 'table':
      return layoutTable(layer, ctx);
    default:
      return assertNever(layer, 'layer type');
  }
}

/**
 * The outline an image layer is cut to (undefined: not cut): its own clip shape in its box `b`, or
 * the outline of the layer its clip names (a rectangle with its rounded corners, an ellipse, an
 * image with its own clip shape), where that layer is drawn. A name that is no such layer is said
 * on the layer and the picture is drawn uncut.
 */
function clipOutline(layer: Extract<LeafLayer, { type: 'image' }>, b: { x: number; y: number; w: number; h: number }, ctx: Ctx): Outline | undefined {
  const clip = layer.clip;
  if (!clip) return undefined;
  if ('shape' in clip) return imageOutline(b, clip, ctx.s);
  const target = findLayer(ctx.tpl.layers, clip.layer);
  const warn = (message: string) => void ctx.warnings.push({ cardId: ctx.card.id, layer: layer.id, kind: 'binding', message });
  if (!target || target === layer) {
    warn(`Layer "${layer.id}" is cut to the outline of layer "${clip.layer}", which the template does not have; choose another layer or a shape.`);
    return undefined;
  }
  if (target.rotation && target.rotation % 360 !== 0) {
    warn(`Layer "${layer.id}" is cut to the outline of layer "${clip.layer}", which is turned; cut to a layer that is not turned, or to a shape.`);
    return undefined;
  }
  if (target.type === 'rect') {
    const t = box(target, ctx, target.bleedExtend);
    const radius = target.radius ? roundMm(Math.min(target.radius * ctx.s, t.w / 2, t.h / 2)) : 0;
    return radius ? { shape: 'rect', ...t, radius } : { shape: 'rect', ...t };
  }
  if (target.type === 'ellipse') return { shape: 'ellipse', ...box(target, ctx) };
  if (target.type === 'image' && !(target.clip && 'layer' in target.clip)) return imageOutline(box(target, ctx, target.bleedExtend), target.clip, ctx.s);
  warn(`Layer "${layer.id}" is cut to the outline of layer "${clip.layer}", a ${target.type} layer; cut to a rectangle, an ellipse or an image.`);
  return undefined;
}

/** The layer named `id`, in groups too. */
function findLayer(layers: readonly Layer[], id: string): Layer | undefined {
  for (const l of layers) {
    if (l.id === id) return l;
    if (l.type === 'group') {
      const inner = findLayer(l.layers, id);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** A text layer with its defaults filled in (TEXT_DEFAULTS). */
type TextLayer = Extract<Layer, { type: 'text' }> & Required<Pick<Extract<Layer, { type: 'text' }>, keyof typeof TEXT_DEFAULTS>>;

/** How many lines of pitch `lh` fit a box `h` high (at least one: a box is never left empty). */
function linesThatFit(h: number, lh: number): number {
  let n = Math.max(0, Math.floor((h + 0.01) / lh));
  while ((n + 1) * lh <= h + 0.01) n++;
  while (n > 0 && n * lh > h + 0.01) n--;
  return Math.max(1, n);
}

/** Lines of `text` at `size`, no more than the box holds; `overflow` when any text is left out or too wide. */
function setAt(layer: TextLayer, text: string, size: number, w: number, h: number, ctx: Ctx): { size: number; lines: TextLine[]; overflow: boolean } {
  const lh = layer.lineHeight * ptToMm(size);
  const max = linesThatFit(h, lh);
  let lines: TextLine[] = [];
  let overflow = false;
  let truncated = false;
  if (layer.fit === 'none') {
    for (let start = 0; start <= text.length; ) {
      if (lines.length >= max) {
        truncated = true;
        break;
      }
      const nl = text.indexOf('\n', start);
      const t = text.slice(start, nl === -1 ? text.length : nl);
      lines.push({ text: t, width: ctx.m.width(layer.face, t, size), last: true });
      start = nl === -1 ? text.length + 1 : nl + 1;
    }
  } else ({ lines, overflow, truncated } = breakLines(text, layer.face, size, w, ctx.m, max));
  const tooWide = lines.some((l) => l.width > w + 0.01);
  const tooTall = truncated || lines.length * lh > h + 0.01;
  return { size, lines, overflow: overflow || tooWide || tooTall };
}

/**
 * The text at the largest size on the ladder `size, size − 0.25 pt, …, minSize` that fits its box
 * (only `shrink` climbs down). Fitting only gets easier as the size drops (every width scales with
 * it), so a binary search over the ladder finds the same size as trying each rung, in a bounded
 * number of tries however long the ladder.
 */
function fitText<T extends { overflow: boolean }>(layer: TextLayer, ctx: Ctx, set: (size: number) => T): T {
  const max = layer.size * ctx.s;
  const min = layer.fit === 'shrink' ? (layer.minSize ?? layer.size * 0.6) * ctx.s : max;
  // Capped so that an absurd size (1e300 pt) still takes at most ~30 tries.
  const rungs = Math.min(2 ** 30, Math.max(0, Math.ceil((max - min) / 0.25)));
  const at = (k: number) => set(Math.max(min, max - 0.25 * k));
  const first = at(0);
  if (!first.overflow || rungs === 0) return first;
  // Invariant: rung `lo` overflows; rung `hi` fits, or is the last rung.
  let lo = 0;
  let hi = rungs;
  let best = at(hi);
  if (best.overflow) return best;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    const r = at(mid);
    if (r.overflow) lo = mid;
    else ((hi = mid), (best = r));
  }
  return best;
}

function layoutText(layer: TextLayer, ctx: Ctx): DrawOp[] {
  const rich = parseRich(layer.text, ctx.scope, ctx.tpl.maps, ctx.tpl.icons);
  report(rich.problems, layer, ctx);
  const text = plainText(rich.runs);
  if (text === undefined) return layoutRichText(layer, richBlock(rich.runs, layer.face, color(layer.color, layer, ctx) ?? '#000000', (c) => color(c, layer, ctx)), ctx);
  if (text.trim() === '') return [];
  const b = box(layer, ctx);
  const color_ = color(layer.color, layer, ctx) ?? '#000000';
  const { size, lines, overflow } = fitText(layer, ctx, (size) => setAt(layer, text, size, b.w, b.h, ctx));
  if (overflow)
    ctx.warnings.push({ cardId: ctx.card.id, layer: layer.id, kind: 'overflow', message: `Text of layer "${layer.id}" does not fit its ${b.w}×${b.h} mm box; shorten it, enlarge the box or allow shrinking.` });
  const sizeMm = ptToMm(size);
  const fm = ctx.m.metrics(layer.face);
  const lh = layer.lineHeight * sizeMm;
  const blockH = lines.length * lh;
  const top = layer.valign === 'top' ? b.y : layer.valign === 'bottom' ? b.y + b.h - blockH : b.y + (b.h - blockH) / 2;
  // Centre the glyphs' ascent+descent inside each line box so single lines sit optically centred.
  const inner = (fm.ascent + Math.abs(fm.descent)) * sizeMm;
  const ops: DrawOp[] = [];
  lines.forEach((line, i) => {
    if (line.text === '') return;
    const baseline = top + i * lh + (lh - inner) / 2 + fm.ascent * sizeMm;
    let x = b.x;
    let letterSpacing = layer.letterSpacing ? layer.letterSpacing * ctx.s : 0;
    const chars = codePoints(line.text);
    // Curly quotes in Latin text are set in the Latin face (the CJK face draws them an em wide).
    const runs = quoteRuns(line.text, layer.face);
    const natural = runs.length > 1 ? runs.reduce((w, r) => w + ctx.m.width(r.face, r.text, size), 0) : line.width;
    let width = natural + letterSpacing * chars;
    if (layer.align === 'center') x = b.x + (b.w - width) / 2;
    else if (layer.align === 'right') x = b.x + b.w - width;
    else if (layer.align === 'justify' && !line.last && chars > 1) {
      letterSpacing += (b.w - width) / (chars - 1);
      width = b.w + letterSpacing; // the writers add spacing after the last character too
    }
    for (const r of runs.length > 1 ? quoteRunWidths(line.text, layer.face, size, letterSpacing, (f, t, z) => ctx.m.width(f, t, z)) : [{ text: line.text, face: layer.face, width }]) {
      const op: DrawOp = { op: 'text', id: layer.id, x: roundMm(x), y: roundMm(baseline), text: r.text, face: r.face, size: Math.round(size * 100) / 100, color: color_, width: roundMm(r.width) };
      if (letterSpacing) op.letterSpacing = roundMm(letterSpacing);
      if (layer.opacity !== undefined) op.opacity = layer.opacity;
      ops.push(op);
      x += r.width;
    }
  });
  return ops;
}

/** Rich text (spans, icons): set like plain text, each piece in its own face and colour. */
function layoutRichText(layer: TextLayer, block: RichBlock, ctx: Ctx): DrawOp[] {
  if (block.plain.trim() === '') return [];
  const b = box(layer, ctx);
  const { size, lines, overflow } = fitText(layer, ctx, (size) => {
    const lh = layer.lineHeight * ptToMm(size);
    const r = breakRich(block, size, b.w, ctx.m, linesThatFit(b.h, lh), layer.fit !== 'none');
    const over = r.overflow || r.truncated || r.lines.some((l) => l.width > b.w + 0.01) || r.lines.length * lh > b.h + 0.01;
    return { size, lines: r.lines, overflow: over };
  });
  if (overflow)
    ctx.warnings.push({ cardId: ctx.card.id, layer: layer.id, kind: 'overflow', message: `Text of layer "${layer.id}" does not fit its ${b.w}×${b.h} mm box; shorten it, enlarge the box or allow shrinking.` });
  const sizeMm = ptToMm(size);
  const fm = ctx.m.metrics(layer.face);
  const lh = layer.lineHeight * sizeMm;
  const blockH = lines.length * lh;
  const top = layer.valign === 'top' ? b.y : layer.valign === 'bottom' ? b.y + b.h - blockH : b.y + (b.h - blockH) / 2;
  const inner = (fm.ascent + Math.abs(fm.descent)) * sizeMm;
  const ops: DrawOp[] = [];
  lines.forEach((line: RichLine, i) => {
    if (line.end === line.start) return;
    const baseline = top + i * lh + (lh - inner) / 2 + fm.ascent * sizeMm;
    const chars = lineChars(block, line);
    let letterSpacing = layer.letterSpacing ? layer.letterSpacing * ctx.s : 0;
    const width = line.width + letterSpacing * chars;
    let x = b.x;
    if (layer.align === 'center') x = b.x + (b.w - width) / 2;
    else if (layer.align === 'right') x = b.x + b.w - width;
    else if (layer.align === 'justify' && !line.last && chars > 1) letterSpacing += (b.w - width) / (chars - 1);
    for (const op of richLineOps(block, line, { x, baseline, letterSpacing }, size, fm.descent, ctx.m, layer.id, layer.opacity)) ops.push(op);
  });
  return ops;
}

/** Characters (code points) of a string, counted without spreading it into an array. */
function codePoints(t: string): number {
  let n = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++; // a low surrogate belongs to the character before it
  }
  return n;
}

type TableLayer = Extract<Layer, { type: 'table' }>;

/**
 * The non-blank lines of a table's text as rows of cells, up to the last row whose top is above
 * `bottom` (the card's bleed edge); `cut` when rows were left off. Lines past the card are not
 * even split: a bound column may hold a million lines.
 */
function tableRows(text: string, top: number, rh: number, bottom: number): { rows: string[][]; cut: boolean } {
  const rows: string[][] = [];
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf('\n', start);
    const line = text.slice(start, nl === -1 ? text.length : nl);
    start = nl === -1 ? text.length + 1 : nl + 1;
    if (line.trim() === '') continue;
    if (top + rows.length * rh >= bottom || rows.length >= PROJECT_LIMITS.tableRows) return { rows, cut: true };
    rows.push(line.split('|').map((c) => c.trim()));
  }
  return { rows, cut: false };
}

/** A table cell too wide for its column first shrinks, down to this share of the table's size. */
export const TABLE_MIN_SHRINK = 0.9;
/** The pitch of a wrapped cell's lines, as a multiple of the size. */
const TABLE_LINE_PITCH = 1.1;

/**
 * A cell's text set to its column: at the table's size when it fits on one line; else at the
 * largest size down to `TABLE_MIN_SHRINK` of it (quarter points) at which it does; else broken
 * into lines at the table's size (its row grows to hold them). `overflow`: a word is wider than
 * the column even so.
 */
function fitCell(t: string, face: Parameters<TextMeasurer['width']>[0], size: number, width: number, ctx: Ctx): { size: number; lines: { text: string; width: number }[]; overflow: boolean } {
  const w = ctx.m.width(face, t, size);
  if (w <= width + 0.01) return { size, lines: [{ text: t, width: w }], overflow: false };
  const step = 0.25 * ctx.s;
  for (let s = size - step; s >= size * TABLE_MIN_SHRINK - 1e-9; s -= step) {
    const sw = ctx.m.width(face, t, s);
    if (sw <= width + 0.01) return { size: s, lines: [{ text: t, width: sw }], overflow: false };
  }
  const r = breakLines(t, face, size, width, ctx.m, 8);
  if (r.lines.length === 2 && !r.overflow) {
    // Two lines of a name read best balanced ("Lesser Hall of / Gold & Jade", not "… Gold & / Jade").
    let best: { text: string; width: number }[] | null = null;
    for (let i = t.indexOf(' '); i > 0; i = t.indexOf(' ', i + 1)) {
      const a = t.slice(0, i).trimEnd();
      const b = t.slice(i + 1).trimStart();
      const aw = ctx.m.width(face, a, size);
      const bw = ctx.m.width(face, b, size);
      if (aw <= width + 0.01 && bw <= width + 0.01 && (!best || Math.max(aw, bw) < Math.max(best[0]!.width, best[1]!.width)))
        best = [
          { text: a, width: aw },
          { text: b, width: bw },
        ];
    }
    if (best) return { size, lines: best, overflow: false };
  }
  return { size, lines: r.lines.map((l) => ({ text: l.text, width: l.width })), overflow: r.overflow || r.truncated };
}

function layoutTable(layer: TableLayer, ctx: Ctx): DrawOp[] {
  const rh = layer.rowHeight * ctx.sy;
  const { rows, cut } = tableRows(str(layer.rows, layer, ctx), layer.y * ctx.sy, rh, ctx.height + ctx.bleed);
  if (cut)
    ctx.warnings.push({ cardId: ctx.card.id, layer: layer.id, kind: 'overflow', message: rows.length >= PROJECT_LIMITS.tableRows ? `Table "${layer.id}" has more than ${PROJECT_LIMITS.tableRows} rows, the most a table lays out; rows ${rows.length + 1} on are left off; split the table.` : `Table "${layer.id}" has more rows than the card holds; rows ${rows.length + 1} on fall off it; remove rows or lower the row height.` });
  const x0 = layer.x * ctx.sx;
  const w = layer.w * ctx.sx;
  const totalW = layer.columns.reduce((a, c) => a + c.width, 0);
  const colW = layer.columns.map((c) => (c.width / totalW) * w);
  const size = layer.size * ctx.s;
  const pitch = ptToMm(size) * TABLE_LINE_PITCH;
  const ops: DrawOp[] = [];
  const textColor = color(layer.color, layer, ctx) ?? '#000000';
  const headColor = color(layer.headerColor, layer, ctx) ?? textColor;
  const headFill = color(layer.headerFill, layer, ctx);
  const stripe = color(layer.stripeFill, layer, ctx);
  const fm = ctx.m.metrics(layer.face);
  const pad = 0.8 * ctx.s;
  let y = layer.y * ctx.sy;
  rows.forEach((cells, r) => {
    const isHead = layer.header && r === 0;
    const face = isHead ? (layer.headerFace ?? layer.face) : layer.face;
    const set = layer.columns.map((_, c) => {
      const t = cells[c] ?? '';
      const fit = t === '' ? null : fitCell(t, face, size, colW[c]! - 2 * pad, ctx);
      if (fit?.overflow)
        ctx.warnings.push({ cardId: ctx.card.id, layer: layer.id, kind: 'overflow', message: `Table "${layer.id}" row ${r + 1} cell ${c + 1} ("${t}") is wider than its column; widen the column or shorten the text.` });
      return fit;
    });
    // A row grows by a line for every line its tallest cell has beyond the first.
    const h = rh + (set.reduce((n, f) => Math.max(n, f?.lines.length ?? 1), 1) - 1) * pitch;
    const bg = isHead ? headFill : r % 2 === (layer.header ? 0 : 1) ? stripe : undefined;
    if (bg) ops.push({ op: 'rect', id: layer.id, x: roundMm(x0), y: roundMm(y), w: roundMm(w), h: roundMm(h), fill: { color: bg } });
    let cx = x0;
    layer.columns.forEach((col, c) => {
      const fit = set[c];
      const cw = colW[c]!;
      if (fit) {
        const sizeMm = ptToMm(fit.size);
        // The first line is centred in a one-line row's height (so every cell of a row starts level).
        const first = y + (rh - (fm.ascent + Math.abs(fm.descent)) * sizeMm) / 2 + fm.ascent * sizeMm;
        fit.lines.forEach((line, i) => {
          const runs = quoteRunWidths(line.text, face, fit.size, 0, (f, t, z) => ctx.m.width(f, t, z));
          const lw = runs.length > 1 ? runs.reduce((w, r) => w + r.width, 0) : line.width;
          let tx = col.align === 'center' ? cx + (cw - lw) / 2 : col.align === 'right' ? cx + cw - pad - lw : cx + pad;
          for (const r of runs.length > 1 ? runs : [{ text: line.text, face, width: line.width }]) {
            ops.push({ op: 'text', id: layer.id, x: roundMm(tx), y: roundMm(first + i * pitch), text: r.text, face: r.face, size: Math.round(fit.size * 100) / 100, color: isHead ? headColor : textColor, width: roundMm(r.width) });
            tx += r.width;
          }
        });
      }
      cx += cw;
    });
    y += h;
  });
  if (y > ctx.height + ctx.bleed + 0.01)
    ctx.warnings.push({ cardId: ctx.card.id, layer: layer.id, kind: 'overflow', message: `Table "${layer.id}" runs past the card's bottom edge; shorten its cells, widen its columns or lower the row height.` });
  return ops;
}
