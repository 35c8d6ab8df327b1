/**
 * 斗老闆 headless runs: the config, one JSONL record per deal (a redeal after three passes is a
 * record too, with `boss: null`), and the summary (the Boss's and each bot's win rates by role with
 * 95 % Wilson intervals, scores, bombs, springs).
 *
 * Match i is played with seed `${seed}/${i}` and bot generators `${seed}/${i}/bot/${seat}` on the
 * live table (`DlTable`, the same game as the contract engine move for move: table.test.ts);
 * results are delivered in match order, so the records and the summary are the same for any
 * number of workers. Random seats draw their moves from the table's body generator (a uniform
 * pick of the legal list, like the engine's random bot, without listing it).
 */
import { douLaoban, type DlOptions } from '../../../shared/games/dou-laoban';
import { DEFAULT_DL_SEARCH, DL_BOT_KINDS, isDlBotKind, makeDlBot, type DlBotKind } from '../../../shared/games/dou-laoban/bots';
import { DL_RECORD_FIELDS, DlTable, type DlDealRecord } from '../../../shared/games/dou-laoban/table';
import type { Result } from '../../../shared/util/result';
import { liveBotTurn } from './live-turn';
import { botsByKind, BotTally, botsFlag, ci, fieldsJson, gamesFlag, jsonOnce, optionsFlag, resolving, searchIterationsFlag, searchMsFlag, seedFlag, startMatch, timeLine, workersFlag, type MatchTiming, type PrintedTiming, type RunFlags } from './run-parts';
import { wilson, type Rate } from './summary';

/** A validated 斗老闆 run. */
export interface DlSimConfig {
  game: 'dou-laoban';
  /** Matches to play (each `options.deals` deals). */
  matches: number;
  seed: string;
  /** One bot kind per seat. */
  bots: DlBotKind[];
  options: DlOptions;
  workers: number;
  /** Search bot: playouts per decision, or a time budget (not reproducible). */
  search: { playouts: number; timeMs?: number };
  /** Bots by role instead of by seat (the bench's "search as Boss" runs): [boss, employees]. */
  byRole?: [DlBotKind, DlBotKind];
  warnings: string[];
}

/** Loose input (CLI flags). */
export interface DlSimInput extends RunFlags {
  searchMs?: number;
}

/** Validate a run; every error names the bad value and what is accepted. */
export function resolveDlConfig(input: DlSimInput): Result<DlSimConfig> {
  return resolving(() => {
    const matches = gamesFlag(input.matches);
    const seed = seedFlag(input.seed);
    const bots = botsFlag(input.bots, DL_BOT_KINDS, isDlBotKind, 3);
    const { options, warnings } = optionsFlag(input.options, douLaoban.parseOptions, { json: '{"deals":1,"bomb_cap":3}', object: '{"deals":1}' });
    const workers = workersFlag(input.workers);
    const playouts = searchIterationsFlag(input.searchIterations, DEFAULT_DL_SEARCH.playouts);
    const timeMs = searchMsFlag(input.searchMs);
    return { game: 'dou-laoban', matches, seed, bots, options, workers, search: timeMs !== undefined ? { playouts, timeMs } : { playouts }, warnings };
  });
}

/** One match's result. */
export interface DlMatchResult {
  index: number;
  records: DlDealRecord[];
  /** The bot kind of each deal's seats (they differ per deal only with `byRole`). */
  kinds: DlBotKind[][];
  moves: number;
  timing: MatchTiming;
}

