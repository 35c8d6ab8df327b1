// npm run bench (balance-lab part; BENCH_ONLY=lab) — the balance lab's runner against the plain
// simulator, the same games on the same worker threads, as ratios measured in this process.
//
//  1. For 斗福 (random bots, 4 players) and 生肖赛跑 (random bots, 4 players): games/s of
//     `runSimulation` / `runZrSimulation` (the `simulate` command's path: full records to the main
//     thread, the simulator's summary) and of a lab run (the game's stats hook applied in the
//     worker, every statistic of the lab collected as games arrive) on 2 workers; the ratio
//     lab / simulate (the lab should keep ≥ 80 %). Each way is warmed up once, then run
//     alternately; the best of the repetitions counts.
//  2. The lab's scaling: games/s on 2 workers ÷ on 1 worker (≥ 1.8× on a 2-core machine that is
//     otherwise idle; a shared machine shows less).
import { LabJob, resolveLabRun, type LabRequest } from '../src/main/services/lab';
import { resolveConfig, resolveZrConfig, runSimulation, runZrSimulation } from '../src/main/services/simulation';
import { sized, smoke } from './scale';

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1));

async function labRate(req: LabRequest): Promise<number> {
  const run = resolveLabRun(req);
  if (!run.ok) throw new Error(run.error.message);
  const t0 = performance.now();
  const job = new LabJob(run.value);
  await job.finished;
  const st = job.status();
  if (st.state !== 'done') throw new Error(`lab run ended ${st.state}: ${st.error?.en ?? ''}`);
  return (st.done * 1000) / (performance.now() - t0);
}

async function simRate(game: 'doufu' | 'zodiac-race', games: number, workers: number, seed: string): Promise<number> {
  const t0 = performance.now();
  if (game === 'doufu') {
    const cfg = resolveConfig({ game, matches: games, players: 4, bots: 'random', seed, workers });
    if (!cfg.ok) throw new Error(cfg.error.message);
    await runSimulation(cfg.value);
  } else {
    const cfg = resolveZrConfig({ matches: games, players: 4, bots: 'random', seed, workers });
    if (!cfg.ok) throw new Error(cfg.error.message);
    await runZrSimulation(cfg.value);
  }
  return (games * 1000) / (performance.now() - t0);
}

/** Run the balance-lab benchmark and print its report. */
export async function benchLab(): Promise<void> {
  console.log('\nBalance lab: runner vs the plain simulator (random bots, 4 players, same seeds and workers)\n');
  const reps = sized(4, 1);
  for (const [game, games] of [['doufu', sized(1500, 8)], ['zodiac-race', sized(3000, 8)]] as const) {
    const req: LabRequest = { game, players: 4, bots: 'random', games, seed: 'bench', workers: 2 };
    await simRate(game, Math.min(games, 50), 2, 'warm');
    await labRate({ ...req, games: Math.min(games, 50), seed: 'warm' });
    let sim = 0;
    let lab = 0;
    // Alternate which goes first, so a change in the machine's load does not favour one way.
    for (let k = 0; k < reps; k++) {
      if (k % 2) lab = Math.max(lab, await labRate(req));
      sim = Math.max(sim, await simRate(game, games, 2, 'bench'));
      if (!(k % 2)) lab = Math.max(lab, await labRate(req));
    }
    console.log(`${game.padEnd(12)} ${games} games on 2 workers: simulate ${fmt(sim)} games/s, lab ${fmt(lab)} games/s — lab / simulate ${(lab / sim).toFixed(2)} (target ≥ 0.80)`);
  }
  const req: LabRequest = { game: 'zodiac-race', players: 4, bots: 'random', games: sized(3000, 8), seed: 'scale' };
  let one = 0;
  let two = 0;
  for (let k = 0; k < reps; k++) {
    one = Math.max(one, await labRate({ ...req, workers: 1 }));
    two = Math.max(two, await labRate({ ...req, workers: 2 }));
  }
  console.log(`Lab scaling, zodiac-race ${req.games} games: 1 worker ${fmt(one)} games/s, 2 workers ${fmt(two)} games/s — ${(two / one).toFixed(2)}× (target ≥ 1.8× on an idle 2-core machine)${smoke() ? ' [smoke]' : ''}`);
}
