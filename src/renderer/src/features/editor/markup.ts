/**
 * Editing a text layer's markup (see shared/cards/rich.ts) from the properties panel: insert a
 * token (`{{column}}`, `{{column:map}}`, `{{icon:name}}`) at the caret, wrap the selection in a
 * bold or colour span, and the template's `icons` and `maps` as the panel edits them.
 */
import { dictOf } from '../../../../shared/util/dict';

/** Text after an edit, with the selection to restore. */
export interface MarkupEdit {
  text: string;
  start: number;
  end: number;
}

const clampRange = (text: string, start: number, end: number): [number, number] => {
  const a = Math.max(0, Math.min(text.length, Math.min(start, end)));
  const b = Math.max(0, Math.min(text.length, Math.max(start, end)));
  return [a, b];
};

/**
 * Put `token` in place of the selection (at the caret when nothing is selected); the caret goes after it.
 * @example insertToken('Luck +1', 5, 5, '{{icon:luck}}').text // 'Luck {{icon:luck}}+1'
 */
export function insertToken(text: string, start: number, end: number, token: string): MarkupEdit {
  const [a, b] = clampRange(text, start, end);
  const out = text.slice(0, a) + token + text.slice(b);
  return { text: out, start: a + token.length, end: a + token.length };
}

/**
 * Wrap the selection in `open` … `close`, keeping it selected. With nothing selected the pair is
 * inserted with the caret between, ready to type into.
 * @example wrapSpan('gain 2 luck', 5, 6, '**', '**').text // 'gain **2** luck'
 */
export function wrapSpan(text: string, start: number, end: number, open: string, close: string): MarkupEdit {
  const [a, b] = clampRange(text, start, end);
  const out = text.slice(0, a) + open + text.slice(a, b) + close + text.slice(b);
  return { text: out, start: a + open.length, end: b + open.length };
}

/** The opening of a colour span: `[#C23B22]`, or a binding such as `[{{attr:colour}}]`. */
export const colourOpen = (colour: string): string => `[${colour}]`;

/** Icon names the schema takes: letters, digits, `-` and `_`. */
export const ICON_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * A free icon name for an image ref: its file name without extension, reduced to the allowed
 * characters, numbered when taken.
 * @example iconNameFor('file:art/Four Leaf.png', new Set()) // 'Four-Leaf'
 */
export function iconNameFor(ref: string, taken: ReadonlySet<string>): string {
  const base = ref.replace(/^.*[/:]/, '').replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'icon';
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/**
 * A value map as the panel shows it: one `key = value` per line.
 * @example mapText({ fire: '#C23B22' }) // 'fire = #C23B22'
 */
export function mapText(map: Readonly<Record<string, string>>): string {
  return Object.entries(map).map(([k, v]) => `${k} = ${v}`).join('\n');
}

/**
 * Read `key = value` lines back; blank lines are skipped. A line without `=` is an error naming it
 * (1-based), so the panel can say which one to fix.
 */
export function parseMapText(text: string): { map: Record<string, string> } | { badLine: number } {
  // Map keys are the user's values: `constructor` or `__proto__` is an ordinary entry.
  const map = dictOf<string>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const at = line.indexOf('=');
    if (at <= 0) return { badLine: i + 1 };
    map[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { map };
}

/** A focal point from a click at (px, py) in a box of w × h pixels, each 0..1 to two decimals. */
export function focusAt(px: number, py: number, w: number, h: number): { x: number; y: number } {
  const c = (v: number): number => Math.round(Math.max(0, Math.min(1, v)) * 100) / 100;
  return { x: c(w > 0 ? px / w : 0.5), y: c(h > 0 ? py / h : 0.5) };
}
