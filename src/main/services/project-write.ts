/**
 * Writing project files in plain, diffable formats: cards.csv with a stable column order and one
 * row per line, JSON with the schema's key order and 2-space indent. Every write goes through
 * `writeAtomic`, so a crash never leaves half a file. The revision of a file is the sha1 of its
 * bytes: a save names the revision it started from and is refused when the file changed since.
 */
import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { realpathSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { PROJECT_LIMITS, ProjectFileError } from '../../shared/cards/limits';
import { checkProjectPath } from './safe-read';
import { err, ok, type Result } from '../../shared/util/result';
import { writeAtomic, writeAtomicAsync } from './export/write';
import { dictOf } from '../../shared/util/dict';

/** Columns that always come first, in this order, when present. */
const LEADING = ['id', 'copies', 'template', 'back'] as const;

/** A cards table as the grid edits it: a header and rows of cells. */
export interface CardTable {
  columns: string[];
  rows: string[][];
}

/** The sha1 (hex) of a file's bytes: the revision a save starts from. */
export function revisionOf(bytes: Uint8Array | string): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/** The columns in file order: id, copies, template, back (those present), then the others as given. */
export function orderColumns(columns: string[]): string[] {
  const lead = LEADING.filter((c) => columns.includes(c));
  return [...lead, ...columns.filter((c) => !(LEADING as readonly string[]).includes(c))];
}

/**
 * Check a table's shape before it becomes a file: unique, non-empty column names with an `id`,
 * every row as long as the header, and the sizes of PROJECT_LIMITS. Problems name the row (as the
 * file counts, header = line 1) and the column.
 */
export function checkTable(t: CardTable): Result<CardTable> {
  const problems: { where: string; message: string }[] = [];
  if (t.columns.length > PROJECT_LIMITS.columns) problems.push({ where: 'header', message: `${t.columns.length} columns, over the limit of ${PROJECT_LIMITS.columns}; remove some` });
  if (t.rows.length > PROJECT_LIMITS.rows) problems.push({ where: '(file)', message: `${t.rows.length} rows, over the limit of ${PROJECT_LIMITS.rows}; split the set` });
  const seen = new Set<string>();
  t.columns.forEach((c, i) => {
    if (c.trim() === '') problems.push({ where: `header column ${i + 1}`, message: 'a column has no name; name it or delete it' });
    else if (c !== c.trim()) problems.push({ where: `header column ${i + 1}`, message: `the column name "${c}" starts or ends with spaces; remove them` });
    else if (/[\r\n]/.test(c)) problems.push({ where: `header column ${i + 1}`, message: `the column name "${c}" has a line break; write it on one line` });
    else if (seen.has(c)) problems.push({ where: `header column ${i + 1}`, message: `the column "${c}" appears twice; rename one of them` });
    seen.add(c);
  });
  if (!seen.has('id')) problems.push({ where: 'header', message: 'there is no "id" column; add one (every card needs a unique id)' });
  t.rows.forEach((row, r) => {
    if (row.length !== t.columns.length) problems.push({ where: `row ${r + 2}`, message: `has ${row.length} cells for ${t.columns.length} columns; make it as long as the header` });
    row.forEach((cell, c) => {
      if (cell.length > PROJECT_LIMITS.cellChars) problems.push({ where: `row ${r + 2}, column "${t.columns[c] ?? c + 1}"`, message: `${cell.length} characters, over the limit of ${PROJECT_LIMITS.cellChars} per cell; shorten it` });
    });
  });
  if (problems.length) {
    const head = problems.slice(0, 5).map((p) => `cards.csv ${p.where}: ${p.message}`);
    return err('cards/invalid', `The cards table has ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${head.join('; ')}${problems.length > 5 ? ` … and ${problems.length - 5} more` : ''}.`, problems.map((p) => ({ file: 'cards.csv', ...p })));
  }
  return ok(t);
}

/**
 * A cards table as CSV text: columns in the stable order, RFC 4180 quoting only where needed
 * (commas, quotes, line breaks, edge spaces), `\n` between rows and after the last, no BOM.
 */
export function tableToCsv(t: CardTable): string {
  const columns = orderColumns(t.columns);
  const index = columns.map((c) => t.columns.indexOf(c));
  const rows = t.rows.map((r) => index.map((i) => r[i] ?? ''));
  return Papa.unparse({ fields: columns, data: rows }, { newline: '\n', quotes: false, escapeFormulae: false }) + '\n';
}

/** CSV text (as the loader reads it) back into a table: header, then one array of cells per row. */
export function csvToTable(csv: string): CardTable {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: 'greedy' });
  const [columns = [], ...rows] = parsed.data;
  return { columns, rows: rows.map((r) => columns.map((_, i) => r[i] ?? '')) };
}

