// Checks over every laid-out face of a card project with the real fonts, shared by the tests of
// the built-in projects (src/shared/cards/doufu-deck.test.ts, zodiac-race.test.ts): text size,
// glyph coverage, text ink inside the safe zone and WCAG AA contrast. Each check returns one line
// per failure naming the card, side and layer, so a test asserts `expect(check(...)).toEqual([])`
// and a failure lists every offender at once.
// This lives in tests/, not beside the cards code: it opens font files with fontkit through main's
// font service, which non-test files of src/shared may not import (tests/architecture.test.ts).
import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import type { Font } from '@pdf-lib/fontkit';
import type { FontService } from '../src/main/services/export/fonts';
import { walkOps, type DrawList, type DrawOp, type FontFaceId, type TextOp } from '../src/shared/cards/draw-list';
import type { TextMeasurer } from '../src/shared/cards/fonts';
import { layoutFace } from '../src/shared/cards/layout';
import type { Card, CardSet } from '../src/shared/cards/schema';
import { ptToMm } from '../src/shared/util/units';

/** One side of one card of a project, laid out. */
export interface ProjectFace {
  /** The project's folder name under templates/, e.g. `doufu`. */
  project: string;
  /** The loaded project; checks take the card size and safe zone from it. */
  set: CardSet;
  card: Card;
  side: 'front' | 'back';
  /** The face as laid out with the measurer passed to `layoutFaces`. */
  list: DrawList;
  /** Layout warnings as `<project> <card> <side> <layer>: <message>`. */
  warnings: string[];
}

/** Lay out the front and the back of every card of `set`, card by card. */
export function layoutFaces(project: string, set: CardSet, measurer: TextMeasurer): ProjectFace[] {
  return set.cards.flatMap((card) =>
    (['front', 'back'] as const).map((side) => {
      const r = layoutFace(set, card, side, measurer);
      return { project, set, card, side, list: r.list, warnings: r.warnings.map((w) => `${project} ${w.cardId} ${side} ${w.layer}: ${w.message}`) };
    }),
  );
}

/** Every text op of a draw list, inside groups too, in drawing order. */
export function textOps(list: DrawList): TextOp[] {
  const out: TextOp[] = [];
  walkOps(list.ops, (op) => op.op === 'text' && out.push(op));
  return out;
}

/** The font a face is read with by the checks. */
export type FontOf = (face: FontFaceId) => Font;

/**
 * The font files the writers embed, opened with fontkit (for glyph bounding boxes), each parsed
 * once on first use.
 */
export function fontkitFonts(fonts: Pick<FontService, 'fontFile'>): FontOf {
  const parsed = new Map<FontFaceId, Font>();
  return (face) => {
    let fk = parsed.get(face);
    if (!fk) parsed.set(face, (fk = fontkit.create(readFileSync(fonts.fontFile(face)))));
    return fk;
  };
}

/** Texts set smaller than `minPt` points. */
export function textsBelowSize(faces: readonly ProjectFace[], minPt: number): string[] {
  return faces.flatMap((x) => textOps(x.list).filter((t) => t.size < minPt).map((t) => `${x.card.id} ${x.side} ${t.id}: ${t.size} pt`));
}

/** Characters a text's face has no glyph for, once per card, layer and character. */
export function missingGlyphs(faces: readonly ProjectFace[], fontOf: FontOf): string[] {
  const missing = new Set<string>();
  for (const x of faces)
    for (const t of textOps(x.list))
      for (const ch of t.text) if (!fontOf(t.face).hasGlyphForCodePoint(ch.codePointAt(0)!)) missing.add(`${t.face} "${ch}" (${x.card.id} ${x.side} ${t.id})`);
  return [...missing];
}

/**
 * Texts whose ink leaves the safe zone of their project's card: horizontally by the advance
 * width (less the trailing letter spacing), vertically by the glyphs' bounding boxes.
 */
