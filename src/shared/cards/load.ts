import type { z } from 'zod';
import { CardSetFile, TemplateFile, type Card, type CardSet, type Layer } from './schema';
import { migrate } from './migrations';
import { boundColumns } from './bind';
import { matchRule, type TemplateRule } from './template-rules';
import { PROJECT_LIMITS, ProjectFileError } from './limits';
import { templateLimitProblems } from './template-limits';
import { jsonTextTooDeep, MAX_JSON_DEPTH } from '../util/json-depth';
import { err, ok, type Result } from '../util/result';
import { dictOf } from '../util/dict';
import { readCsvTable } from './csv-table';

/** One problem found while loading a card set: the file, where in it, and what to do. */
export interface LoadProblem {
  file: string;
  where: string;
  message: string;
  /** The message in Chinese, where the problem has one (limits). */
  zh?: string;
}

/**
 * Reads a file of the project by its path relative to the project folder; undefined when missing.
 * It may throw `ProjectFileError` for a file it must not read (outside the folder, too large, not
 * UTF-8); the loader reports that as a problem of the file.
 */
export type ProjectReader = (relPath: string) => string | undefined;

const RESERVED = new Set(['id', 'copies', 'template', 'back']);

/** What `readText` returns for a file that exists but cannot be used (its problem is recorded). */
const UNREADABLE = Symbol('unreadable');

const SAVE_AS_UTF8 = 'save the file as UTF-8 (in Excel choose "CSV UTF-8", in an editor choose the UTF-8 encoding)';

/**
 * Read one project file as text: without a leading byte-order mark, and refused (with a problem
 * naming the file) when the reader refuses it, when it is over `PROJECT_LIMITS.fileBytes`, or when
 * the text shows it was not UTF-8. A reader that decodes leniently turns UTF-16 into text with a
 * NUL every other character and other encodings (GBK, UTF-16 marks) into runs of U+FFFD.
 */
