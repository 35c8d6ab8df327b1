// The hostile-folder fuzz through the app itself: generated folders with the sizes that stall
// layout or a worker (tables of thousands of columns, SVG filters, deep nesting, hundreds of
// shrink-to-fit layers, thousands of layers and rows, huge cells), mixed with the other corrupt
// cases, go through the IPC handlers as the window calls them — templates:open, projects:render,
// print:preflight, print:start and its status — on the app's own services and worker pool. The
// test measures what the user would feel: the longest stall of the main thread (every other
// request waits that long; it must stay under 200 ms) and the longest job of each worker task
// (each within its budget). Every failure must be a described value, never a program error.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IpcChannel, type IpcEnvelope, type PrintJobStatus } from '../src/shared/ipc/contract';
import { createServices } from '../src/main/services';
import { EXPORT_TASK_BUDGETS } from '../src/main/services/workers/export-pool';
import { createHandlers } from '../src/main/ipc';
import { dispatch } from '../src/main/ipc/registry';
import { HEAVY_MUTATIONS, makeCase, writeOutside } from './fuzz/corrupt-projects';

const CASES = Number(process.env.FUZZ_APP_CASES ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261205);
const STALL_LIMIT_MS = 200;

/** Words that mean a program error rather than a message written for the user. */
const CRASH = /Maximum call stack|Cannot read propert|is not a function|is not iterable|undefined is not|of undefined|of null|Invalid array length|Invalid string length|\[object Object\]|native code/i;

const root = mkdtempSync(join(tmpdir(), 'fuqi-fuzz-app-'));
const projectsDir = join(root, 'games');
const outside = join(root, 'outside');
mkdirSync(projectsDir, { recursive: true });
writeOutside(outside);
const jobs: { task: string; ms: number; outcome: string }[] = [];
// The cases sit where the built-in games do: read-only projects the app opens by folder name.
const services = createServices({ mode: 'browser', templatesDir: projectsDir, projectsDir: join(root, 'projects'), exportDir: join(root, 'exports'), workers: { onTaskEnd: (task, ms, outcome) => jobs.push({ task, ms, outcome }) } });
const handlers = createHandlers(services, () => false);
afterAll(async () => {
  services.watcher.close();
  await services.workers.close();
  rmSync(root, { recursive: true, force: true });
});

