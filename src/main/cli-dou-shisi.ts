/**
 * `npm run cli -- simulate dou-shisi`: one JSON line per hand, and the 斗十四 summary, read with the
 * command line's shared helpers (`cli-common.ts`).
 */
import { formatDsSummary, resolveDsConfig, runDsSimulation, runDsToFile } from './services/simulation';
import { fail, num, progressLine, reportRun, runFiles, simFlags, stringFlag, warnRun } from './cli-common';

/** `simulate dou-shisi` with its flags. */
export async function simulateDouShisi(values: Record<string, string | boolean | undefined>): Promise<void> {
  const str = stringFlag(values);
  for (const k of ['mode', 'max-hands']) if (str(k) !== undefined) fail(`--${k} is a doufu option; for dou-shisi put the rules in --options (e.g. '{"hands":1,"jokers":6}')`);
  const cfg = resolveDsConfig({
    ...simFlags(str, true),
    searchMs: num(str('search-ms'), 'search-ms'),
  });
  if (!cfg.ok) fail(cfg.error.message);
  warnRun(cfg.value);
  const onProgress = progressLine((p) => `${p.matches}/${p.of} matches, ${p.hands} hands, ${Math.round((p.hands * 1000) / Math.max(1, p.ms))} hands/s`);
  const files = runFiles(str('out'), str('summary'));
  const { summary, timing } = files.out ? await runDsToFile(cfg.value, files.out, { onProgress }) : await runDsSimulation(cfg.value, { onProgress });
  reportRun(formatDsSummary(summary, timing), files, `${summary.hands} hands`, summary);
}
