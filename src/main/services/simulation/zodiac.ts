/**
 * 生肖赛跑 headless runs: the config, one JSONL record per game, and the summary (win rate per
 * seat and per starting zodiac with 95 % Wilson intervals, game length, power use).
 *
 * Game i is played with seed `${seed}/${i}` and bot generators `${seed}/${i}/bot/${seat}`, and
 * results are delivered in game order, so the records and the summary are the same for any
 * number of workers (zodiac.test.ts compares workers 1 and 2 byte for byte).
 */
import type { BotInput } from '../../../shared/engine/types';
import { seatProblem, viewOf, ZODIACS, zodiacRace, ZrTable, type Zodiac, type ZrMove, type ZrOptions, type ZrState, type ZrView } from '../../../shared/games/zodiac-race';
import { held } from '../../../shared/games/zodiac-race/tokens';
import { DEFAULT_SEARCH, isZrBotKind, makeZrBot, ZR_BOT_KINDS, type ZrBotKind } from '../../../shared/games/zodiac-race/bots';
import type { Rng } from '../../../shared/util/rng';
import type { Result } from '../../../shared/util/result';
import { BotTally, botsFlag, ci, fieldsJson, gamesFlag, optionsFlag, playersFlag, refuse, resolving, searchIterationsFlag, seedFlag, startMatch, timedSeatBots, timeLine, workersFlag, type MatchTiming, type PrintedTiming, type RunFlags } from './run-parts';
import { wilson, type Rate } from './summary';

/** A validated zodiac-race run. */
export interface ZrSimConfig {
  game: 'zodiac-race';
  players: number;
  /** Games to play. */
  matches: number;
  seed: string;
  bots: ZrBotKind[];
  options: ZrOptions;
  workers: number;
  /** Safety stop: a game still running after this many moves is recorded as unfinished. */
  maxMoves: number;
  search: { iterations: number };
  warnings: string[];
}

/** Loose input (CLI flags). */
export interface ZrSimInput extends RunFlags {
  players?: number;
}

/** Validate a run; every error names the bad value and what is accepted. */
export function resolveZrConfig(input: ZrSimInput): Result<ZrSimConfig> {
  return resolving(() => {
    const players = playersFlag(input.players, zodiacRace.minPlayers, zodiacRace.maxPlayers, 'zodiac-race');
    const matches = gamesFlag(input.matches);
    const seed = seedFlag(input.seed);
    const bots = botsFlag(input.bots, ZR_BOT_KINDS, isZrBotKind, players);
    const { options, warnings } = optionsFlag(input.options, zodiacRace.parseOptions, { json: '{"target_points":5,"mode":"2teams"}', object: '{"target_points":5}' });
    const seats = seatProblem(options, players);
    if (seats) refuse('sim/players', seats.en);
    const workers = workersFlag(input.workers);
    const iterations = searchIterationsFlag(input.searchIterations, DEFAULT_SEARCH.iterations);
    return { game: 'zodiac-race', players, matches, seed, bots, options, workers, maxMoves: 1_000_000, search: { iterations }, warnings };
  });
}

/** One game, exactly the fields of issue 12 §4. */
export interface ZrRecord {
  game: 'zodiac-race';
  seed: string;
  players: number;
  options: ZrOptions;
  /** Winning seats (a team's members); empty if the game was stopped unfinished. */
  winners: number[];
  /** Turns begun (ROARED one-square turns included). */
  turns: number;
  laps: number[];
  /** Per seat: the values of the tokens held at the end, ascending. */
  tokens: number[][];
  transforms: number[];
  /** Activations over the game by zodiac (English lower case), Dog negations included. */
  powers: Record<Zodiac, number>;
  /** Per seat: the zodiac shown at the end. */
  final: Zodiac[];
}

/** The record fields, in the order they are written. */
export const ZR_RECORD_FIELDS = ['game', 'seed', 'players', 'options', 'winners', 'turns', 'laps', 'tokens', 'transforms', 'powers', 'final'] as const;

/** One game's result. */
export interface ZrMatchResult {
  index: number;
  record: ZrRecord;
  /** Starting zodiac per seat (for the summary). */
  start: Zodiac[];
  finished: boolean;
  moves: number;
  /** Each power activation, in order: [zodiac, seat of its owner]. */
  powerSeats: [Zodiac, number][];
  timing: MatchTiming;
}

