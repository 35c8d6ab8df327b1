/**
 * Editing a JSON file's text as the smallest change (jsonc-parser's `modify`): a form that edits
 * a parsed file writes back only the keys and list items it changed, so what the user did not
 * touch keeps its bytes, however the file was laid out (two-space JSON stays as the app writes it).
 */
import { applyEdits, modify, type JSONPath } from 'jsonc-parser';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && same(a[k], b[k]));
  }
  return false;
}

/** One change to the text: set (or, with `value` undefined, remove) the value at `path`; `insert` puts an array item before `path`'s index. */
interface Change {
  path: JSONPath;
  value: unknown;
  insert?: boolean;
}

/** The changes that turn `a` into `b`, as deep as they can go (one key, one list item) so the rest of the text is left as it was. */
function changes(path: JSONPath, a: unknown, b: unknown, out: Change[]): void {
  if (same(a, b)) return;
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    // A key order the text cannot keep by keyed edits (a key moved): the object is rewritten.
    const kept = kb.filter((k) => k in a);
    if (kept.join('\u0000') !== ka.filter((k) => k in b).join('\u0000') || kb.slice(0, kept.length).join('\u0000') !== kept.join('\u0000')) return void out.push({ path, value: b });
    for (const k of ka) if (!(k in b)) out.push({ path: [...path, k], value: undefined });
    for (const k of kb) k in a ? changes([...path, k], a[k], b[k], out) : out.push({ path: [...path, k], value: b[k] });
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length === b.length) return void a.forEach((x, i) => changes([...path, i], x, b[i], out));
    // One item added or removed anywhere: only that item's text changes.
    const [long, short] = a.length > b.length ? [a, b] : [b, a];
    if (long.length === short.length + 1) {
      let k = 0;
      while (k < short.length && same(long[k], short[k])) k++;
      if (short.slice(k).every((x, i) => same(x, long[k + 1 + i]))) return void out.push(a.length > b.length ? { path: [...path, k], value: undefined } : { path: [...path, k], value: b[k], insert: true });
    }
  }
  out.push({ path, value: b });
}

const FORMAT = { formattingOptions: { tabSize: 2, insertSpaces: true, eol: '\n' } } as const;

/**
 * The text with `next` written into it as the smallest change from `prev` (the value the text
 * holds now): whatever the edit did not touch keeps its bytes. Null when the edits would not give
 * `next` (the caller writes the whole file instead).
 * @example editJsonText('{ "seats": 2,  "x": [1,2] }', { seats: 2, x: [1, 2] }, { seats: 3, x: [1, 2] }) // '{ "seats": 3,  "x": [1,2] }'
 */
export function editJsonText(text: string, prev: unknown, next: unknown): string | null {
  const list: Change[] = [];
  changes([], prev, next, list);
  let out = text;
  try {
    for (const c of list) out = applyEdits(out, modify(out, c.path, c.value, { ...FORMAT, ...(c.insert ? { isArrayInsertion: true } : {}) }));
    if (same(JSON.parse(out), next)) return out;
  } catch {
    // Fall through: the caller writes the whole file.
  }
  return null;
}

