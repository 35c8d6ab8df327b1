import type { Mm, Pt } from '../util/units';

/**
 * The draw list: what a card face, a sheet or a rulebook page looks like, as positioned
 * primitives in millimetres. Layout produces it; the SVG writer (preview, PNG) and the PDF
 * writer consume it, so what the designer sees is what prints.
 *
 * Coordinates: origin at the top-left corner of the trim box, y grows downwards. Art that
 * extends into the bleed has negative coordinates or coordinates past `width`/`height`.
 */
export interface DrawList {
  /** Trim width. */
  width: Mm;
  /** Trim height. */
  height: Mm;
  /** Bleed around the trim box on every side (0 for pages). */
  bleed: Mm;
  /** Operations, painted in order. */
  ops: DrawOp[];
}

/** A colour as `#rrggbb`. */
export type Color = string;

/** A colour stop of a gradient: `at` 0..1 along it, stops in order. */
export interface GradientStop {
  at: number;
  color: Color;
}

/**
 * A gradient, placed in the op's coordinates. `linear`: colours along the line (x1, y1) → (x2, y2),
 * constant across it. `radial`: an ellipse centred on (cx, cy) with radii rx, ry, stop 0 at the
 * centre and stop 1 on the ellipse. Both extend their end colours beyond the ends (SVG `pad`, PDF
 * `Extend`), and interpolate in sRGB.
 */
export type Gradient =
  | { kind: 'linear'; x1: Mm; y1: Mm; x2: Mm; y2: Mm; stops: GradientStop[] }
  | { kind: 'radial'; cx: Mm; cy: Mm; rx: Mm; ry: Mm; stops: GradientStop[] };

/** A fill: a colour, or a gradient (which then paints instead of `color`). */
export interface Fill {
  color: Color;
  /** 0..1, default 1. */
  opacity?: number;
  gradient?: Gradient;
}

/** An outline. */
export interface Stroke {
  color: Color;
  width: Mm;
  opacity?: number;
  /** Dash pattern, in millimetres. */
  dash?: Mm[];
}

/** The faces the app bundles (npm font packages, `FONT_FACES`). */
export type BuiltinFaceId = 'sans' | 'sans-medium' | 'sans-bold' | 'brush' | 'latin' | 'latin-medium' | 'latin-bold';

/**
 * A font the designer added to the project: `font:<file>`, the file in the project's `fonts/`
 * folder (e.g. `font:old-press.ttf`; see `PROJECT_FONT_FILE` in fonts.ts).
 */
export type ProjectFaceId = `font:${string}`;

/**
 * Font faces known to layout and to every writer. Each names one physical font file (see
 * `FONT_FACES` for the bundled ones, the project's `fonts/` folder for `font:` faces); a text run
 * uses exactly one face.
 */
export type FontFaceId = BuiltinFaceId | ProjectFaceId;

/** Common fields: `id` names the template layer (or element) that produced the op, for preflight messages. */
interface OpBase {
  id?: string;
}

/** A rectangle, optionally with rounded corners. */
export interface RectOp extends OpBase {
  op: 'rect';
  x: Mm;
  y: Mm;
  w: Mm;
  h: Mm;
  radius?: Mm;
  fill?: Fill;
  stroke?: Stroke;
}

/** An ellipse (a circle when rx = ry). */
export interface EllipseOp extends OpBase {
  op: 'ellipse';
  cx: Mm;
  cy: Mm;
  rx: Mm;
  ry: Mm;
  fill?: Fill;
  stroke?: Stroke;
}

/** A straight line. */
export interface LineOp extends OpBase {
  op: 'line';
  x1: Mm;
  y1: Mm;
  x2: Mm;
  y2: Mm;
  stroke: Stroke;
}

/** An SVG path (absolute commands M L H V C Q Z only) in millimetres. */
export interface PathOp extends OpBase {
  op: 'path';
  d: string;
  fill?: Fill;
  stroke?: Stroke;
}

/**
 * One line of text in one face, already measured. `x`,`y` is the left end of the baseline.
 * `width` is the advance width at `size` (plus letter spacing), computed with the same font
 * bytes the PDF writer embeds.
 */
export interface TextOp extends OpBase {
  op: 'text';
  x: Mm;
  y: Mm;
  text: string;
  face: FontFaceId;
  size: Pt;
  color: Color;
  width: Mm;
  /** Extra space after every character, in millimetres (used for justified CJK lines). */
  letterSpacing?: Mm;
  opacity?: number;
}

