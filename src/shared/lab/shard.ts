/**
 * A big balance question spread over many machines: `--shard K/N` plays the K-th of N contiguous
 * ranges of a run's game indices (game i is always played on seed `<seed>/i`), and each shard's
 * JSON file keeps, beside its summary, the run it belongs to and its accumulators' whole state
 * (`LabTally`: counts, sums, histograms, paired differences). `mergeLabRuns` checks that the files
 * are the complete, non-overlapping shards of one run and adds their states up, which gives exactly
 * the summary one unsharded run on the same seeds gives.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../util/result';
import { jsonTextTooDeep, MAX_JSON_DEPTH, tooDeepMessage } from '../util/json-depth';
import { jsonProblem } from '../util/json-error';
import { PairedAccumulator, type PairedTally } from './paired';
import type { LabStatus } from './run';
import { LabAccumulator, type LabTally } from './summary';
import type { LabHook } from './types';

/** What a run file says it is. */
export const LAB_RUN_FORMAT = 'fuqi-balance-run';
/** The version of the run file this app writes and reads; a newer one is refused with a message. */
export const LAB_RUN_VERSION = 1;

/** Which part of a run a file holds: shard `index` (from 0) of `count`, game indices [from, to). A whole run is 0 of 1. */
export interface LabShard {
  index: number;
  count: number;
  from: number;
  to: number;
}

/** The settings of a run, as a file records them. */
export interface LabRunSettings {
  game: string;
  /** Games of the whole run (all shards), per option set. */
  games: number;
  seed: string;
  players: number;
  bots: string[];
  rotate: boolean;
  /** Option sets A and B as they were given. */
  options: Record<string, unknown>;
  vs?: Record<string, unknown>;
  searchIterations?: number;
  /**
   * The simulator configs each option set was played with (options with every default filled in,
   * bots per seat, search budget, caps), without the worker count: shards belong to one run when
   * these, the game, the games and the rotation are the same.
   */
  resolved: Record<string, unknown>[];
}

/** A run's accumulators' whole state. */
export interface LabTallies {
  a: LabTally;
  b?: LabTally;
  paired?: PairedTally;
}

/** What `balance --json` writes: the status (summaries, progress, timing), and what merging needs. */
export interface LabRunFile extends LabStatus {
  format: typeof LAB_RUN_FORMAT;
  version: number;
  run: LabRunSettings;
  shard: LabShard;
  tallies: LabTallies;
  /** A merged file: the shards it was made of, with their timing. */
  merged?: { shards: { index: number; from: number; to: number; elapsedMs: number; workers: number }[] };
}

/** Game indices [from, to) of shard `index` (from 0) of `count`: contiguous, sizes differing by at most one. */
export function shardRange(games: number, index: number, count: number): { from: number; to: number } {
  return { from: Math.floor((index * games) / count), to: Math.floor(((index + 1) * games) / count) };
}

const bi = (code: string, en: string, zh: string) => err(code, en, { zh });

/**
 * `K/N` of `--shard`: shard K (counted from 0, as Kubernetes' completion index) of N.
 * @example parseShard('0/8') // ok { index: 0, count: 8 }
 */
