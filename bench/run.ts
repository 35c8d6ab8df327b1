// npm run bench — export speed and size, measured here and reported as ratios against a
// baseline run in the same process (README "Benchmarks" quotes its output).
//
//  1. 斗福 kit: 48 fronts and backs + 4 reference cards + calibration page, A4, long-edge duplex.
//     Timed warm (after one untimed run), median of 5.
//  2. Baseline: the same 52 faces as an HTML page (inline SVG, the same fonts) printed to PDF by
//     headless Chromium — how web card tools export. Warm browser, median of 3.
//  3. Each built-in rulebook (A5, every language): typeset and written as PDF, warm.
//  4. A 500-card synthetic deck: time and peak memory (RSS sampled every 5 ms).
//  5. 斗福 engine and bots: hands/s, search time per move, the 100,000-hand soak (bench/games.ts).
//  6. The card data editor: cell edit → preview, opening 1,000 rows, grid scrolling (bench/editor.ts).
//  7. The CLI's whole process: `npm run cli -- export doufu`, first run and later runs (bench/cli-start.ts).
//  8. The template editor: a template edit → the canvas card and the 200-card deck preview (bench/template-editor.ts;
//     run with the card data editor's part).
//  9. 生肖赛跑 engine and bots: games/s with random and heuristic bots, search time (bench/zodiac.ts).
// 10. PNG export: a 300 DPI PNG of every face of the 斗福 deck, as a ratio to the PDF export (bench/print.ts).
// BENCH_ONLY=print|editor|games|cli|templates|zodiac runs one part; BENCH_SMOKE=1 runs tiny sizes
// (tests/bench-smoke.test.ts does, in CI).
import { benchCliStart } from './cli-start';
import { benchEditor } from './editor';
import { benchTemplateEditor } from './template-editor';
import { benchGames } from './games';
import { benchPrint } from './print';
import { benchZodiac } from './zodiac';

async function main() {
  console.log(`Fuqi Workshop benchmark — node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`);
  if (process.env.BENCH_ONLY === 'print') return benchPrint();
  if (process.env.BENCH_ONLY === 'editor') return benchEditor();
  if (process.env.BENCH_ONLY === 'games') return benchGames();
  if (process.env.BENCH_ONLY === 'cli') return benchCliStart();
  if (process.env.BENCH_ONLY === 'templates') return benchTemplateEditor();
  if (process.env.BENCH_ONLY === 'zodiac') return benchZodiac();
  await benchPrint();

  // 斗福 engine and bot speed, and the 100,000-hand soundness soak (bench/games.ts).
  await benchGames();
  await benchZodiac();
  await benchEditor();
  benchCliStart();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