export function textOutsideSafeZone(faces: readonly ProjectFace[], fontOf: FontOf): string[] {
  const eps = 0.01;
  const out: string[] = [];
  for (const x of faces) {
    const { width, height, safe } = x.set.file.card;
    for (const t of textOps(x.list)) {
      const font = fontOf(t.face);
      const mmPerUnit = ptToMm(t.size) / font.unitsPerEm;
      let top = Infinity;
      let bottom = -Infinity;
      for (const ch of t.text) {
        const { bbox } = font.glyphForCodePoint(ch.codePointAt(0)!);
        if (bbox.maxY === bbox.minY) continue; // spaces
        top = Math.min(top, t.y - bbox.maxY * mmPerUnit);
        bottom = Math.max(bottom, t.y - bbox.minY * mmPerUnit);
      }
      const right = t.x + t.width - (t.letterSpacing ?? 0);
      if (t.x < safe - eps || right > width - safe + eps || top < safe - eps || bottom > height - safe + eps)
        out.push(`${x.card.id} ${x.side} ${t.id} "${t.text}": x ${t.x}–${right.toFixed(2)}, y ${top.toFixed(2)}–${bottom.toFixed(2)}`);
    }
  }
  return out;
}

/** WCAG 2 relative luminance of a `#RRGGBB` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two `#RRGGBB` colours, 1 to 21. */
function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The fill colour of an opaque rect or a filled ellipse that covers the point, if it does. */
function fillUnder(op: DrawOp, px: number, py: number): string | undefined {
  if (op.op === 'rect' && op.fill && (op.fill.opacity ?? 1) === 1 && px >= op.x && px <= op.x + op.w && py >= op.y && py <= op.y + op.h) return op.fill.color;
  if (op.op === 'ellipse' && op.fill && ((px - op.cx) / op.rx) ** 2 + ((py - op.cy) / op.ry) ** 2 <= 1) return op.fill.color;
  return undefined;
}

/**
 * Top-level texts below WCAG AA contrast (4.5:1; 3:1 from 18 pt, or 14 pt bold) against the
 * nearest filled shape drawn before them under their middle, and texts with no such shape.
 */
export function lowContrastTexts(faces: readonly ProjectFace[]): string[] {
  const low: string[] = [];
  for (const x of faces) {
    const ops = x.list.ops;
    ops.forEach((t, i) => {
      if (t.op !== 'text') return;
      const cx = t.x + t.width / 2;
      const cy = t.y - ptToMm(t.size) * 0.35;
      let bg: string | undefined;
      for (let j = i - 1; j >= 0 && !bg; j--) bg = fillUnder(ops[j]!, cx, cy);
      if (bg === undefined) {
        low.push(`${x.card.id} ${x.side} ${t.id} "${t.text}": no filled shape under it`);
        return;
      }
      const large = t.size >= 18 || (t.size >= 14 && t.face === 'sans-bold');
      const r = contrastRatio(t.color, bg);
      if (r < (large ? 3 : 4.5)) low.push(`${x.card.id} ${x.side} ${t.id} "${t.text}": ${t.color} on ${bg} = ${r.toFixed(2)}`);
    });
  }
  return low;
}

/**
 * The ops of a card side as sorted lines, as drawn (`turn` false) or after a half turn of a card
 * `width` × `height` mm: a side that looks the same both ways gives the same lines. Rects,
 * images, ellipses and lines are compared by place and paint; any other op gives a line naming
 * it that is the same either way.
 */
export function halfTurnKeys(ops: readonly DrawOp[], width: number, height: number, turn: boolean): string[] {
  const [W, H] = [width, height];
  const r = (v: number): string => (Math.round(v * 100) / 100).toFixed(2);
  const key = (op: DrawOp): string => {
    const paint = JSON.stringify([(op as { fill?: unknown }).fill, (op as { stroke?: unknown }).stroke, (op as { radius?: unknown }).radius, (op as { ref?: unknown }).ref]);
    switch (op.op) {
      case 'rect':
      case 'image':
        return `${op.op} ${r(turn ? W - op.x - op.w : op.x)} ${r(turn ? H - op.y - op.h : op.y)} ${r(op.w)} ${r(op.h)} ${paint}`;
      case 'ellipse':
        return `ellipse ${r(turn ? W - op.cx : op.cx)} ${r(turn ? H - op.cy : op.cy)} ${r(op.rx)} ${r(op.ry)} ${paint}`;
      case 'line': {
        const a = turn ? [W - op.x1, H - op.y1] : [op.x1, op.y1];
        const b = turn ? [W - op.x2, H - op.y2] : [op.x2, op.y2];
        return `line ${[a, b].map((p) => p.map(r).join(',')).sort().join(' ')} ${paint}`;
      }
      default:
        return `${op.op} is not allowed on the back: it cannot be turned`;
    }
  };
  return ops.map(key).sort();
}