/** Play game `index` of the run. Throws if a bot returns a move the engine refuses. */
export function playZrMatch(cfg: ZrSimConfig, index: number): ZrMatchResult {
  const { t0, seed, timing, rngs } = startMatch(cfg.seed, index, cfg.bots.length);
  const bots = timedSeatBots(cfg.bots, (kind) => makeZrBot(kind, { search: cfg.search }), timing);
  // The live table: the same game as `apply` move by move (table.test.ts), without a state copy per
  // move; quiet, so it builds no events, and counts what the record needs in its tally. It draws the
  // random seats' stops at a star itself, with their generators (counted in `autoMoves`).
  const random = cfg.bots.map((kind) => kind === 'random');
  const table = ZrTable.start({ seed, players: cfg.players, options: cfg.options }, { quiet: true, auto: rngs.map((r, seat) => (random[seat] ? r : null)) });
  let moves = 0;
  while (!table.over && moves + table.autoMoves < cfg.maxMoves) {
    const seat = table.seat();
    let move: ZrMove;
    // The random bot is a uniform pick of the legal list: `pickRandom` makes the same draw and move.
    if (random[seat]) move = table.pickRandom(rngs[seat]!);
    else {
      const legal = table.legal();
      move = bots[seat]!(new LazyZrInput(table.live, seat, legal, rngs[seat]!));
      // The table plays only listed moves (bots hand back one of the listed objects).
      if (!legal.includes(move)) {
        const res = zodiacRace.apply(table.state(), move);
        const why = res.ok ? 'not one of the listed legal moves' : `${res.code} ${res.message.en}`;
        throw new Error(`game ${index} (seed ${seed}): the ${cfg.bots[seat]} bot of seat ${seat} made a refused move ${JSON.stringify(move)}: ${why}`);
      }
    }
    table.play(move);
    moves++;
  }
  moves += table.autoMoves;
  const s = table.live;
  const tally = table.tally!;
  // The tally counts by index (a record built by `fromEntries` is slow to update key by key): named here.
  const powers = {} as Record<Zodiac, number>;
  for (let i = 0; i < ZODIACS.length; i++) powers[ZODIACS[i]!] = tally.powers[i]!;
  timing.ms = performance.now() - t0;
  const record: ZrRecord = {
    game: 'zodiac-race',
    seed,
    players: cfg.players,
    options: cfg.options,
    winners: s.winners ? s.winners.slice() : [],
    turns: tally.turns,
    laps: s.pieces.map((p) => p.laps),
    tokens: s.pieces.map((p) => held(p.tok)),
    transforms: tally.transforms.slice(),
    powers,
    final: s.pieces.map((p) => p.zodiac),
  };
  return { index, record, start: tally.start.slice(), finished: s.phase === 'over', moves, powerSeats: tally.powerSeats, timing };
}

/**
 * A bot's input whose view is built on first read (the heuristic bot decides single-move lists
 * without one). The bot is called before the table moves on, so the view is of this position.
 */
class LazyZrInput implements BotInput<ZrView, ZrMove> {
  #state: ZrState;
  #view: ZrView | null = null;
  constructor(
    state: ZrState,
    readonly seat: number,
    readonly legal: ZrMove[],
    readonly rng: Rng,
  ) {
    this.#state = state;
  }
  get view(): ZrView {
    return (this.#view ??= viewOf(this.#state, this.seat));
  }
}

/** One record as a JSONL line, fields in the documented order. */
export function zrRecordLine(r: ZrRecord): string {
  return fieldsJson(ZR_RECORD_FIELDS, r);
}

/** The summary of a zodiac-race run (plain JSON). */
export interface ZrSummary {
  game: 'zodiac-race';
  players: number;
  mode: string;
  bots: string[];
  seed: string;
  games: number;
  finished: number;
  winRate: (Rate & { seat: number; bot: string })[];
  /** Per starting zodiac: the share of seats that started with it and won. */
  byZodiac: (Rate & { zodiac: Zodiac })[];
  /** Turns per game. */
  length: { mean: number; median: number; p10: number; p90: number; max: number };
  /** Activations by zodiac: total and per game. */
  powers: { zodiac: Zodiac; uses: number; perGame: number }[];
  transformsPerGame: number;
}

/** Collects results in game order. */
export class ZrSummaryBuilder extends BotTally {
  private games = 0;
  private finished = 0;
  private wins: number[];
  private zStarts = new Map<Zodiac, number>();
  private zWins = new Map<Zodiac, number>();
  private turns: number[] = [];
  private powers = Object.fromEntries(ZODIACS.map((z) => [z, 0])) as Record<Zodiac, number>;
  private transforms = 0;

