/**
 * What every command of the command line shares: ending with one clear line (never a stack trace),
 * reading flags, numbers, input and output files and the project a command names, and reporting a
 * simulation's progress and results.
 */
import { lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { checkOutputFile, oneLine, parseFlags, userPath, type FlagSpec } from './cli-args';
import { USAGE } from './cli-usage';
import type { Services } from './services';
import type { SimProgress } from './services/simulation';

/** End the CLI: one line `error: …` on stderr, exit code 2, never a stack trace. */
export function fail(message: string): never {
  console.error(`error: ${oneLine(message)}`);
  process.exit(2);
}

/** End with an app error: its English message, and its Chinese one when it carries one (`details.zh`). */
export function failWith(e: { message: string; details?: unknown }): never {
  const zh = (e.details as { zh?: unknown } | undefined)?.zh;
  if (typeof zh === 'string' && zh) console.error(`错误：${oneLine(zh)}`);
  fail(e.message);
}

/** A command's flags and positionals, or the CLI ends with the problem. */
export function flags<F extends Record<string, FlagSpec>>(command: string, args: string[], spec: F) {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const r = parseFlags(command, args, spec);
  if (!r.ok) fail(r.error.message);
  return r.value;
}

/** An output file the user named, absolute against their folder, and not an existing folder. */
export function outputFile(flag: string, p: string, example: string): string {
  const r = checkOutputFile(flag, userPath(p), example);
  if (!r.ok) fail(r.error.message);
  return r.value;
}

/** A number flag's value, or the CLI ends saying the flag wants a number. */
export function num(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) fail(`--${name} expects a number, got "${v}"`);
  return n;
}

/**
 * The project a command names: a project id, or a folder holding a project.json (known to this
 * run only, or by its u-… id when it is in the projects folder). Answers the id and a label for
 * default file names (the id, or the folder's name).
 */
export function projectArg(services: Services, arg: string): { id: string; label: string } {
  const looksLikePath = /[\\/]/.test(arg) || arg.startsWith('.') || arg === '~';
  if (!looksLikePath && services.projects.locate(arg).ok) return { id: arg, label: arg };
  const abs = userPath(arg);
  let st: ReturnType<typeof lstatSync> | undefined;
  try {
    st = lstatSync(abs);
  } catch {
    st = undefined;
  }
  if (!st) {
    const r = services.projects.locate(arg);
    fail(looksLikePath ? `there is no folder ${abs}; check the path` : r.ok ? 'unreachable' : `${r.error.message} Or give the path of a project folder (e.g. ./my-game).`);
  }
  if (st.isSymbolicLink()) fail(`${abs} is a link; give the folder it points to`);
  if (!st.isDirectory()) fail(`${abs} is a file; give the project's folder (the one holding project.json)`);
  try {
    if (!lstatSync(`${abs}/project.json`).isFile()) throw new Error();
  } catch {
    fail(`${abs} is not a project folder: it has no project.json. Create one with \`npm run cli -- new ${arg}\``);
  }
  return { id: services.projects.user!.addSession(abs), label: basename(abs) };
}

/** A project's names for a listing: both languages, once when they are the same. */
export const names = (n: { zh: string; en: string }): string => (n.zh === n.en ? n.zh : `${n.zh} ${n.en}`);

/** A whole-number flag's value, or the CLI ends saying so. */
export function whole(v: string | undefined, name: string): number | undefined {
  const n = num(v, name);
  if (n !== undefined && !Number.isInteger(n)) fail(`--${name} expects a whole number, got "${v}"`);
  return n;
}

/** The bytes of an input file the user named, or the CLI ends saying why it cannot be read. */
export function inputFile(p: string): Buffer {
  const abs = userPath(p);
  try {
    if (!lstatSync(abs).isFile()) fail(`${abs} is not a file; give the spreadsheet to import`);
    return readFileSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') fail(`there is no file ${abs}; check the path`);
    throw e;
  }
}

/** A flag's value when it is a string (the simulations read their flags as a loose record). */
export const stringFlag =
  (values: Record<string, string | boolean | undefined>) =>
  (k: string): string | undefined =>
    typeof values[k] === 'string' ? (values[k] as string) : undefined;

/**
 * The flags every simulation reads alike, in the order they are checked: --games, --players (where
 * the game has a choice), --seed, --bots, --options, --workers (default: the machine's cores, at
 * most 64) and --search-iterations.
 */
export function simFlags(str: (k: string) => string | undefined, withPlayers: boolean) {
  return {
    matches: whole(str('games'), 'games'),
    ...(withPlayers ? { players: whole(str('players'), 'players') } : {}),
    seed: str('seed'),
    bots: str('bots'),
    options: str('options'),
    workers: whole(str('workers'), 'workers') ?? Math.min(64, availableParallelism()),
    searchIterations: whole(str('search-iterations'), 'search-iterations'),
  };
}

/** A simulation's progress on stderr: a live line on a terminal, a line every 10 s otherwise (logs stay short). */
export function progressLine(line: (p: SimProgress) => string): (p: SimProgress) => void {
  let last = 0;
  return (p) => {
    const now = performance.now();
    if (p.matches < p.of && now - last < (process.stderr.isTTY ? 250 : 10_000)) return;
    last = now;
    const text = line(p);
    if (process.stderr.isTTY) process.stderr.write(`\r${text}\x1b[K${p.matches === p.of ? '\n' : ''}`);
    else process.stderr.write(`${text}\n`);
  };
}

/** Print a resolved simulation's warnings, and that a time-limited search is not reproducible. */
export function warnRun(cfg: { warnings?: readonly string[]; search?: { timeMs?: number }; bots?: readonly string[] }): void {
  for (const w of cfg.warnings ?? []) console.warn(`warning: ${w}`);
  if (cfg.search?.timeMs !== undefined && cfg.bots?.includes('search')) console.warn('warning: --search-ms makes the search bot depend on machine speed; the run is not reproducible.');
}

/** A simulation's --out (JSON lines) and --summary files, checked before it runs. */
export function runFiles(out: string | undefined, summary: string | undefined): { out: string | null; summaryFile: string | null } {
  return {
    out: out ? outputFile('--out', out, 'runs.jsonl') : null,
    summaryFile: summary ? outputFile('--summary', summary, 'summary.json') : null,
  };
}

/** Print a simulation's summary and where its lines went (`written`: what the JSONL holds), and write the summary file if asked. */
export function reportRun(text: string, files: { out: string | null; summaryFile: string | null }, written: string, summary: unknown): void {
  console.log(text);
  if (files.out) console.log(`jsonl   ${files.out} (${written})`);
  if (files.summaryFile) {
    writeFileSync(files.summaryFile, JSON.stringify(summary, null, 2) + '\n');
    console.log(`summary ${files.summaryFile}`);
  }
}
