// npm run bench (斗十四 part; BENCH_ONLY=dou-shisi, or `npx tsx bench/dou-shisi.ts` alone) —
// 斗十四 engine speed and bot strength.
//
//  1. Random 4-player hands per CPU-second on one core, played two ways (bench/dou-shisi-speed.ts):
//     the simulator's fast path with each hand's JSONL line built, against the baseline, the
//     engine's `simulate` over the public contract (no records, which only flatters the baseline).
//     Each way in its own thread, warmed up, then six alternating windows of 0.4 CPU-s: best and
//     median windows, their ratio, and the ≥ 10,000 hands/s target.
//  2. Heuristic bots: hands per CPU-second on the fast path.
//  3. Search bot against the heuristic, BENCH_DS_HANDS hands (default 2,000): on hand i the search
//     bot sits at seat i mod 4 with three heuristic bots; the same deals are played with four
//     heuristic bots. Reported: the search seat's mean payment per hand and the heuristic's in the
//     same seat on the same deals, each with its 95 % interval, the paired difference with its
//     95 % interval, and the win rates (Wilson intervals). Slow: minutes.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { bundle } from '../scripts/bundle';
import type * as Sim from '../src/main/services/simulation/dou-shisi';
import type * as Summary from '../src/main/services/simulation/summary';
import type * as Speed from './dou-shisi-speed';
import { sized } from './scale';

const TARGET = 10_000;
const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1));
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Mean and 95 % half-width of a sample. */
function meanCi(xs: readonly number[]): { mean: number; half: number } {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const v = n > 1 ? xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1) : 0;
  return { mean, half: (1.96 * Math.sqrt(v)) / Math.sqrt(n) };
}
const showCi = (c: { mean: number; half: number }) => `${c.mean.toFixed(3)} [${(c.mean - c.half).toFixed(3)}, ${(c.mean + c.half).toFixed(3)}]`;

/** Run the 斗十四 benchmark and print its report. */
export async function benchDouShisi(): Promise<void> {
  console.log('\n斗十四 Dou Shisi engine and bots (bundled; rates per CPU-second of one thread)\n');
  const url = await bundle(new URL('./dou-shisi-speed.ts', import.meta.url));
  const speed = (await import(url.href)) as typeof Speed;
  const simUrl = await bundle(new URL('../src/main/services/simulation/dou-shisi.ts', import.meta.url));
  const sim = (await import(simUrl.href)) as typeof Sim;
  const sumUrl = await bundle(new URL('../src/main/services/simulation/summary.ts', import.meta.url));
  const { wilson } = (await import(sumUrl.href)) as typeof Summary;

  const start = (way: Speed.DsWayJob['way'], bot: Speed.DsWayJob['bot'], warmup: number) =>
    new Promise<Worker>((resolve, reject) => {
      const w = new Worker(url, { workerData: { dsWay: { way, bot, warmup } satisfies Speed.DsWayJob } });
      w.once('message', () => resolve(w));
      w.once('error', reject);
    });
  const window = (w: Worker, ms: number) =>
    new Promise<Speed.DsWindow>((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
      w.postMessage(ms);
    });

  // 1. Random hands, the two ways in alternating windows.
  const windows = sized(6, 1);
  const ms = sized(400, 50);
  const contract = await start('contract', 'random', sized(200, 5));
  const table = await start('table', 'random', sized(2000, 5));
  const got = { contract: [] as Speed.DsWindow[], table: [] as Speed.DsWindow[] };
  try {
    for (let k = 0; k < windows; k++) {
      got.contract.push(await window(contract, ms));
      got.table.push(await window(table, ms));
    }
  } finally {
    await Promise.all([contract.terminate(), table.terminate()]);
  }
  const c = speed.dsRate(got.contract);
  const t = speed.dsRate(got.table);
  console.log(
    `Random bots, 4 players: ${fmt(t.best)} hands/s with JSONL records (median window ${fmt(t.median)}; ${t.movesPerHand.toFixed(1)} moves/hand, ${t.usPerMove.toFixed(2)} µs/move, ${Math.round(t.bytesPerHand)} bytes/line); ` +
      `baseline (simulate over the contract) ${fmt(c.best)} (median ${fmt(c.median)}; ${c.usPerMove.toFixed(1)} µs/move) = ${(t.best / c.best).toFixed(1)}× the baseline (medians ${(t.median / c.median).toFixed(1)}×); ` +
      `${(t.best / TARGET).toFixed(2)}× the ${TARGET.toLocaleString('en')} hands/s target (median ${(t.median / TARGET).toFixed(2)}×)`,
  );

  // 2. Heuristic speed.
  const heur = await start('table', 'heuristic', sized(100, 2));
  try {
    const ws: Speed.DsWindow[] = [];
    for (let k = 0; k < sized(3, 1); k++) ws.push(await window(heur, ms));
    const h = speed.dsRate(ws);
    console.log(`Heuristic bots, 4 players: ${fmt(h.best)} hands/s with records (median ${fmt(h.median)}; ${h.usPerMove.toFixed(1)} µs/move)`);
  } finally {
    await heur.terminate();
  }

  // 3. Search against the heuristic, the same deals both ways.
  const hands = Number(process.env.BENCH_DS_HANDS ?? sized(2000, 4));
  const worlds = process.env.BENCH_DS_WORLDS ? Number(process.env.BENCH_DS_WORLDS) : undefined;
  const play = (i: number, search: boolean) => {
    const seat = i % 4;
    const cfg = sim.resolveDsConfig({ seed: 'bench-strength', bots: [0, 1, 2, 3].map((k) => (search && k === seat ? 'search' : 'heuristic')).join(','), options: { hands: 1 }, searchIterations: worlds });
    if (!cfg.ok) throw new Error(cfg.error.message);
    const r = sim.playDsMatch(cfg.value, i, false);
    const rec = r.records[0]!;
    return { pay: rec.payments[seat]!, won: rec.winner === seat, ms: r.timing.searchMs, decisions: r.timing.searchDecisions };
  };
  const s: number[] = [];
  const h: number[] = [];
  let sWins = 0;
  let hWins = 0;
  let searchMs = 0;
  let decisions = 0;
  for (let i = 0; i < hands; i++) {
    const a = play(i, true);
    const b = play(i, false);
    s.push(a.pay);
    h.push(b.pay);
    if (a.won) sWins++;
    if (b.won) hWins++;
    searchMs += a.ms;
    decisions += a.decisions;
    if (process.stderr.isTTY) process.stderr.write(`\r  search vs heuristic: ${i + 1} / ${hands}\x1b[K`);
  }
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  const diff = meanCi(s.map((x, k) => x - h[k]!));
  const ws = wilson(sWins, hands);
  const wh = wilson(hWins, hands);
  console.log(
    `Search bot vs three heuristic bots, ${hands.toLocaleString('en')} hands (seat rotating): payment per hand ${showCi(meanCi(s))}, wins ${pct(ws.rate)} [${pct(ws.lo)}, ${pct(ws.hi)}]; ` +
      `the heuristic in the same seat on the same deals ${showCi(meanCi(h))}, wins ${pct(wh.rate)} [${pct(wh.lo)}, ${pct(wh.hi)}]; ` +
      `search − heuristic ${showCi(diff)} (95% intervals); ${(searchMs / Math.max(1, decisions)).toFixed(1)} ms per search decision (wall clock)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchDouShisi().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
