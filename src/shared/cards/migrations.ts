import { CARD_SET_SCHEMA_VERSION } from './schema';
import { isExpression } from './expr';
import { err, ok, type Result } from '../util/result';

/** One upgrade step: takes a file object at `from` and returns it at `from + 1`. */
export interface Migration {
  from: number;
  /** What changed, for the changelog and error messages. */
  description: string;
  up(file: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Upgrade steps for project and template files, oldest first. A format change adds a step here
 * and bumps CARD_SET_SCHEMA_VERSION, and old files keep opening.
 */
export const MIGRATIONS: readonly Migration[] = [
  // Format 2 only adds fields: a format-1 file is already a valid format-2 file.
  { from: 1, description: 'project.json can give column types ("columns")', up: (file) => file },
  // Format 3 only adds fields and markup: a format-2 file is already a valid format-3 file.
  {
    from: 2,
    description: 'templates: rotation, groups, locked and hidden layers, image fit and focus, inline icons ("icons") and bold/colour spans in text; project.json can name the built-in game its table plays ("game")',
    up: (file) => file,
  },
  // Format 4 only adds project fonts (a text face "font:<file>"): a format-3 file is a valid format-4 file.
  { from: 3, description: 'templates: text in a font added to the project ("face": "font:<file>")', up: (file) => file },
  // Format 5 only adds expressions: a format-4 file is a valid format-5 file.
  {
    from: 4,
    description: 'templates: expressions in bindings ({{cost * 2}}, {{upper(name)}}) and "show when" conditions ({"expr": …}); project.json can choose templates per card by rule ("templateRules")',
    up: (file) => file,
  },
  // Format 6 only adds effects: a format-5 file is a valid format-6 file.
  { from: 5, description: 'templates: gradient fills ("gradient"), drop shadows ("shadow") and images cut to a shape or to another layer\'s outline ("clip")', up: (file) => file },
];

/**
 * The oldest format that can hold a project file: files are saved at the lowest version their
 * content needs, so that a project that uses nothing new still opens in an older app, and one
 * that does is refused there with "saved by a newer version" rather than an unknown-key error.
 */
export function projectFileVersion(file: Record<string, unknown>): number {
  // `game` joined format 3 after the format-3 template fields: an app build from those days
  // refuses it as an unknown key; apps of formats 1–2 say "saved by a newer version".
  if (file.templateRules !== undefined) return 5;
  if (file.game !== undefined) return 3;
  return file.columns !== undefined ? 2 : 1;
}

/** Layer fields new in format 3. */
const LAYER_FIELDS_3 = ['rotation', 'locked', 'hidden'] as const;
/** Text that format 3 reads as markup (see rich.ts); older apps would print it as it stands. */
const MARKUP_3 = /\*\*|\[#[0-9a-fA-F]{6}\]|\[\{\{|\[\/\]|\\|\{\{\s*icon\s*:|\|\s*rich\s*\}\}/;

/** Whether any string in the layers binds an expression, or a layer is shown by an expression (format 5). */
function usesExpressions(layers: unknown): boolean {
  const stack: unknown[] = [layers];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      for (const m of v.matchAll(/\{\{([^{}]{1,2000})\}\}/g)) if (isExpression(m[1]!)) return true;
    } else if (Array.isArray(v)) for (const x of v as unknown[]) stack.push(x);
    else if (typeof v === 'object' && v !== null) {
      if (Object.hasOwn(v, 'when') && typeof (v as { when?: unknown }).when === 'object' && (v as { when: object | null }).when !== null && 'expr' in (v as { when: object }).when) return true;
      for (const x of Object.values(v)) stack.push(x);
    }
  }
  return false;
}

/** Layer fields new in format 6: effects. */
const LAYER_FIELDS_6 = ['gradient', 'shadow', 'clip'] as const;

/** Whether any layer, in groups too, has a gradient, a shadow or a clip shape (format 6). */
function usesEffects(layers: unknown): boolean {
  const stack: unknown[] = Array.isArray(layers) ? [...(layers as unknown[])] : [];
  while (stack.length) {
    const l = stack.pop();
    if (typeof l !== 'object' || l === null) continue;
    const layer = l as Record<string, unknown>;
    if (LAYER_FIELDS_6.some((k) => layer[k] !== undefined)) return true;
    if (Array.isArray(layer.layers)) for (const x of layer.layers as unknown[]) stack.push(x);
  }
  return false;
}

/** A face of format 4: a project font. */
const projectFace = (v: unknown): boolean => typeof v === 'string' && v.startsWith('font:');

/**
 * The oldest format that can hold a template file (as `projectFileVersion` for project.json):
 * 6 when a layer has a gradient, a shadow or a clip shape; 5 when a binding is an expression or a layer is shown by one; 4 when a layer uses a project font; 3 when it uses groups, rotation, locked/hidden, image
 * fit/focus, inline icons or markup in text; otherwise 1 (formats 1 and 2 read templates alike).
 */
export function templateFileVersion(file: Record<string, unknown>): number {
  if (usesEffects(file.layers)) return 6;
  if (usesExpressions(file.layers)) return 5;
  let version = file.icons !== undefined ? 3 : 1;
  const stack: unknown[] = Array.isArray(file.layers) ? [...(file.layers as unknown[])] : [];
  while (stack.length) {
    const l = stack.pop();
    if (typeof l !== 'object' || l === null) continue;
    const layer = l as Record<string, unknown>;
    if (projectFace(layer.face) || projectFace(layer.headerFace)) return 4;
    if (layer.type === 'group') {
      version = 3;
      if (Array.isArray(layer.layers)) for (const child of layer.layers as unknown[]) stack.push(child);
    }
    if (LAYER_FIELDS_3.some((k) => layer[k] !== undefined)) version = 3;
    if (layer.type === 'image' && (layer.fit !== undefined || layer.focus !== undefined)) version = 3;
    if (layer.type === 'text' && typeof layer.text === 'string' && MARKUP_3.test(layer.text)) version = 3;
  }
  return version;
}

/**
 * Bring a parsed file to the current schema version. Files without a version, with a version
 * that is not a whole number, or from a newer app are refused with a message that says what to do.
 */
export function migrate(
  file: unknown,
  what: string,
  migrations: readonly Migration[] = MIGRATIONS,
  current: number = CARD_SET_SCHEMA_VERSION,
): Result<Record<string, unknown>> {
  if (typeof file !== 'object' || file === null || Array.isArray(file))
    return err('cards/invalid', `${what}: expected a JSON object ({ … }); the file holds something else. Restore it from git or a backup.`);
  let obj = file as Record<string, unknown>;
  const v = obj.schemaVersion;
  if (v === undefined)
    return err('cards/no-version', `${what}: "schemaVersion" is missing; add "schemaVersion": ${current} at the top if the file follows the current format.`);
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
    return err('cards/bad-version', `${what}: "schemaVersion" must be a whole number from 1 to ${current}, not ${JSON.stringify(v)}.`);
  if (v > current)
    return err('cards/newer-version', `${what}: saved by a newer version of the app (format ${v}; this app reads up to ${current}). Update the app to open it.`);
  for (let at = v; at < current; at++) {
    const step = migrations.find((m) => m.from === at);
    if (!step) return err('cards/no-migration', `${what}: no upgrade from format ${at} to ${at + 1}; this is a bug, please report it with the file.`);
    obj = { ...step.up(obj), schemaVersion: at + 1 };
  }
  return ok(obj);
}
