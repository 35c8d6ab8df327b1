import type { Color, DrawOp, Fill, FontFaceId, Gradient, Outline, ShadowOp, Stroke } from '../../../shared/cards/draw-list';
import { shadowBounds } from '../../../shared/cards/effects';
import { ptToMm } from '../../../shared/util/units';
import { gradientMatrix } from './pdf-effects';

/**
 * What the content compiler needs from the PDF document: resource names (allocated per page or
 * per form) and glyph encoding. Implemented by pdf.ts.
 */
export interface ContentResources {
  /** Resource name of the embedded subset of `face`. */
  font(face: FontFaceId): string;
  /** `text` as a hex string of glyph ids (`<0001002a>`) in the embedded subset of `face`. */
  encode(face: FontFaceId, text: string): string;
  /** Resource name of the image XObject of `ref`. */
  image(ref: string): string;
  /** Resource name of an ExtGState with fill alpha `ca` and stroke alpha `CA`. */
  gs(ca: number, CA: number): string;
  /** Resource name of the shading (ShadingType 2 or 3) of a gradient. */
  shading(g: Gradient): string;
  /** Resource name of the image XObject of a blurred shadow (rasterized beforehand, see pdf-effects.ts). */
  shadow(op: ShadowOp): string;
  /** Resource name of a transparency-group form XObject whose content `build` compiles with its own resources. */
  form(build: (res: ContentResources) => string): string;
}

/**
 * A number as PDF content-stream syntax: at most `digits` decimals, never exponent notation.
 * @example num(1 / 3) === '0.3333'
 */
export function num(v: number, digits = 4): string {
  if (!Number.isFinite(v)) throw new Error(`A drawing coordinate is ${v}; check the layout that produced this draw list.`);
  let s = v.toFixed(digits);
  if (s.includes('.')) s = s.replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

/** `#rrggbb` as PDF colour operands `r g b`. */
export function rgb(c: Color, id?: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(c);
  if (!m) throw new Error(`Colour "${c}"${id ? ` of element "${id}"` : ''} is not #rrggbb; write it as six hex digits, e.g. #c23b22.`);
  return [m[1], m[2], m[3]].map((h) => num(parseInt(h!, 16) / 255)).join(' ');
}

const KAPPA = 0.5522847498;
const alpha = (v: number | undefined): number => (v === undefined ? 1 : Math.min(1, Math.max(0, v)));

/** A rectangle path, with rounded corners when `r > 0`. */
export function rectPath(x: number, y: number, w: number, h: number, r = 0): string {
  r = Math.max(0, Math.min(r, w / 2, h / 2));
  if (!r) return `${num(x)} ${num(y)} ${num(w)} ${num(h)} re`;
  const k = r * KAPPA;
  const [x2, y2] = [x + w, y + h];
  const c = (a: number[]): string => `${a.map((v) => num(v)).join(' ')} c`;
  return [
    `${num(x + r)} ${num(y)} m`,
    `${num(x2 - r)} ${num(y)} l`,
    c([x2 - r + k, y, x2, y + r - k, x2, y + r]),
    `${num(x2)} ${num(y2 - r)} l`,
    c([x2, y2 - r + k, x2 - r + k, y2, x2 - r, y2]),
    `${num(x + r)} ${num(y2)} l`,
    c([x + r - k, y2, x, y2 - r + k, x, y2 - r]),
    `${num(x)} ${num(y + r)} l`,
    c([x, y + r - k, x + r - k, y, x + r, y]),
    'h',
  ].join('\n');
}

/** An ellipse path from four cubic arcs. */
export function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  const [kx, ky] = [rx * KAPPA, ry * KAPPA];
  const c = (a: number[]): string => `${a.map((v) => num(v)).join(' ')} c`;
  return [
    `${num(cx + rx)} ${num(cy)} m`,
    c([cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry]),
    c([cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy]),
    c([cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry]),
    c([cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy]),
    'h',
  ].join('\n');
}

/**
 * SVG path data (commands M L H V C Q Z, absolute or relative) as PDF path operators.
 * Quadratic curves become cubics.
 */