/**
 * A picture by asset reference (e.g. `icon:fluent-emoji-flat:rat-face`, `file:art/rat.png`).
 * Writers resolve references to bytes; the same reference is embedded once per file.
 */
export interface ImageOp extends OpBase {
  op: 'image';
  x: Mm;
  y: Mm;
  w: Mm;
  h: Mm;
  ref: string;
  opacity?: number;
  /**
   * How the picture's own proportions meet the box (absent: stretched over it). `contain`: the
   * whole picture, centred; `cover`: the box filled and the rest cropped, placed by `focus`
   * (default centre, as CSS object-position). Writers place it with `fitImages` (image-fit.ts).
   */
  fit?: 'contain' | 'cover';
  /** The point of the picture kept in view by `cover`, 0..1 from its left / top edge. */
  focus?: { x: number; y: number };
}

/**
 * A group: children placed and scaled (`transform`), clipped to a rectangle, rotated about a point,
 * and/or faded. `transform` is applied outermost: the clip, the rotation and the children are in
 * the group's own coordinates, which the transform maps to the parent's as
 * (x, y) → (transform.x + scale·x, transform.y + scale·y). It is how a card face is set into a
 * rulebook page or a sheet preview.
 */
export interface GroupOp extends OpBase {
  op: 'group';
  transform?: { x: Mm; y: Mm; scale?: number };
  /** A rectangle (rounded by `radius`), or with `shape: 'ellipse'` the ellipse inscribed in it. */
  clip?: { x: Mm; y: Mm; w: Mm; h: Mm; radius?: Mm; shape?: 'rect' | 'ellipse' };
  /** Clockwise rotation in degrees about (cx, cy). */
  rotate?: { deg: number; cx: Mm; cy: Mm };
  opacity?: number;
  ops: DrawOp[];
}

/** An outline a shadow or a clip takes: a (rounded) rectangle or an ellipse inscribed in a box. */
export interface Outline {
  shape: 'rect' | 'ellipse';
  x: Mm;
  y: Mm;
  w: Mm;
  h: Mm;
  /** Corner radius of a `rect`. */
  radius?: Mm;
}

/**
 * A drop shadow: `outline` moved by (dx, dy), filled with `color` at `opacity`, blurred by a
 * Gaussian of standard deviation `blur` / 2 (`blur` as CSS box-shadow's blur radius); a stroked shape with no
 * fill casts the shadow of its stroke (`strokeWidth`). Painted
 * before the op it belongs to. Writers that cannot blur in vector draw the blurred shadow as a
 * raster of `shadowSvg` (svg-effects.ts), so every writer's blur is the same.
 */
export interface ShadowOp extends OpBase {
  op: 'shadow';
  outline: Outline;
  dx: Mm;
  dy: Mm;
  blur: Mm;
  color: Color;
  opacity: number;
  /** The shadow of an outline only (a shape with a stroke and no fill): the outline stroked this wide. */
  strokeWidth?: Mm;
}

/** Every draw operation. */
export type DrawOp = RectOp | EllipseOp | LineOp | PathOp | TextOp | ImageOp | GroupOp | ShadowOp;

/** Visit every op, depth first, including those inside groups. */
export function walkOps(ops: readonly DrawOp[], fn: (op: DrawOp) => void): void {
  walkOpsScaled(ops, (op) => fn(op));
}

/**
 * Visit every op with the scale its group transforms apply to it (images size their rasters by it).
 * Iterative, with its own stack: however deeply groups nest, the call stack does not grow.
 */
export function walkOpsScaled(ops: readonly DrawOp[], fn: (op: DrawOp, scale: number) => void, scale = 1): void {
  const stack: { ops: readonly DrawOp[]; next: number; scale: number }[] = [{ ops, next: 0, scale }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.next >= top.ops.length) {
      stack.pop();
      continue;
    }
    const op = top.ops[top.next++]!;
    fn(op, top.scale);
    if (op.op === 'group') stack.push({ ops: op.ops, next: 0, scale: top.scale * (op.transform?.scale ?? 1) });
  }
}

/** All text in a draw list, grouped by face: what a PDF writer must subset. */
export function textByFace(lists: readonly DrawList[]): Map<FontFaceId, string> {
  const acc = new Map<FontFaceId, Set<string>>();
  for (const list of lists)
    walkOps(list.ops, (op) => {
      if (op.op !== 'text') return;
      let set = acc.get(op.face);
      if (!set) acc.set(op.face, (set = new Set()));
      for (const ch of op.text) set.add(ch);
    });
  const out = new Map<FontFaceId, string>();
  for (const [face, set] of acc) out.set(face, [...set].sort().join(''));
  return out;
}
