/** Values a template binds to: the card's fields plus `id` and `copies`. */
export type BindingScope = Record<string, string>;

/** A binding that named a column the card set does not have. */
export interface BindingProblem {
  column: string;
  map?: string;
}

/** `{{column}}`, `{{column:map}}`; a `|rich` suffix (markup in text layers, see rich.ts) binds the same value. */
const BINDING = /\{\{\s*([^}:|\s]+)\s*(?::\s*([^}|\s]+)\s*)?(?:\|\s*rich\s*)?\}\}/g;

/**
 * Replace `{{column}}` with the card's value and `{{column:map}}` with `maps[map][value]`
 * (or the value itself when the map has no entry). Unknown columns and maps become '' and are
 * reported, so the editor can point at them.
 * @example bind('{{zodiac}}·{{attr:colour}}', { zodiac: '鼠', attr: '福' }, { colour: { 福: '#C8102E' } }).text === '鼠·#C8102E'
 */
export function bind(
  template: string,
  scope: BindingScope,
  maps: Record<string, Record<string, string>>,
): { text: string; problems: BindingProblem[] } {
  const problems: BindingProblem[] = [];
  const text = template.replace(BINDING, (_, column: string, map?: string) => {
    const v = lookup(scope, column);
    if (v === undefined) {
      problems.push({ column });
      return '';
    }
    if (map === undefined) return v;
    const table = lookup(maps, map);
    if (!table) {
      problems.push({ column, map });
      return v;
    }
    return lookup(table, v) ?? v;
  });
  return { text, problems };
}

/**
 * `obj[key]` when `obj` has `key` itself, else undefined. Scopes and maps come from a project's
 * files, so `constructor`, `toString` or `__proto__` must read as missing, never as what every
 * object inherits.
 * @example lookup({}, 'constructor') === undefined
 */
export function lookup<T>(obj: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** The columns a template string refers to; in a text layer's markup (`text`) `{{icon:…}}` is an icon, not a column. */
export function boundColumns(template: string, text = false): string[] {
  return [...template.matchAll(BINDING)].filter((m) => !(text && m[1] === 'icon' && m[2] !== undefined)).map((m) => m[1]!);
}
