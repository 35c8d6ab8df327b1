// Every part of `npm run bench` in smoke mode (BENCH_SMOKE=1: tiny sizes, one repetition, no
// timing thresholds): a change of file format, API or page structure that would break a benchmark
// fails here, in CI, instead of the next time someone measures. The numbers printed are not read;
// what is checked is that each part ran to its end and printed every figure it reports.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { benchCliStart } from '../bench/cli-start';
import { benchDouLaoban } from '../bench/dou-laoban';
import { benchDouShisi } from '../bench/dou-shisi';
import { benchEditor } from '../bench/editor';
import { benchGames } from '../bench/games';
import { benchMoyuWang } from '../bench/moyu-wang';
import { benchLab } from '../bench/lab';
import { benchLoad } from '../bench/load';
import { benchPrint } from '../bench/print';
import { benchSandbox } from '../bench/sandbox';
import { benchZodiac } from '../bench/zodiac';

const before = process.env.BENCH_SMOKE;
beforeAll(() => void (process.env.BENCH_SMOKE = '1'));
afterAll(() => void (before === undefined ? delete process.env.BENCH_SMOKE : (process.env.BENCH_SMOKE = before)));

/** What `part` printed, line by line. */
async function printed(part: () => unknown): Promise<string[]> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  try {
    await part();
  } finally {
    log.mockRestore();
  }
  return lines.flatMap((l) => l.split('\n'));
}

/** Each pattern matches a line, and no line shows a number that was never measured. */
function expectFigures(lines: string[], patterns: RegExp[]): void {
  for (const p of patterns) expect(lines.some((l) => p.test(l)), `a line matching ${p} in:\n${lines.join('\n')}`).toBe(true);
  for (const l of lines) expect(l, 'a figure that was not measured').not.toMatch(/NaN|undefined|Infinity/);
}

describe('the benchmarks, in smoke mode', () => {
  it('print: the kit and its Chromium baseline, PNGs against the PDF, a rulebook, a synthetic deck', async () => {
    expectFigures(await printed(benchPrint), [/^斗福 kit \(4 cards/, /^Ratios \(ours \/ Chromium\)|^Baseline skipped/, /^PNG export, 8 faces at 300 DPI: .* ratio to the PDF export/, /^Rulebook doufu/, /^12-card synthetic deck/]);
  }, 300_000);

  it('editors: cell edit → preview, opening a project, the template editor, and in Chromium scrolling, typing and typed → preview', async () => {
    const built = existsSync('out/main/web.js') && existsSync('out/renderer/index.html');
    expectFigures(await printed(benchEditor), [
      /^Cell edit → preview card laid out/,
      /^Opening a 20-row project/,
      /^Template edit → the canvas card laid out/,
      /^Template edit → the deck preview/,
      ...(built
        ? [/^Grid, 40 rows: scrolling/, /^Grid typing, 10 rows: /, /^Grid typing, 30 rows: /, /^Typed in a grid cell → the preview card repainted/]
        : [/skipped: the app is not built/]),
    ]);
  }, 300_000);

  it('斗福 engine and bots, and the soak', async () => {
    expectFigures(await printed(benchGames), [/^Random bots, mean over tables/, /^Heuristic bots, 2 players/, /^Search bot \(/, /^Planner vs heuristic/, /^Soundness soak: [\d,]+ hands checked/]);
  }, 300_000);

  it('斗十四 engine and bots', async () => {
    expectFigures(await printed(benchDouShisi), [/^Random bots, 4 players: [\d,.]+ hands\/s with JSONL records/, /^Heuristic bots, 4 players: /, /^Search bot vs three heuristic bots, 4 hands/]);
  }, 300_000);

  it('生肖赛跑 engine and bots', async () => {
    expectFigures(await printed(benchZodiac), [/^Random bots, 6 players/, /simulate's lean random-bot path, 6 players: [\d,.]+ games\/s .* the contract without it/, /^Heuristic bots, 4 players/, /^Search bot \(default budget\)/, /bots' play: \d+ mirror races/, /bot levels, 2-player races/]);
  }, 300_000);

  it('斗老闆 engine and bots', async () => {
    expectFigures(await printed(benchDouLaoban), [/^Random bots, 3 players: [\d,.]+ deals\/s/, /^Legal-move listing, 17-card hand/, /^Legal-move listing, 20-card hand/, /^Heuristic bots, 3 players/, /^Search bot as the Boss/, /^Search bots as the Employees/]);
  }, 300_000);

  it('摸鱼王 engine and bots', async () => {
    expectFigures(await printed(benchMoyuWang), [/^Random bots, 4 players: [\d,.]+ games\/s with JSONL records/, /^Heuristic bots, 4 players/, /^Search bot vs three heuristics, 4 players, \d+ games/]);
  }, 300_000);

  it('the sandbox table: its engine, and in Chromium opening the table and a drag (when the app is built)', async () => {
    const built = existsSync('out/main/web.js') && existsSync('out/renderer/index.html');
    const inChromium = built ? [/open \(start → \d+ cards drawn\): \d+ ms/, /drag a card \d+ frames: [\d.]+ frames\/s/, /baseline, a plain page of \d+ boxes/] : [/in Chromium \(open, drag frame times\) skipped/];
    expectFigures(await printed(benchSandbox), [/read table\.json \+ set up/, /shuffle \+ deal/, /one move of 1 card/, ...inChromium]);
  }, 300_000);

  it('the balance lab against the plain simulator, and its scaling', async () => {
    expectFigures(await printed(benchLab), [/^doufu .* lab \/ simulate \d/, /^zodiac-race .* lab \/ simulate \d/, /^Lab scaling, zodiac-race .* \d+\.\d+×/]);
  }, 300_000);

  it('a card table at the limit: loading it and saving it, against a plain parse', async () => {
    expectFigures(await printed(benchLoad), [/^loadCardSet, 50 × 12, /, /^Baseline, papaparse of the same cards\.csv: [\d.]+ ms; ratio [\d.]+×/, /^Save through projects:save-cards .* ratio [\d.]+×/, /^Longest stretch the main thread could not answer during a save: [\d.]+ ms median, [\d.]+ ms worst/, /^Baseline, the same timer over an idle second: longest stretch [\d.]+ ms/, /^Browser mode only, before that: JSON\.parse of the [\d.]+ MiB request body/]);
  }, 300_000);

  it('the CLI as a whole process', async () => {
    expectFigures(await printed(benchCliStart), [/first run with an empty cache/, /every run after \(median of 1\)/, /baseline, node -e 0/]);
  }, 300_000);
});
