/** A lab run's results as the CLI prints them (English; the Balance page shows both languages). */
import { botsWords, botWords, measureWords, optionLines, type LabOptionsSaid, type LabRunSettings, type LabStatus, type LabSummary, type MeanInterval, type Rate } from '../../../shared/lab';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ci = (r: Rate) => `${pct(r.rate)} [${pct(r.lo)}, ${pct(r.hi)}]`;
const dist = (d: LabSummary['lengths']['moves']) => `mean ${d.mean.toFixed(1)}, median ${d.median}, p10 ${d.p10}, p90 ${d.p90}, max ${d.max}`;
const signed = (m: MeanInterval, f: (x: number) => string) => `${m.mean >= 0 ? '+' : ''}${f(m.mean)} [${f(m.lo)}, ${f(m.hi)}]`;

const VERDICT = {
  advantage: 'the first player has an ADVANTAGE',
  disadvantage: 'the first player is at a DISADVANTAGE',
  fair: 'no first-player advantage (within ±3 points)',
  unclear: 'not decided yet: play more games',
} as const;

/** One option set's summary. */
export function formatLabSummary(s: LabSummary, title = ''): string {
  const out: string[] = [];
  out.push(`${title}${s.games} games (${s.finished} finished, ${s.draws} draws, ${s.capped.count} stopped by a cap = ${ci(s.capped)})`);
  out.push('Win rate by seat (95% Wilson interval):');
  for (const w of s.winBySeat) out.push(`  Seat ${w.seat + 1} ${botsWords(w.bots).en.padEnd(18)} ${ci(w)}`);
  const f = s.firstPlayer;
  out.push(`First player: ${VERDICT[f.verdict]} (seat 1 ${ci(f.seat0)} vs fair ${pct(f.fair)}${f.mixedBots ? '; seats had different bots' : ''}; ±3 points needs ~${f.gamesForVerdict} games)`);
  const L = s.labels.lengths;
  out.push(`${L.moves.en}: ${dist(s.lengths.moves)}`, `${L.turns.en}: ${dist(s.lengths.turns)}`, `${L.rounds.en}: ${dist(s.lengths.rounds)}`);
  out.push(`${s.labels.score.en}: ${dist(s.scores.all)}; winner ${dist(s.scores.winner)}; margin ${dist(s.scores.margin)}`);
  let group = '';
  for (const c of s.counters) {
    if (c.group !== group) {
      group = c.group;
      out.push(`${s.labels.groups[group]?.en ?? group} (uses, per game, share of games, win when used, lift):`);
    }
    const win = c.winWhenUsed ? `${ci(c.winWhenUsed)}  lift ${c.lift === null ? '–' : c.lift.toFixed(2)}` : '';
    out.push(`  ${`${c.zh} ${c.en}`.padEnd(34)} ${String(c.uses).padStart(8)} ${c.perGame.toFixed(2).padStart(7)}  ${pct(c.games.rate).padStart(6)}  ${win}`);
  }
  if (s.matrix.bots.length) {
    out.push('Bot strength (row beat column, head to head):');
    s.matrix.bots.forEach((a, i) => out.push(`  ${botWords(a).en.padEnd(10)} ${s.matrix.cells[i]!.map((c) => (c ? ci(c) : '—').padEnd(24)).join(' ')}`));
  }
  return out.join('\n');
}

/**
 * What a run asked for, first in the printout: the game, seats, games and seed, then each option
 * set in the words the Balance page uses (`said`), or "rulebook defaults".
 */
export function formatLabSettings(r: Pick<LabRunSettings, 'players' | 'bots' | 'games' | 'seed' | 'rotate' | 'options' | 'vs'>, name: string, said: LabOptionsSaid): string {
  const options = (o: Record<string, unknown>) => (Object.keys(o).length ? optionLines(o, said).join('; ') : 'rulebook defaults');
  const out = [`${name}: ${r.players} players (${r.bots.map((b) => botWords(b).en).join(', ')}${r.rotate ? ', rotating seats' : ''}), ${r.games} games, seed ${r.seed}`];
  out.push(`${r.vs ? 'Options A' : 'Options'}: ${options(r.options)}`);
  if (r.vs) out.push(`Options B: ${options(r.vs)}`);
  return out.join('\n');
}

/** A whole run: A, and B with the paired differences when comparing; then `time` (by default the run's time and rate). */
export function formatLabStatus(st: LabStatus, time?: string): string {
  const out = [formatLabSummary(st.a, st.b ? 'A: ' : '')];
  if (st.b && st.paired) {
    out.push('', formatLabSummary(st.b, 'B: '), '', `B − A on ${st.paired.pairs} paired seeds (95% interval):`);
    for (const m of st.paired.measures) {
      const isRate = m.key.startsWith('win:') || m.key === 'capped';
      const f = isRate ? (x: number) => `${(100 * x).toFixed(1)} pts` : (x: number) => x.toFixed(2);
      out.push(`  ${measureWords(m.key, st.a.labels.lengths).en.padEnd(18)} ${signed(m, f)}${m.significant ? '  *' : ''}`);
    }
  }
  out.push('', time ?? `Time: ${(st.elapsedMs / 1000).toFixed(1)} s, ${st.gamesPerSec.toFixed(1)} games/s on ${st.workers} workers${st.state !== 'done' ? ` (${st.state})` : ''}`);
  return out.join('\n');
}