export function svgPathToPdf(d: string, id?: string): string {
  const tokens = d.match(/[a-zA-Z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  const out: string[] = [];
  let i = 0;
  let cmd = '';
  let [x, y, sx, sy] = [0, 0, 0, 0];
  const next = (): number => {
    const t = tokens[i++];
    const v = Number(t);
    if (t === undefined || Number.isNaN(v)) throw new Error(`Path${id ? ` "${id}"` : ''} is malformed near "${t ?? 'end'}" in "${d.slice(0, 60)}"; each command needs its numbers.`);
    return v;
  };
  while (i < tokens.length) {
    if (/^[a-zA-Z]$/.test(tokens[i]!)) cmd = tokens[i++]!;
    else if (!cmd) throw new Error(`Path${id ? ` "${id}"` : ''} must start with a command, e.g. "M 0 0".`);
    const rel = cmd === cmd.toLowerCase();
    const [ox, oy] = rel ? [x, y] : [0, 0];
    switch (cmd.toUpperCase()) {
      case 'M':
        [x, y] = [ox + next(), oy + next()];
        [sx, sy] = [x, y];
        out.push(`${num(x)} ${num(y)} m`);
        cmd = rel ? 'l' : 'L'; // further pairs are implicit line-tos
        break;
      case 'L':
        [x, y] = [ox + next(), oy + next()];
        out.push(`${num(x)} ${num(y)} l`);
        break;
      case 'H':
        x = ox + next();
        out.push(`${num(x)} ${num(y)} l`);
        break;
      case 'V':
        y = oy + next();
        out.push(`${num(x)} ${num(y)} l`);
        break;
      case 'C': {
        const p = [ox + next(), oy + next(), ox + next(), oy + next(), ox + next(), oy + next()];
        out.push(`${p.map((v) => num(v)).join(' ')} c`);
        [x, y] = [p[4]!, p[5]!];
        break;
      }
      case 'Q': {
        const [qx, qy, ex, ey] = [ox + next(), oy + next(), ox + next(), oy + next()];
        const p = [x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey];
        out.push(`${p.map((v) => num(v)).join(' ')} c`);
        [x, y] = [ex, ey];
        break;
      }
      case 'Z':
        out.push('h');
        [x, y] = [sx, sy];
        if (i < tokens.length && !/^[a-zA-Z]$/.test(tokens[i]!)) throw new Error(`Path${id ? ` "${id}"` : ''} has numbers after Z; start a new subpath with M.`);
        break;
      default:
        throw new Error(`Path${id ? ` "${id}"` : ''} uses the SVG command "${cmd}", which draw lists do not allow; use only M L H V C Q Z.`);
    }
  }
  return out.join('\n');
}

/** Colour, width, dash and alpha state for a fill and/or stroke, then the painting operator. */
function paint(path: string, fill: Fill | undefined, stroke: Stroke | undefined, res: ContentResources, id?: string): string {
  const s = stroke && stroke.width > 0 ? stroke : undefined;
  if (!fill && !s) return '';
  const out = ['q'];
  const ca = alpha(fill?.opacity);
  const CA = alpha(s?.opacity);
  if (ca < 1 || CA < 1) out.push(`/${res.gs(ca, CA)} gs`);
  if (fill) out.push(`${rgb(fill.color, id)} rg`);
  if (s) {
    out.push(`${rgb(s.color, id)} RG`, `${num(s.width)} w`);
    if (s.dash?.length) out.push(`[${s.dash.map((v) => num(v)).join(' ')}] 0 d`);
  }
  out.push(path, fill && s ? 'B' : fill ? 'f' : 'S', 'Q');
  return out.join('\n');
}

/** An outline's path, moved by (dx, dy). */
function outlinePath(o: Outline, dx = 0, dy = 0): string {
  return o.shape === 'ellipse' ? ellipsePath(o.x + o.w / 2 + dx, o.y + o.h / 2 + dy, o.w / 2, o.h / 2) : rectPath(o.x + dx, o.y + dy, o.w, o.h, o.radius);
}

/**
 * A filled and/or outlined shape. A gradient fill is its shading painted (`sh`) inside the path as
 * a clip, in the gradient's own space; the outline is stroked over it.
 */
function paintShape(path: string, fill: Fill | undefined, stroke: Stroke | undefined, res: ContentResources, id?: string): string {
  if (!fill?.gradient) return paint(path, fill, stroke, res, id);
  const out = ['q'];
  const ca = alpha(fill.opacity);
  if (ca < 1) out.push(`/${res.gs(ca, 1)} gs`);
  out.push(path, 'W n');
  const m = gradientMatrix(fill.gradient);
  if (m) out.push(`${m.map((v) => num(v)).join(' ')} cm`);
  out.push(`/${res.shading(fill.gradient)} sh`, 'Q');
  return [out.join('\n'), paint(path, undefined, stroke, res, id)].filter(Boolean).join('\n');
}

/**
 * Compile draw ops to PDF content-stream operators in the current user space, which the caller
 * has set up as millimetres with y down (see pdf.ts). Text is drawn upright by flipping the
 * text matrix; letter spacing uses the Tc operator.
 */
export function compileOps(ops: readonly DrawOp[], res: ContentResources): string {
  const out: string[] = [];
  for (const op of ops) {
    switch (op.op) {
      case 'rect':
        out.push(paintShape(rectPath(op.x, op.y, op.w, op.h, op.radius), op.fill, op.stroke, res, op.id));
        break;
      case 'ellipse':
        out.push(paintShape(ellipsePath(op.cx, op.cy, op.rx, op.ry), op.fill, op.stroke, res, op.id));
        break;
      case 'shadow': {
        if (!(op.blur > 0)) {
          const path = outlinePath(op.outline, op.dx, op.dy);
          const c = { color: op.color, opacity: op.opacity };
          out.push(op.strokeWidth ? paint(path, undefined, { ...c, width: op.strokeWidth }, res, op.id) : paint(path, c, undefined, res, op.id));
          break;
        }
        const b = shadowBounds(op);
        out.push(['q', `${num(b.w)} 0 0 ${num(-b.h)} ${num(b.x)} ${num(b.y + b.h)} cm`, `/${res.shadow(op)} Do`, 'Q'].join('\n'));
        break;
      }
      case 'line':
        out.push(paint(`${num(op.x1)} ${num(op.y1)} m ${num(op.x2)} ${num(op.y2)} l`, undefined, op.stroke, res, op.id));
        break;
      case 'path':
        out.push(paint(svgPathToPdf(op.d, op.id), op.fill, op.stroke, res, op.id));
        break;
      case 'text': {
        if (!op.text) break;
        const a = alpha(op.opacity);
        const t = ['q'];
        if (a < 1) t.push(`/${res.gs(a, a)} gs`);
        t.push(`${rgb(op.color, op.id)} rg`, 'BT', `/${res.font(op.face)} ${num(ptToMm(op.size))} Tf`);
        if (op.letterSpacing) t.push(`${num(op.letterSpacing)} Tc`);
        t.push(`1 0 0 -1 ${num(op.x)} ${num(op.y)} Tm`, `${res.encode(op.face, op.text)} Tj`, 'ET', 'Q');
        out.push(t.join('\n'));
        break;
      }
      case 'image': {
        if (!(op.w > 0 && op.h > 0)) break;
        const a = alpha(op.opacity);
        const t = ['q'];
        if (a < 1) t.push(`/${res.gs(a, a)} gs`);
        t.push(`${num(op.w)} 0 0 ${num(-op.h)} ${num(op.x)} ${num(op.y + op.h)} cm`, `/${res.image(op.ref)} Do`, 'Q');
        out.push(t.join('\n'));
        break;
      }
      case 'group': {
        const t = ['q'];
        if (op.transform) {
          const k = op.transform.scale ?? 1;
          t.push(`${num(k)} 0 0 ${num(k)} ${num(op.transform.x)} ${num(op.transform.y)} cm`);
        }
        if (op.rotate && op.rotate.deg % 360 !== 0) {
          // Clockwise on the page: y points down, so the usual matrix turns +x towards +y.
          const r = (op.rotate.deg * Math.PI) / 180;
          const [c, s] = [Math.cos(r), Math.sin(r)];
          const { cx, cy } = op.rotate;
          t.push(`${[c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy].map((v) => num(v)).join(' ')} cm`);
        }
        if (op.clip) t.push(outlinePath({ shape: op.clip.shape ?? 'rect', ...op.clip }), 'W n');
        const a = alpha(op.opacity);
        if (a < 1) {
          const form = res.form((inner) => compileOps(op.ops, inner));
          t.push(`/${res.gs(a, a)} gs`, `/${form} Do`);
        } else t.push(compileOps(op.ops, res));
        t.push('Q');
        out.push(t.join('\n'));
        break;
      }
    }
  }
  return out.filter(Boolean).join('\n');
}
