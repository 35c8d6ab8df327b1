import { display, evaluate, expressionColumns, isExpression, type ExprError } from './expr';

/** Values a template binds to: the card's fields plus `id` and `copies`. */
export type BindingScope = Record<string, string>;

/** A binding that named a column the card set does not have, or an expression that cannot be evaluated. */
export type BindingProblem = { column: string; map?: string } | { expression: string; error: ExprError };

/** `{{column}}`, `{{column:map}}`; a `|rich` suffix (markup in text layers, see rich.ts) binds the same value. */
const BINDING = /\{\{\s*([^}:|\s]+)\s*(?::\s*([^}|\s]+)\s*)?(?:\|\s*rich\s*)?\}\}/g;
/** Any `{{…}}`: a plain binding as above, or an expression (`{{cost * 2}}`, `{{upper(name)}}`). */
const ANY_BINDING = /\{\{([^{}]{1,2000})\}\}/g;

/**
 * The text of expression `src` for a card, or '' with a problem (never a throw).
 * @example bindExpression('cost * 2', { cost: '3' }, []) === '6'
 */
export function bindExpression(src: string, scope: BindingScope, problems: BindingProblem[]): string {
  const r = evaluate(src, scope);
  if (r.ok) return display(r.value);
  problems.push({ expression: src.trim(), error: r.error });
  return '';
}

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
  const text = template.replace(ANY_BINDING, (whole: string, inner: string) => {
    if (isExpression(inner)) return bindExpression(inner, scope, problems);
    const m = new RegExp(BINDING.source).exec(whole);
    if (!m) return whole;
    const column = m[1]!;
    const map = m[2];
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
  const out: string[] = [];
  for (const m of template.matchAll(ANY_BINDING)) {
    const inner = m[1]!;
    if (isExpression(inner)) {
      for (const c of expressionColumns(inner)) if (c !== 'field') out.push(c);
      continue;
    }
    const b = new RegExp(BINDING.source).exec(m[0]);
    if (b && !(text && b[1] === 'icon' && b[2] !== undefined)) out.push(b[1]!);
  }
  return out;
}
