/**
 * A lab run's aggregates as CSV (one row per number, long format, so a spreadsheet pivot or any
 * script reads it the same way whatever the game): per option set (A, B) the seats' win rates,
 * the first-player test, the length, score and margin distributions, stalls, every counter with
 * its win lift, the bot coverage (each bot's uses per seat-game and share of seat-games, then
 * random's from the baseline run when no seat was random), the bot matrix; then the paired B − A
 * measures.
 */
import Papa from 'papaparse';
import type { LabStatus } from './run';
import type { LabGame } from './types';
import type { Distribution, Rate } from './stats';
import type { LabSummary } from './summary';
import { botsWords, botWords, measureWords } from './words';

/** The columns, in order. */
export const LAB_CSV_COLUMNS = ['set', 'section', 'key', 'name_zh', 'name_en', 'value', 'count', 'of', 'lo', 'hi'] as const;
type Row = (string | number | null)[];

function summaryRows(set: string, s: LabSummary): Row[] {
  const rows: Row[] = [];
  const rate = (section: string, key: string, zh: string, en: string, r: Rate) => rows.push([set, section, key, zh, en, r.rate, r.count, r.of, r.lo, r.hi]);
  const dist = (section: string, key: string, zh: string, en: string, d: Distribution) => {
    for (const stat of ['mean', 'median', 'p10', 'p90', 'min', 'max'] as const) rows.push([set, section, `${key}.${stat}`, zh, en, d[stat], null, d.n, null, null]);
  };
  for (const w of s.winBySeat) rate('win', `seat${w.seat}`, `座位 ${w.seat + 1}（${botsWords(w.bots).zh}）`, `Seat ${w.seat + 1} (${botsWords(w.bots).en})`, w);
  rows.push([set, 'first-player', 'verdict', '先手结论', 'First-player verdict', s.firstPlayer.verdict, null, s.games, null, null]);
  rows.push([set, 'first-player', 'fair', '公平胜率', 'Fair win rate', s.firstPlayer.fair, null, null, null, null]);
  rate('stall', 'capped', '触到上限', 'Stopped by a cap', s.capped);
  const L = s.labels.lengths;
  dist('length', 'moves', L.moves.zh, L.moves.en, s.lengths.moves);
  dist('length', 'turns', L.turns.zh, L.turns.en, s.lengths.turns);
  dist('length', 'rounds', L.rounds.zh, L.rounds.en, s.lengths.rounds);
  dist('score', 'all', s.labels.score.zh, s.labels.score.en, s.scores.all);
  dist('score', 'winner', '赢家得分', 'Winner’s score', s.scores.winner);
  dist('score', 'margin', '分差', 'Margin', s.scores.margin);
  for (const c of s.counters) {
    rows.push([set, 'counter-uses', c.key, c.zh, c.en, c.uses, c.uses, s.games, null, null]);
    rate('counter-games', c.key, c.zh, c.en, c.games);
    if (c.winWhenUsed) rate('counter-win', c.key, c.zh, c.en, c.winWhenUsed);
    if (c.lift !== null) rows.push([set, 'counter-lift', c.key, c.zh, c.en, c.lift, null, null, c.winWhenUsed && s.firstPlayer.fair ? c.winWhenUsed.lo / s.firstPlayer.fair : null, c.winWhenUsed && s.firstPlayer.fair ? c.winWhenUsed.hi / s.firstPlayer.fair : null]);
  }
  const cov = s.coverage;
  for (const r of cov.rows) {
    for (const bot of cov.bots) {
      const u = r.byBot[bot]!;
      rows.push([set, 'coverage', `${r.key}@${bot}`, `${r.zh} · ${botWords(bot).zh}`, `${r.en} · ${botWords(bot).en}`, u.perGame, u.games.count, u.games.of, u.games.lo, u.games.hi]);
    }
    if (r.random && cov.random?.source === 'baseline') rows.push([set, 'coverage-random', r.key, r.zh, r.en, r.random.perGame, r.random.games.count, r.random.games.of, r.random.games.lo, r.random.games.hi]);
  }
  if (cov.random) rows.push([set, 'coverage-random', 'source', '随机基准来源', 'Random baseline source', cov.random.source, null, cov.random.games, null, null]);
  s.matrix.bots.forEach((a, i) => s.matrix.cells[i]!.forEach((c, j) => c && rate('matrix', `${a}>${s.matrix.bots[j]}`, `${botWords(a).zh} 胜 ${botWords(s.matrix.bots[j]!).zh}`, `${botWords(a).en} beat ${botWords(s.matrix.bots[j]!).en}`, c)));
  return rows;
}

/** The CSV text of a run (RFC 4180, header first). */
export function labCsv(st: LabStatus): string {
  const rows: Row[] = summaryRows(st.b ? 'A' : '', st.a);
  if (st.b) rows.push(...summaryRows('B', st.b));
  for (const m of st.paired?.measures ?? []) {
    const name = measureWords(m.key, st.a.labels.lengths);
    rows.push(['B-A', 'paired', m.key, name.zh, name.en, m.mean, null, m.n, Number.isFinite(m.lo) ? m.lo : null, Number.isFinite(m.hi) ? m.hi : null]);
  }
  return Papa.unparse({ fields: [...LAB_CSV_COLUMNS], data: rows }, { newline: '\n' }) + '\n';
}

/**
 * One played game as a JSONL line (the raw data behind the aggregates): its option set (`A`, `B`,
 * or empty when there is one), then the game as the lab counted it.
 */
export function labGameJsonl(set: string, g: LabGame): string {
  return JSON.stringify({ set, ...g }) + '\n';
}
