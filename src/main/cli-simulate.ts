/** `npm run cli -- simulate`: headless, seeded bot matches of a built-in game and their summary. */
import { fail, flags, num, progressLine, reportRun, runFiles, simFlags, stringFlag, warnRun, whole } from './cli-common';
import { simulateDouShisi } from './cli-dou-shisi';
import { simulateMoyuWang } from './cli-moyu';
import { formatDlSummary, formatSummary, formatZrSummary, resolveConfig, resolveDlConfig, resolveZrConfig, runDlSimulation, runDlToFile, runSimulation, runToFile, runZrSimulation, runZrToFile } from './services/simulation';

/** `simulate <game>`: headless bot matches, one JSON line each, and the game's summary. */
export async function simulateCommand(args: string[]): Promise<void> {
  const { values, positionals } = flags('simulate', args, {
    games: { type: 'string', value: 'N' },
    players: { type: 'string', value: 'N' },
    seed: { type: 'string', value: 'S' },
    bots: { type: 'string', value: 'B[,B…]' },
    mode: { type: 'string', value: 'ffa|2v2' },
    options: { type: 'string', value: 'JSON' },
    out: { type: 'string', value: 'FILE' },
    summary: { type: 'string', value: 'FILE' },
    workers: { type: 'string', value: 'N' },
    'max-hands': { type: 'string', value: 'N' },
    'search-iterations': { type: 'string', value: 'N' },
    'search-ms': { type: 'string', value: 'MS' },
  });
  const game = positionals[0] ?? fail('name the game, e.g. `npm run cli -- simulate doufu --games 100` or `npm run cli -- simulate zodiac-race --games 100`');
  if (game === 'zodiac-race') return simulateZodiac(values);
  if (game === 'dou-laoban') return simulateDouLaoban(values);
  if (game === 'moyu-wang') return simulateMoyuWang(values);
  if (game === 'dou-shisi') return simulateDouShisi(values);
  const str = stringFlag(values);
  const cfg = resolveConfig({
    game,
    ...simFlags(str, true),
    mode: values.mode,
    maxHands: whole(values['max-hands'], 'max-hands'),
    searchMs: num(values['search-ms'], 'search-ms'),
  });
  if (!cfg.ok) fail(cfg.error.message);
  warnRun(cfg.value);
  const onProgress = progressLine((p) => {
    const rate = p.ms > 0 ? (p.hands * 1000) / p.ms : 0;
    const eta = p.matches > 0 ? ((p.of - p.matches) * p.ms) / p.matches / 1000 : 0;
    return `${p.matches}/${p.of} matches, ${p.hands} hands, ${Math.round(rate)} hands/s, ETA ${eta.toFixed(0)} s`;
  });
  const files = runFiles(values.out, values.summary);
  const { summary, timing } = files.out ? await runToFile(cfg.value, files.out, { onProgress }) : await runSimulation(cfg.value, { onProgress });
  reportRun(formatSummary(summary, timing), files, `${summary.hands.total} hands`, summary);
}

/** `simulate zodiac-race`: one JSON line per game, and the zodiac summary. */
async function simulateZodiac(values: Record<string, string | boolean | undefined>): Promise<void> {
  const str = stringFlag(values);
  for (const k of ['mode', 'max-hands', 'search-ms']) if (str(k) !== undefined) fail(`--${k} is a doufu option; for zodiac-race put the rules in --options (e.g. '{"mode":"2teams"}')`);
  const cfg = resolveZrConfig({
    ...simFlags(str, true),
  });
  if (!cfg.ok) fail(cfg.error.message);
  const onProgress = progressLine((p) => `${p.matches}/${p.of} games, ${((p.matches * 1000) / Math.max(1, p.ms)).toFixed(1)} games/s`);
  const files = runFiles(str('out'), str('summary'));
  const { summary, timing } = files.out ? await runZrToFile(cfg.value, files.out, { onProgress }) : await runZrSimulation(cfg.value, { onProgress });
  reportRun(formatZrSummary(summary, timing), files, `${summary.games} games`, summary);
}

/** `simulate dou-laoban`: one JSON line per deal, and the 斗老闆 summary. */
async function simulateDouLaoban(values: Record<string, string | boolean | undefined>): Promise<void> {
  const str = stringFlag(values);
  for (const k of ['mode', 'max-hands']) if (str(k) !== undefined) fail(`--${k} is a doufu option; for dou-laoban put the rules in --options (e.g. '{"deals":1,"bomb_cap":3}')`);
  if (str('players') !== undefined && str('players') !== '3') fail(`dou-laoban is played by exactly 3 players (got --players ${str('players')})`);
  const cfg = resolveDlConfig({
    ...simFlags(str, false),
    searchMs: num(str('search-ms'), 'search-ms'),
  });
  if (!cfg.ok) fail(cfg.error.message);
  warnRun(cfg.value);
  const onProgress = progressLine((p) => `${p.matches}/${p.of} matches, ${p.hands} deals, ${Math.round((p.hands * 1000) / Math.max(1, p.ms))} deals/s`);
  const files = runFiles(str('out'), str('summary'));
  const { summary, timing } = files.out ? await runDlToFile(cfg.value, files.out, { onProgress }) : await runDlSimulation(cfg.value, { onProgress });
  reportRun(formatDlSummary(summary, timing), files, `${summary.deals + summary.redeals} deals`, summary);
}