/** Write text as UTF-8 (no BOM) through `writeAtomic`; answers the new revision. */
export function writeText(file: string, text: string): string {
  return writeBytes(file, Buffer.from(text, 'utf8'));
}

/** Write bytes through `writeAtomic`; answers the new revision (`revision`, when the caller has computed it). */
export function writeBytes(file: string, bytes: Uint8Array, revision = revisionOf(bytes)): string {
  writeAtomic(file, bytes);
  return written(file, revision);
}

/** `writeBytes` through `writeAtomicAsync`, for bytes whose `revision` the caller has already computed. */
export async function writeBytesAsync(file: string, bytes: Uint8Array, revision: string): Promise<string> {
  await writeAtomicAsync(file, bytes);
  return written(file, revision);
}

function written(file: string, revision: string): string {
  for (const l of listeners) l(file, revision);
  return revision;
}

const listeners = new Set<(file: string, revision: string) => void>();

/**
 * Be told of every file this module writes (absolute path, revision), e.g. so a file watcher can
 * tell its own writes from the designer's. Answers the function that stops listening.
 */
export function onProjectWrite(listener: (file: string, revision: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The key orders of the project files, as the schema lists them (unknown keys follow in their own order). */
const KEY_ORDER = new Map<string, string[]>(Object.entries({
  '': ['schemaVersion', 'id', 'name', 'description', 'card', 'cards', 'templates', 'columns', 'credits', 'rulebook', 'maps', 'layers'],
  name: ['zh', 'en'],
  description: ['zh', 'en'],
  title: ['zh', 'en'],
  subtitle: ['zh', 'en'],
  card: ['preset', 'width', 'height', 'bleed', 'safe', 'cornerRadius'],
  credits: ['what', 'who', 'licence'],
  rulebook: ['title', 'subtitle', 'sources', 'cover', 'figureProjects'],
  sources: ['zh', 'en'],
  layers: ['id', 'type', 'when', 'x', 'y', 'x2', 'y2', 'w', 'h'],
}));

function ordered(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return value.map((v) => ordered(v, key));
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  // Keys below a field may be names the user chose (a column called `constructor`): only the
  // table's own entries order anything, and the copy has no prototype, so `__proto__` is a key.
  const order = KEY_ORDER.get(key) ?? [];
  const keys = [...order.filter((k) => Object.hasOwn(obj, k)), ...Object.keys(obj).filter((k) => !order.includes(k))];
  // Maps (templates, maps, figureProjects) keep the author's order: their keys are names, not fields.
  const out = dictOf<unknown>();
  for (const k of keys) if (obj[k] !== undefined) out[k] = ordered(obj[k], k);
  return out;
}

/** A project JSON file's text: the schema's key order, 2-space indent, final newline. */
export function jsonText(value: unknown): string {
  return JSON.stringify(ordered(value, ''), null, 2) + '\n';
}

/**
 * The absolute file to write for `rel` inside project folder `dir`, never outside it: the name is
 * checked like a read (no absolute path, no `..`), and the folder it lands in, links resolved,
 * must be inside the project's real folder (a `sub/` that is a link pointing out is refused).
 * Throws a `ProjectFileError` naming the file.
 */
export function projectTarget(dir: string, rel: string): string {
  checkProjectPath(rel);
  let root: string;
  let parent: string;
  try {
    root = realpathSync(dir);
    parent = realpathSync(dirname(join(root, rel)));
  } catch (e) {
    throw new ProjectFileError(rel, `Cannot write ${rel} in ${dir}: its folder is missing or unreadable (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); create the folder or fix the path in project.json.`);
  }
  if (parent !== root && !parent.startsWith(root.endsWith(sep) ? root : root + sep))
    throw new ProjectFileError(rel, `Cannot write ${rel}: its folder is a link to a place outside the project folder ${dir}; replace the link with a real folder.`);
  return join(parent, basename(rel));
}

/** Write a project JSON file (project.json or a template) inside project folder `dir`; answers the revision. */
export function writeProjectJson(dir: string, rel: string, value: unknown): string {
  return writeText(projectTarget(dir, rel), jsonText(value));
}

/** Write cards.csv (or the file project.json names) inside project folder `dir`; answers the revision. */
export function writeCardsCsv(dir: string, rel: string, t: CardTable): string {
  return writeText(projectTarget(dir, rel), tableToCsv(t));
}
