// The command line as a user runs it: a whole process, `npm run cli -- export doufu`, from start
// to exit. Reported against a baseline run here too: a bare `node -e 0` (the floor any Node
// command pays). The first run builds the CLI bundle when sources changed and decompresses the
// fonts into a fresh cache folder; later runs are what a user sees every time after that.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function timed(args: string[], env: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: resolve(__dirname, '..'), env, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return ms;
}

export function benchCliStart(): void {
  const dir = mkdtempSync(join(tmpdir(), 'fuqi-bench-cli-'));
  const env = { ...process.env, FUQI_CACHE_DIR: join(dir, 'cache') };
  const cli = ['scripts/cli.mjs', 'export', 'doufu', '--out', join(dir, 'doufu.pdf'), '--overwrite'];
  try {
    const floor = median([0, 1, 2].map(() => timed(['-e', '0'], env)));
    const first = timed(cli, env);
    const warm = median([0, 1, 2].map(() => timed(cli, env)));
    console.log(`\nCLI, whole process: npm run cli -- export doufu (斗福 kit, A4)`);
    console.log(`  first run with an empty cache: ${s(first)}; every run after: ${s(warm)} (median of 3)   [target: < 1.5 s]`);
    console.log(`  baseline, node -e 0: ${s(floor)}; ratio ${(warm / floor).toFixed(1)}× a bare Node start`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
