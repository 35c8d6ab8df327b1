// npm run bench (sandbox part; BENCH_ONLY=sandbox) — the sandbox table's engine on 500 cards,
// bundled as the app ships it. Targets (issue: a playtest table that keeps up with hands):
//   - a 500-card table.json read and the table set up: part of opening a 500-card setup (< 500 ms);
//   - shuffle + deal all 500 cards to 4 seats as moves: < 16 ms (one frame);
// each reported with the ratio to a baseline run in the same process: the same work on plain
// arrays (a Fisher–Yates shuffle and pushes, no states, events or checks), the floor any table
// engine pays.
import { bundle } from '../scripts/bundle';
import type * as Speed from './sandbox-speed';

export async function benchSandbox(): Promise<void> {
  console.log('\nSandbox table engine, 500 cards (bundled; median of 31 runs after 5 warm-up runs)\n');
  const url = await bundle(new URL('./sandbox-speed.ts', import.meta.url));
  const { sandboxTimings } = (await import(url.href)) as typeof Speed;
  const t = sandboxTimings(500, 31);
  const row = (name: string, ms: number, base: number, target: number) =>
    console.log(`  ${name.padEnd(44)} ${ms.toFixed(2).padStart(7)} ms   baseline ${base.toFixed(3)} ms   ratio ${(ms / base).toFixed(1)}×   target < ${target} ms: ${ms < target ? 'met' : 'NOT met'}`);
  row('read table.json + set up (500 cards)', t.open, t.openBase, 500);
  row('shuffle + deal 500 to 4 seats (501 moves)', t.shuffleDeal, t.shuffleDealBase, 16);
  row('one move of 1 card in a 500-card table', t.oneMove, t.oneMoveBase, 16);
}