function readText(read: ProjectReader, file: string, problems: LoadProblem[]): string | undefined | typeof UNREADABLE {
  let text: string | undefined;
  try {
    text = read(file);
  } catch (e) {
    // Anything the reader throws is a problem of this file, never a throw out of the loader.
    if (e instanceof ProjectFileError) problems.push({ file: e.file, where: '(file)', message: e.message });
    else problems.push({ file, where: '(file)', message: `could not be read (${(e as Error)?.message ?? String(e)}); check that the file exists and can be opened` });
    return UNREADABLE;
  }
  if (text === undefined) return undefined;
  // One UTF-16 code unit is at least one UTF-8 byte, so a longer string is surely over the limit.
  if (text.length > PROJECT_LIMITS.fileBytes) {
    problems.push({ file, where: '(file)', message: `is over the ${PROJECT_LIMITS.fileBytes / 1024 / 1024} MiB limit for a project file; make it smaller` });
    return UNREADABLE;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const nul = text.indexOf('\u0000');
  const fffd = text.indexOf('\uFFFD\uFFFD');
  if (nul !== -1 || fffd !== -1) {
    // A UTF-16 byte-order mark read as UTF-8 is two U+FFFD at the very start.
    const utf16 = nul !== -1 || fffd === 0;
    const what = utf16 ? 'is UTF-16 ("Unicode") text, not UTF-8' : 'has characters that are not UTF-8 (it is probably GBK or another legacy encoding)';
    problems.push({ file, where: `line ${lineOf(text, nul !== -1 ? nul : fffd)}`, message: `${what}; ${SAVE_AS_UTF8}` });
    return UNREADABLE;
  }
  return text;
}

/** The 1-based line of a character index. */
function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function zodProblems(file: string, error: z.ZodError): LoadProblem[] {
  return error.issues.map((i) => {
    const where = i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') || '(top level)';
    let message = i.message;
    if (i.code === 'unrecognized_keys') message = `${i.message}; remove it or check its spelling`;
    if (i.code === 'invalid_union' && where.startsWith('layers')) message = `${i.message}; each layer needs a "type" of rect, ellipse, line, text, image, table or group and that type's fields`;
    return { file, where, message };
  });
}

function parseJson(file: string, text: string | undefined | typeof UNREADABLE, problems: LoadProblem[]): unknown {
  if (text === UNREADABLE) return undefined;
  if (text === undefined) {
    problems.push({ file, where: '(file)', message: 'file not found; create it or fix the name in project.json' });
    return undefined;
  }
  const deep = jsonTextTooDeep(text);
  if (deep !== undefined) {
    problems.push({ file, where: `line ${lineOf(text, deep)}`, message: `values are nested more than ${MAX_JSON_DEPTH} deep; no project file needs that many levels, so restore the file from git or a backup`, zh: `数据嵌套超过 ${MAX_JSON_DEPTH} 层；项目文件不需要这么多层，请从 git 或备份恢复该文件` });
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    problems.push({ file, where: '(file)', message: `not valid JSON (${(e as Error).message}); fix the syntax, e.g. a missing comma or quote` });
    return undefined;
  }
}

/** A limit on the number of entries of an array or record field, checked before the schema (which would be slow on millions). */
interface CountLimit {
  key: string;
  max: number;
  /** What the entries are, e.g. "layers". */
  what: string;
  fix: string;
}

function overCount(file: string, value: unknown, limit: CountLimit, problems: LoadProblem[]): boolean {
  const v = (value as Record<string, unknown>)[limit.key];
  if (typeof v !== 'object' || v === null) return false;
  const n = Array.isArray(v) ? v.length : Object.keys(v).length;
  if (n <= limit.max) return false;
  problems.push({ file, where: limit.key, message: `has ${n} ${limit.what}; the limit is ${limit.max.toLocaleString('en-US')}; ${limit.fix}` });
  return true;
}

function parseVersioned<T>(file: string, text: string | undefined | typeof UNREADABLE, schema: z.ZodType<T>, problems: LoadProblem[], limit: CountLimit): T | undefined {
  const raw = parseJson(file, text, problems);
  if (raw === undefined) return undefined;
  const m = migrate(raw, file);
  if (!m.ok) {
    problems.push({ file, where: 'schemaVersion', message: m.error.message });
    return undefined;
  }
  if (overCount(file, m.value, limit, problems)) return undefined;
  if (limit === LAYERS_LIMIT) {
    const over = templateLimitProblems(m.value);
    for (const p of over) problems.push({ file, where: p.where, message: p.en, zh: p.zh });
    if (over.length) return undefined;
  }
  const r = schema.safeParse(m.value);
  if (!r.success) {
    for (const p of zodProblems(file, r.error)) problems.push(p);
    return undefined;
  }
  return r.data;
}

/** Every layer of a template with where it is (`layers[2].layers[0]`), groups before their children. */
export function forEachLayer(layers: readonly Layer[], fn: (layer: Layer, where: string) => void, at = 'layers'): void {
  layers.forEach((l, i) => {
    fn(l, `${at}[${i}]`);
    if (l.type === 'group') forEachLayer(l.layers, fn, `${at}[${i}].layers`);
  });
}

const TEMPLATES_LIMIT: CountLimit = { key: 'templates', max: PROJECT_LIMITS.templates, what: 'templates', fix: 'keep the templates cards use and split the rest into another project' };
const LAYERS_LIMIT: CountLimit = { key: 'layers', max: PROJECT_LIMITS.layers, what: 'layers', fix: 'merge layers or split the template into several templates' };

/**
 * The column separator of a CSV whose header line has no comma: `;` (Excel in many European
 * locales) or a tab (a spreadsheet's "Text" export). Papaparse would guess; we parse commas only.
 */
function otherSeparator(csv: string): string | undefined {
  const nl = csv.indexOf('\n');
  const header = nl === -1 ? csv : csv.slice(0, nl);
  if (header.includes(',')) return undefined;
  if (header.includes(';')) return "';'";
  if (header.includes('\t')) return 'tabs';
  return undefined;
}

/**
 * Parse the cards CSV: `id` required; `copies`, `template`, `back` optional; every other column is
 * a field. Columns are separated by commas only; rows, columns and cell lengths are held to
 * `PROJECT_LIMITS`.
 */
export function parseCards(file: string, csv: string, templates: Set<string>, problems: LoadProblem[], rules?: readonly TemplateRule[]): Card[] {
  const ruleErrors = new Set<number>();
  csv = csv.replace(/^\uFEFF/, '');
  const sep = otherSeparator(csv);
  if (sep) {
    problems.push({ file, where: 'header', message: `uses ${sep} between columns; save it as comma-separated CSV (UTF-8)` });
    return [];
  }
  // The whole file is read (no `preview` to stop early: it would count blank lines as rows and
  // drop cards unseen); it is at most PROJECT_LIMITS.fileBytes, so that is bounded anyway.
  const { headers, slot, rows, errors } = readCsvTable(csv);
  if (headers.length > PROJECT_LIMITS.columns) {
    problems.push({ file, where: 'header', message: `has ${headers.length} columns; the limit is ${PROJECT_LIMITS.columns}; remove the columns no template uses` });
    return [];
  }
  if (rows.length > PROJECT_LIMITS.rows) {
    problems.push({ file, where: '(file)', message: `has ${rows.length.toLocaleString('en-US')} rows of cards; the limit is ${PROJECT_LIMITS.rows.toLocaleString('en-US')}; split the cards into several projects` });
    return [];
  }
  for (const e of errors)
    problems.push({ file, where: e.row !== undefined ? `row ${e.row + 2}` : '(file)', message: `${e.message}; check quotes and commas on that line` });
  if (!slot.has('id')) {
    problems.push({ file, where: 'header', message: 'the first line must name an "id" column (e.g. id,copies,name); add it' });
    return [];
  }
  // Each header's slot, and the field columns' (every column but the reserved ones), looked up once.
  const slots = headers.map((h) => slot.get(h)!);
  const fieldCols = headers.flatMap((h, j) => (RESERVED.has(h) ? [] : [j]));
  const at = (name: string): number => slot.get(name) ?? -1;
  const [idAt, copiesAt, templateAt, backAt] = [at('id'), at('copies'), at('template'), at('back')];
  const seen = new Map<string, number>();
  const cards: Card[] = [];
  rows.forEach((row, i) => {
    const line = `row ${i + 2}`;
    const id = (row[idAt] ?? '').trim();
    if (!id) return problems.push({ file, where: line, message: 'the "id" cell is empty; give every card a unique id' });
    if (seen.has(id)) return problems.push({ file, where: line, message: `id "${id}" is used again (first on row ${seen.get(id)}); ids must be unique` });
    seen.set(id, i + 2);
    const copiesText = (row[copiesAt] ?? '').trim();
    const copies = copiesText === '' ? 1 : Number(copiesText);
    if (!Number.isInteger(copies) || copies < 0 || copies > 999)
      problems.push({ file, where: `${line} (${id}).copies`, message: `"${copiesText}" is not a whole number of copies from 0 to 999` });
    let template = (row[templateAt] ?? '').trim();
    let back = (row[backAt] ?? '').trim();
    if (!template && rules?.length) {
      // No template named on the row: the first rule its fields meet chooses (project.json "templateRules").
      const scope: Record<string, string> = Object.create(null);
      headers.forEach((h, j) => (scope[h] = row[slots[j]!] ?? ''));
      scope.id = id;
      const m = matchRule(rules, scope);
      for (const e of m.errors)
        if (!ruleErrors.has(e.index)) {
          ruleErrors.add(e.index);
          problems.push({ file: 'project.json', where: `templateRules[${e.index}].when`, message: `${e.error.en} (${e.error.zh})` });
        }
      if (m.rule) {
        template = m.rule.template;
        if (!back && m.rule.back) back = m.rule.back;
      }
    }
    template ||= 'front';
    back ||= 'back';
    for (const t of [template, back])
      if (!templates.has(t)) problems.push({ file, where: `${line} (${id})`, message: `template "${t}" is not listed in project.json "templates" (have: ${[...templates].join(', ')})` });
    for (let j = 0; j < headers.length; j++) {
      const n = (row[slots[j]!] ?? '').length;
      if (n > PROJECT_LIMITS.cellChars)
        problems.push({ file, where: `${line} (${id}).${headers[j]}`, message: `the cell has ${n.toLocaleString('en-US')} characters; the limit is ${PROJECT_LIMITS.cellChars.toLocaleString('en-US')}; shorten it` });
    }
    // Null-prototype: a column named `constructor` or `__proto__` is a field like any other.
    const fields: Record<string, string> = Object.create(null);
    for (const j of fieldCols) fields[headers[j]!] = row[slots[j]!] ?? '';
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
  const file = parseVersioned('project.json', readText(read, 'project.json', problems), CardSetFile, problems, TEMPLATES_LIMIT);
  if (!file) return { ...err('cards/invalid', describe(problems), problems), warnings };
  const templates: CardSet['templates'] = dictOf();
  for (const [name, path] of Object.entries(file.templates)) {
    const t = parseVersioned(path, readText(read, path, problems), TemplateFile, problems, LAYERS_LIMIT);
    if (t) templates[name] = t;
  }
  const csv = readText(read, file.cards, problems);
  if (csv === undefined) problems.push({ file: file.cards, where: '(file)', message: 'file not found; create it or fix "cards" in project.json' });
  const cards = typeof csv === 'string' ? parseCards(file.cards, csv, new Set(Object.keys(file.templates)), problems, file.templateRules) : [];
  if (problems.length) return { ...err('cards/invalid', describe(problems), problems), warnings };
  // Bindings to columns nobody has are warnings, not errors: the designer may be adding the column.
  // Every card has the same fields (the table's columns but the reserved ones), and there is one.
  const columns = new Set(['id', 'copies', 'print_code', ...Object.keys(cards[0]!.fields)]);
  for (const [name, t] of Object.entries(templates))
    forEachLayer(t.layers, (l, where) => {
      for (const [k, s] of Object.entries(l))
        if (typeof s === 'string')
          for (const c of boundColumns(s, l.type === 'text' && k === 'text'))
            if (!columns.has(c)) warnings.push({ file: file.templates[name]!, where: `${where} (${l.id})`, message: `binds column "${c}", which cards.csv does not have` });
    });
  return { ...ok({ file, cards, templates }), warnings };
}

/** One message for a list of problems: the first few, with a count of the rest. */
export function describe(problems: LoadProblem[]): string {
  const head = problems.slice(0, 5).map((p) => `${p.file} ${p.where}: ${p.message}`);
  const more = problems.length > 5 ? ` … and ${problems.length - 5} more` : '';
  return `The card set has ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${head.join('; ')}${more}.`;
}