/** Play match `index` of the run. Throws if a bot returns a move that is not legal. */
export function playDlMatch(cfg: DlSimConfig, index: number): DlMatchResult {
  const { t0, seed, timing, rngs } = startMatch(cfg.seed, index, 3);
  const bots = botsByKind([...cfg.bots, ...(cfg.byRole ?? [])], (k) => makeDlBot(k, { search: cfg.search }));
  const table = DlTable.start(seed, cfg.options);
  const kinds: DlBotKind[][] = [];
  const kindOf = (seat: number): DlBotKind => {
    if (!cfg.byRole) return cfg.bots[seat]!;
    // Before the Boss is known (bidding), the employees' kind decides.
    return table.boss === seat && table.phase !== 'bid' && table.phase !== 'rob' ? cfg.byRole[0] : cfg.byRole[1];
  };
  let moves = 0;
  let deals = 0;
  while (!table.over) {
    const seat = table.turn;
    const kind = kindOf(seat);
    liveBotTurn(douLaoban, table, seat, kind, bots.get(kind), rngs[seat]!, timing, `match ${index} (seed ${seed})`);
    moves++;
    while (deals < table.records.length) {
      const r = table.records[deals++]!;
      kinds.push(cfg.byRole ? [0, 1, 2].map((s) => (s === r.boss ? cfg.byRole![0] : cfg.byRole![1])) : [...cfg.bots]);
    }
  }
  timing.ms = performance.now() - t0;
  return { index, records: table.records, kinds, moves, timing };
}

/** One record as a JSONL line, fields in the documented order (the same text as `JSON.stringify` of the fields in order). */
export function dlRecordLine(r: DlDealRecord): string {
  const q = (xs: readonly string[]) => (xs.length ? '["' + xs.join('","') + '"]' : '[]');
  let plays = '';
  for (const p of r.plays) plays += (plays ? ',' : '') + ('pass' in p ? `{"seat":${p.seat},"pass":true}` : `{"seat":${p.seat},"cards":${q(p.cards)}}`);
  let bids = '';
  for (const b of r.bids) bids += (bids ? ',' : '') + `{"seat":${b.seat},"bid":${b.bid}}`;
  return (
    `{"game":"dou-laoban","seed":${JSON.stringify(r.seed)},"deal":${r.deal},"options":${optionsJson(r.options)},"firstBidder":${r.firstBidder},` +
    `"hands":[${r.hands.map(q).join(',')}],"kitty":${q(r.kitty)},"bids":[${bids}],"boss":${r.boss},"plays":[${plays}],"combos":${q(r.combos)},` +
    `"winner":${r.winner},"bombs":${r.bombs},"spring":${r.spring},"antiSpring":${r.antiSpring},"multiplier":${r.multiplier},"scores":[${r.scores.join(',')}]}`
  );
}

/** The options' JSON, kept per options object (a run writes the same options on every line). */
const optionsJson = jsonOnce<DlOptions>();

/** The same line the slow way (tests check the two agree). */
export function dlRecordJson(r: DlDealRecord): string {
  return fieldsJson(DL_RECORD_FIELDS, r);
}

/** The summary of a 斗老闆 run (plain JSON). */
export interface DlSummary {
  game: 'dou-laoban';
  bots: string[];
  byRole: string[] | null;
  seed: string;
  matches: number;
  deals: number;
  redeals: number;
  /** The Boss's side wins (every bot). */
  bossWins: Rate;
  /** Per bot kind: its side's wins over the deals it played as the Boss, and over those it played as an Employee (once per deal). */
  byBot: { bot: string; asBoss: Rate; asEmployee: Rate }[];
  /** Per seat: total score and mean per played deal. */
  scores: { seat: number; bot: string; total: number; perDeal: number }[];
  bombsPerDeal: number;
  springs: Rate;
  antiSprings: Rate;
  meanMultiplier: number;
  playsPerDeal: number;
  /** How often each combination type was played, per deal. */
  combos: Record<string, number>;
}

/** Collects results in match order. */
export class DlSummaryBuilder extends BotTally {
  private matches = 0;
  private deals = 0;
  private redeals = 0;
  private bossWins = 0;
  private role = new Map<string, { bw: number; bn: number; ew: number; en: number }>();
  private totals = [0, 0, 0];
  private bombs = 0;
  private springs = 0;
  private antiSprings = 0;
  private mult = 0;
  private plays = 0;
  private combos = new Map<string, number>();

  constructor(private readonly cfg: DlSimConfig) {
    super();
  }

