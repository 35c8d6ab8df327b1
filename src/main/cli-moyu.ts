/**
 * `npm run cli -- simulate moyu-wang`: one JSON line per game and the 摸鱼王 summary. The CLI's
 * own helpers (failing with a message, reading whole numbers, checking an output file) are passed
 * in, so this command reads its flags exactly as the others do.
 */
import { availableParallelism } from 'node:os';
import { writeFileSync } from 'node:fs';
import { formatMwSummary, resolveMwConfig, runMwSimulation, runMwToFile, type SimProgress } from './services/simulation';

export interface CliHelpers {
  fail(message: string): never;
  whole(v: string | undefined, name: string): number | undefined;
  outputFile(flag: string, p: string, example: string): string;
}

export async function simulateMoyuWang(values: Record<string, string | boolean | undefined>, h: CliHelpers): Promise<void> {
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  for (const k of ['mode', 'max-hands', 'search-ms']) if (str(k) !== undefined) h.fail(`--${k} is not a moyu-wang option; put the rules in --options (e.g. '{"roles":true,"hand_size":7}')`);
  const cfg = resolveMwConfig({
    matches: h.whole(str('games'), 'games'),
    players: h.whole(str('players'), 'players'),
    seed: str('seed'),
    bots: str('bots'),
    options: str('options'),
    workers: h.whole(str('workers'), 'workers') ?? Math.min(64, availableParallelism()),
    searchIterations: h.whole(str('search-iterations'), 'search-iterations'),
  });
  if (!cfg.ok) h.fail(cfg.error.message);
  for (const w of cfg.value.warnings) console.warn(`warning: ${w}`);
  let last = 0;
  const onProgress = (p: SimProgress) => {
    const now = performance.now();
    if (p.matches < p.of && now - last < (process.stderr.isTTY ? 250 : 10_000)) return;
    last = now;
    const line = `${p.matches}/${p.of} games, ${Math.round((p.matches * 1000) / Math.max(1, p.ms))} games/s`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K${p.matches === p.of ? '\n' : ''}`);
    else process.stderr.write(`${line}\n`);
  };
  const out = str('out') ? h.outputFile('--out', str('out')!, 'runs.jsonl') : null;
  const summaryFile = str('summary') ? h.outputFile('--summary', str('summary')!, 'summary.json') : null;
  const { summary, timing } = out ? await runMwToFile(cfg.value, out, { onProgress }) : await runMwSimulation(cfg.value, { onProgress });
  console.log(formatMwSummary(summary, timing));
  if (out) console.log(`jsonl   ${out} (${summary.games} games)`);
  if (summaryFile) {
    writeFileSync(summaryFile, JSON.stringify(summary, null, 2) + '\n');
    console.log(`summary ${summaryFile}`);
  }
}
