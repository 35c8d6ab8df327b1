/** The command line's project commands: list, new, import and export-data. */
import { basename } from 'node:path';
import { parseFlags, userPath } from './cli-args';
import { fail, flags, inputFile, names, outputFile, projectArg } from './cli-common';
import { USAGE } from './cli-usage';
import { createServices } from './services';
import { checkTargets } from './services/export/place';
import { writeAtomic } from './services/export/write';
import { dataFileBytes, diffSummary, importIntoProject, readInline } from './services/sheets/project-data';

/** `new <folder>`: a blank project, or a copy of another, in a new folder. */
export async function newCommand(args: string[]): Promise<void> {
  const { values, positionals } = flags('new', args, { from: { type: 'string', value: 'PROJECT' }, name: { type: 'string', value: 'NAME' } });
  const folder = positionals[0] ?? fail('name the new folder, e.g. `npm run cli -- new my-game --from doufu`');
  const at = userPath(folder);
  const name = (values.name ?? basename(at)).trim() || fail('--name is empty; give the project a name');
  const services = createServices({ mode: 'cli' });
  try {
    const made = values.from ? services.editor.copy(projectArg(services, values.from).id, name, at) : services.editor.create({ name, card: { preset: 'poker' } }, at);
    if (!made.ok) fail(made.error.message);
    for (const s of made.value.skipped) console.warn(`warning: not copied: ${s.file}: ${s.reason}`);
    const p = made.value.summary;
    console.log(`${p.id}\t${names(p.name)}\t${p.cardCount} cards\t${p.dir}`);
  } finally {
    await services.workers.close();
  }
}

/** `list [<project>]`: the projects, or one project's cards. */
export async function listCommand(args: string[]): Promise<void> {
  const { positionals } = flags('list', args, {});
  const s = createServices({ mode: 'cli' });
  if (positionals[0] !== undefined) {
    const p = s.projects.get(projectArg(s, positionals[0]).id);
    if (!p.ok) fail(p.error.message);
    for (const w of p.value.warnings) console.warn(`warning: ${w.file} ${w.where}: ${w.message}`);
    for (const c of p.value.set.cards) console.log(`${c.id}\t${c.copies}\t${c.template}/${c.back}`);
    return;
  }
  for (const p of s.projects.list())
    console.log(p.problem ? `${p.id}\tERROR ${p.problem.message}` : `${p.id}\t${names(p.name)}\t${p.cardCount} cards${p.builtIn ? '\tbuilt-in' : `\t${p.dir}`}`);
}

/** `import <project> <file>`: card data from a CSV or XLSX file, with what changes. */
export async function importCommand(args: string[]): Promise<void> {
  const r = parseFlags('import', args, { sheet: { type: 'string', value: 'NAME' }, 'remove-missing': { type: 'boolean' }, 'dry-run': { type: 'boolean' } }, 2);
  if (args.includes('--help') || args.includes('-h')) return void console.log(USAGE);
  if (!r.ok) fail(r.error.message);
  const { values, positionals } = r.value;
  const usage = 'e.g. `npm run cli -- import ./my-game cards.xlsx`';
  const services = createServices({ mode: 'cli' });
  try {
    const { id: projectId } = projectArg(services, positionals[0] ?? fail(`name the project and the file, ${usage}`));
    const file = positionals[1] ?? fail(`name the CSV or XLSX file to import, ${usage}`);
    const removeMissing = values['remove-missing'] ?? false;
    const res = await importIntoProject(services, readInline, {
      projectId,
      fileName: basename(file),
      bytes: inputFile(file),
      ...(values.sheet !== undefined ? { sheet: values.sheet } : {}),
      removeMissing,
      dryRun: values['dry-run'] ?? false,
    });
    if (!res.ok) fail(res.error.message);
    for (const n of res.value.notes) console.warn(`note: ${n.message.en}`);
    console.log(diffSummary(res.value.diff, removeMissing));
    for (const ch of res.value.diff.rowsChanged.slice(0, 50))
      console.log(`~ ${ch.id || `row ${ch.currentRow + 2}`}: ${ch.cells.map((c) => `${c.column} ${JSON.stringify(c.old)} → ${JSON.stringify(c.new)}`).join('; ')}`);
    if (res.value.diff.rowsChanged.length > 50) console.log(`… and ${res.value.diff.rowsChanged.length - 50} more changed rows`);
    console.log(res.value.revision ? `wrote ${res.value.table.rows.length} cards` : `dry run: nothing written (${res.value.table.rows.length} cards after the import)`);
  } finally {
    await services.workers.close();
  }
}

/** `export-data <project>`: the cards as a CSV or XLSX file. */
export async function exportDataCommand(args: string[]): Promise<void> {
  const { values, positionals } = flags('export-data', args, { format: { type: 'string', value: 'csv|xlsx' }, out: { type: 'string', value: 'FILE' }, overwrite: { type: 'boolean' } });
  const format = values.format ?? fail('--format is needed: csv or xlsx');
  if (format !== 'csv' && format !== 'xlsx') fail(`--format must be csv or xlsx, not "${format}"`);
  const services = createServices({ mode: 'cli' });
  try {
    const { id, label } = projectArg(services, positionals[0] ?? fail('name the project, e.g. `npm run cli -- export-data doufu --format xlsx --out cards.xlsx`'));
    const out = outputFile('--out', values.out ?? `${label}-cards.${format}`, `${label}-cards.${format}`);
    const free = checkTargets([{ path: out, kind: 'file' }], values.overwrite ?? false);
    if (!free.ok) fail(free.error.message);
    const cards = services.editor.cards(id);
    if (!cards.ok) fail(cards.error.message);
    const bytes = await dataFileBytes({ columns: cards.value.columns, rows: cards.value.rows }, format);
    if (!bytes.ok) fail(bytes.error.message);
    writeAtomic(out, bytes.value);
    console.log(`${format.padEnd(7)} ${out} (${cards.value.rows.length} cards, ${(bytes.value.length / 1024).toFixed(0)} KB)`);
  } finally {
    await services.workers.close();
  }
}