  constructor(private readonly cfg: ZrSimConfig) {
    super();
    this.wins = new Array<number>(cfg.players).fill(0);
  }

  add(r: ZrMatchResult): void {
    this.games++;
    if (r.finished) this.finished++;
    r.start.forEach((z, seat) => {
      this.zStarts.set(z, (this.zStarts.get(z) ?? 0) + 1);
      if (r.record.winners.includes(seat)) this.zWins.set(z, (this.zWins.get(z) ?? 0) + 1);
    });
    for (const w of r.record.winners) this.wins[w]!++;
    this.turns.push(r.record.turns);
    for (const z of ZODIACS) this.powers[z] += r.record.powers[z];
    this.transforms += r.record.transforms.reduce((a, b) => a + b, 0);
    this.tally(r);
  }

  summary(): ZrSummary {
    const t = [...this.turns].sort((a, b) => a - b);
    const q = (f: number) => (t.length ? t[Math.min(t.length - 1, Math.ceil(f * t.length) - 1)]! : 0);
    return {
      game: 'zodiac-race',
      players: this.cfg.players,
      mode: this.cfg.options.mode,
      bots: this.cfg.bots.slice(),
      seed: this.cfg.seed,
      games: this.games,
      finished: this.finished,
      winRate: this.wins.map((w, seat) => ({ seat, bot: this.cfg.bots[seat]!, ...wilson(w, this.games) })),
      byZodiac: ZODIACS.filter((z) => this.zStarts.has(z)).map((z) => ({ zodiac: z, ...wilson(this.zWins.get(z) ?? 0, this.zStarts.get(z)!) })),
      length: { mean: t.length ? t.reduce((a, b) => a + b, 0) / t.length : 0, median: q(0.5), p10: q(0.1), p90: q(0.9), max: t[t.length - 1] ?? 0 },
      powers: ZODIACS.map((z) => ({ zodiac: z, uses: this.powers[z], perGame: this.games ? this.powers[z] / this.games : 0 })),
      transformsPerGame: this.games ? this.transforms / this.games : 0,
    };
  }
}

/** The summary as the CLI prints it. */
export function formatZrSummary(s: ZrSummary, t?: PrintedTiming): string {
  const out: string[] = [];
  out.push(`zodiac-race ${s.players} players${s.mode !== 'ffa' ? ` (${s.mode})` : ''}, bots ${s.bots.join(',')}, seed ${s.seed}`);
  out.push(`${s.games} games (${s.finished} finished${s.games - s.finished ? `, ${s.games - s.finished} stopped unfinished` : ''})`);
  out.push('', 'Win rate per seat (95% Wilson interval):');
  for (const w of s.winRate) out.push(`  seat ${w.seat} ${w.bot.padEnd(9)} ${String(w.count).padStart(6)} / ${w.of}  ${ci(w)}`);
  out.push('', 'Win rate per starting zodiac (95% Wilson interval):');
  for (const z of s.byZodiac) out.push(`  ${z.zodiac.padEnd(8)} ${String(z.count).padStart(6)} / ${String(z.of).padEnd(6)} ${ci(z)}`);
  const l = s.length;
  out.push('', `Game length (turns): mean ${l.mean.toFixed(1)}, median ${l.median}, p10 ${l.p10}, p90 ${l.p90}, max ${l.max}`);
  out.push(`Transforms per game: ${s.transformsPerGame.toFixed(1)}`);
  out.push('', 'Power use (activations, per game):');
  for (const p of s.powers) out.push(`  ${p.zodiac.padEnd(8)} ${String(p.uses).padStart(8)}  ${p.perGame.toFixed(2)}`);
  if (t) out.push('', timeLine(t, s.games, 'games', (x) => x.toFixed(1)));
  return out.join('\n');
}
