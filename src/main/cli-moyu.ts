/**
 * `npm run cli -- simulate moyu-wang`: one JSON line per game and the 摸鱼王 summary. It reads its
 * flags with the command line's shared helpers (`cli-common.ts`), exactly as the others do.
 */
import { formatMwSummary, resolveMwConfig, runMwSimulation, runMwToFile } from './services/simulation';
import { fail, progressLine, reportRun, runFiles, simFlags, stringFlag } from './cli-common';

/** `simulate moyu-wang` with its flags. */
export async function simulateMoyuWang(values: Record<string, string | boolean | undefined>): Promise<void> {
  const str = stringFlag(values);
  for (const k of ['mode', 'max-hands', 'search-ms']) if (str(k) !== undefined) fail(`--${k} is not a moyu-wang option; put the rules in --options (e.g. '{"roles":true,"hand_size":7}')`);
  const cfg = resolveMwConfig({
    ...simFlags(str, true),
  });
  if (!cfg.ok) fail(cfg.error.message);
  for (const w of cfg.value.warnings) console.warn(`warning: ${w}`);
  const onProgress = progressLine((p) => `${p.matches}/${p.of} games, ${Math.round((p.matches * 1000) / Math.max(1, p.ms))} games/s`);
  const files = runFiles(str('out'), str('summary'));
  const { summary, timing } = files.out ? await runMwToFile(cfg.value, files.out, { onProgress }) : await runMwSimulation(cfg.value, { onProgress });
  reportRun(formatMwSummary(summary, timing), files, `${summary.games} games`, summary);
}
