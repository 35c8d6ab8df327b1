// npm run bench (balance-lab part; BENCH_ONLY=lab) — the balance lab's runner against the plain
// simulator, the same games on the same worker threads, as ratios measured in this process.
//
//  1. For 斗福 (random bots, 4 players) and 生肖赛跑 (random bots, 4 players): games/s of
//     `runSimulation` / `runZrSimulation` (the `simulate` command's path: full records to the main
//     thread, the simulator's summary) and of a lab run (the game's stats hook applied in the
//     worker, every statistic of the lab collected as games arrive) on 2 workers; the ratio
//     lab / simulate (the lab should keep ≥ 80 %). Each way is warmed up once, then run
//     alternately; the best of the repetitions counts. Beside the wall-clock ratio, the ratio of
//     games per CPU-second of the whole process (every thread): on a shared, loaded machine the
//     wall clock mostly measures the other processes, the CPU time what each way costs.
//  2. The lab's scaling: games/s on 2 workers ÷ on 1 worker (≥ 1.8× on a 2-core machine that is
//     otherwise idle; a shared machine shows less), 12,000 games, from the first finished game to
//     the last (the workers' start, which compiles TypeScript here, printed apart), and whole; on
//     new workers (a session's first run: V8 compiles the engine on helper threads meanwhile,
//     about 0.4 CPU-s a worker, which with every core playing takes time from the games; again over
//     40,000 games, where that cost is spread thinner) and on warm ones (the workers a finished run
//     handed back, as every later run plays).
//  3. The window's wait while a big run plays: a 100,000-game 生肖赛跑 run on 2 workers, and
//     `lab:status` asked every 50 ms on the main thread as the Balance page asks it. Each wait is
//     from when the poll was due to when its answer was ready to send (the main thread's delay in
//     getting to it, the status itself and its structured clone, what IPC sends); the max and the
//     p99 (target: never over 100 ms). Polling stops after 30 s (the run is then cancelled).
import { loadavg } from 'node:os';
import { LabJob, labWorkers, resolveLabRun, type LabRequest } from '../src/main/services/lab';
import { resolveConfig, resolveZrConfig, runSimulation, runZrSimulation } from '../src/main/services/simulation';
import { sized, smoke } from './scale';

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1));
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

/** A run's rates: games per wall-clock second, and per CPU-second of every thread of the process. */
interface Rate {
  wall: number;
  cpu: number;
}

/** CPU milliseconds of the whole process (main thread and workers) so far. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Time `games` games played by `run`. */
async function timed(games: number, run: () => Promise<void>): Promise<Rate> {
  const t0 = performance.now();
  const c0 = cpuMs();
  await run();
  return { wall: (games * 1000) / (performance.now() - t0), cpu: (games * 1000) / (cpuMs() - c0) };
}

/** The better of two measurements of each rate (interference only slows a run down). */
const best = (a: Rate, b: Rate): Rate => ({ wall: Math.max(a.wall, b.wall), cpu: Math.max(a.cpu, b.cpu) });

async function labRate(req: LabRequest): Promise<Rate> {
  const run = resolveLabRun(req);
  if (!run.ok) throw new Error(run.error.message);
  // On new workers, as the simulator's runs always are: the same start for both ways.
  await labWorkers.close();
  return timed(run.value.games, async () => {
    const job = new LabJob(run.value);
    await job.finished;
    const st = job.status();
    if (st.state !== 'done') throw new Error(`lab run ended ${st.state}: ${st.error?.en ?? ''}`);
  });
}

async function simRate(game: 'doufu' | 'zodiac-race', games: number, workers: number, seed: string): Promise<Rate> {
  return timed(games, () => simRun(game, games, workers, seed));
}

async function simRun(game: 'doufu' | 'zodiac-race', games: number, workers: number, seed: string): Promise<void> {
  if (game === 'doufu') {
    const cfg = resolveConfig({ game, matches: games, players: 4, bots: 'random', seed, workers });
    if (!cfg.ok) throw new Error(cfg.error.message);
    await runSimulation(cfg.value);
  } else {
    const cfg = resolveZrConfig({ matches: games, players: 4, bots: 'random', seed, workers });
    if (!cfg.ok) throw new Error(cfg.error.message);
    await runZrSimulation(cfg.value);
  }
}