/** Milliseconds per tick of /proc's CPU times (USER_HZ). */
let tickMs = 10;
try {
  tickMs = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
} catch {
  // 100 ticks a second, as on every Linux we run on.
}
/** This thread's /proc entry ("<pid>/task/<tid>"), to read its own CPU time; null off Linux. */
let self: string | null = null;
try {
  self = readlinkSync('/proc/thread-self');
} catch {
  // Not Linux: stalls are timed by the clock alone.
}
/** CPU time (user + system) this thread has used, ms; undefined off Linux. */
function cpuMs(): number | undefined {
  if (!self) return undefined;
  try {
    const stat = readFileSync(`/proc/${self}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * tickMs;
  } catch {
    return undefined;
  }
}

/**
 * The longest gap between ticks of a 5 ms timer on this thread, while `measuring`: the longest
 * time the main thread could not answer anything. `worst` counts the CPU the thread worked in the
 * gap (a machine busy with other programs delays the timer without the app doing anything);
 * `worstWall` is the gap by the clock. The test's own work (writing a case's files) pauses it.
 */
const stall = { worst: 0, worstWall: 0, at: '', measuring: false, last: 0, lastCpu: 0 as number | undefined, label: '' };
const ticker = setInterval(() => {
  const now = performance.now();
  const cpu = cpuMs();
  if (stall.measuring) {
    const wall = now - stall.last - 5;
    const work = cpu !== undefined && stall.lastCpu !== undefined ? Math.min(wall, cpu - stall.lastCpu) : wall;
    if (work > stall.worst) ((stall.worst = work), (stall.at = stall.label));
    stall.worstWall = Math.max(stall.worstWall, wall);
  }
  stall.last = now;
  stall.lastCpu = cpu;
}, 5);
ticker.unref();

async function call(channel: string, arg: unknown, label: string): Promise<IpcEnvelope<unknown>> {
  stall.label = label;
  return dispatch(handlers, channel, arg);
}

describe('hostile folders through the app', () => {
  it(`${CASES} generated folders: main never stalls ${STALL_LIMIT_MS} ms, every worker job within its budget, every failure described`, async () => {
    const failures: string[] = [];
    const check = (id: string, mutations: string[], channel: string, r: IpcEnvelope<unknown>) => {
      if (r.ok) return;
      if (!r.error.message) failures.push(`${id} [${mutations.join('; ')}] ${channel}: no message`);
      else if (CRASH.test(r.error.message)) failures.push(`${id} [${mutations.join('; ')}] ${channel}: program error: ${r.error.message.slice(0, 300)}`);
    };
    const codes = new Map<string, number>();
    // Start both workers first, untimed: from sources, the first start bundles the worker entry on
    // this thread (the built app ships it bundled), and each worker loads its fonts on first use.
    const warm = makeCase(0, SEED, projectsDir, outside, true);
    await Promise.all([0, 1].map(() => dispatch(handlers, IpcChannel.PRINT_PREFLIGHT, { projectId: warm.id, paper: 'a4' })));
    rmSync(warm.dir, { recursive: true, force: true });
    jobs.length = 0;
    for (let i = 0; i < CASES; i++) {
      stall.measuring = false;
      // Two of three cases from the heavy sizes, the rest from every kind of damage.
      const c = makeCase(i, SEED, projectsDir, outside, false, i % 3 === 2 ? undefined : HEAVY_MUTATIONS);
      const where = `${c.id} [${c.mutations.join('; ')}]`;
      stall.last = performance.now();
      stall.lastCpu = cpuMs();
      stall.measuring = true;
      const steps: [string, unknown][] = [
        [IpcChannel.TEMPLATES_OPEN, { projectId: c.id }],
        [IpcChannel.PROJECTS_RENDER, { projectId: c.id, offset: 0, limit: 9 }],
        [IpcChannel.PRINT_PREFLIGHT, { projectId: c.id, paper: 'a4' }],
      ];
      for (const [channel, arg] of steps) {
        const r = await call(channel, arg, `${channel} ${where}`);
        check(c.id, c.mutations, channel, r);
        if (!r.ok) codes.set(r.error.code, (codes.get(r.error.code) ?? 0) + 1);
      }
      const start = await call(IpcChannel.PRINT_START, { projectId: c.id, paper: 'a4', acceptPreflight: c.acceptPreflight }, `print:start ${where}`);
      check(c.id, c.mutations, 'print:start', start);
      if (start.ok) {
        const { jobId } = start.value as { jobId: string };
        for (;;) {
          await new Promise((r) => setTimeout(r, 40));
          const s = await call(IpcChannel.PRINT_STATUS, { jobId }, `print:status ${where}`);
          if (!s.ok) break;
          const st = s.value as PrintJobStatus;
          if (st.state === 'running') continue;
          if (st.error) check(c.id, c.mutations, 'export', { ok: false, error: st.error });
          break;
        }
      }
      stall.measuring = false;
      rmSync(c.dir, { recursive: true, force: true });
    }
    clearInterval(ticker);
    const longest = new Map<string, number>();
    for (const j of jobs) longest.set(j.task, Math.max(longest.get(j.task) ?? 0, j.ms));
    const over = jobs.filter((j) => j.outcome === 'worker/over-budget');
    const perTask = [...longest].map(([t, ms]) => `${t} ${(ms / 1000).toFixed(2)} s (budget ${(EXPORT_TASK_BUDGETS[t as keyof typeof EXPORT_TASK_BUDGETS] / 1000).toFixed(0)} s)`).join(', ');
    console.log(
      `fuzz-app: ${CASES} cases, ${jobs.length} worker jobs (${over.length} stopped over budget); longest main-thread stall ${stall.worst.toFixed(0)} ms of work (${stall.at.slice(0, 160)}), ${stall.worstWall.toFixed(0)} ms by the clock; longest worker jobs: ${perTask}; refusals: ${[...codes].map(([k, n]) => `${k} ×${n}`).join(', ')}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(stall.worst).toBeLessThan(STALL_LIMIT_MS);
    for (const [t, ms] of longest) expect(ms, t).toBeLessThanOrEqual(EXPORT_TASK_BUDGETS[t as keyof typeof EXPORT_TASK_BUDGETS] + 1000);
    expect(jobs.length).toBeGreaterThan(CASES / 2);
  }, 900_000);
});