export function parseShard(text: string): Result<{ index: number; count: number }> {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) return bi('lab/shard', `--shard "${text}" is not K/N: write the shard number and the number of shards, e.g. --shard 0/8 for the first of 8 (shards count from 0 to N−1).`, `--shard「${text}」不是 K/N 的形式：请写分片编号和分片总数，例如 --shard 0/8 表示 8 片中的第一片（编号从 0 到 N−1）。`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (!Number.isSafeInteger(count) || count < 1) return bi('lab/shard', `--shard ${text}: the number of shards must be at least 1.`, `--shard ${text}：分片总数至少为 1。`);
  if (!Number.isSafeInteger(index) || index >= count)
    return bi('lab/shard', `--shard ${text}: shards count from 0, so with ${count} shards K is 0 to ${count - 1}${index === count ? ` (for the last shard write ${count - 1}/${count}; Kubernetes' $JOB_COMPLETION_INDEX counts the same way)` : ''}.`, `--shard ${text}：分片编号从 0 开始，${count} 片时 K 为 0 到 ${count - 1}${index === count ? `（最后一片请写 ${count - 1}/${count}；Kubernetes 的 $JOB_COMPLETION_INDEX 也这样计数）` : ''}。`);
  return ok({ index, count });
}

// ---------------------------------------------------------------------------------------------
// Reading a run file: every number is checked before it is added to anything.

const count = z.number().int().min(0);
const hist = z.array(z.tuple([z.number(), count]));
const tallySchema = z.object({
  games: count,
  finished: count,
  draws: count,
  capped: count,
  seatWins: z.array(count),
  seatBots: z.array(z.array(z.string())),
  winnerSeats: count,
  seatGames: count,
  mixed: z.boolean(),
  lengths: z.object({ moves: hist, turns: hist, rounds: hist }),
  scores: z.object({ all: hist, winner: hist, margin: hist }),
  counters: z.array(z.tuple([z.string(), count, count, count, count, z.boolean()])),
  bots: z.array(z.tuple([z.string(), count, count])),
  h2h: z.array(z.tuple([z.string(), z.string(), count, count])),
  coverage: z.object({
    games: count,
    seatGames: z.array(z.tuple([z.string(), count])),
    uses: z.array(z.tuple([z.string(), z.string(), count, count])),
  }),
});
const pairedSchema = z.object({ pairs: count, measures: z.array(z.tuple([z.string(), hist, z.number(), z.number()])) });
const fileSchema = z.looseObject({
  format: z.literal(LAB_RUN_FORMAT),
  version: z.literal(LAB_RUN_VERSION),
  state: z.enum(['running', 'done', 'cancelled', 'failed']),
  game: z.string(),
  games: count,
  done: count,
  elapsedMs: z.number().min(0),
  gamesPerSec: z.number().min(0),
  workers: count,
  warnings: z.array(z.string()),
  run: z.object({
    game: z.string(),
    games: z.number().int().min(1),
    seed: z.string(),
    players: z.number().int().min(1),
    bots: z.array(z.string()),
    rotate: z.boolean(),
    options: z.record(z.string(), z.unknown()),
    vs: z.record(z.string(), z.unknown()).optional(),
    searchIterations: z.number().int().optional(),
    resolved: z.array(z.record(z.string(), z.unknown())).min(1).max(2),
  }),
  shard: z.object({ index: count, count: z.number().int().min(1), from: count, to: count }),
  tallies: z.object({ a: tallySchema, b: tallySchema.optional(), paired: pairedSchema.optional() }),
});

/** Read one run file (`balance --json` or `balance merge --json`): a message naming the file and the fix when it is not one. */
export function readLabRunFile(name: string, text: string): Result<LabRunFile> {
  const deep = jsonTextTooDeep(text);
  if (deep !== undefined) {
    const m = tooDeepMessage(name, `character ${deep}`, MAX_JSON_DEPTH);
    return bi('lab/run-file', m.en, m.zh);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const p = jsonProblem(name, text, e);
    return bi('lab/run-file', `${p.en} If it is a shard, the machine may have stopped while writing it: run that shard again.`, `${p.zh}如果这是一个分片，可能是写入时机器停了：请重新运行这一片。`);
  }
  const notRun = bi('lab/run-file', `${name} is not a balance run file (it has no "format": "${LAB_RUN_FORMAT}"); give the files \`balance --json\` wrote.`, `${name} 不是平衡测试结果文件（没有 "format": "${LAB_RUN_FORMAT}"）；请给出 \`balance --json\` 写出的文件。`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return notRun;
  const v = value as Record<string, unknown>;
  if (v.format !== LAB_RUN_FORMAT) return notRun;
  if (typeof v.version === 'number' && v.version > LAB_RUN_VERSION)
    return bi('lab/run-version', `${name} was written by a newer Fuqi Workshop (run file version ${v.version}; this one reads version ${LAB_RUN_VERSION}): update Fuqi Workshop on this machine, or merge where the shards were made.`, `${name} 由较新版本的福器工坊写出（结果文件版本 ${v.version}；本版本只能读版本 ${LAB_RUN_VERSION}）：请更新本机的福器工坊，或在生成分片的机器上合并。`);
  const parsed = fileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.join('.') || '(top level)';
    return bi('lab/run-file', `${name} is damaged: ${where}: ${issue.message}. Run that shard again to write it afresh.`, `${name} 已损坏：${where}：${issue.message}。请重新运行这一片，重新写出文件。`);
  }
  return ok(parsed.data as unknown as LabRunFile);
}

// ---------------------------------------------------------------------------------------------
// Merging.

/** JSON with object keys sorted, so two equal settings compare equal however they were written. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** The first setting two runs differ in, named as a person would look for it, with both values. */
function difference(a: LabRunSettings, b: LabRunSettings): string | null {
  const show = (x: unknown) => (x === undefined ? '(none)' : canonical(x));
  for (const k of ['game', 'games', 'rotate'] as const) if (canonical(a[k]) !== canonical(b[k])) return `${k} ${show(a[k])} vs ${show(b[k])}`;
  if (a.resolved.length !== b.resolved.length) return `option set B (--vs) ${a.resolved.length > 1 ? 'given' : 'not given'} vs ${b.resolved.length > 1 ? 'given' : 'not given'}`;
  for (let i = 0; i < a.resolved.length; i++) {
    const [x, y] = [a.resolved[i]!, b.resolved[i]!];
    const set = a.resolved.length > 1 ? ` of option set ${i ? 'B' : 'A'}` : '';
    for (const k of [...new Set([...Object.keys(x), ...Object.keys(y)])]) {
      if (canonical(x[k]) === canonical(y[k])) continue;
      const [ox, oy] = [x[k], y[k]];
      if (k === 'options' && ox && oy && typeof ox === 'object' && typeof oy === 'object') {
        const o1 = ox as Record<string, unknown>;
        const o2 = oy as Record<string, unknown>;
        const key = [...new Set([...Object.keys(o1), ...Object.keys(o2)])].find((n) => canonical(o1[n]) !== canonical(o2[n]));
        if (key !== undefined) return `rule option "${key}"${set} ${show(o1[key])} vs ${show(o2[key])}`;
      }
      return `${k}${set} ${show(ox)} vs ${show(oy)}`;
    }
  }
  return null;
}

/** A file given to merge: the name to show in messages, and its content. */
export interface NamedRunFile {
  name: string;
  file: LabRunFile;
}

/**
 * Merge the shards of one run into the run's result. Refused, with a message naming the files and
 * what to do, when they are of different runs, overlap, leave shards missing, or a shard did not
 * finish. `hooks` gives each game's lab hook (its labels and declared counters).
 */
export function mergeLabRuns(files: readonly NamedRunFile[], hooks: Readonly<Record<string, LabHook<never>>>): Result<LabRunFile> {
  if (!files.length) return bi('lab/merge', 'Name the shard files to merge, e.g. `npm run cli -- balance merge shard-*.json --json all.json`.', '请给出要合并的分片文件，例如 `npm run cli -- balance merge shard-*.json --json all.json`。');
  const first = files[0]!;
  const run = first.file.run;
  const hook = Object.hasOwn(hooks, run.game) ? hooks[run.game] : undefined;
  if (!hook) return bi('lab/merge', `${first.name} is a run of "${run.game}", a game this Fuqi Workshop has no balance lab for: merge it with the version that made it.`, `${first.name} 是「${run.game}」的测试，本版本福器工坊没有这个游戏的平衡实验室：请用生成它的版本合并。`);
  const n = first.file.shard.count;
  const byIndex = new Map<number, NamedRunFile>();
  const sides = run.resolved.length;
  for (const f of files) {
    const { shard, state, done } = f.file;
    const diff = difference(run, f.file.run);
    if (diff) return bi('lab/merge-mismatch', `${f.name} is not a shard of the same run as ${first.name}: ${diff}. Merge only the shards of one command line that differ in --shard alone.`, `${f.name} 与 ${first.name} 不是同一次测试的分片：${diff}。只能合并同一条命令、仅 --shard 不同的分片。`);
    if (shard.count !== n) return bi('lab/merge-mismatch', `${f.name} is shard ${shard.index}/${shard.count} but ${first.name} is shard ${first.file.shard.index}/${n}: the shards of one run all have the same N. Merge the shards of one split only.`, `${f.name} 是分片 ${shard.index}/${shard.count}，而 ${first.name} 是分片 ${first.file.shard.index}/${n}：同一次测试的分片 N 必须相同。请只合并同一种切分的分片。`);
    const range = shardRange(run.games, shard.index, n);
    if (shard.index >= n || shard.from !== range.from || shard.to !== range.to || f.file.tallies.a.games !== shard.to - shard.from || (sides > 1) !== !!f.file.tallies.b || (sides > 1) !== !!f.file.tallies.paired)
      return bi('lab/run-file', `${f.name} is damaged: shard ${shard.index}/${n} should hold games ${range.from}–${range.to - 1} and their tallies. Run that shard again.`, `${f.name} 已损坏：分片 ${shard.index}/${n} 应包含第 ${range.from}–${range.to - 1} 局及其统计。请重新运行这一片。`);
    if (state !== 'done' || done !== shard.to - shard.from || (f.file.tallies.b && f.file.tallies.b.games !== done) || (f.file.tallies.paired && f.file.tallies.paired.pairs !== done))
      return bi('lab/merge-incomplete', `${f.name} (shard ${shard.index}/${n}) did not finish: it was ${state} after ${done} of ${shard.to - shard.from} games. Run that shard again and merge its new file.`, `${f.name}（分片 ${shard.index}/${n}）没有完成：${done}/${shard.to - shard.from} 局后${state === 'cancelled' ? '被取消' : state === 'failed' ? '出错' : '中断'}。请重新运行这一片，再合并新的文件。`);
    const twin = byIndex.get(shard.index);
    if (twin) return bi('lab/merge-duplicate', `Shard ${shard.index}/${n} is given twice (${twin.name} and ${f.name}): give each shard once.`, `分片 ${shard.index}/${n} 给了两次（${twin.name} 和 ${f.name}）：每个分片只给一次。`);
    byIndex.set(shard.index, f);
  }
  const missing = Array.from({ length: n }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length) {
    const list = missing.slice(0, 12).map((i) => `${i}/${n}`).join(', ') + (missing.length > 12 ? ` and ${missing.length - 12} more` : '');
    return bi('lab/merge-missing', `${missing.length} of ${n} shards missing: ${list}. Run them (the same command with --shard ${missing[0]}/${n} …) and merge all ${n} files.`, `缺少 ${n} 个分片中的 ${missing.length} 个：${list}。请运行它们（同一条命令加 --shard ${missing[0]}/${n} …），再合并全部 ${n} 个文件。`);
  }
  const shards = [...byIndex.values()].sort((x, y) => x.file.shard.index - y.file.shard.index).map((f) => f.file);
  const a = new LabAccumulator(hook);
  const b = sides > 1 ? new LabAccumulator(hook) : null;
  const paired = sides > 1 ? new PairedAccumulator() : null;
  for (const s of shards) {
    a.merge(s.tallies.a);
    if (s.tallies.b) b?.merge(s.tallies.b);
    if (s.tallies.paired) paired?.merge(s.tallies.paired);
  }
  const elapsedMs = shards.reduce((t, s) => t + s.elapsedMs, 0);
  const file: LabRunFile = {
    format: LAB_RUN_FORMAT,
    version: LAB_RUN_VERSION,
    run,
    shard: { index: 0, count: 1, from: 0, to: run.games },
    state: 'done',
    game: run.game,
    games: run.games,
    done: run.games,
    // Machine time over all shards, and a shard's average rate.
    elapsedMs,
    gamesPerSec: elapsedMs > 0 ? (run.games * sides * 1000) / elapsedMs : 0,
    etaMs: 0,
    workers: Math.max(...shards.map((s) => s.workers)),
    a: a.summary(),
    warnings: first.file.warnings,
    tallies: { a: a.state() },
    merged: { shards: shards.map((s) => ({ index: s.shard.index, from: s.shard.from, to: s.shard.to, elapsedMs: s.elapsedMs, workers: s.workers })) },
  };
  if (b && paired) {
    file.b = b.summary();
    file.paired = paired.summary();
    file.tallies.b = b.state();
    file.tallies.paired = paired.state();
  }
  return ok(file);
}
