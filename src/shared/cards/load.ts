import Papa from 'papaparse';
import type { z } from 'zod';
import { CardSetFile, TemplateFile, type Card, type CardSet } from './schema';
import { migrate } from './migrations';
import { boundColumns } from './bind';
import { err, ok, type Result } from '../util/result';

/** One problem found while loading a card set: the file, where in it, and what to do. */
export interface LoadProblem {
  file: string;
  where: string;
  message: string;
}

/** Reads a file of the project by its path relative to the project folder; undefined when missing. */
export type ProjectReader = (relPath: string) => string | undefined;

const RESERVED = new Set(['id', 'copies', 'template', 'back']);
/** Prefix of header keys inside papaparse's rows (see parseCards). */
const COL = 'col:';

function zodProblems(file: string, error: z.ZodError): LoadProblem[] {
  return error.issues.map((i) => {
    const where = i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') || '(top level)';
    let message = i.message;
    if (i.code === 'unrecognized_keys') message = `${i.message}; remove it or check its spelling`;
    if (i.code === 'invalid_union' && where.startsWith('layers')) message = `${i.message}; each layer needs a "type" of rect, ellipse, line, text, image or table and that type's fields`;
    return { file, where, message };
  });
}

function parseJson(file: string, text: string | undefined, problems: LoadProblem[]): unknown {
  if (text === undefined) {
    problems.push({ file, where: '(file)', message: 'file not found; create it or fix the name in project.json' });
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    problems.push({ file, where: '(file)', message: `not valid JSON (${(e as Error).message}); fix the syntax, e.g. a missing comma or quote` });
    return undefined;
  }
}

function parseVersioned<T>(file: string, text: string | undefined, schema: z.ZodType<T>, problems: LoadProblem[]): T | undefined {
  const raw = parseJson(file, text, problems);
  if (raw === undefined) return undefined;
  const m = migrate(raw, file);
  if (!m.ok) {
    problems.push({ file, where: 'schemaVersion', message: m.error.message });
    return undefined;
  }
  const r = schema.safeParse(m.value);
  if (!r.success) {
    problems.push(...zodProblems(file, r.error));
    return undefined;
  }
  return r.data;
}

/** Parse the cards CSV: `id` required; `copies`, `template`, `back` optional; every other column is a field. */
export function parseCards(file: string, csv: string, templates: Set<string>, problems: LoadProblem[]): Card[] {
  // Papaparse stores a row as `row[header] = value`, so a column named `__proto__` would set the
  // row's prototype instead of a value: prefix every header and read cells through `cell`.
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => COL + h });
  for (const e of parsed.errors)
    problems.push({ file, where: e.row !== undefined ? `row ${e.row + 2}` : '(file)', message: `${e.message}; check quotes and commas on that line` });
  const headers = (parsed.meta.fields ?? []).map((h) => h.slice(COL.length));
  const cell = (row: Record<string, string>, h: string): string | undefined => (Object.hasOwn(row, COL + h) ? row[COL + h] : undefined);
  if (!headers.includes('id')) {
    problems.push({ file, where: 'header', message: 'the first line must name an "id" column (e.g. id,copies,name); add it' });
    return [];
  }
  const seen = new Map<string, number>();
  const cards: Card[] = [];
  parsed.data.forEach((row, i) => {
    const line = `row ${i + 2}`;
    const id = (cell(row, 'id') ?? '').trim();
    if (!id) return problems.push({ file, where: line, message: 'the "id" cell is empty; give every card a unique id' });
    if (seen.has(id)) return problems.push({ file, where: line, message: `id "${id}" is used again (first on row ${seen.get(id)}); ids must be unique` });
    seen.set(id, i + 2);
    const copiesText = (cell(row, 'copies') ?? '').trim();
    const copies = copiesText === '' ? 1 : Number(copiesText);
    if (!Number.isInteger(copies) || copies < 0 || copies > 999)
      problems.push({ file, where: `${line} (${id}).copies`, message: `"${copiesText}" is not a whole number of copies from 0 to 999` });
    const template = (cell(row, 'template') ?? '').trim() || 'front';
    const back = (cell(row, 'back') ?? '').trim() || 'back';
    for (const t of [template, back])
      if (!templates.has(t)) problems.push({ file, where: `${line} (${id})`, message: `template "${t}" is not listed in project.json "templates" (have: ${[...templates].join(', ')})` });
    // Null-prototype: a column named `constructor` or `__proto__` is a field like any other.
    const fields: Record<string, string> = Object.create(null);
    for (const h of headers) if (!RESERVED.has(h)) fields[h] = cell(row, h) ?? '';
    cards.push({ id, copies: Number.isInteger(copies) ? copies : 1, template, back, fields });
  });
  if (cards.length === 0 && problems.length === 0) problems.push({ file, where: '(file)', message: 'no cards; add at least one row under the header' });
  return cards;
}

/**
 * Load and validate a card set from its files. Every problem is collected (not just the first),
 * each naming the file, the place in it and how to fix it; nothing is thrown for bad input.
 */
export function loadCardSet(read: ProjectReader): Result<CardSet> & { warnings: LoadProblem[] } {
  const problems: LoadProblem[] = [];
  const warnings: LoadProblem[] = [];
  const file = parseVersioned('project.json', read('project.json'), CardSetFile, problems);
  if (!file) return { ...err('cards/invalid', describe(problems), problems), warnings };
  const templates: CardSet['templates'] = {};
  for (const [name, path] of Object.entries(file.templates)) {
    const t = parseVersioned(path, read(path), TemplateFile, problems);
    if (t) templates[name] = t;
  }
  const csv = read(file.cards);
  if (csv === undefined) problems.push({ file: file.cards, where: '(file)', message: 'file not found; create it or fix "cards" in project.json' });
  const cards = csv === undefined ? [] : parseCards(file.cards, csv, new Set(Object.keys(file.templates)), problems);
  if (problems.length) return { ...err('cards/invalid', describe(problems), problems), warnings };
  // Bindings to columns nobody has are warnings, not errors: the designer may be adding the column.
  const columns = new Set(['id', 'copies', ...cards.flatMap((c) => Object.keys(c.fields))]);
  for (const [name, t] of Object.entries(templates))
    t.layers.forEach((l, i) => {
      for (const s of Object.values(l)) if (typeof s === 'string') for (const c of boundColumns(s)) if (!columns.has(c)) warnings.push({ file: file.templates[name]!, where: `layers[${i}] (${l.id})`, message: `binds column "${c}", which cards.csv does not have` });
    });
  return { ...ok({ file, cards, templates }), warnings };
}

/** One message for a list of problems: the first few, with a count of the rest. */
export function describe(problems: LoadProblem[]): string {
  const head = problems.slice(0, 5).map((p) => `${p.file} ${p.where}: ${p.message}`);
  const more = problems.length > 5 ? ` … and ${problems.length - 5} more` : '';
  return `The card set has ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${head.join('; ')}${more}.`;
}
