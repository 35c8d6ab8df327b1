import { bindExpression, lookup, type BindingProblem, type BindingScope } from './bind';
import { isExpression } from './expr';

/**
 * Markup of a text layer's `text`, read before the cards' values are bound in:
 *
 *   **bold**                 bold (sans and sans-medium → sans-bold; sans-bold and brush stay)
 *   [#C23B22]red[/]          a colour span; spans nest and `[/]` closes the innermost
 *   [{{attr:colour}}]…[/]    a colour span whose colour is bound (a `#rrggbb` value or map entry)
 *   {{icon:luck}}            an inline icon at text size (template `icons`, or `{{icon:<set>:<name>}}`)
 *   {{column}}, {{column:map}}   the card's value, as literal text
 *   {{column|rich}}          the card's value read as markup too (spans and icons, no bindings)
 *   \*  \[  \{  \\           a backslash makes the next character literal
 *
 * A value bound from the cards is never read as markup unless its binding says `|rich`: a cell
 * holding `**` or `[#000000]` prints as it stands. Spans left open close at the end of the text
 * (or of the `|rich` value that opened them).
 */

/** A piece of rich text: characters in one style, or an inline icon. */
export type RichRun =
  | { kind: 'text'; text: string; bold: boolean; /** A colour as written (`#rrggbb`) or bound; undefined: the layer's. */ color?: string }
  | { kind: 'icon'; /** Asset reference of the icon. */ ref: string; bold: boolean; color?: string };

/** A problem found while reading markup: bindings as in `bind`, plus unknown icon names. */
export type RichProblem = BindingProblem | { icon: string };

/** The character standing for an inline icon in the plain text that line breaking sees. */
export const ICON_CHAR = '\uFFFC';

const BIND_AT = /\{\{\s*([^}:|\s]+)\s*(?::\s*([^}|\s]+)\s*)?(?:\|\s*(rich)\s*)?\}\}/y;
/** An expression binding, `{{cost * 2}}` (tried after plain bindings and icons). */
const EXPR_AT = /\{\{([^{}]{1,2000})\}\}/y;
const ICON_AT = /\{\{\s*icon\s*:\s*([A-Za-z0-9_-]+(?::[A-Za-z0-9_-]+)?)\s*\}\}/y;
const HEX_AT = /\[(#[0-9a-fA-F]{6})\]/y;
const BOUND_COLOUR_AT = /\[(\{\{\s*[^}:|\s]+\s*(?::\s*[^}|\s]+\s*)?\}\})\]/y;

interface State {
  bold: boolean;
  colors: (string | undefined)[];
  runs: RichRun[];
  problems: RichProblem[];
}

/** The asset reference of icon `name`: the template's `icons` entry, else `icon:<set>:<name>` for a bundled name. */
export function iconRef(name: string, icons: Readonly<Record<string, string>> | undefined): string | undefined {
  const own = icons ? lookup(icons, name) : undefined;
  if (own !== undefined) return own;
  return name.includes(':') ? `icon:${name}` : undefined;
}

function push(st: State, text: string): void {
  if (!text) return;
  const color = st.colors[st.colors.length - 1];
  const last = st.runs[st.runs.length - 1];
  if (last?.kind === 'text' && last.bold === st.bold && last.color === color) last.text += text;
  else st.runs.push(color === undefined ? { kind: 'text', text, bold: st.bold } : { kind: 'text', text, bold: st.bold, color });
}

function bindOne(column: string, map: string | undefined, scope: BindingScope, maps: Readonly<Record<string, Record<string, string>>>, problems: RichProblem[]): string {
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
}

/**
 * Read `src` as markup into `st`. `bindings` false for a `|rich` value: `{{…}}` other than icons
 * is then literal text, so a cell cannot reach other columns.
 */
