/**
 * The model behind the setup form: the `table.json` being edited as a plain object (what the text
 * view shows, parsed), small edits to it that keep every key the form does not know, and the
 * reader's problems sorted to the field they name (`zones[2].id` under zone 3's id).
 */
import type { LocalText } from '../../../../shared/engine/types';
import type { TableProblem } from '../../../../shared/games/sandbox';

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

/** The list at `key` (a copy of its items as objects; anything else is kept out of the form). */
export function itemsOf(file: TableObject, key: string): Item[] {
  const v = file[key];
  return Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Item) : {})) : [];
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

/** The problems about one field or item: its own path and everything under it. */
export function problemsAt(problems: readonly TableProblem[], path: string): TableProblem[] {
  return problems.filter((p) => p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`));
}

/** A fresh id not yet used in a list (`zone`, `zone2`, …). */
export function freshId(items: readonly Item[], base: string): string {
  const used = new Set(items.map((i) => i.id));
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}${n}`)) n++;
  return `${base}${n}`;
}

/** The standard dice a die can be besides custom faces. */
export const DIE_SIDES = [4, 6, 8, 10, 12, 20] as const;

/** How a die gets its faces in the form: a standard die, a column's values, or a typed list. */
export type DieMode = 'sides' | 'column' | 'list';
export function dieMode(d: Item): DieMode {
  return Array.isArray(d.faces) ? 'list' : typeof d.facesFrom === 'string' ? 'column' : 'sides';
}

/** A button the form edits as "shuffle (maybe), then deal N from a pile to each seat's zone"; other buttons are left to the text view. */
export interface DealButton {
  shuffle: boolean;
  from: string;
  to: string;
  count: number;
}
export function dealButtonOf(b: Item): DealButton | null {
  const acts = Array.isArray(b.actions) ? (b.actions as Item[]) : [];
  const deal = acts[acts.length - 1];
  if (!deal || deal.do !== 'deal' || acts.length > 2) return null;
  const first = acts.length === 2 ? acts[0]! : null;
  if (first && !(first.do === 'shuffle' && first.zone === deal.from)) return null;
  return { shuffle: !!first, from: String(deal.from ?? ''), to: String(deal.to ?? ''), count: Number(deal.count) };
}
export function dealActions(d: DealButton): Item[] {
  return [...(d.shuffle ? [{ do: 'shuffle', zone: d.from }] : []), { do: 'deal', from: d.from, to: d.to, count: d.count }];
}
