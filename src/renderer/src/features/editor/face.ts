/**
 * One face as the editor shows it: the template being edited (maybe unsaved, maybe with a layer
 * the schema refuses while the designer is typing) laid out with one row of data by the shared
 * layout, in the renderer. Each layer is checked on its own (a group's children one by one), so one
 * bad field hides only that layer and is reported on it; the warnings of layout (unknown column,
 * overflow, unknown icon), missing glyphs, raster images below 300 DPI at their printed size and
 * layers outside the safe zone are collected per layer.
 * Rotation, hidden layers, groups, image fit and inline icons are drawn by the shared layout.
 */
import './zod-jitless';
import { issueText, type IssueLike } from '../../../../shared/cards/issue-text';
import { i18n } from '../../i18n/I18n.svelte';
import { layoutFace } from '../../../../shared/cards/layout';
import { CARD_SET_SCHEMA_VERSION, Layer, TemplateFile as TemplateFileSchema, type Card, type CardSet, type CardSetFile, type TemplateFile } from '../../../../shared/cards/schema';
import { walkOps, type DrawList } from '../../../../shared/cards/draw-list';
import type { TextMeasurer } from '../../../../shared/cards/fonts';
import type { ImagePixels } from '../../../../shared/ipc/contract';
import { imageDpi } from '../../../../shared/print/preflight';
import { layerBox, walkLayers, type LayerJson, type TemplateJson } from './layers';
import type { CardGeometry } from './snap';

/** A laid-out face with what to say about each layer. */
export interface EditorFace {
  list: DrawList;
  /** Messages per layer id (English; the view shows them beside the layer). */
  warnings: Map<string, string[]>;
  /** Image refs the face draws. */
  refs: Set<string>;
}

/** The resolution below which an image layer is warned about (as export preflight does). */
export const MIN_DPI = 300;

/** Problems of the template as a whole (not of one layer), e.g. a bad `icons` entry; keyed by this id. */
export const TEMPLATE_WARNING = '(template)';

const push = (m: Map<string, string[]>, id: string, msg: string): void => {
  const a = m.get(id);
  if (a) a.push(msg);
  else m.set(id, [msg]);
};

/** A layer's schema issues as `path: what it should be`, the latter in the interface language (see `warningText`). */
const issuesText = (issues: readonly IssueLike[], fallback: string): string =>
  issues.slice(0, 2).map((i) => `${i.path.map(String).join('.') || fallback}: ${i18n.pick(issueText(i))}`).join('; ');

/** The template as the layout takes it: every layer checked alone; see the module comment. */
export function prepareTemplate(t: TemplateJson): { template: TemplateFile; problems: Map<string, string[]> } {
  const problems = new Map<string, string[]>();
  const check = (l: LayerJson): Layer | null => {
    // A group is kept with the children that pass, so one bad child does not hide its siblings.
    const input = l.type === 'group' && Array.isArray(l.layers) ? { ...l, layers: l.layers.map(check).filter((c): c is Layer => c !== null) } : l;
    const r = Layer.safeParse(input);
    if (r.success) return r.data;
    push(problems, typeof l.id === 'string' && l.id ? l.id : TEMPLATE_WARNING, issuesText(r.error.issues, 'layer'));
    return null;
  };
  const layers = t.layers.map(check).filter((l): l is Layer => l !== null);
  const maps = TemplateFileSchema.shape.maps.safeParse(t.maps ?? {});
  const icons = TemplateFileSchema.shape.icons.safeParse(t.icons);
  if (!maps.success) push(problems, TEMPLATE_WARNING, issuesText(maps.error.issues, 'maps'));
  if (!icons.success) push(problems, TEMPLATE_WARNING, issuesText(icons.error.issues, 'icons'));
  const template: TemplateFile = { schemaVersion: CARD_SET_SCHEMA_VERSION, name: t.name, maps: maps.success ? maps.data : {}, layers };
  if (icons.success && icons.data) template.icons = icons.data;
  return { template, problems };
}

/**
 * Lay out `template` with `card`'s data at the card geometry, in the renderer.
 * @example layoutEditorFace(tpl, card, geometry, measurer).list.ops
 */
export function layoutEditorFace(t: TemplateJson, card: Card, geometry: CardGeometry, m: TextMeasurer, pixels: Readonly<Record<string, ImagePixels>> = {}): EditorFace {
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
    if (op.op === 'image') {
      refs.add(op.ref);
      const px = pixels[op.ref];
      if (op.id && px && !px.vector && px.widthPx > 0 && px.heightPx > 0 && op.w > 0 && op.h > 0) {
        const { dpi, drawn } = imageDpi(op, px);
        if (dpi < MIN_DPI - 0.5) {
          const need = `${Math.ceil((drawn.w / 25.4) * MIN_DPI)} × ${Math.ceil((drawn.h / 25.4) * MIN_DPI)}`;
          push(warnings, op.id, `Image "${op.ref}" (${px.widthPx} × ${px.heightPx} px) prints at ${Math.floor(dpi)} DPI at ${drawn.w.toFixed(1)} × ${drawn.h.toFixed(1)} mm; ${MIN_DPI} DPI needs ${need} px. Use a larger image or make the layer smaller.`);
        }
      }
    }
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
  return { list: laid.list, warnings, refs };
}