function read(src: string, st: State, env: Env, bindings: boolean): void {
  let lit = '';
  const flush = () => {
    push(st, lit);
    lit = '';
  };
  for (let i = 0; i < src.length; ) {
    const c = src[i]!;
    if (c === '\\' && i + 1 < src.length) {
      const cp = src.codePointAt(i + 1)!;
      lit += String.fromCodePoint(cp);
      i += cp > 0xffff ? 3 : 2;
      continue;
    }
    if (c === '*' && src[i + 1] === '*') {
      flush();
      st.bold = !st.bold;
      i += 2;
      continue;
    }
    if (c === '[') {
      if (src.startsWith('[/]', i)) {
        flush();
        if (st.colors.length > 1) st.colors.pop();
        i += 3;
        continue;
      }
      HEX_AT.lastIndex = i;
      let m = HEX_AT.exec(src);
      if (m) {
        flush();
        st.colors.push(m[1]!.toUpperCase());
        i += m[0].length;
        continue;
      }
      BOUND_COLOUR_AT.lastIndex = i;
      m = bindings ? BOUND_COLOUR_AT.exec(src) : null;
      if (m) {
        flush();
        BIND_AT.lastIndex = 0;
        const b = BIND_AT.exec(m[1]!)!;
        st.colors.push(bindOne(b[1]!, b[2], env.scope, env.maps, st.problems).trim());
        i += m[0].length;
        continue;
      }
    }
    if (c === '{' && src[i + 1] === '{') {
      ICON_AT.lastIndex = i;
      const icon = ICON_AT.exec(src);
      if (icon) {
        flush();
        const ref = iconRef(icon[1]!, env.icons);
        if (ref === undefined) st.problems.push({ icon: icon[1]! });
        else {
          const color = st.colors[st.colors.length - 1];
          st.runs.push(color === undefined ? { kind: 'icon', ref, bold: st.bold } : { kind: 'icon', ref, bold: st.bold, color });
        }
        i += icon[0].length;
        continue;
      }
      EXPR_AT.lastIndex = i;
      const x = bindings ? EXPR_AT.exec(src) : null;
      if (x && isExpression(x[1]!)) {
        // An expression's result is literal text, like a plain binding's value.
        const found: BindingProblem[] = [];
        lit += bindExpression(x[1]!, env.scope, found);
        for (const f of found) st.problems.push(f);
        i += x[0].length;
        continue;
      }
      BIND_AT.lastIndex = i;
      const b = bindings ? BIND_AT.exec(src) : null;
      if (b) {
        const v = bindOne(b[1]!, b[2], env.scope, env.maps, st.problems);
        if (b[3]) {
          // A rich value: its spans are its own (closed at its end), its bindings are not read.
          flush();
          const bold = st.bold;
          const depth = st.colors.length;
          read(v, st, env, false);
          st.bold = bold;
          st.colors.length = depth;
        } else lit += v;
        i += b[0].length;
        continue;
      }
    }
    lit += c;
    i++;
  }
  flush();
}

interface Env {
  scope: BindingScope;
  maps: Readonly<Record<string, Record<string, string>>>;
  icons: Readonly<Record<string, string>> | undefined;
}

/**
 * A text layer's markup with the card's values bound in, as runs of one style each (adjacent runs
 * of the same style merged).
 * @example parseRich('**{{name}}** [#C23B22]red[/]', { name: 'a*b' }, {}).runs
 *   // → [{ kind:'text', text:'a*b', bold:true }, { kind:'text', text:' ', bold:false }, { kind:'text', text:'red', bold:false, color:'#C23B22' }]
 */
export function parseRich(
  src: string,
  scope: BindingScope,
  maps: Readonly<Record<string, Record<string, string>>>,
  icons?: Readonly<Record<string, string>>,
): { runs: RichRun[]; problems: RichProblem[] } {
  const st: State = { bold: false, colors: [undefined], runs: [], problems: [] };
  read(src, st, { scope, maps, icons }, true);
  return { runs: st.runs, problems: st.problems };
}

/** The text of runs when they are one plain run (no bold, colour or icon), else undefined. */
export function plainText(runs: readonly RichRun[]): string | undefined {
  if (runs.length === 0) return '';
  const r = runs[0]!;
  return runs.length === 1 && r.kind === 'text' && !r.bold && r.color === undefined ? r.text : undefined;
}

/**
 * `text` with every markup character escaped, so that it reads back as itself: what an editor
 * inserts when the designer types literal text into a markup field.
 * @example escapeMarkup('**[#C23B22]') === '\\*\\*\\[#C23B22]'
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[\\*[{]/g, (c) => `\\${c}`);
}
