// The command line as a user runs it: a whole process, `npm run cli -- export doufu`, from start
// to exit. Reported against a baseline run here too: a bare `node -e 0` (the floor any Node
// command pays). The first run builds the CLI bundle when sources changed and fills a fresh cache
// folder (decompressed fonts, face metrics, PDF-ready font subsets and images); later runs are
// what a user sees every time after that. The machine may be shared: wall time is reported with
// the process's own CPU time and peak memory, and the load average while it ran.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sized } from './scale';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Run {
  wallMs: number;
  cpuMs: number;
  maxRssKb: number;
}

function timed(args: string[], env: NodeJS.ProcessEnv, usage: string): Run {
  writeFileSync(usage, '');
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['-r', resolve(__dirname, 'usage-report.cjs'), ...args], { cwd: resolve(__dirname, '..'), env: { ...env, FUQI_BENCH_USAGE: usage }, encoding: 'utf8' });
  const wallMs = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  const u = JSON.parse(readFileSync(usage, 'utf8').trim()) as Omit<Run, 'wallMs'>;
  return { wallMs, ...u };
}

const summary = (runs: Run[]) => ({ wallMs: median(runs.map((r) => r.wallMs)), cpuMs: median(runs.map((r) => r.cpuMs)), maxRssKb: median(runs.map((r) => r.maxRssKb)) });
const line = (r: Run) => `${s(r.wallMs)} wall, ${s(r.cpuMs)} CPU, ${(r.maxRssKb / 1024).toFixed(0)} MB peak`;

export function benchCliStart(): void {
  const dir = mkdtempSync(join(tmpdir(), 'fuqi-bench-cli-'));
  const env = { ...process.env, FUQI_CACHE_DIR: join(dir, 'cache') };
  const usage = join(dir, 'usage.jsonl');
  const cli = ['scripts/cli.mjs', 'export', 'doufu', '--out', join(dir, 'doufu.pdf'), '--overwrite'];
  try {
    const load = loadavg()[0]!;
    const runs = Array.from({ length: sized(5, 1) }, (_, i) => i);
    const floor = summary(runs.map(() => timed(['-e', '0'], env, usage)));
    const first = timed(cli, env, usage);
    const warm = summary(runs.map(() => timed(cli, env, usage)));
    console.log(`\nCLI, whole process: npm run cli -- export doufu (斗福 kit, A4)`);
    console.log(`  first run with an empty cache: ${line(first)}`);
    console.log(`  every run after (median of ${runs.length}): ${line(warm)}   [target: < 1.5 s wall]`);
    console.log(`  baseline, node -e 0: ${line(floor)}; ratio ${(warm.wallMs / floor.wallMs).toFixed(1)}× wall, ${(warm.cpuMs / floor.cpuMs).toFixed(1)}× CPU`);
    console.log(`  load average (1 min) on this ${availableParallelism()}-core machine: ${load.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
