/**
 * A lab plot's SVG (Observable Plot's output: groups, lines, rects, circles, paths of M/L/H/V/C/Q/Z
 * and text, placed by `translate`) as draw ops, so the PDF writer draws it as vectors with the
 * app's own fonts, exactly like a card face. Coordinates stay in the SVG's pixels inside a group
 * scaled to the width asked for. `currentColor` becomes the report's ink. Anything else (a
 * rotation, an arc, an image) is left out rather than drawn wrong.
 */
import { SaxesParser } from 'saxes';
import type { Color, DrawOp, FontFaceId, Stroke } from '../../../shared/cards/draw-list';
import type { TextMeasurer } from '../../../shared/cards/fonts';
import { mmToPt } from '../../../shared/util/units';

const INK = '#222222';
const NAMED: Record<string, Color> = { black: '#000000', white: '#ffffff', red: '#ff0000', gray: '#808080', grey: '#808080', currentcolor: INK };

/** An SVG colour as `#rrggbb`, or null for none / unknown. */
export function svgColor(v: string | undefined): Color | null {
  if (!v) return null;
  const s = v.trim().toLowerCase();
  if (s === 'none' || s === 'transparent') return null;
  if (NAMED[s]) return NAMED[s]!;
  if (/^#[0-9a-f]{6}$/.test(s)) return s;
  if (/^#[0-9a-f]{3}$/.test(s)) return `#${[...s.slice(1)].map((c) => c + c).join('')}`;
  const m = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/.exec(s);
  if (m) return `#${[m[1], m[2], m[3]].map((c) => Math.max(0, Math.min(255, Math.round(Number(c)))).toString(16).padStart(2, '0')).join('')}`;
  return null;
}

interface Style {
  fill: string;
  stroke: string;
  strokeWidth: number;
  fillOpacity: number;
  strokeOpacity: number;
  opacity: number;
  dash?: number[];
  anchor: string;
  fontSize: number;
  tx: number;
  ty: number;
}

const INHERITED: Record<string, (s: Style, v: string) => void> = {
  fill: (s, v) => (s.fill = v),
  stroke: (s, v) => (s.stroke = v),
  'stroke-width': (s, v) => (s.strokeWidth = Number.parseFloat(v) || 0),
  'fill-opacity': (s, v) => (s.fillOpacity = Number.parseFloat(v)),
  'stroke-opacity': (s, v) => (s.strokeOpacity = Number.parseFloat(v)),
  'stroke-dasharray': (s, v) => (s.dash = v === 'none' ? undefined : v.split(/[\s,]+/).map(Number).filter(Number.isFinite)),
  'text-anchor': (s, v) => (s.anchor = v),
  'font-size': (s, v) => (s.fontSize = Number.parseFloat(v) || s.fontSize),
};

/** `translate(x,y)` of a transform attribute; null when it holds anything else. */
function translate(v: string): [number, number] | null {
  const m = /^\s*translate\(\s*([-+\d.eE]+)(?:[\s,]+([-+\d.eE]+))?\s*\)\s*$/.exec(v);
  return m ? [Number(m[1]), Number(m[2] ?? 0)] : null;
}

/** A length in px, `em` lengths taken against the font size. */
function length(v: string | undefined, fontSize: number): number {
  if (!v) return 0;
  const n = Number.parseFloat(v);
  if (!Number.isFinite(n)) return 0;
  return v.trim().endsWith('em') ? n * fontSize : n;
}

export interface SvgOpsOptions {
  /** Measures text (the PDF writer's own widths). */
  measurer: TextMeasurer;
  /** The face the plot's text is set in. */
  face: FontFaceId;
  /** Width of the drawn plot, mm. */
  widthMm: number;
  /** Fits a text to the face (e.g. drops characters it lacks); default: as is. */
  clean?: (text: string) => string;
}

/** The plot as one scaled group of draw ops, and its height in mm. */
export function svgToOps(svg: string, opts: SvgOpsOptions): { op: DrawOp; heightMm: number } {
  const parser = new SaxesParser({ xmlns: false });
  const root: Style = { fill: 'black', stroke: 'none', strokeWidth: 1, fillOpacity: 1, strokeOpacity: 1, opacity: 1, anchor: 'start', fontSize: 16, tx: 0, ty: 0 };
  const stack: { style: Style; skip: boolean }[] = [];
  const ops: DrawOp[] = [];
  let size = { w: 0, h: 0 };
  let text: { style: Style; x: number; y: number; body: string } | null = null;

  const fillOf = (s: Style) => {
    const c = svgColor(s.fill);
    return c ? { color: c, opacity: s.fillOpacity * s.opacity } : undefined;
  };
  const strokeOf = (s: Style): Stroke | undefined => {
    const c = svgColor(s.stroke);
    if (!c || !(s.strokeWidth > 0)) return undefined;
    return { color: c, width: s.strokeWidth, opacity: s.strokeOpacity * s.opacity, ...(s.dash?.length ? { dash: s.dash } : {}) };
  };

  parser.on('opentag', (tag) => {
    const parent = stack[stack.length - 1];
    const a = tag.attributes as Record<string, string>;
    const style: Style = { ...(parent?.style ?? root) };
    let skip = parent?.skip ?? false;
    for (const [k, f] of Object.entries(INHERITED)) if (a[k] !== undefined) f(style, a[k]);
    if (a.opacity !== undefined) style.opacity *= Number.parseFloat(a.opacity);
    if (a.transform) {
      const t = translate(a.transform);
      if (t) [style.tx, style.ty] = [style.tx + t[0], style.ty + t[1]];
      else skip = true;
    }
    stack.push({ style, skip });
    if (skip) return;
    const n = (k: string) => Number.parseFloat(a[k] ?? '0') || 0;
    const { tx, ty } = style;
    switch (tag.name) {
      case 'svg': {
        const vb = a.viewBox?.split(/[\s,]+/).map(Number);
        size = { w: vb?.[2] ?? n('width'), h: vb?.[3] ?? n('height') };
        break;
      }
      case 'rect': {
        const [w, h] = [n('width'), n('height')];
        const fill = fillOf(style);
        const stroke = strokeOf(style);
        if (w > 0 && h > 0 && (fill || stroke)) ops.push({ op: 'rect', x: tx + n('x'), y: ty + n('y'), w, h, ...(a.rx ? { radius: n('rx') } : {}), ...(fill ? { fill } : {}), ...(stroke ? { stroke } : {}) });
        break;
      }
      case 'circle': {
        const fill = fillOf(style);
        const stroke = strokeOf(style);
        if (n('r') > 0 && (fill || stroke)) ops.push({ op: 'ellipse', cx: tx + n('cx'), cy: ty + n('cy'), rx: n('r'), ry: n('r'), ...(fill ? { fill } : {}), ...(stroke ? { stroke } : {}) });
        break;
      }
      case 'line': {
        const stroke = strokeOf(style);
        if (stroke) ops.push({ op: 'line', x1: tx + n('x1'), y1: ty + n('y1'), x2: tx + n('x2'), y2: ty + n('y2'), stroke });
        break;
      }
      case 'path': {
        const d = a.d ?? '';
        if (!d || /[aAsStT]/.test(d)) break;
        const fill = fillOf(style);
        const stroke = strokeOf(style);
        if (fill || stroke) ops.push({ op: 'group', transform: { x: tx, y: ty }, ops: [{ op: 'path', d, ...(fill ? { fill } : {}), ...(stroke ? { stroke } : {}) }] });
        break;
      }
      case 'text':
        text = { style, x: tx + length(a.x, style.fontSize) + length(a.dx, style.fontSize), y: ty + length(a.y, style.fontSize) + length(a.dy, style.fontSize), body: '' };
        break;
      case 'tspan':
        if (text && text.body) text.body += ' ';
        break;
      case 'title':
      case 'desc':
      case 'style':
        stack[stack.length - 1]!.skip = true;
        break;
    }
  });
  parser.on('text', (t) => {
    if (text && !stack[stack.length - 1]?.skip) text.body += t;
  });
  parser.on('closetag', (tag) => {
    stack.pop();
    if (tag.name !== 'text' || !text) return;
    const { style, x, y } = text;
    const body = (opts.clean ?? ((t: string) => t))(text.body.replace(/\s+/g, ' ').trim());
    text = null;
    const color = svgColor(style.fill);
    if (!body || !color) return;
    const sizePt = mmToPt(style.fontSize); // one SVG pixel is one unit of the group
    const width = opts.measurer.width(opts.face, body, sizePt);
    const x0 = style.anchor === 'middle' ? x - width / 2 : style.anchor === 'end' ? x - width : x;
    ops.push({ op: 'text', x: x0, y, text: body, face: opts.face, size: sizePt, color, width, ...(style.opacity < 1 ? { opacity: style.opacity } : {}) });
  });
  parser.write(svg).close();
  if (!(size.w > 0 && size.h > 0)) throw new Error('A plot has no size (its <svg> needs a viewBox or width and height).');
  const scale = opts.widthMm / size.w;
  return { op: { op: 'group', transform: { x: 0, y: 0, scale }, ops }, heightMm: size.h * scale };
}
