/**
 * The model behind the setup form: the `table.json` being edited as a plain object (what the text
 * view shows, parsed), small edits to it that keep every key the form does not know, and the
 * reader's problems sorted to the field they name (`zones[2].id` under zone 3's id).
 *
 * An edit is written back into the text as the smallest change (jsonc-parser's `modify`): what the
 * user did not touch keeps its bytes, however the file was laid out, and a file the app wrote
 * (two-space JSON) stays exactly what `serializeTableFile` would write.
 */
import { applyEdits, modify, type JSONPath } from 'jsonc-parser';
import type { LocalText } from '../../../../shared/engine/types';
import { serializeTableFile, type TableProblem } from '../../../../shared/games/sandbox';

export type TableObject = Record<string, unknown>;
export type Item = Record<string, unknown>;

/** The text as an object to edit, or null when it is not a JSON object (the advanced tab fixes it). */
export function parseTable(text: string): TableObject | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as TableObject) : null;
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Item => !!v && typeof v === 'object' && !Array.isArray(v);

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
 * The text with `next` written into it as the smallest change from `prev` (the object the text
 * holds now). Whatever the edit did not touch keeps its bytes.
 * @example editText('{ "seats": 2,  "x": [1,2] }', { seats: 2, x: [1, 2] }, { seats: 3, x: [1, 2] }) // '{ "seats": 3,  "x": [1,2] }'
 */
export function editText(text: string, prev: TableObject, next: TableObject): string {
  const list: Change[] = [];
  changes([], prev, next, list);
  let out = text;
  try {
    for (const c of list) out = applyEdits(out, modify(out, c.path, c.value, { ...FORMAT, ...(c.insert ? { isArrayInsertion: true } : {}) }));
    if (same(JSON.parse(out), next)) return out;
  } catch {
    // Fall through to writing the whole file.
  }
  return serializeTableFile(next);
}

/** The list at `key` (a copy of its items as objects; anything else is kept out of the form). */
export function itemsOf(file: TableObject, key: string): Item[] {
  const v = file[key];
  return Array.isArray(v) ? v.map((x) => (isObject(x) ? x : {})) : [];
}

/** A name field as both languages (a plain string is the same in both). */
export function nameOf(v: unknown): LocalText {
  if (typeof v === 'string') return { zh: v, en: v };
  if (v && typeof v === 'object') {
    const o = v as Partial<LocalText>;
    return { zh: typeof o.zh === 'string' ? o.zh : '', en: typeof o.en === 'string' ? o.en : '' };
  }
  return { zh: '', en: '' };
}

/**
 * The problems about one field or item: its own path and everything under it, except under the
 * parts named (`actions`, or `[` for a list's items), which are shown on their own rows.
 */
export function problemsAt(problems: readonly TableProblem[], path: string, except: readonly string[] = []): TableProblem[] {
  const under = (p: string, k: string) => p.startsWith(k.startsWith('[') ? `${path}${k}` : `${path}.${k}`);
  return problems.filter((p) => (p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`)) && !except.some((k) => under(p.path, k)));
}

/** A fresh id not yet used in a list (`zone`, `zone2`, …). */
export function freshId(items: readonly Item[], base: string): string {
  const used = new Set(items.map((i) => i.id));
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}${n}`)) n++;
  return `${base}${n}`;
}

/** Move a list's item `i` by `by` places (−1 up, +1 down), in place; false when it cannot move. */
export function moveItem(list: unknown[], i: number, by: number): boolean {
  const j = i + by;
  if (i < 0 || i >= list.length || j < 0 || j >= list.length) return false;
  const [x] = list.splice(i, 1);
  list.splice(j, 0, x);
  return true;
}

/** The standard dice a die can be besides custom faces. */
export const DIE_SIDES = [4, 6, 8, 10, 12, 20] as const;

/** How a die gets its faces in the form: a standard die, a column's values, or a typed list. */
export type DieMode = 'sides' | 'column' | 'list';
export function dieMode(d: Item): DieMode {
  return Array.isArray(d.faces) ? 'list' : typeof d.facesFrom === 'string' ? 'column' : 'sides';
}

/** The zone ids of the file: all of them, those each seat has one of (hands), and the shared ones. */
export interface ZoneSets {
  all: string[];
  perSeat: string[];
  shared: string[];
}
export function zoneSets(zones: readonly Item[]): ZoneSets {
  const all = zones.map((z) => String(z.id ?? ''));
  const perSeat = zones.filter((z) => z.perSeat === true || (z.kind === 'hand' && z.perSeat !== false)).map((z) => String(z.id ?? ''));
  return { all, perSeat, shared: all.filter((id) => !perSeat.includes(id)) };
}

