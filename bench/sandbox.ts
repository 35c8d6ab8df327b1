// npm run bench (sandbox part; BENCH_ONLY=sandbox) — the sandbox table's engine on 500 cards,
// bundled as the app ships it. Targets (issue: a playtest table that keeps up with hands):
//   - a 500-card table.json read and the table set up: part of opening a 500-card setup (< 500 ms);
//   - shuffle + deal all 500 cards to 4 seats as moves: < 16 ms (one frame);
// each reported with the ratio to a baseline run in the same process: the same work on plain
// arrays (a Fisher–Yates shuffle and pushes, no states, events or checks), the floor any table
// engine pays.
import { bundle } from '../scripts/bundle';
import type * as Speed from './sandbox-speed';
import { existsSync } from 'node:fs';
import { benchSandboxDrag } from './sandbox-drag';
import { sized } from './scale';

export async function benchSandbox(): Promise<void> {
  const cards = sized(500, 20);
  const runs = sized(31, 1);
  console.log(`\nSandbox table engine, ${cards} cards (bundled; median of ${runs} runs after 5 warm-up runs)\n`);
  const url = await bundle(new URL('./sandbox-speed.ts', import.meta.url));
  const { sandboxTimings } = (await import(url.href)) as typeof Speed;
  const t = sandboxTimings(cards, runs);
  const row = (name: string, ms: number, base: number, target: number) =>
    console.log(`  ${name.padEnd(44)} ${ms.toFixed(2).padStart(7)} ms   baseline ${base.toFixed(3)} ms   ratio ${(ms / base).toFixed(1)}×   target < ${target} ms: ${ms < target ? 'met' : 'NOT met'}`);
  row(`read table.json + set up (${cards} cards)`, t.open, t.openBase, 500);
  row(`shuffle + deal ${cards} to 4 seats`, t.shuffleDeal, t.shuffleDealBase, 16);
  row(`one move of 1 card in a ${cards}-card table`, t.oneMove, t.oneMoveBase, 16);
  if (!existsSync('out/main/web.js') || !existsSync('out/renderer/index.html')) {
    console.log('The sandbox table in Chromium (open, drag frame times) skipped: the app is not built (run `npm run build` first).');
    return;
  }
  await benchSandboxDrag();
}
