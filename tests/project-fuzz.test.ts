// The safety fuzz test: 1,000 generated corrupt and hostile project folders (tests/fuzz) go
// through load → preflight → export (and the rulebook for some), and for every one the test
// checks the promises of README "Safety": a clear error naming the file and place, or a valid
// PDF; no crash (every failure is a described value, not a thrown TypeError or stack
// overflow); no case working over 10 s (its thread's CPU time, so that a machine busy with other
// tests does not pass for a hang; a case blocked without working fails after 60 s by the clock);
// and nothing outside the job's own output touched — the project
// folder, the folder beside it that escaping references point at, and the user's files in the
// output folder are byte-identical before and after.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, constants, lstatSync, openSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { build } from 'esbuild';
import { makeCase, writeOutside, SECRET, TINY_PNG, type FuzzCase } from './fuzz/corrupt-projects';
import type { CaseMessage, StepOutcome } from './fuzz/pipeline-worker';

const CASES = Number(process.env.FUZZ_CASES ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
const CASE_LIMIT_MS = 10_000;
const CASE_STUCK_MS = 60_000;
const WORKERS = 2;

/** Every entry under `dirs` (not following links): type, size and content hash. */
function snapshot(dirs: string[], skip: (p: string) => boolean = () => false): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (p: string): void => {
    if (skip(p)) return;
    let st;
    try {
      st = lstatSync(p);
    } catch {
      return;
    }
    if (st.isSymbolicLink()) out.set(p, `link ${readlinkSync(p)}`);
    else if (st.isDirectory()) {
      out.set(p, 'dir');
      for (const n of readdirSync(p)) walk(join(p, n));
    } else if (st.isFile()) out.set(p, `file ${st.size} ${createHash('sha1').update(readFileSync(p)).digest('hex')}`);
    else out.set(p, 'special');
  };
  for (const d of dirs) walk(d);
  return out;
}

/** Milliseconds per tick of /proc's CPU times (USER_HZ). */
let tickMs = 10;