/** What a setup step or a button can do, in the order the form offers them. */
export const ACTION_KINDS = ['shuffle', 'deal', 'draw', 'gather', 'flip'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** Which zones each field of an action may name: the reader refuses the others. */
export const ACTION_FIELDS: Record<ActionKind, { zone?: 'shared'; from?: 'shared' | 'all'; to?: 'shared' | 'perSeat'; count?: true; face?: true }> = {
  shuffle: { zone: 'shared' },
  deal: { from: 'shared', to: 'perSeat', count: true },
  draw: { from: 'shared', count: true },
  gather: { from: 'all', to: 'shared' },
  flip: { zone: 'shared', face: true },
};

/**
 * An action of `kind`, keeping what it can of `was` (the pile it worked on, its count), else
 * using the file's first fitting zones: turning "shuffle the deck" into a deal deals from the deck.
 */
export function actionOf(kind: ActionKind, zones: ZoneSets, was: Item = {}): Item {
  const pile = [was.zone, was.from, was.to].find((z): z is string => typeof z === 'string' && zones.shared.includes(z)) ?? zones.shared[0] ?? '';
  const count = Number.isInteger(was.count) ? (was.count as number) : kind === 'deal' ? 5 : 1;
  switch (kind) {
    case 'shuffle':
      return { do: kind, zone: pile };
    case 'deal':
      return { do: kind, from: pile, to: typeof was.to === 'string' && zones.perSeat.includes(was.to) ? was.to : (zones.perSeat[0] ?? ''), count };
    case 'draw':
      return { do: kind, from: pile, count };
    case 'gather':
      return { do: kind, from: zones.perSeat[0] ?? zones.shared.find((z) => z !== pile) ?? pile, to: pile };
    case 'flip':
      return { do: kind, zone: pile, face: was.face === 'down' ? 'down' : 'up' };
  }
}

/** A new piece for the board: a fresh id, a colour not yet on it, in the board's middle. */
export const PIECE_COLORS = ['#C23B22', '#2D6A9F', '#3C8D2F', '#D9A400', '#7A3E9D', '#222222', '#E07B39', '#1F9E9A'] as const;
export function newPiece(pieces: readonly Item[]): Item {
  const used = new Set(pieces.map((p) => String(p.color ?? '').toUpperCase()));
  const color = PIECE_COLORS.find((c) => !used.has(c)) ?? PIECE_COLORS[pieces.length % PIECE_COLORS.length]!;
  return { id: freshId(pieces, 'piece'), name: { zh: `棋子 ${pieces.length + 1}`, en: `Piece ${pieces.length + 1}` }, color, x: 0.5, y: 0.5 };
}

/** A piece's place as the form shows it, a percentage of the board (one decimal), and back (a fraction, three decimals). */
export const percentOf = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? String(Math.round(v * 1000) / 10) : '');
export function fractionOf(text: string): number | string {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? Math.round(n * 10) / 1000 : text;
}

/** The `art/<name>` path a picked art reference (`file:art/<name>`) is. */
export const artPath = (ref: string): string => ref.replace(/^file:/, '');

/** A zone renamed from `from` to `to`: the zone itself and every rule, button step and setup step naming it. */
export function renameZone(f: TableObject, i: number, from: string, to: string): void {
  const zones = Array.isArray(f.zones) ? (f.zones as Item[]) : [];
  if (isObject(zones[i])) zones[i].id = to;
  const fix = (a: unknown) => {
    if (isObject(a)) for (const k of ['zone', 'from', 'to']) if (a[k] === from) a[k] = to;
  };
  if (Array.isArray(f.cards)) f.cards.forEach(fix);
  if (Array.isArray(f.buttons)) for (const b of f.buttons) if (isObject(b) && Array.isArray(b.actions)) b.actions.forEach(fix);
  if (Array.isArray(f.setup)) f.setup.forEach(fix);
}

/** The actions of a new "shuffle, then deal N to each" button. */
export function dealActions(d: { shuffle: boolean; from: string; to: string; count: number }): Item[] {
  return [...(d.shuffle ? [{ do: 'shuffle', zone: d.from }] : []), { do: 'deal', from: d.from, to: d.to, count: d.count }];
}
