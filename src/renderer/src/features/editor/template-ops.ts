/**
 * Edits of a template as pure functions: each takes the template JSON and answers a new one
 * (never mutating its input), so the history can keep the before and after of every step.
 */
import { allIds, findLayer, layerBox, moveLayer, r2, unionBox, uniqueId, type AddableKind, type Box, type LayerJson, type TemplateJson } from './layers';

/** Map the layer list (and every group's children) through `fn`; `null` drops a layer. */
export function mapLayers(layers: readonly LayerJson[], fn: (l: LayerJson) => LayerJson | null): LayerJson[] {
  const out: LayerJson[] = [];
  for (const l of layers) {
    const next = fn(l);
    if (!next) continue;
    out.push(next.type === 'group' && next.layers ? { ...next, layers: mapLayers(next.layers, fn) } : next);
  }
  return out;
}

/** Replace the layers with `id` in `ids` by `fn(layer)`, at any depth. */
export function updateLayers(t: TemplateJson, ids: ReadonlySet<string>, fn: (l: LayerJson) => LayerJson): TemplateJson {
  const walk = (ls: readonly LayerJson[]): LayerJson[] =>
    ls.map((l) => {
      if (ids.has(l.id)) return fn(l);
      return l.type === 'group' && l.layers ? { ...l, layers: walk(l.layers) } : l;
    });
  return { ...t, layers: walk(t.layers) };
}

/**
 * Set fields of one layer; a value of `undefined` removes the field (so "no stroke" leaves no
 * `"stroke"` key behind).
 */
export function patchLayer(t: TemplateJson, id: string, patch: Record<string, unknown>): TemplateJson {
  return updateLayers(t, new Set([id]), (l) => {
    const next: LayerJson = { ...l };
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) delete next[k];
      else next[k] = v;
    }
    return next;
  });
}

/** A new layer of `kind`, centred on the card, with fields a designer can see at once. */
export function newLayer(kind: AddableKind, card: { width: number; height: number }, taken: ReadonlySet<string>, column?: string): LayerJson {
  const W = card.width;
  const H = card.height;
  const w = r2(W / 2);
  const h = r2(Math.min(H / 4, 12));
  const x = r2((W - w) / 2);
  const y = r2((H - h) / 2);
  const id = uniqueId(kind, taken);
  switch (kind) {
    case 'rect':
      return { id, type: 'rect', x, y, w, h, radius: 1, fill: '#E0B45A' };
    case 'ellipse':
      return { id, type: 'ellipse', x: r2((W - h) / 2), y, w: h, h, fill: '#2A9D8F' };
    case 'line':
      return { id, type: 'line', x, y: r2(H / 2), x2: r2(x + w), y2: r2(H / 2), stroke: '#1F1A17', strokeWidth: 0.4 };
    case 'text':
      return { id, type: 'text', x, y, w, h, text: column ? `{{${column}}}` : '文字 Text', face: 'sans', size: 10, color: '#1F1A17', align: 'center', valign: 'middle', fit: 'shrink' };
    case 'image':
      return { id, type: 'image', x: r2((W - h * 1.5) / 2), y, w: r2(h * 1.5), h: r2(h * 1.5), src: column ? `{{${column}}}` : 'icon:fluent-emoji-flat:red-envelope' };
    case 'table':
      return { id, type: 'table', x, y, w, rows: 'A | B\n1 | 2', columns: [{ width: 1 }, { width: 1, align: 'right' }], header: true, face: 'sans', size: 7, rowHeight: 4, color: '#1F1A17', headerFill: '#F0E4C8' };
  }
}

/** Add `layers` on top (ids made unique), answering the template and the ids they got. */
export function addLayers(t: TemplateJson, layers: readonly LayerJson[]): { template: TemplateJson; ids: string[] } {
  const taken = allIds(t.layers);
  const ids: string[] = [];
  const rename = (l: LayerJson): LayerJson => {
    const id = uniqueId(l.id, taken);
    taken.add(id);
    return l.type === 'group' && l.layers ? { ...l, id, layers: l.layers.map(rename) } : { ...l, id };
  };
  const added = layers.map((l) => {
    const r = rename(l);
    ids.push(r.id);
    return r;
  });
  return { template: { ...t, layers: [...t.layers, ...added] }, ids };
}

/** Remove layers (at any depth); a group left empty goes too. */
export function removeLayers(t: TemplateJson, ids: ReadonlySet<string>): TemplateJson {
  const walk = (ls: readonly LayerJson[]): LayerJson[] =>
    ls.flatMap((l) => {
      if (ids.has(l.id)) return [];
      if (l.type !== 'group' || !l.layers) return [l];
      const kids = walk(l.layers);
      return kids.length ? [{ ...l, layers: kids }] : [];
    });
  return { ...t, layers: walk(t.layers) };
}

