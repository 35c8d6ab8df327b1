/**
 * `npm run cli -- balance <game>`: a balance-lab run from the command line (the Balance page's
 * run on worker threads), printing the summary; `--vs B.json` plays option set B on the same
 * seeds and prints B − A with paired intervals; `--json FILE` writes the whole result, `--csv FILE`
 * its aggregates, `--jsonl FILE` every game played (one line each), `--pdf FILE` the report with
 * the plots and numbers (in `--lang zh|en`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { checkOutputFile, oneLine, parseFlags, userPath } from './cli-args';
import { LabJob, resolveLabRun } from './services/lab';
import { formatLabStatus } from './services/lab/format';
import { labReportPdf } from './services/lab/report';
import { createFontService } from './services/export/fonts';
import { labCsv, labJsonl, type LabGame } from '../shared/lab';

export const BALANCE_USAGE = `  npm run cli -- balance <game> [--options A.json|JSON] [--vs B.json|JSON] [--games N] [--players N]
                          [--bots B[,B…]] [--rotate] [--seed S] [--workers N] [--search-iterations N] [--json FILE] [--csv FILE]
                          [--jsonl FILE] [--pdf FILE] [--lang zh|en]
      Bot games on every core with the lab's statistics: win rate by seat (Wilson intervals), a
      first-player verdict, lengths, scores and margins, counter use with win lift, bot matrix.
      --vs plays every game also under option set B on the same seed (paired A/B).
      --json writes the whole result, --csv its aggregates (one row per number), --jsonl every game
      played (one line each), --pdf the report: settings, every plot as vectors, the numbers beside
      them (--lang zh or en, default en).`;

function fail(message: string): never {
  console.error(`error: ${oneLine(message)}`);
  process.exit(2);
}

/** Options from a file (when the path exists) or inline JSON. */
function options(flag: string, v: string | undefined): Record<string, unknown> | undefined {
  if (v === undefined) return undefined;
  const file = userPath(v);
  let text = v;
  if (!v.trimStart().startsWith('{')) {
    if (!existsSync(file)) fail(`${flag}: no file "${v}"; give a JSON file or inline JSON such as '{"mode":"2v2"}'`);
    text = readFileSync(file, 'utf8');
  }
  try {
    const o: unknown = JSON.parse(text);
    if (typeof o !== 'object' || o === null || Array.isArray(o)) fail(`${flag} must be a JSON object of rule options`);
    return o as Record<string, unknown>;
  } catch (e) {
    fail(`${flag} is not valid JSON: ${(e as Error).message}`);
  }
}

function int(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) fail(`--${name} expects a whole number, got "${v}"`);
  return n;
}

export async function balanceCommand(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(BALANCE_USAGE);
    return;
  }
  const parsed = parseFlags('balance', args, {
    options: { type: 'string', value: 'FILE|JSON' },
    vs: { type: 'string', value: 'FILE|JSON' },
    games: { type: 'string', value: 'N' },
    players: { type: 'string', value: 'N' },
    bots: { type: 'string', value: 'B[,B…]' },
    rotate: { type: 'boolean' },
    seed: { type: 'string', value: 'S' },
    workers: { type: 'string', value: 'N' },
    'search-iterations': { type: 'string', value: 'N' },
    json: { type: 'string', value: 'FILE' },
    csv: { type: 'string', value: 'FILE' },
    jsonl: { type: 'string', value: 'FILE' },
    pdf: { type: 'string', value: 'FILE' },
    lang: { type: 'string', value: 'zh|en' },
  });
  if (!parsed.ok) fail(parsed.error.message);
  const { values, positionals } = parsed.value;
  const game = positionals[0] ?? fail('name the game, e.g. `npm run cli -- balance doufu --games 1000`');
  const json = values.json ? checkOutputFile('--json', userPath(values.json), 'balance.json') : null;
  if (json && !json.ok) fail(json.error.message);
  const csv = values.csv ? checkOutputFile('--csv', userPath(values.csv), 'balance.csv') : null;
  if (csv && !csv.ok) fail(csv.error.message);
  const jsonl = values.jsonl ? checkOutputFile('--jsonl', userPath(values.jsonl), 'balance.jsonl') : null;
  if (jsonl && !jsonl.ok) fail(jsonl.error.message);
  const pdf = values.pdf ? checkOutputFile('--pdf', userPath(values.pdf), 'balance.pdf') : null;
  if (pdf && !pdf.ok) fail(pdf.error.message);
  const lang = values.lang ?? 'en';
  if (lang !== 'zh' && lang !== 'en') fail(`--lang ${lang}: write zh or en`);
  const run = resolveLabRun({
    game,
    options: options('--options', values.options),
    vs: options('--vs', values.vs),
    games: int(values.games, 'games'),
    players: int(values.players, 'players'),
    bots: values.bots,
    rotate: values.rotate === true,
    seed: values.seed,
    workers: int(values.workers, 'workers'),
    searchIterations: int(values['search-iterations'], 'search-iterations'),
  });
  if (!run.ok) fail(run.error.message);
  for (const w of run.value.warnings) console.warn(`warning: ${w}`);
  const played: { set: string; game: LabGame }[] = [];
  const job = new LabJob(run.value, jsonl ? (side, game) => played.push({ set: run.value.configs.length > 1 ? (side ? 'B' : 'A') : '', game }) : undefined);
  const stop = () => job.cancel();
  process.once('SIGINT', stop);
  const tick = setInterval(() => {
    const s = job.status();
    const line = `${s.done}/${s.games} games, ${s.gamesPerSec.toFixed(1)} games/s, ETA ${s.etaMs === null ? '…' : (s.etaMs / 1000).toFixed(0) + ' s'}`;
    process.stderr.write(process.stderr.isTTY ? `\r${line}\x1b[K` : `${line}\n`);
  }, process.stderr.isTTY ? 250 : 10_000);
  await job.finished;
  clearInterval(tick);
  process.off('SIGINT', stop);
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  const st = job.status();
  if (st.state === 'failed') fail(st.error?.en ?? 'the run failed');
  console.log(formatLabStatus(st));
  if (json?.ok) {
    writeFileSync(json.value, JSON.stringify({ request: { game, ...values }, ...st }, null, 2) + '\n');
    console.log(`json    ${json.value}`);
  }
  if (csv?.ok) {
    writeFileSync(csv.value, labCsv(st));
    console.log(`csv     ${csv.value}`);
  }
  if (jsonl?.ok) {
    writeFileSync(jsonl.value, labJsonl(played));
    console.log(`jsonl   ${jsonl.value}`);
  }
  if (pdf?.ok) {
    const r = run.value;
    const settings = { title: game, players: r.configs[0]!.bots.length, bots: [...r.configs[0]!.bots], options: options('--options', values.options) ?? {}, ...(values.vs ? { vs: options('--vs', values.vs) ?? {} } : {}), games: r.games, seed: r.seed, rotate: values.rotate === true, ...(values['search-iterations'] ? { searchIterations: int(values['search-iterations'], 'search-iterations') } : {}) };
    writeFileSync(pdf.value, await labReportPdf(st, settings, lang, createFontService()));
    console.log(`pdf     ${pdf.value}`);
  }
}
