/**
 * 斗十四 headless runs: the config, one JSONL record per hand (`DsRecorder`: dealt hands, the move
 * transcript, winner, win type, red points, 番, zero-sum payments, 漂), and the summary (wins per
 * seat with 95 % Wilson intervals, mean payment per hand with a 95 % interval, win types, 流局).
 *
 * Match i is played with seed `${seed}/${i}` and bot generators `${seed}/${i}/bot/${seat}`, on the
 * engine's fast path: one state stepped in place (`step`), each move checked against the legal
 * list — the same game as `applyDs`, without a copy per move. Random seats pick uniformly from the
 * legal list like the engine's random bot. Results come in match order, so the records and the
 * summary are the same for any number of workers.
 */
import type { BotInput, GameEvent } from '../../../shared/engine/types';
import { claimPotentials, douShisi, dsRecordLine, DsRecorder, legalDs, moveKey, playersAllowed, startDs, step, viewDs, type DsMove, type DsOptions, type DsRecord, type DsState, type DsView } from '../../../shared/games/dou-shisi';
import { DEFAULT_DS_SEARCH, DS_BOT_KINDS, isDsBotKind, makeDsBot, type DsBotKind } from '../../../shared/games/dou-shisi/bots';
import type { Rng } from '../../../shared/util/rng';
import type { Result } from '../../../shared/util/result';
import { botsByKind, BotTally, botsFlag, ci, gamesFlag, optionsFlag, refuse, resolving, searchIterationsFlag, searchMsFlag, seedFlag, startMatch, timeLine, whole, workersFlag, type MatchTiming, type PrintedTiming, type RunFlags } from './run-parts';
import { wilson, type Rate } from './summary';

export interface DsSimConfig {
  game: 'dou-shisi';
  players: number;
  /** Matches to play (each `options.hands` hands). */
  matches: number;
  seed: string;
  bots: DsBotKind[];
  options: DsOptions;
  workers: number;
  /** Search bot: sampled worlds per decision, or a time budget (not reproducible). */
  search: { worlds: number; timeMs?: number };
  warnings: string[];
}

export interface DsSimInput extends RunFlags {
  players?: number;
  searchMs?: number;
}

/** Validate a run; every error names the bad value and what is accepted. */
export function resolveDsConfig(input: DsSimInput): Result<DsSimConfig> {
  return resolving(() => {
    const matches = gamesFlag(input.matches);
    const seed = seedFlag(input.seed);
    const { options, warnings } = optionsFlag(input.options, douShisi.parseOptions, { json: '{"hands":1,"jokers":6}', object: '{"hands":1}' });
    // The players allowed depend on the options (6 players need 6 jokers).
    const players = input.players ?? 4;
    if (!whole(players, 2, 6) || !playersAllowed(players, options.jokers))
      refuse('sim/players', `dou-shisi is played by 2–5 players, or 6 with 6 jokers (got --players ${players} with ${options.jokers} jokers; add '{"jokers":6}' to --options for 6).`);
    const bots = botsFlag(input.bots, DS_BOT_KINDS, isDsBotKind, players);
    const workers = workersFlag(input.workers);
    const worlds = searchIterationsFlag(input.searchIterations, DEFAULT_DS_SEARCH.worlds);
    const timeMs = searchMsFlag(input.searchMs);
    return { game: 'dou-shisi', players, matches, seed, bots, options, workers, search: timeMs !== undefined ? { worlds, timeMs } : { worlds }, warnings };
  });
}

export interface DsMatchResult {
  index: number;
  records: DsRecord[];
  moves: number;
  timing: MatchTiming;
}

