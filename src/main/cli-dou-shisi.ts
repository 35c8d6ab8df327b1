/**
 * `npm run cli -- simulate dou-shisi`: one JSON line per hand, and the 斗十四 summary. The command
 * line's own helpers (flag parsing, failing with a message, checked output paths) are passed in.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { formatDsSummary, resolveDsConfig, runDsSimulation, runDsToFile, type SimProgress } from './services/simulation';

export interface CliHelpers {
  fail(message: string): never;
  whole(v: string | undefined, name: string): number | undefined;
  num(v: string | undefined, name: string): number | undefined;
  outputFile(flag: string, p: string, example: string): string;
}

export async function simulateDouShisi(values: Record<string, string | boolean | undefined>, h: CliHelpers): Promise<void> {
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  for (const k of ['mode', 'max-hands']) if (str(k) !== undefined) h.fail(`--${k} is a doufu option; for dou-shisi put the rules in --options (e.g. '{"hands":1,"jokers":6}')`);
  const cfg = resolveDsConfig({
    matches: h.whole(str('games'), 'games'),
    players: h.whole(str('players'), 'players'),
    seed: str('seed'),
    bots: str('bots'),
    options: str('options'),
    workers: h.whole(str('workers'), 'workers') ?? Math.min(64, availableParallelism()),
    searchIterations: h.whole(str('search-iterations'), 'search-iterations'),
    searchMs: h.num(str('search-ms'), 'search-ms'),
  });
  if (!cfg.ok) h.fail(cfg.error.message);
  for (const w of cfg.value.warnings) console.warn(`warning: ${w}`);
  if (cfg.value.search.timeMs !== undefined && cfg.value.bots.includes('search')) console.warn('warning: --search-ms makes the search bot depend on machine speed; the run is not reproducible.');
  let last = 0;
  const onProgress = (p: SimProgress) => {
    const now = performance.now();
    if (p.matches < p.of && now - last < (process.stderr.isTTY ? 250 : 10_000)) return;
    last = now;
    const line = `${p.matches}/${p.of} matches, ${p.hands} hands, ${Math.round((p.hands * 1000) / Math.max(1, p.ms))} hands/s`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K${p.matches === p.of ? '\n' : ''}`);
    else process.stderr.write(`${line}\n`);
  };
  const out = str('out') ? h.outputFile('--out', str('out')!, 'runs.jsonl') : null;
  const summaryFile = str('summary') ? h.outputFile('--summary', str('summary')!, 'summary.json') : null;
  const { summary, timing } = out ? await runDsToFile(cfg.value, out, { onProgress }) : await runDsSimulation(cfg.value, { onProgress });
  console.log(formatDsSummary(summary, timing));
  if (out) console.log(`jsonl   ${out} (${summary.hands} hands)`);
  if (summaryFile) {
    writeFileSync(summaryFile, JSON.stringify(summary, null, 2) + '\n');
    console.log(`summary ${summaryFile}`);
  }
}
