/**
 * One face as the editor shows it: the template being edited (maybe unsaved, maybe with a layer
 * the schema refuses while the designer is typing) laid out with one row of data by the shared
 * layout, in the renderer. Each layer is checked on its own, so one bad field hides only that
 * layer and is reported on it; the warnings of layout (unknown column, overflow), missing glyphs
 * and layers outside the safe zone are collected per layer.
 *
 * Until the shared layout draws `rotation`, `hidden` and `group` itself (detected at load by
 * asking the schema), this module does: hidden layers are left out, groups are flattened into their
 * children, and rotated layers' ops are wrapped in a rotated group op.
 */
import './zod-jitless';
import { layoutFace } from '../../../../shared/cards/layout';
import { CARD_SET_SCHEMA_VERSION, Layer, type Card, type CardSet, type CardSetFile, type TemplateFile } from '../../../../shared/cards/schema';
import { walkOps, type DrawList, type DrawOp } from '../../../../shared/cards/draw-list';
import type { TextMeasurer } from '../../../../shared/cards/fonts';
import { layerBox, walkLayers, type LayerJson, type TemplateJson } from './layers';
import type { CardGeometry } from './snap';

/** Whether the shared schema has the editor's fields (rotation, hidden, groups); then layout draws them. */
export const NATIVE_EDITOR_FIELDS = Layer.safeParse({ id: 'a', type: 'rect', x: 0, y: 0, w: 1, h: 1, rotation: 10, hidden: false, locked: false }).success;

/** Keys the editor adds that the shared schema may not know yet. */
const EDITOR_KEYS = ['rotation', 'locked', 'hidden'] as const;

/** A laid-out face with what to say about each layer. */
export interface EditorFace {
  list: DrawList;
  /** Messages per layer id (English; the view shows them beside the layer). */
  warnings: Map<string, string[]>;
  /** Image refs the face draws. */
  refs: Set<string>;
}

interface Prepared {
  template: TemplateFile;
  problems: Map<string, string[]>;
  rotations: Map<string, { deg: number; cx: number; cy: number }>;
}

const push = (m: Map<string, string[]>, id: string, msg: string): void => {
  const a = m.get(id);
  if (a) a.push(msg);
  else m.set(id, [msg]);
};

/** The template as the layout takes it: every layer checked alone; see the module comment. */
export function prepareTemplate(t: TemplateJson): Prepared {
  const problems = new Map<string, string[]>();
  const rotations = new Map<string, { deg: number; cx: number; cy: number }>();
  const layers: Layer[] = [];
  const take = (l: LayerJson, inherited: { when?: unknown; rotate?: { deg: number; cx: number; cy: number } }): void => {
    if (l.hidden === true && !NATIVE_EDITOR_FIELDS) return;
    if (l.type === 'group' && !NATIVE_EDITOR_FIELDS) {
      const b = layerBox(l);
      const rot = l.rotation ? { deg: l.rotation, cx: b.x + b.w / 2, cy: b.y + b.h / 2 } : inherited.rotate;
      for (const c of l.layers ?? []) take(c, { when: l.when ?? inherited.when, rotate: rot });
      return;
    }
    let input: Record<string, unknown> = l;
    if (!NATIVE_EDITOR_FIELDS) {
      input = { ...l };
      for (const k of EDITOR_KEYS) delete input[k];
      if (inherited.when !== undefined && input.when === undefined) input.when = inherited.when;
      const b = layerBox(l);
      if (l.rotation) rotations.set(l.id, { deg: l.rotation, cx: b.x + b.w / 2, cy: b.y + b.h / 2 });
      else if (inherited.rotate) rotations.set(l.id, inherited.rotate);
    }
    const r = Layer.safeParse(input);
    if (r.success) layers.push(r.data);
    else push(problems, l.id, r.error.issues.slice(0, 2).map((i) => `${i.path.join('.') || 'layer'}: ${i.message}`).join('; '));
  };
  for (const l of t.layers) take(l, {});
  return { template: { schemaVersion: CARD_SET_SCHEMA_VERSION, name: t.name, maps: t.maps ?? {}, layers } as TemplateFile, problems, rotations };
}

/** Wrap the ops of rotated layers in rotated groups (only while the shared layout does not). */
function rotate(ops: DrawOp[], rotations: Map<string, { deg: number; cx: number; cy: number }>): DrawOp[] {
  if (rotations.size === 0) return ops;
  return ops.map((op) => {
    const r = op.id !== undefined ? rotations.get(op.id) : undefined;
    return r ? { op: 'group', id: op.id, rotate: r, ops: [op] } : op;
  });
}

/**
 * Lay out `template` with `card`'s data at the card geometry, in the renderer.
 * @example layoutEditorFace(tpl, card, geometry, measurer).list.ops
 */
export function layoutEditorFace(t: TemplateJson, card: Card, geometry: CardGeometry, m: TextMeasurer): EditorFace {
  const p = prepareTemplate(t);
  const file = { card: { preset: 'custom', width: geometry.width, height: geometry.height, bleed: geometry.bleed, safe: geometry.safe, cornerRadius: 3 } } as CardSetFile;
  const set: CardSet = { file, cards: [], templates: { [t.name]: p.template } };
  const laid = layoutFace(set, { ...card, template: t.name }, 'front', m);
  const warnings = new Map<string, string[]>();
  for (const [id, msgs] of p.problems) for (const msg of msgs) push(warnings, id, msg);
  for (const w of laid.warnings) push(warnings, w.layer, w.message);
  const refs = new Set<string>();
  const missing = new Map<string, Set<string>>();
  walkOps(laid.list.ops, (op) => {
    if (op.op === 'image') refs.add(op.ref);
    if (op.op === 'text' && op.id)
      for (const ch of op.text)
        if (ch.trim() && !m.hasGlyph(op.face, ch.codePointAt(0)!)) {
          let s = missing.get(op.id);
          if (!s) missing.set(op.id, (s = new Set()));
          s.add(ch);
        }
  });
  for (const [id, chars] of missing) push(warnings, id, `The font has no glyph for ${[...chars].map((c) => `"${c}"`).join(', ')}; choose another face or change the text.`);
  const s = geometry.safe;
  walkLayers(t.layers, (l) => {
    if ((l.type !== 'text' && l.type !== 'table') || l.hidden) return;
    const b = layerBox(l);
    if (b.x < s - 0.01 || b.y < s - 0.01 || b.x + b.w > geometry.width - s + 0.01 || b.y + b.h > geometry.height - s + 0.01)
      push(warnings, l.id, `Layer "${l.id}" reaches outside the safe zone (${s} mm inside the trim); cutting may clip it. Move it inward.`);
  });
  return { list: { ...laid.list, ops: rotate(laid.list.ops, p.rotations) }, warnings, refs };
}