/** A bot's input whose view and legal list are built on first read. */
class LazyInput implements BotInput<DsView, DsMove> {
  #s: DsState;
  #view: DsView | null = null;
  constructor(
    s: DsState,
    readonly seat: number,
    readonly legal: DsMove[],
    readonly rng: Rng,
  ) {
    this.#s = s;
  }
  get view(): DsView {
    return (this.#view ??= viewDs(this.#s, this.seat));
  }
}

/** Play match `index` of the run. Throws if a bot returns a move that is not legal. */
export function playDsMatch(cfg: DsSimConfig, index: number, record = true): DsMatchResult {
  const { t0, seed, timing, rngs } = startMatch(cfg.seed, index, cfg.bots.length);
  const bots = botsByKind(cfg.bots, (k) => makeDsBot(k, { search: cfg.search }));
  const { state: s, events: first } = startDs(seed, cfg.players, cfg.options);
  const rec = new DsRecorder(seed, cfg.players, cfg.options);
  rec.add(first);
  const events: GameEvent[] | null = record ? [] : null;
  let moves = 0;
  while (s.phase !== 'over') {
    const seat = s.phase === 'claim' ? s.claim!.pending[0]! : s.turn;
    const legal = legalDs(s, seat);
    const kind = cfg.bots[seat]!;
    let move: DsMove;
    if (kind === 'random') move = legal[rngs[seat]!.int(legal.length)]!;
    else {
      const t = kind === 'search' ? performance.now() : 0;
      move = bots.get(kind)!(new LazyInput(s, seat, legal, rngs[seat]!));
      if (kind === 'search') {
        timing.searchMs += performance.now() - t;
        timing.searchDecisions++;
      }
      const key = moveKey(move);
      const found = legal.find((m) => moveKey(m) === key);
      if (!found) throw new Error(`match ${index} (seed ${seed}): the ${kind} bot of seat ${seat} made a refused move ${JSON.stringify(move)}`);
      move = found;
    }
    step(s, move, claimPotentials, events);
    moves++;
    if (events) {
      rec.add(events);
      events.length = 0;
    }
  }
  timing.ms = performance.now() - t0;
  // Without records (the bench's bare engine rate) the results still count the hands.
  return { index, records: record ? rec.records : bareRecords(s, seed), moves, timing };
}

/** Results without transcripts: what the summary reads. */
function bareRecords(s: DsState, seed: string): DsRecord[] {
  return s.results.map((r) => ({ game: 'dou-shisi', seed, hand: r.hand, players: s.players, options: s.options, dealer: r.dealer, hands: [], moves: [], winner: r.winner, winType: r.winType, red: r.winner === null ? null : r.red, fan: r.winner === null ? null : r.fan, payments: r.payments, void: r.void }));
}

export { dsRecordLine };

/** Summary of a 斗十四 run (plain JSON). */
export interface DsSummary {
  game: 'dou-shisi';
  players: number;
  bots: string[];
  seed: string;
  matches: number;
  hands: number;
  drawn: Rate;
  voided: number;
  winTypes: Record<string, number>;
  /** Per seat: wins, and the mean payment per hand with its 95 % interval. */
  seats: { seat: number; bot: string; wins: Rate; total: number; perHand: number; lo: number; hi: number }[];
  meanFan: number;
  movesPerHand: number;
}

export class DsSummaryBuilder extends BotTally {
  private matches = 0;
  private hands = 0;
  private drawn = 0;
  private voided = 0;
  private wins: number[];
  private sum: number[];
  private sq: number[];
  private fan = 0;
  private winTypes = new Map<string, number>();

  constructor(private readonly cfg: DsSimConfig) {
    super();
    this.wins = new Array<number>(cfg.players).fill(0);
    this.sum = this.wins.slice();
    this.sq = this.wins.slice();
  }

  add(r: DsMatchResult): void {
    this.matches++;
    this.tally(r);
    for (const h of r.records) {
      this.hands++;
      if (h.void) this.voided++;
      else if (h.winner === null) this.drawn++;
      else {
        this.wins[h.winner]!++;
        this.fan += h.fan ?? 0;
        this.winTypes.set(h.winType!, (this.winTypes.get(h.winType!) ?? 0) + 1);
      }
      h.payments.forEach((p, k) => {
        this.sum[k]! += p;
        this.sq[k]! += p * p;
      });
    }
  }

  summary(): DsSummary {
    const n = this.hands;
    const won = this.wins.reduce((a, b) => a + b, 0);
    return {
      game: 'dou-shisi',
      players: this.cfg.players,
      bots: this.cfg.bots.slice(),
      seed: this.cfg.seed,
      matches: this.matches,
      hands: n,
      drawn: wilson(this.drawn, n),
      voided: this.voided,
      winTypes: Object.fromEntries([...this.winTypes].sort((a, b) => b[1] - a[1])),
      seats: this.wins.map((w, seat) => {
        const mean = n ? this.sum[seat]! / n : 0;
        const sd = n > 1 ? Math.sqrt(Math.max(0, (this.sq[seat]! - n * mean * mean) / (n - 1))) : 0;
        const half = n ? (1.96 * sd) / Math.sqrt(n) : 0;
        return { seat, bot: this.cfg.bots[seat]!, wins: wilson(w, n), total: this.sum[seat]!, perHand: mean, lo: mean - half, hi: mean + half };
      }),
      meanFan: won ? this.fan / won : 0,
      movesPerHand: n ? this.moves / n : 0,
    };
  }
}

/** The summary as the CLI prints it. */
export function formatDsSummary(s: DsSummary, t?: PrintedTiming): string {
  const out: string[] = [];
  out.push(`dou-shisi, ${s.players} players, bots ${s.bots.join(',')}, seed ${s.seed}`);
  out.push(`${s.matches} matches, ${s.hands} hands; 流局 (drawn) ${ci(s.drawn)}${s.voided ? `; ${s.voided} void deals (no stop call)` : ''}`);
  out.push('Win types: ' + (Object.entries(s.winTypes).map(([k, n]) => `${k} ${n}`).join(', ') || 'none') + `; mean fan ${s.meanFan.toFixed(2)}`);
  out.push('', 'Per seat (wins with 95% Wilson interval; payment per hand with 95% interval):');
  for (const x of s.seats) out.push(`  seat ${x.seat} ${x.bot.padEnd(9)} wins ${ci(x.wins)}  total ${String(x.total).padStart(7)}  per hand ${x.perHand.toFixed(3)} [${x.lo.toFixed(3)}, ${x.hi.toFixed(3)}]`);
  if (t) out.push('', timeLine(t, s.hands, 'hands'));
  return out.join('\n');
}
