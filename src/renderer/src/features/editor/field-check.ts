/**
 * One bad field never blocks a save. Each layer is checked alone against the schema; a property
 * it refuses (an image source cleared, a size typed as text) goes back to the value the file holds,
 * or is left out when the file has none, so the rest of the template is saved as usual while the
 * field shows its problem. A layer that still does not pass is saved as the file had it (or not
 * at all when it is new).
 */
import './zod-jitless';
import { issueText } from '../../../../shared/cards/issue-text';
import { Layer } from '../../../../shared/cards/schema';
import type { LayerJson, TemplateJson } from './layers';

/** A refused property of a layer, said in both languages (what it should be). */
export interface FieldIssue {
  layer: string;
  prop: string;
  text: { zh: string; en: string };
}

function findLayer(layers: readonly LayerJson[] | undefined, id: string): LayerJson | undefined {
  for (const l of layers ?? []) {
    if (l.id === id) return l;
    const inner = findLayer(l.layers, id);
    if (inner) return inner;
  }
  return undefined;
}

/** The layer as it can be saved (null: leave it out), and the issues found on the way. */
function fixLayer(l: LayerJson, saved: TemplateJson | null, issues: FieldIssue[]): LayerJson | null {
  let layer = l;
  if (l.type === 'group' && Array.isArray(l.layers)) {
    const children = l.layers.map((c) => fixLayer(c, saved, issues)).filter((c): c is LayerJson => c !== null);
    if (children.some((c, i) => c !== l.layers![i]) || children.length !== l.layers.length) layer = { ...l, layers: children };
  }
  const r = Layer.safeParse(layer);
  if (r.success) return layer;
  const before = findLayer(saved?.layers, l.id);
  const patched: LayerJson = { ...layer };
  for (const i of r.error.issues) {
    const prop = i.path[0];
    if (typeof prop !== 'string' || prop === 'layers') continue;
    if (!issues.some((x) => x.layer === l.id && x.prop === prop)) issues.push({ layer: l.id, prop, text: issueText(i) });
    if (before && prop in before) patched[prop] = before[prop];
    else delete patched[prop];
  }
  if (Layer.safeParse(patched).success) return patched;
  return before && Layer.safeParse(before).success ? before : null;
}

/**
 * The template as it can be saved against what the file holds (`saved`), and the fields refused.
 * @example saveable(t, saved).template // t with a cleared image source put back to the file's
 */
export function saveable(t: TemplateJson, saved: TemplateJson | null): { template: TemplateJson; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const layers = t.layers.map((l) => fixLayer(l, saved, issues)).filter((l): l is LayerJson => l !== null);
  const same = layers.length === t.layers.length && layers.every((l, i) => l === t.layers[i]);
  return { template: same ? t : { ...t, layers }, issues };
}
