// npm run bench (斗老闆 part; BENCH_ONLY=dou-laoban, or `npx tsx bench/dou-laoban.ts` alone) —
// 斗老闆 engine speed and bot strength.
//
//  1. Random 3-player deals per CPU-second on one core (default options: matches of 6 deals),
//     played two ways (bench/dou-laoban-speed.ts): the simulator's live table with each deal's
//     JSONL line built, against the baseline, the engine's `simulate` over the public contract (a
//     fresh state per move, the random bot picking from the full legal list; no records, which
//     only flatters the baseline). Each way in its own thread, warmed up, then six alternating
//     windows of 0.4 CPU-s: best and median windows, their ratio, and the ≥ 20,000 deals/s target.
//  2. Legal-move listing per hand, µs/call: the contract's full list (every kicker choice) and
//     the fast body list, for 17- and 20-card hands leading.
//  3. Heuristic bots: deals per CPU-second on the live table.
//  4. Search bot against the heuristic, BENCH_DL_DEALS deals (default 2,000) each way: the
//     search bot as the Boss against two heuristic Employees, and two search Employees against a
//     heuristic Boss; the win rate with its 95 % Wilson interval, and the heuristic's own rate in
//     the same role for comparison (heuristic at all seats, the same deals). Slow: minutes.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { bundle } from '../scripts/bundle';
import { sized } from './scale';
import type * as Sim from '../src/main/services/simulation/dou-laoban';
import type * as Speed from './dou-laoban-speed';

const TARGET = 20_000;
const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1));
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Run the 斗老闆 benchmark and print its report. */
export async function benchDouLaoban(): Promise<void> {
  console.log('\n斗老闆 Dou Laoban engine and bots (bundled; rates per CPU-second of one thread)\n');
  const url = await bundle(new URL('./dou-laoban-speed.ts', import.meta.url));
  const speed = (await import(url.href)) as typeof Speed;
  const simUrl = await bundle(new URL('../src/main/services/simulation/dou-laoban.ts', import.meta.url));
  const sim = (await import(simUrl.href)) as typeof Sim;

  const start = (way: Speed.DlWayJob['way'], bot: Speed.DlWayJob['bot'], warmup: number) =>
    new Promise<Worker>((resolve, reject) => {
      const w = new Worker(url, { workerData: { dlWay: { way, bot, warmup } satisfies Speed.DlWayJob } });
      w.once('message', () => resolve(w));
      w.once('error', reject);
    });
  const window = (w: Worker, ms: number) =>
    new Promise<Speed.DlWindow>((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
      w.postMessage(ms);
    });

  // 1. Random deals, the two ways in alternating windows.
  const contract = await start('contract', 'random', sized(20, 2));
  const table = await start('table', 'random', sized(2000, 20));
  const got = { contract: [] as Speed.DlWindow[], table: [] as Speed.DlWindow[] };
  try {
    for (let k = 0; k < sized(6, 1); k++) {
      got.contract.push(await window(contract, sized(400, 50)));
      got.table.push(await window(table, sized(400, 50)));
    }
  } finally {
    await Promise.all([contract.terminate(), table.terminate()]);
  }
  const c = speed.dlRate(got.contract);
  const t = speed.dlRate(got.table);
  console.log(
    `Random bots, 3 players: ${fmt(t.best)} deals/s with JSONL records (median window ${fmt(t.median)}; ${t.movesPerDeal.toFixed(1)} moves/deal, ${t.usPerMove.toFixed(2)} µs/move, ${Math.round(t.bytesPerDeal)} bytes/line); ` +
      `baseline (simulate over the contract) ${fmt(c.best)} (median ${fmt(c.median)}; ${c.movesPerDeal.toFixed(1)} moves/deal, ${c.usPerMove.toFixed(1)} µs/move) = ${(t.best / c.best).toFixed(1)}× the baseline (medians ${(t.median / c.median).toFixed(1)}×); ` +
      `${(t.best / TARGET).toFixed(2)}× the ${TARGET.toLocaleString('en')} deals/s target (median ${(t.median / TARGET).toFixed(2)}×)`,
  );

  // 2. Listing.
  for (const size of [17, 20]) {
    const l = speed.listingTiming(size);
    console.log(`Legal-move listing, ${size}-card hand leading: full list (every kicker choice, ${fmt(l.plays)} plays) ${l.full.toFixed(1)} µs/call; body list (${fmt(l.bodiesPer)} bodies with kicker counts) ${l.bodies.toFixed(2)} µs/call = ${(l.full / l.bodies).toFixed(0)}× faster`);
  }

  // 3. Heuristic speed.
  const heur = await start('table', 'heuristic', sized(50, 2));
  try {
    const ws: Speed.DlWindow[] = [];
    for (let k = 0; k < sized(3, 1); k++) ws.push(await window(heur, sized(400, 50)));
    const h = speed.dlRate(ws);
    console.log(`Heuristic bots, 3 players: ${fmt(h.best)} deals/s with records (median ${fmt(h.median)}; ${h.usPerMove.toFixed(1)} µs/move)`);
  } finally {
    await heur.terminate();
  }

  // 4. Search against the heuristic.
  const deals = Number(process.env.BENCH_DL_DEALS ?? sized(2000, 4));
  const run = (byRole: [Sim.DlSimConfig['bots'][number], Sim.DlSimConfig['bots'][number]] | null) => {
    const cfg = sim.resolveDlConfig({ matches: deals, seed: 'bench-strength', bots: 'heuristic', options: { deals: 1 } });
    if (!cfg.ok) throw new Error(cfg.error.message);
    if (byRole) cfg.value.byRole = byRole;
    const sb = new sim.DlSummaryBuilder(cfg.value);
    for (let i = 0; i < deals; i++) {
      sb.add(sim.playDlMatch(cfg.value, i));
      if (process.stderr.isTTY) process.stderr.write(`\r  ${byRole ? byRole.join(' vs ') : 'heuristic'}: ${i + 1} / ${deals}\x1b[K`);
    }
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    return { s: sb.summary(), ms: sb.searchDecisions ? sb.searchMs / sb.searchDecisions : 0 };
  };
  const base = run(null).s;
  const hb = base.byBot.find((b) => b.bot === 'heuristic')!;
  const ci = (r: { rate: number; lo: number; hi: number; count: number; of: number }) => `${pct(r.rate)} [${pct(r.lo)}, ${pct(r.hi)}] (${r.count} / ${r.of})`;
  const boss = run(['search', 'heuristic']);
  const sBoss = boss.s.byBot.find((b) => b.bot === 'search')!.asBoss;
  console.log(`Search bot as the Boss vs two heuristic Employees, ${deals} deals: wins ${ci(sBoss)}; the heuristic as the Boss on the same deals ${ci(hb.asBoss)}; ${boss.ms.toFixed(1)} ms per decision (wall clock)`);
  const emp = run(['heuristic', 'search']);
  const sEmp = emp.s.byBot.find((b) => b.bot === 'search')!.asEmployee;
  console.log(`Search bots as the Employees vs a heuristic Boss, ${deals} deals: wins ${ci(sEmp)}; heuristic Employees on the same deals ${ci(hb.asEmployee)}; ${emp.ms.toFixed(1)} ms per decision (wall clock)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchDouLaoban().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