  add(r: DlMatchResult): void {
    this.matches++;
    this.tally(r);
    r.records.forEach((d, k) => {
      if (d.boss === null) {
        this.redeals++;
        return;
      }
      this.deals++;
      const bossWon = d.winner === d.boss;
      if (bossWon) this.bossWins++;
      const kinds = r.kinds[k]!;
      // Each bot counts once per deal and side (two Employees of one kind are one result).
      const sides = new Set<string>();
      for (let s = 0; s < 3; s++) {
        this.totals[s]! += d.scores[s]!;
        const side = `${kinds[s]}/${s === d.boss ? 'boss' : 'employee'}`;
        if (sides.has(side)) continue;
        sides.add(side);
        const e = this.role.get(kinds[s]!) ?? { bw: 0, bn: 0, ew: 0, en: 0 };
        if (s === d.boss) {
          e.bn++;
          if (bossWon) e.bw++;
        } else {
          e.en++;
          if (!bossWon) e.ew++;
        }
        this.role.set(kinds[s]!, e);
      }
      this.bombs += d.bombs;
      if (d.spring) this.springs++;
      if (d.antiSpring) this.antiSprings++;
      this.mult += d.multiplier;
      this.plays += d.combos.length;
      for (const c of d.combos) this.combos.set(c, (this.combos.get(c) ?? 0) + 1);
    });
  }

  summary(): DlSummary {
    const n = this.deals;
    return {
      game: 'dou-laoban',
      bots: this.cfg.bots.slice(),
      byRole: this.cfg.byRole ? [...this.cfg.byRole] : null,
      seed: this.cfg.seed,
      matches: this.matches,
      deals: n,
      redeals: this.redeals,
      bossWins: wilson(this.bossWins, n),
      byBot: [...this.role].map(([bot, e]) => ({ bot, asBoss: wilson(e.bw, e.bn), asEmployee: wilson(e.ew, e.en) })),
      scores: this.totals.map((total, seat) => ({ seat, bot: this.cfg.byRole ? 'by role' : this.cfg.bots[seat]!, total, perDeal: n ? total / n : 0 })),
      bombsPerDeal: n ? this.bombs / n : 0,
      springs: wilson(this.springs, n),
      antiSprings: wilson(this.antiSprings, n),
      meanMultiplier: n ? this.mult / n : 0,
      playsPerDeal: n ? this.plays / n : 0,
      combos: Object.fromEntries([...this.combos].sort((a, b) => b[1] - a[1]).map(([c, k]) => [c, n ? k / n : 0])),
    };
  }
}

/** The summary as the CLI prints it. */
export function formatDlSummary(s: DlSummary, t?: PrintedTiming): string {
  const out: string[] = [];
  out.push(`dou-laoban, bots ${s.byRole ? `Boss ${s.byRole[0]}, Employees ${s.byRole[1]}` : s.bots.join(',')}, seed ${s.seed}`);
  out.push(`${s.matches} matches, ${s.deals} deals played (${s.redeals} redeals after three passes)`);
  out.push('', `Boss wins: ${s.bossWins.count} / ${s.bossWins.of}  ${ci(s.bossWins)}`);
  out.push('', 'Wins by bot and role (95% Wilson interval):');
  for (const b of s.byBot) out.push(`  ${b.bot.padEnd(9)} as Boss ${ci(b.asBoss)} of ${b.asBoss.of}; as Employee ${ci(b.asEmployee)} of ${b.asEmployee.of}`);
  out.push('', 'Scores per seat:');
  for (const x of s.scores) out.push(`  seat ${x.seat} ${x.bot.padEnd(9)} ${String(x.total).padStart(8)}  (${x.perDeal.toFixed(2)} per deal)`);
  out.push('', `Bombs and rockets per deal ${s.bombsPerDeal.toFixed(2)}; springs ${ci(s.springs)}; anti-springs ${ci(s.antiSprings)}; mean multiplier ${s.meanMultiplier.toFixed(2)}; plays per deal ${s.playsPerDeal.toFixed(1)}`);
  out.push('Combinations per deal: ' + Object.entries(s.combos).map(([c, k]) => `${c} ${k.toFixed(2)}`).join(', '));
  if (t) out.push('', timeLine(t, s.deals + s.redeals, 'deals'));
  return out.join('\n');
}