/** CPU time (user + system) a thread has used, from /proc/<pid>/task/<tid>/stat; undefined off Linux. */
function threadCpuMs(task: string | null): number | undefined {
  if (!task) return undefined;
  try {
    const stat = readFileSync(`/proc/${task}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * tickMs;
  } catch {
    return undefined;
  }
}

/** A pipeline worker and its thread's /proc entry. */
interface Runner {
  worker: Worker;
  task: string | null;
}

/** What a case's run came to: its steps and how long it took, or a hang. */
type Answer = { steps: StepOutcome[]; wallMs: number; cpuMs: number | undefined } | 'timeout';

/** Open every FIFO under `dir` for writing (non-blocking) and close it, waking a blocked reader. */
function unblockFifos(dir: string): void {
  for (const [p, kind] of snapshot([dir])) {
    if (kind !== 'special') continue;
    try {
      closeSync(openSync(p, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // No reader waiting on it.
    }
  }
}

/** Words that mean a program error rather than a message written for the user. */
const CRASH = /Maximum call stack|Cannot read propert|is not a function|is not iterable|undefined is not|of undefined|of null|Invalid array length|out of memory|Invalid string length|\[object Object\]|native code/i;

/** A failure message names the project's file, the card, the image, or the setting at fault. */
function namesThePlace(message: string, c: FuzzCase): boolean {
  const places = ['project.json', 'cards.csv', 'front.template.json', 'back.template.json', 'rules.zh.md', 'rules.en.md', 'art/', 'a.png', 'a.svg', 'RAT', 'OX', 'card', 'layer', 'template', 'rulebook', ...c.mutations.flatMap((m) => m.split(' ').filter((w) => w.length > 3))];
  return places.some((p) => message.includes(p));
}

let root: string;
let projectsDir: string;
let outside: string;
let outRoot: string;
let workerFile: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'fuqi-fuzz-'));
  projectsDir = join(root, 'projects');
  outside = join(root, 'outside');
  outRoot = join(root, 'out');
  mkdirSync(projectsDir, { recursive: true });
  mkdirSync(outRoot, { recursive: true });
  writeOutside(outside);
  try {
    tickMs = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    // 100 ticks a second, as on every Linux we run on.
  }
  // Bundled beside node_modules (externals resolve from there); see scripts/bundle.ts for why.
  const dir = mkdtempSync(join(process.cwd(), 'node_modules', '.fuzz-'));
  workerFile = join(dir, 'pipeline-worker.mjs');
  await build({
    entryPoints: [join(__dirname, 'fuzz', 'pipeline-worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outfile: workerFile,
    logLevel: 'error',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('corrupt project folders', () => {
  it(`${CASES} generated folders: a clear error or a valid PDF, no crash, no hang, nothing else touched`, async () => {
    const failures: string[] = [];
    const stats = { loadFailed: 0, exported: 0, refused: 0, rulebooks: 0, slowest: 0, slowestWall: 0 };
    let next = 0;

    const checkCase = async (c: FuzzCase, steps: StepOutcome[], before: Map<string, string>, out: string): Promise<void> => {
      const fail = (what: string) => failures.push(`${c.id} [${c.mutations.join('; ')}]: ${what}`);
      for (const s of steps) {
        if (s.threw) fail(`${s.stage} threw ${s.threw}: ${s.message}`);
        if (!s.ok && !s.message) fail(`${s.stage} failed without a message`);
        if (s.message && CRASH.test(s.message)) fail(`${s.stage} message is a program error: ${s.message.slice(0, 300)}`);
        if (s.message?.includes(SECRET)) fail(`${s.stage} message quotes a file outside the project`);
        if (!s.ok && s.message && !namesThePlace(s.message, c)) fail(`${s.stage} message names no file or place: ${s.message.slice(0, 300)}`);
        for (const i of s.issues ?? []) if (!i.message || CRASH.test(i.message)) fail(`preflight issue without a clear message: ${JSON.stringify(i)}`);
      }
      const load = steps[0]!;
      if (!load.ok) stats.loadFailed++;
      const exp = steps.find((s) => s.stage === 'export');
      const written = new Set<string>();
      let pngDir: string | undefined;
      if (exp?.ok) {
        stats.exported++;
        for (const f of exp.files ?? []) {
          written.add(f.path);
          if (f.kind === 'png-dir') pngDir = f.path;
        }
        const pdf = readFileSync(join(out, 'x.pdf'));
        try {
          const doc = await PDFDocument.load(pdf);
          if (doc.getPageCount() < 1) fail('exported PDF has no pages');
        } catch (e) {
          fail(`exported PDF does not load: ${(e as Error).message}`);
        }
        if (pdf.includes(SECRET)) fail('exported PDF contains text from outside the project');
      } else if (exp) stats.refused++;
      const rb = steps.find((s) => s.stage === 'rulebook');
      if (rb?.ok) {
        stats.rulebooks++;
        written.add(join(out, 'rules.pdf'));
        const pdf = readFileSync(join(out, 'rules.pdf'));
        await PDFDocument.load(pdf).catch((e: Error) => fail(`rulebook PDF does not load: ${e.message}`));
      }
      if (c.mustRefuse && load.ok && exp?.ok && (!c.rulebook || rb?.ok)) fail('reached outside its folder and still exported without complaint');

      // Nothing but the job's own outputs changed: the project, the outside folder, the user's files.
      const after = snapshot([c.dir, outside, out], (p) => p === join(out, 'app-exports'));
      const own = (p: string) => written.has(p) || (pngDir !== undefined && p.startsWith(pngDir + '/') && p.endsWith('.png') && !before.has(p));
      for (const [p, v] of before) {
        const now = after.get(p);
        if (now === v) continue;
        if (written.has(p)) continue; // the finished PDF replaces the user's old one: asked for
        fail(`${now === undefined ? 'removed' : 'changed'} ${relative(root, p)} (${v} → ${now})`);
      }
      for (const p of after.keys()) if (!before.has(p) && !own(p)) fail(`left ${relative(root, p)} behind (not one of its outputs)`);
    };

    const spawned: Runner[] = [];
    const start = (): Promise<Runner> =>
      new Promise((resolve, reject) => {
        const worker = new Worker(workerFile);
        worker.once('message', (m: { task: string | null }) => resolve({ worker, task: m.task }));
        worker.once('error', reject);
      });
    /**
     * Run one case on `r`. With `limit`, a case is a hang once its thread has worked for
     * CASE_LIMIT_MS of CPU (by the clock where /proc is missing), or waited CASE_STUCK_MS.
     */
    const ask = (r: Runner, msg: CaseMessage, limit: boolean): Promise<Answer> =>
      new Promise((resolve) => {
        const t0 = performance.now();
        const c0 = threadCpuMs(r.task);
        const cpuSince = () => {
          const now = threadCpuMs(r.task);
          return c0 === undefined || now === undefined ? undefined : now - c0;
        };
        let timer: ReturnType<typeof setInterval> | undefined;
        const on = (m: { steps: StepOutcome[] }) => {
          clearInterval(timer);
          resolve({ steps: m.steps, wallMs: performance.now() - t0, cpuMs: cpuSince() });
        };
        if (limit)
          timer = setInterval(() => {
            const wall = performance.now() - t0;
            if ((cpuSince() ?? wall) > CASE_LIMIT_MS || wall > CASE_STUCK_MS) {
              clearInterval(timer);
              r.worker.removeListener('message', on);
              resolve('timeout');
            }
          }, 250);
        r.worker.once('message', on);
        r.worker.postMessage(msg);
      });
    let warmups = 0;
    // A fresh worker first exports the unmutated project (untimed: fonts load on first use), which
    // also proves the base project of every case is sound.
    const warm = async (r: Runner): Promise<void> => {
      const c = makeCase(warmups++, SEED, projectsDir, outside, true);
      const out = join(outRoot, c.id);
      mkdirSync(out, { recursive: true });
      const a = await ask(r, { c, projectsDir, out }, false);
      expect(a !== 'timeout' && a.steps.map((s) => `${s.stage} ${s.ok ? 'ok' : s.message}`)).toEqual(['load ok', 'preflight ok', 'export ok', 'rulebook ok']);
      rmSync(c.dir, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    };
    const runOn = (first: Runner): Promise<void> =>
      (async () => {
        let runner = first;
        await warm(runner);
        for (;;) {
          const i = next++;
          if (i >= CASES) return;
          const c = makeCase(i, SEED, projectsDir, outside);
          const out = join(outRoot, c.id);
          mkdirSync(join(out, 'cards'), { recursive: true });
          writeFileSync(join(out, 'keep.txt'), 'the user\'s notes\n');
          writeFileSync(join(out, 'cards', 'mine.png'), TINY_PNG);
          if (i % 2) writeFileSync(join(out, 'x.pdf'), 'the user\'s old PDF\n');
          const before = snapshot([c.dir, outside, out]);
          const a = await ask(runner, { c, projectsDir, out }, true);
          if (a === 'timeout') {
            failures.push(`${c.id} [${c.mutations.join('; ')}]: worked over ${CASE_LIMIT_MS / 1000} s or waited over ${CASE_STUCK_MS / 1000} s`);
            // A thread stuck opening a FIFO cannot be terminated: give it a writer so it wakes.
            unblockFifos(c.dir);
            await Promise.race([runner.worker.terminate(), new Promise((r) => setTimeout(r, 2000))]);
            runner.worker.unref();
            runner = await start();
            spawned.push(runner);
            await warm(runner);
            continue;
          }
          stats.slowest = Math.max(stats.slowest, a.cpuMs ?? a.wallMs);
          stats.slowestWall = Math.max(stats.slowestWall, a.wallMs);
          await checkCase(c, a.steps, before, out);
          rmSync(c.dir, { recursive: true, force: true });
          rmSync(out, { recursive: true, force: true });
        }
      })();

    const workers = await Promise.all(Array.from({ length: WORKERS }, start));
    try {
      await Promise.all(workers.map(runOn));
    } finally {
      await Promise.all([...workers, ...spawned].map((r) => Promise.race([r.worker.terminate(), new Promise((res) => setTimeout(res, 2000))])));
    }
    console.log(`fuzz: ${CASES} cases, ${stats.loadFailed} refused at load, ${stats.exported} exported, ${stats.refused} exports refused, ${stats.rulebooks} rulebooks, slowest ${(stats.slowest / 1000).toFixed(1)} s of work (${(stats.slowestWall / 1000).toFixed(1)} s by the clock)`);
    expect(failures.slice(0, 40)).toEqual([]);
    // The generator must exercise every path, not only the loader.
    expect(stats.exported).toBeGreaterThan(CASES / 20);
    expect(stats.loadFailed).toBeGreaterThan(CASES / 5);
  }, 900_000);
});
