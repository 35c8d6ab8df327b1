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
//  9. 生肖赛跑 engine and bots: games/s with random and heuristic bots, search time (bench/zodiac.ts);
//     the bots' play — seat and team win rates in mirror races, power use, the levels' win-rate
//     matrix (bench/zodiac-bots.ts; BENCH_ONLY=zodiac-bots runs it alone).
// 10. PNG export: a 300 DPI PNG of every face of the 斗福 deck, as a ratio to the PDF export (bench/print.ts).
// 11. The sandbox table on 500 cards: the engine (open, shuffle + deal, one move) and, in Chromium at
//     1440×900, opening the table and the frame times of a drag in a 300-card free area (bench/sandbox.ts).
// 12. 斗老闆 engine and bots: random deals/s with records, legal-move listing, search vs heuristic (bench/dou-laoban.ts).
// 13. 摸鱼王 engine and bots: random games/s with records, search vs heuristic (bench/moyu-wang.ts).
// 14. 斗十四 engine and bots: random hands/s with records, search vs heuristic (bench/dou-shisi.ts).
// 15. The balance lab's runner against the plain simulator, and its scaling over workers (bench/lab.ts).
// 16. A card table at the documented limit (10,000 × 200): loading it and saving it, against a plain CSV parse (bench/load.ts).
// BENCH_ONLY=print|editor|games|doufu-random|doufu-bots|cli|templates|zodiac|zodiac-bots|sandbox|dou-laoban|moyu-wang|dou-shisi|lab|lab-latency|load runs one part
// (doufu-bots: the 斗福 bots' play and levels of part 5); BENCH_SMOKE=1 runs tiny sizes
// (tests/bench-smoke.test.ts does, in CI).
import { benchCliStart } from './cli-start';
import { benchDouLaoban } from './dou-laoban';
import { benchMoyuWang } from './moyu-wang';
import { benchDouShisi } from './dou-shisi';
import { benchEditor } from './editor';
import { benchLab, benchLabLatency } from './lab';
import { benchLoad } from './load';
import { benchTemplateEditor } from './template-editor';
import { benchBotPlay, benchGames, benchLevels, benchRandomSpeed } from './games';
import { benchPrint } from './print';
import { benchSandbox } from './sandbox';
import { sized } from './scale';
import { benchZodiac } from './zodiac';
import { benchZodiacBots } from './zodiac-bots';

async function main() {
  console.log(`Fuqi Workshop benchmark — node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`);
  const only = process.env.BENCH_ONLY;
  if (only === 'print') return benchPrint();
  if (only === 'editor') return benchEditor();
  if (only === 'games') return benchGames();
  if (only === 'doufu-random') return void (await benchRandomSpeed());
  if (only === 'doufu-bots') {
    benchBotPlay(Number(process.env.BENCH_PLAY_MATCHES ?? sized(300, 2)), Number(process.env.BENCH_DUEL_MATCHES ?? sized(600, 2)));
    return benchLevels(Number(process.env.BENCH_LEVEL_MATCHES ?? sized(60, 2)));
  }
  if (only === 'cli') return benchCliStart();
  if (only === 'templates') return benchTemplateEditor();
  if (only === 'zodiac') return benchZodiac();
  if (only === 'zodiac-bots') return benchZodiacBots();
  if (only === 'sandbox') return benchSandbox();
  if (only === 'dou-laoban') return benchDouLaoban();
  if (only === 'moyu-wang') return benchMoyuWang();
  if (only === 'dou-shisi') return benchDouShisi();
  if (only === 'lab') return benchLab();
  if (only === 'lab-latency') return benchLabLatency();
  if (only === 'load') return benchLoad();
  await benchPrint();

  // 斗福 engine and bot speed, and the 100,000-hand soundness soak (bench/games.ts).
  await benchGames();
  await benchZodiac();
  await benchSandbox();
  await benchDouLaoban();
  await benchMoyuWang();
  await benchDouShisi();
  await benchLab();
  await benchEditor();
  await benchLoad();
  benchCliStart();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