/** Copies of layers, moved by `offset` mm, placed right above their originals (or on top for nested ones). */
export function duplicateLayers(t: TemplateJson, ids: readonly string[], offset = 2): { template: TemplateJson; ids: string[] } {
  const copies = ids.map((id) => findLayer(t.layers, id)).filter((l): l is LayerJson => !!l).map((l) => moveLayer(structuredClone(l), offset, offset));
  return addLayers(t, copies);
}

/** Where a layer goes in the paint order. */
export type ReorderHow = 'up' | 'down' | 'top' | 'bottom';

/** Move a layer in its own list (top level or its group): up = painted later (in front). */
export function reorderLayer(t: TemplateJson, id: string, how: ReorderHow): TemplateJson {
  const move = (ls: readonly LayerJson[]): LayerJson[] => {
    const i = ls.findIndex((l) => l.id === id);
    if (i < 0) return ls.map((l) => (l.type === 'group' && l.layers ? { ...l, layers: move(l.layers) } : l));
    const out = [...ls];
    const [l] = out.splice(i, 1);
    const to = how === 'up' ? Math.min(out.length, i + 1) : how === 'down' ? Math.max(0, i - 1) : how === 'top' ? out.length : 0;
    out.splice(to, 0, l!);
    return out;
  };
  return { ...t, layers: move(t.layers) };
}

/**
 * Put top-level layers into one group, placed where the topmost of them was; children keep their
 * card coordinates and paint order. Nested layers are left where they are.
 */
export function groupLayers(t: TemplateJson, ids: readonly string[]): { template: TemplateJson; id: string | undefined } {
  const set = new Set(ids);
  const members = t.layers.filter((l) => set.has(l.id));
  if (members.length < 2) return { template: t, id: undefined };
  const id = uniqueId('group', allIds(t.layers));
  const last = Math.max(...members.map((m) => t.layers.indexOf(m)));
  const layers: LayerJson[] = [];
  t.layers.forEach((l, i) => {
    if (i === last) layers.push({ id, type: 'group', layers: members });
    if (!set.has(l.id)) layers.push(l);
  });
  return { template: { ...t, layers }, id };
}

/** Replace a top-level group by its children (its opacity, `when` and rotation are dropped with it). */
export function ungroupLayer(t: TemplateJson, id: string): { template: TemplateJson; ids: string[] } {
  const g = t.layers.find((l) => l.id === id && l.type === 'group');
  if (!g) return { template: t, ids: [] };
  const kids = g.layers ?? [];
  return { template: { ...t, layers: t.layers.flatMap((l) => (l === g ? kids : [l])) }, ids: kids.map((k) => k.id) };
}

/** Move layers by per-layer shifts (align, distribute), keyed by id. */
export function shiftLayers(t: TemplateJson, shifts: ReadonlyMap<string, { dx: number; dy: number }>): TemplateJson {
  return updateLayers(t, new Set(shifts.keys()), (l) => {
    const s = shifts.get(l.id)!;
    return s.dx || s.dy ? moveLayer(l, s.dx, s.dy) : l;
  });
}

/** The boxes of layers by id, in the order given (missing ids left out). */
export function boxesOf(t: TemplateJson, ids: readonly string[]): { id: string; box: Box }[] {
  return ids.map((id) => ({ id, l: findLayer(t.layers, id) })).filter((e): e is { id: string; l: LayerJson } => !!e.l).map((e) => ({ id: e.id, box: layerBox(e.l) }));
}

/** The box around the selection. */
export function selectionBox(t: TemplateJson, ids: readonly string[]): Box | undefined {
  return unionBox(boxesOf(t, ids).map((b) => b.box));
}

/** Whether a layer or any group around it is locked (locked layers are not picked or moved on the canvas). */
export function isLocked(t: TemplateJson, id: string): boolean {
  let locked = false;
  const walk = (ls: readonly LayerJson[], up: boolean): boolean => {
    for (const l of ls) {
      const here = up || l.locked === true;
      if (l.id === id) return (locked = here), true;
      if (l.layers && walk(l.layers, here)) return true;
    }
    return false;
  };
  walk(t.layers, false);
  return locked;
}

/** Why a layer cannot be renamed to `to` (a catalogue key), or undefined when it can. */
export function layerIdProblem(t: TemplateJson, from: string, to: string): 'editor.idEmpty' | 'editor.idTaken' | undefined {
  if (to.trim() === '') return 'editor.idEmpty';
  if (to !== from && allIds(t.layers).has(to)) return 'editor.idTaken';
  return undefined;
}

/** Rename a layer (its id is the name the layer list and warnings show); other layers are untouched. */
export function renameLayer(t: TemplateJson, from: string, to: string): TemplateJson {
  return { ...t, layers: mapLayers(t.layers, (l) => (l.id === from ? { ...l, id: to } : l)) };
}
