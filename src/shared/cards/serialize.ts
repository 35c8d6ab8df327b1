import type { Layer, TemplateFile } from './schema';
import { templateFileVersion } from './migrations';

/**
 * The text of a `*.template.json` file: 2-space JSON, a final newline, one layer per line (a diff
 * shows which layer changed), keys in a fixed order whatever order they were set in:
 *
 *   file:   schemaVersion, name, maps, icons, layers (then any others)
 *   layer:  id, when, type, the type's fields in schema order, opacity, rotation, locked, hidden
 *           (a group's `layers` last, its children one per line, indented)
 *
 * Map and icon entries keep their order (their keys are names, not fields). Absent and undefined
 * fields are left out; nothing is filled in. `schemaVersion` is written as given: use
 * `templateFileVersion` for the lowest version the content needs (see `templateText`).
 */
export function serializeTemplate(t: TemplateFile | Record<string, unknown>): string {
  const file = t as Record<string, unknown>;
  const out: string[] = [];
  for (const k of orderKeys(file, FILE_KEYS)) {
    const v = file[k];
    if (k === 'layers' && Array.isArray(v)) out.push(`  "layers": ${layersText(v as Layer[], '  ')}`);
    else out.push(`  ${JSON.stringify(k)}: ${JSON.stringify(v, null, 2).replace(/\n/g, '\n  ')}`);
  }
  return `{\n${out.join(',\n')}\n}\n`;
}

/** `serializeTemplate` of `t` at the lowest format version its content needs (and at least 1). */
export function templateText(t: TemplateFile | Record<string, unknown>): string {
  return serializeTemplate({ ...(t as Record<string, unknown>), schemaVersion: templateFileVersion(t as Record<string, unknown>) });
}

const FILE_KEYS = ['schemaVersion', 'name', 'maps', 'icons', 'layers'];
const COMMON_TAIL = ['opacity', 'rotation', 'locked', 'hidden'];
const BOX = ['x', 'y', 'w', 'h'];
/** The order of each layer type's own fields (those between `type` and the common tail). */
const LAYER_KEYS: Record<Layer['type'], string[]> = {
  rect: [...BOX, 'bleedExtend', 'radius', 'fill', 'gradient', 'stroke', 'strokeWidth', 'shadow'],
  ellipse: [...BOX, 'fill', 'gradient', 'stroke', 'strokeWidth', 'shadow'],
  line: ['x', 'y', 'x2', 'y2', 'stroke', 'strokeWidth', 'dash'],
  text: [...BOX, 'text', 'face', 'size', 'minSize', 'color', 'align', 'valign', 'lineHeight', 'fit', 'letterSpacing'],
  image: [...BOX, 'src', 'bleedExtend', 'fit', 'focus', 'clip', 'shadow'],
  table: ['x', 'y', 'w', 'rows', 'columns', 'header', 'face', 'headerFace', 'size', 'rowHeight', 'color', 'headerFill', 'headerColor', 'stripeFill'],
  group: [],
};
/** Key orders of the small objects inside layers. */
const NESTED_KEYS: Record<string, string[]> = {
  when: ['field', 'equals', 'notEquals'],
  focus: ['x', 'y'],
  columns: ['width', 'align'],
  gradient: ['type', 'angle', 'stops'],
  stops: ['at', 'color'],
  shadow: ['x', 'y', 'blur', 'color', 'opacity'],
  clip: ['shape', 'radius', 'layer'],
};

function orderKeys(obj: Record<string, unknown>, order: readonly string[]): string[] {
  const keys = order.filter((k) => Object.hasOwn(obj, k) && obj[k] !== undefined);
  for (const k of Object.keys(obj)) if (!order.includes(k) && obj[k] !== undefined) keys.push(k);
  return keys;
}

function compact(v: unknown, key: string): string {
  if (Array.isArray(v)) return `[${v.map((x) => compact(x, key)).join(',')}]`;
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const obj = v as Record<string, unknown>;
  return `{${orderKeys(obj, Object.hasOwn(NESTED_KEYS, key) ? NESTED_KEYS[key]! : []).map((k) => `${JSON.stringify(k)}:${compact(obj[k], k)}`).join(',')}}`;
}

function layerText(l: Layer, indent: string): string {
  const obj = l as unknown as Record<string, unknown>;
  const own = Object.hasOwn(LAYER_KEYS, l.type) ? LAYER_KEYS[l.type] : [];
  const order = ['id', 'when', 'type', ...own, ...COMMON_TAIL, 'layers'];
  const parts = orderKeys(obj, order).map((k) => {
    const v = obj[k];
    if (k === 'layers' && l.type === 'group' && Array.isArray(v)) return `"layers":${layersText(v as Layer[], indent)}`;
    return `${JSON.stringify(k)}:${compact(v, k)}`;
  });
  return `{${parts.join(',')}}`;
}

function layersText(layers: readonly Layer[], indent: string): string {
  if (!layers.length) return '[]';
  const inner = `${indent}  `;
  return `[\n${layers.map((l) => inner + layerText(l, inner)).join(',\n')}\n${indent}]`;
}
