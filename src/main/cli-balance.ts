/**
 * `npm run cli -- balance <game>`: a balance-lab run from the command line (the Balance page's
 * run on worker threads), printing the summary; `--vs B.json` plays option set B on the same
 * seeds and prints B − A with paired intervals; `--json FILE` writes the whole result (with the
 * run's settings and its sums, so it can be merged), `--csv FILE` its aggregates, `--jsonl FILE`
 * every game played (one line each), `--report FILE` (or `--pdf`) the report with the plots and
 * numbers (in `--lang zh|en`). `--shard K/N` plays the K-th of N ranges of the games, and
 * `balance merge` adds the shards' files up into the result of the whole run.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { checkOutputFile, oneLine, parseFlags, userPath } from './cli-args';
import { BALANCE_USAGE } from './cli-usage';

export { BALANCE_USAGE };
import { JsonlFile, LabJob, labRunSettings, resolveLabRun } from './services/lab';
import { formatLabSettings, formatLabStatus } from './services/lab/format';
import { labReportPdf, type LabReportSettings } from './services/lab/report';
import { createFontService } from './services/export/fonts';
import { writeAtomic } from './services/export/write';
import { isLabGame, labGameName, labOptionsSaid, LAB_HOOKS, LAB_RUN_FORMAT, LAB_RUN_VERSION, labCsv, mergeLabRuns, readLabRunFile, type LabRunFile, type LabRunSettings, type NamedRunFile } from '../shared/lab';

/** End with a message in both languages (the Chinese one first when given), exit code 2. */
function fail(message: string, zh?: string): never {
  if (zh) console.error(`错误：${oneLine(zh)}`);
  console.error(`error: ${oneLine(message)}`);
  process.exit(2);
}

/** End with an app error: its English message, and its Chinese one when it carries one. */
function failWith(e: { message: string; details?: unknown }): never {
  const zh = (e.details as { zh?: unknown } | undefined)?.zh;
  fail(e.message, typeof zh === 'string' ? zh : undefined);
}

/** Options from a file (when the path exists) or inline JSON. */
function options(flag: string, v: string | undefined): Record<string, unknown> | undefined {
  if (v === undefined) return undefined;
  const file = userPath(v);
  let text = v;
  if (!v.trimStart().startsWith('{')) {
    if (!existsSync(file)) fail(`${flag}: no file "${v}"; give a JSON file or inline JSON such as '{"mode":"2v2"}'`, `${flag}：没有文件「${v}」；请给出 JSON 文件或直接写 JSON，例如 '{"mode":"2v2"}'`);
    text = readFileSync(file, 'utf8');
  }
  try {
    const o: unknown = JSON.parse(text);
    if (typeof o !== 'object' || o === null || Array.isArray(o)) fail(`${flag} must be a JSON object of rule options, e.g. '{"mode":"2v2"}'`, `${flag} 必须是规则选项的 JSON 对象，例如 '{"mode":"2v2"}'`);
    return o as Record<string, unknown>;
  } catch (e) {
    fail(`${flag} is not valid JSON: ${(e as Error).message}`, `${flag} 不是有效的 JSON：${(e as Error).message}`);
  }
}

function int(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) fail(`--${name} expects a whole number, got "${v}"`, `--${name} 需要整数，现在是「${v}」`);
  return n;
}

/** An output flag's file, checked before any game is played. */
function output(flag: string, v: string | undefined, example: string): string | null {
  if (v === undefined) return null;
  const r = checkOutputFile(flag, userPath(v), example);
  if (!r.ok) failWith(r.error);
  return r.value;
}

/** `--report FILE`, or its alias `--pdf FILE`. */
function reportFile(values: { report?: string; pdf?: string }): string | null {
  if (values.report !== undefined && values.pdf !== undefined && userPath(values.report) !== userPath(values.pdf))
    fail(`--pdf is another name for --report; give one of them (got --report ${values.report} and --pdf ${values.pdf})`, `--pdf 是 --report 的别名；请只给一个（现在是 --report ${values.report} 和 --pdf ${values.pdf}）`);
  return values.report !== undefined ? output('--report', values.report, 'balance.pdf') : output('--pdf', values.pdf, 'balance.pdf');
}

function language(v: string | undefined): 'zh' | 'en' {
  const lang = v ?? 'en';
  if (lang !== 'zh' && lang !== 'en') fail(`--lang ${lang}: write zh or en`, `--lang ${lang}：请写 zh 或 en`);
  return lang;
}