/** Run the balance-lab benchmark and print its report. */
export async function benchLab(): Promise<void> {
  console.log(`\nBalance lab: runner vs the plain simulator (random bots, 4 players, same seeds and workers; load average ${load()})\n`);
  const reps = sized(4, 1);
  for (const [game, games] of [['doufu', sized(1500, 8)], ['zodiac-race', sized(3000, 8)]] as const) {
    const req: LabRequest = { game, players: 4, bots: 'random', games, seed: 'bench', workers: 2 };
    await simRate(game, Math.min(games, 50), 2, 'warm');
    await labRate({ ...req, games: Math.min(games, 50), seed: 'warm' });
    let sim: Rate = { wall: 0, cpu: 0 };
    let lab: Rate = { wall: 0, cpu: 0 };
    // Alternate which goes first, so a change in the machine's load does not favour one way.
    for (let k = 0; k < reps; k++) {
      if (k % 2) lab = best(lab, await labRate(req));
      sim = best(sim, await simRate(game, games, 2, 'bench'));
      if (!(k % 2)) lab = best(lab, await labRate(req));
    }
    console.log(
      `${game.padEnd(12)} ${games} games on 2 workers: simulate ${fmt(sim.wall)} games/s, lab ${fmt(lab.wall)} games/s — lab / simulate ${(lab.wall / sim.wall).toFixed(2)} (target ≥ 0.80); per CPU-second of all threads ${fmt(sim.cpu)} and ${fmt(lab.cpu)} — ${(lab.cpu / sim.cpu).toFixed(2)}`,
    );
  }
  const req: LabRequest = { game: 'zodiac-race', players: 4, bots: 'random', games: sized(12_000, 8), seed: 'scale' };
  // Cold: every run on new workers (the first run of a session). Warm: on the workers a finished
  // run handed back (pool.ts), as every later run of the session plays.
  // New workers again over a longer run: the compilation is a cost per worker, not per game.
  for (const [warm, games, reps] of [[false, req.games, sized(2, 1)], [false, sized(40_000, 8), 1], [true, req.games, sized(2, 1)]] as const) {
    const one: Steady = { whole: 0, steady: 0, startMs: Infinity };
    const two: Steady = { whole: 0, steady: 0, startMs: Infinity };
    for (let k = 0; k < reps; k++)
      for (const [workers, into] of [[1, one], [2, two]] as const) {
        await labWorkers.close();
        if (warm) await steadyRate({ ...req, games: sized(2_000, 8), seed: 'warm-up', workers });
        bestSteady(into, await steadyRate({ ...req, games, workers }));
      }
    console.log(
      `Lab scaling, zodiac-race ${games} games on ${warm ? 'warm workers (a run before on as many)' : 'new workers'}: 1 worker ${fmt(one.steady)} games/s, 2 workers ${fmt(two.steady)} games/s once the workers play — ${(two.steady / one.steady).toFixed(2)}× (target ≥ 1.8× on an idle 2-core machine); whole runs with the workers' start (${Math.round(one.startMs)} and ${Math.round(two.startMs)} ms to the first game) ${fmt(one.whole)} and ${fmt(two.whole)} — ${(two.whole / one.whole).toFixed(2)}× (load average now ${load()})${smoke() ? ' [smoke]' : ''}`,
    );
  }
  await labWorkers.close();
  await benchLabLatency();
}

/** A lab run's rate over the whole run and once the workers play (from the first game to the last). */
interface Steady {
  whole: number;
  steady: number;
  startMs: number;
}

const bestSteady = (into: Steady, r: Steady) => {
  into.whole = Math.max(into.whole, r.whole);
  into.steady = Math.max(into.steady, r.steady);
  into.startMs = Math.min(into.startMs, r.startMs);
};

/**
 * Games per wall-clock second of a lab run: whole, and from its first finished game to its end.
 * The second leaves out starting the workers — in this bench each worker compiles its TypeScript
 * on start (half a second), where the app starts a built file — so it measures how the run scales.
 */
async function steadyRate(req: LabRequest): Promise<Steady> {
  const run = resolveLabRun(req);
  if (!run.ok) throw new Error(run.error.message);
  const t0 = performance.now();
  const job = new LabJob(run.value);
  await job.finished;
  const t1 = performance.now();
  const st = job.status();
  if (st.state !== 'done') throw new Error(`lab run ended ${st.state}: ${st.error?.en ?? ''}`);
  // The first batch's games arrive with the workers' start: counted with it.
  const { at: first, games: before } = job.firstBatch!;
  return { whole: (run.value.games * 1000) / (t1 - t0), steady: ((run.value.games - before) * 1000) / (t1 - first), startMs: first - t0 };
}

/** The waits of `lab:status` polled every `everyMs` while `job` plays, for at most `forMs`. */
async function statusWaits(job: LabJob, everyMs: number, forMs: number): Promise<{ waits: number[]; answers: number[] }> {
  const waits: number[] = [];
  const answers: number[] = [];
  const start = performance.now();
  let due = start + everyMs;
  while (!job.ended && performance.now() - start < forMs) {
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    const asked = performance.now();
    structuredClone(job.status());
    const now = performance.now();
    waits.push(now - due);
    answers.push(now - asked);
    due = Math.max(due + everyMs, now);
  }
  return { waits, answers };
}

/** Measure the status poll's wait during a 100,000-game run and print it. */
export async function benchLabLatency(): Promise<void> {
  const games = sized(100_000, 200);
  const run = resolveLabRun({ game: 'zodiac-race', players: 4, bots: 'random', games, seed: 'latency', workers: 2 });
  if (!run.ok) throw new Error(run.error.message);
  const job = new LabJob(run.value);
  const polled = await statusWaits(job, 50, sized(30_000, 2_000));
  const waits = polled.waits.sort((a, b) => a - b);
  const answers = polled.answers.sort((a, b) => a - b);
  const done = job.status().done;
  job.cancel();
  await job.finished;
  const p99 = waits[Math.min(waits.length - 1, Math.floor(0.99 * waits.length))] ?? 0;
  const max = waits[waits.length - 1] ?? 0;
  console.log(
    `Lab status while a ${games.toLocaleString('en')}-game zodiac-race run plays (2 workers, ${done.toLocaleString('en')} games played while polled): ${waits.length} polls every 50 ms, wait max ${max.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, median ${(waits[waits.length >> 1] ?? 0).toFixed(1)} ms, of which answering (status + clone) max ${(answers[answers.length - 1] ?? 0).toFixed(1)} ms, median ${(answers[answers.length >> 1] ?? 0).toFixed(1)} ms (target: max ≤ 100 ms; load average ${load()})${smoke() ? ' [smoke]' : ''}`,
  );
}
