// npm run bench (摸鱼王 part; BENCH_ONLY=moyu-wang, or `npx tsx bench/moyu-wang.ts` alone) —
// 摸鱼王 engine speed and bot strength.
//
//  1. Random 4-player games per CPU-second on one core, played two ways (bench/moyu-wang-speed.ts):
//     the simulator's live table with each game's JSONL line built, against the baseline, the
//     engine's `simulate` over the public contract (a fresh state per move, the random bot picking
//     from the full legal list; no records, which only flatters the baseline). Each way in its own
//     thread, warmed up, then six alternating windows of 0.4 CPU-s: best and median windows, their
//     ratio, and the ≥ 20,000 games/s target.
//  2. Heuristic bots: games per CPU-second on the live table.
//  3. Search bot against the heuristic, BENCH_MW_GAMES games (default 2,000), 4 players: one search
//     bot among three heuristics, its seat turning each game; its win rate with the 95 % Wilson
//     interval, against the heuristic's own rate in the same seats of the same games played with
//     four heuristics (shared wins counted for each winner). Slow: minutes.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { bundle } from '../scripts/bundle';
import type * as Sim from '../src/main/services/simulation/moyu-wang';
import type * as Speed from './moyu-wang-speed';
import { sized } from './scale';

const TARGET = 20_000;
const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1));
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Run the 摸鱼王 benchmark and print its report. */
export async function benchMoyuWang(): Promise<void> {
  console.log('\n摸鱼王 King of Slackers engine and bots (bundled; rates per CPU-second of one thread)\n');
  const url = await bundle(new URL('./moyu-wang-speed.ts', import.meta.url));
  const speed = (await import(url.href)) as typeof Speed;
  const simUrl = await bundle(new URL('../src/main/services/simulation/moyu-wang.ts', import.meta.url));
  const sim = (await import(simUrl.href)) as typeof Sim;
  const windowMs = sized(400, 30);
  const windows = sized(6, 1);

  const start = (way: Speed.MwWayJob['way'], bot: Speed.MwWayJob['bot'], warmup: number) =>
    new Promise<Worker>((resolve, reject) => {
      const w = new Worker(url, { workerData: { mwWay: { way, bot, warmup } satisfies Speed.MwWayJob } });
      w.once('message', () => resolve(w));
      w.once('error', reject);
    });
  const window = (w: Worker, ms: number) =>
    new Promise<Speed.MwWindow>((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
      w.postMessage(ms);
    });

  // 1. Random games, the two ways in alternating windows.
  const contract = await start('contract', 'random', sized(200, 5));
  const table = await start('table', 'random', sized(5000, 20));
  const got = { contract: [] as Speed.MwWindow[], table: [] as Speed.MwWindow[] };
  try {
    for (let k = 0; k < windows; k++) {
      got.contract.push(await window(contract, windowMs));
      got.table.push(await window(table, windowMs));
    }
  } finally {
    await Promise.all([contract.terminate(), table.terminate()]);
  }
  const c = speed.mwRate(got.contract);
  const t = speed.mwRate(got.table);
  console.log(
    `Random bots, 4 players: ${fmt(t.best)} games/s with JSONL records (median window ${fmt(t.median)}; ${t.movesPerGame.toFixed(1)} moves/game, ${t.usPerMove.toFixed(2)} µs/move, ${Math.round(t.bytesPerGame)} bytes/line); ` +
      `baseline (simulate over the contract) ${fmt(c.best)} (median ${fmt(c.median)}; ${c.usPerMove.toFixed(1)} µs/move) = ${(t.best / c.best).toFixed(1)}× the baseline (medians ${(t.median / c.median).toFixed(1)}×); ` +
      `${(t.best / TARGET).toFixed(2)}× the ${TARGET.toLocaleString('en')} games/s target (median ${(t.median / TARGET).toFixed(2)}×)`,
  );

  // 2. Heuristic speed.
  const heur = await start('table', 'heuristic', sized(200, 5));
  try {
    const ws: Speed.MwWindow[] = [];
    for (let k = 0; k < Math.min(3, windows); k++) ws.push(await window(heur, windowMs));
    const h = speed.mwRate(ws);
    console.log(`Heuristic bots, 4 players: ${fmt(h.best)} games/s with records (median ${fmt(h.median)}; ${h.usPerMove.toFixed(1)} µs/move)`);
  } finally {
    await heur.terminate();
  }

  // 3. Search against the heuristic.
  const games = Number(process.env.BENCH_MW_GAMES ?? sized(2000, 4));
  const run = (bots: string) => {
    const cfg = sim.resolveMwConfig({ matches: games, players: 4, seed: 'bench-strength', bots, rotate: true });
    if (!cfg.ok) throw new Error(cfg.error.message);
    const sb = new sim.MwSummaryBuilder(cfg.value);
    for (let i = 0; i < games; i++) {
      sb.add(sim.playMwMatch(cfg.value, i));
      if (process.stderr.isTTY) process.stderr.write(`\r  ${bots}: ${i + 1} / ${games}\x1b[K`);
    }
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    return { s: sb.summary(), ms: sb.searchDecisions ? sb.searchMs / sb.searchDecisions : 0 };
  };
  const base = run('heuristic').s;
  const hb = base.byBot.find((b) => b.bot === 'heuristic')!;
  const duel = run('search,heuristic,heuristic,heuristic');
  const sb = duel.s.byBot.find((b) => b.bot === 'search')!;
  const ci = (r: { rate: number; lo: number; hi: number; count: number; of: number }) => `${pct(r.rate)} [${pct(r.lo)}, ${pct(r.hi)}] (${r.count} / ${r.of})`;
  console.log(
    `Search bot vs three heuristics, 4 players, ${games} games (seat turning): search wins ${ci(sb.wins)}, share ${pct(sb.share)}, mean score ${sb.meanScore.toFixed(1)}; ` +
      `a heuristic seat in all-heuristic games wins ${ci(hb.wins)}, share ${pct(hb.share)}, mean score ${hb.meanScore.toFixed(1)}; ${duel.ms.toFixed(1)} ms per search decision (wall clock)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchMoyuWang().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