/** Write a file atomically (a killed shard never leaves half a file under the real name). */
function write(label: string, file: string, data: string | Uint8Array): void {
  try {
    writeAtomic(file, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  } catch (e) {
    fail(oneLine(e));
  }
  console.log(`${label.padEnd(7)} ${file}`);
}

/** The report's settings block, from the settings a run file records. */
function reportSettings(r: LabRunSettings, lang: 'zh' | 'en'): LabReportSettings {
  const said = isLabGame(r.game) ? { said: labOptionsSaid(r.game, lang) } : {};
  return { ...said, title: isLabGame(r.game) ? labGameName(r.game)[lang] : r.game, players: r.players, bots: [...r.bots], options: r.options, ...(r.vs ? { vs: r.vs } : {}), games: r.games, seed: r.seed, rotate: r.rotate, ...(r.searchIterations !== undefined ? { searchIterations: r.searchIterations } : {}) };
}

/** The settings a run was asked with, in English and the Balance page's option words. */
function settingsText(r: LabRunSettings): string {
  return isLabGame(r.game) ? formatLabSettings(r, labGameName(r.game).en, labOptionsSaid(r.game, 'en')) : formatLabSettings(r, r.game, {});
}

/** The JSON, CSV and PDF outputs of a run or a merge. */
async function writeOutputs(file: LabRunFile, out: { json: string | null; csv: string | null; report: string | null }, lang: 'zh' | 'en'): Promise<void> {
  if (out.json) write('json', out.json, JSON.stringify(file, null, 2) + '\n');
  if (out.csv) write('csv', out.csv, labCsv(file));
  if (out.report) write('report', out.report, await labReportPdf(file, reportSettings(file.run, lang), lang, createFontService()));
}

/** The flags of `balance <game>`. */
export const BALANCE_RUN_FLAGS = {
  options: { type: 'string', value: 'FILE|JSON' },
  vs: { type: 'string', value: 'FILE|JSON' },
  games: { type: 'string', value: 'N' },
  players: { type: 'string', value: 'N' },
  bots: { type: 'string', value: 'B[,B…]' },
  rotate: { type: 'boolean' },
  seed: { type: 'string', value: 'S' },
  shard: { type: 'string', value: 'K/N' },
  workers: { type: 'string', value: 'N' },
  'search-iterations': { type: 'string', value: 'N' },
  json: { type: 'string', value: 'FILE' },
  csv: { type: 'string', value: 'FILE' },
  jsonl: { type: 'string', value: 'FILE' },
  report: { type: 'string', value: 'FILE' },
  pdf: { type: 'string', value: 'FILE' },
  lang: { type: 'string', value: 'zh|en' },
} as const;

export async function balanceCommand(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(BALANCE_USAGE);
    return;
  }
  if (args[0] === 'merge') return mergeCommand(args.slice(1));
  const parsed = parseFlags('balance', args, BALANCE_RUN_FLAGS);
  if (!parsed.ok) failWith(parsed.error);
  const { values, positionals } = parsed.value;
  const game = positionals[0] ?? fail('name the game, e.g. `npm run cli -- balance doufu --games 1000`', '请写出游戏名，例如 `npm run cli -- balance doufu --games 1000`');
  const out = { json: output('--json', values.json, 'balance.json'), csv: output('--csv', values.csv, 'balance.csv'), report: reportFile(values) };
  const jsonl = output('--jsonl', values.jsonl, 'balance.jsonl');
  const lang = language(values.lang);
  if (values.shard !== undefined && !out.json)
    fail(`--shard ${values.shard} needs --json FILE: \`balance merge\` reads each shard's JSON file (e.g. --json shard-${values.shard.split('/')[0]}.json)`, `--shard ${values.shard} 需要 --json FILE：\`balance merge\` 读取每个分片的 JSON 文件（例如 --json shard-${values.shard.split('/')[0]}.json）`);
  const given = { options: options('--options', values.options), vs: options('--vs', values.vs), searchIterations: int(values['search-iterations'], 'search-iterations') };
  const run = resolveLabRun({
    game,
    options: given.options,
    vs: given.vs,
    games: int(values.games, 'games'),
    players: int(values.players, 'players'),
    bots: values.bots,
    rotate: values.rotate === true,
    seed: values.seed,
    shard: values.shard,
    workers: int(values.workers, 'workers'),
    searchIterations: given.searchIterations,
  });
  if (!run.ok) failWith(run.error);
  const r = run.value;
  for (const w of r.warnings) console.warn(`warning: ${w}`);
  const shard = r.shard ?? { index: 0, count: 1, from: 0, to: r.games };
  if (r.shard) console.log(`Shard ${shard.index}/${shard.count}: games ${shard.from}–${shard.to - 1} of ${r.games} (seeds ${r.seed}/${shard.from} … ${r.seed}/${shard.to - 1})`);
  // The games' JSONL goes to its file as the batches come (a million games' lines are more than
  // one string holds); a folder that cannot be written is found before the run, not after.
  let played: JsonlFile | undefined;
  try {
    played = jsonl ? new JsonlFile(jsonl, shard.from) : undefined;
  } catch (e) {
    fail(oneLine(e));
  }
  let writeError: unknown;
  const job = new LabJob(
    r,
    played
      ? (b) => {
          if (writeError !== undefined) return;
          try {
            played.add(b);
          } catch (e) {
            // A full disk mid-run: stop playing, say why (the partial file is removed).
            writeError = e;
            job.cancel();
          }
        }
      : undefined,
  );
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
  if (writeError !== undefined) fail(oneLine(writeError));
  if (st.state === 'failed') {
    played?.abort();
    fail(st.error?.en ?? 'the run failed', st.error?.zh);
  }
  const settings = labRunSettings(r, given);
  console.log(settingsText(settings));
  console.log(formatLabStatus(st));
  const file: LabRunFile = { format: LAB_RUN_FORMAT, version: LAB_RUN_VERSION, run: settings, shard, ...st, tallies: job.tallies() };
  await writeOutputs(file, out, lang);
  if (played) {
    try {
      played.finish();
    } catch (e) {
      fail(oneLine(e));
    }
    console.log(`${'jsonl'.padEnd(7)} ${jsonl}`);
  }
}

/** The flags of `balance merge`. */
export const BALANCE_MERGE_FLAGS = {
  json: { type: 'string', value: 'FILE' },
  csv: { type: 'string', value: 'FILE' },
  report: { type: 'string', value: 'FILE' },
  pdf: { type: 'string', value: 'FILE' },
  lang: { type: 'string', value: 'zh|en' },
} as const;

/** `balance merge SHARD.json…`: the shards of one run added up into the whole run's result. */
async function mergeCommand(args: string[]): Promise<void> {
  const parsed = parseFlags(
    'balance merge',
    args,
    BALANCE_MERGE_FLAGS,
    Number.MAX_SAFE_INTEGER,
  );
  if (!parsed.ok) failWith(parsed.error);
  const { values, positionals } = parsed.value;
  if (!positionals.length) fail('name the shard files to merge, e.g. `npm run cli -- balance merge shard-*.json --json all.json`', '请给出要合并的分片文件，例如 `npm run cli -- balance merge shard-*.json --json all.json`');
  const out = { json: output('--json', values.json, 'balance.json'), csv: output('--csv', values.csv, 'balance.csv'), report: reportFile(values) };
  const lang = language(values.lang);
  const files: NamedRunFile[] = positionals.map((name) => {
    const path = userPath(name);
    let text: string;
    try {
      if (statSync(path).isDirectory()) fail(`${name} is a folder; give the shard files in it (e.g. ${name}/shard-*.json)`, `${name} 是文件夹；请给出其中的分片文件（例如 ${name}/shard-*.json）`);
      text = readFileSync(path, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') fail(`no file "${name}"; give the shard files \`balance --shard K/N --json FILE\` wrote`, `没有文件「${name}」；请给出 \`balance --shard K/N --json FILE\` 写出的分片文件`);
      fail(`could not read ${name}: ${oneLine(e)}`, `无法读取 ${name}：${oneLine(e)}`);
    }
    const f = readLabRunFile(name, text);
    if (!f.ok) failWith(f.error);
    return { name, file: f.value };
  });
  const merged = mergeLabRuns(files, LAB_HOOKS);
  if (!merged.ok) failWith(merged.error);
  const m = merged.value;
  console.log(`Merged ${files.length} ${files.length === 1 ? 'file' : 'shards'}: ${m.games} games of ${m.game}, seed ${m.run.seed}${m.run.vs ? ', A/B on paired seeds' : ''}`);
  console.log(settingsText(m.run));
  const times = (m.merged?.shards ?? []).map((x) => x.elapsedMs / 1000);
  console.log(formatLabStatus(m, `Time: ${(m.elapsedMs / 1000).toFixed(1)} s of run time over ${times.length} ${times.length === 1 ? 'run' : 'shards'} (the longest ${Math.max(...times).toFixed(1)} s)`));
  await writeOutputs(m, out, lang);
}
