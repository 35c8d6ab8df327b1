/**
 * 摸鱼王 headless runs: the config, one JSONL record per game, and the summary (each bot's wins
 * with 95 % Wilson intervals, how games end, rounds, excuses, scores).
 *
 * Game i is played with seed `${seed}/${i}` and bot generators `${seed}/${i}/bot/${seat}` on the
 * live table (`MwTable`, the same rule steps as the contract engine; property.test.ts replays
 * games move for move through both). With `rotate`, the bots' seats turn by one each game (the
 * bench's "one search bot among heuristics" runs). Results are delivered in game order, so the
 * records and the summary are the same for any number of workers. Random seats draw their plays
 * from the table's count of legal plays (a uniform pick of the legal list, without listing it).
 */
import { moyuWang, type MwOptions } from '../../../shared/games/moyu-wang';
import { COLOUR_NAMES, type ExcuseType } from '../../../shared/games/moyu-wang/cards';
import { DEFAULT_MW_SEARCH, isMwBotKind, makeMwBot, MW_BOT_KINDS, type MwBotKind } from '../../../shared/games/moyu-wang/bots';
import { MwTable, type MwRecord } from '../../../shared/games/moyu-wang/table';
import type { Result } from '../../../shared/util/result';
import { liveBotTurn } from './live-turn';
import { botsByKind, BotTally, botsFlag, ci, gamesFlag, jsonOnce, optionsFlag, pct, playersFlag, refuse, resolving, searchIterationsFlag, seedFlag, startMatch, timeLine, workersFlag, type MatchTiming, type PrintedTiming, type RunFlags } from './run-parts';
import { wilson, type Rate } from './summary';

/** A validated 摸鱼王 run. */
export interface MwSimConfig {
  game: 'moyu-wang';
  /** Games to play. */
  matches: number;
  players: number;
  seed: string;
  /** One bot kind per seat (before rotation). */
  bots: MwBotKind[];
  options: MwOptions;
  workers: number;
  search: { playouts: number };
  /** Game i seats bot `bots[(seat − i) mod players]` (every bot plays every seat in turn). */
  rotate: boolean;
  warnings: string[];
}

export interface MwSimInput extends RunFlags {
  players?: number;
  rotate?: boolean;
}

/** Validate a run; every error names the bad value and what is accepted. */
export function resolveMwConfig(input: MwSimInput): Result<MwSimConfig> {
  return resolving(() => {
    const matches = gamesFlag(input.matches);
    const players = playersFlag(input.players, moyuWang.minPlayers, moyuWang.maxPlayers, 'moyu-wang');
    const seed = seedFlag(input.seed);
    const bots = botsFlag(input.bots, MW_BOT_KINDS, isMwBotKind, players);
    const { options, warnings } = optionsFlag(input.options, moyuWang.parseOptions, { json: '{"roles":true}', object: '{"roles":true}' });
    if (options.roles && players < 4) refuse('sim/options', `The hidden-role mode needs 4–9 players (got --players ${players}).`);
    const workers = workersFlag(input.workers);
    const playouts = searchIterationsFlag(input.searchIterations, DEFAULT_MW_SEARCH.playouts);
    return { game: 'moyu-wang', matches, players, seed, bots, options, workers, search: { playouts }, rotate: input.rotate ?? false, warnings };
  });
}

/** One game's result. */
export interface MwMatchResult {
  index: number;
  record: MwRecord;
  /** The bot kind of each seat in this game. */
  kinds: MwBotKind[];
  moves: number;
  timing: MatchTiming;
}

/** The bot kind of each seat in game `index`. */
export const mwSeatKinds = (cfg: MwSimConfig, index: number): MwBotKind[] => cfg.bots.map((_, seat) => cfg.bots[cfg.rotate ? (seat - (index % cfg.players) + cfg.players) % cfg.players : seat]!);

/** Play game `index` of the run. Throws if a bot returns a move the rules refuse. */
export function playMwMatch(cfg: MwSimConfig, index: number): MwMatchResult {
  const { t0, seed, timing, rngs } = startMatch(cfg.seed, index, cfg.players);
  const kinds = mwSeatKinds(cfg, index);
  const bots = botsByKind(kinds, (k) => makeMwBot(k, { search: cfg.search }));
  const table = MwTable.start(seed, cfg.players, cfg.options);
  while (!table.over) {
    const seat = table.turn;
    const kind = kinds[seat]!;
    liveBotTurn(moyuWang, table, seat, kind, bots.get(kind), rngs[seat]!, timing, `game ${index} (seed ${seed})`);
  }
  timing.ms = performance.now() - t0;
  return { index, record: table.record(seed), kinds, moves: table.moves, timing };
}

/** The options' JSON, kept per options object (a run writes the same options on every line). */
const optionsJson = jsonOnce<MwOptions>();

const nums = (xs: readonly number[]) => '[' + xs.join(',') + ']';
/** Cards by number as two digits ("07", "80"); the last card is "100". */
const CARD = Array.from({ length: 101 }, (_, n) => `"${String(n).padStart(2, '0')}"`);
const cards = (xs: readonly number[]) => '[' + xs.map((c) => CARD[c]).join(',') + ']';
/** Excuses by their English names in the spec. */
const EXCUSE_NAME: Record<ExcuseType, string> = { not_me: 'not-me', he_can: 'he-can', its_you: 'no-its-you', help_me: 'help-me', stop: 'everyone-stop', no_leave: 'no-leave', hustle: 'hustle', blank: 'blank' };

/**
 * One record as a JSONL line, fields in the documented order (`MW_RECORD_FIELDS`, each round's
 * `MW_ROUND_FIELDS`): cards by number as two digits, plays `{ seat, cards }`, overtime colours by
 * name, excuses `{ seat, card, number, target }` with `card` the excuse's English name ("not-me")
 * and `number` the card played, `overtimePlayer` the seat that took the round's cards (the first
 * of `overtimePlayers`: Help Me has two), `draws` every draw of the round in order.
 */
export function mwRecordLine(r: MwRecord): string {
  let rounds = '';
  let d = 0;
  for (const x of r.rounds) {
    let plays = '';
    for (const p of x.plays) plays += (plays ? ',' : '') + `{"seat":${p.seat},"cards":${cards(p.cards)}}`;
    let ex = '';
    for (const e of x.excuses) ex += (ex ? ',' : '') + `{"seat":${e.seat},"card":"${EXCUSE_NAME[e.excuse]}","number":${CARD[e.card]},"target":${e.target ?? 'null'}}`;
    let draws = '';
    while (d < r.draws.length && r.draws[d]!.round <= x.round) {
      const g = r.draws[d++]!;
      draws += (draws ? ',' : '') + `{"seat":${g.seat},"cards":${cards(g.cards)}}`;
    }
    const colours = '[' + x.overtimeColours.map((c) => `"${COLOUR_NAMES[c]}"`).join(',') + ']';
    rounds +=
      (rounds ? ',' : '') +
      `{"leader":${x.leader},"plays":[${plays}],"overtimeColours":${colours},"selected":${x.selected},"excuses":[${ex}],"overtimePlayer":${x.overtime[0] ?? 'null'},"overtimePlayers":${nums(x.overtime)},"draws":[${draws}],"outcome":"${x.outcome}"}`;
  }
  return (
    `{"game":"moyu-wang","seed":${JSON.stringify(r.seed)},"players":${r.players},"options":${optionsJson(r.options)},"startPlayer":${r.startPlayer},"roles":${r.roles ? JSON.stringify(r.roles) : 'null'},` +
    `"hands":[${r.hands.map(cards).join(',')}],"rounds":[${rounds}],"markers":${nums(r.markers)},"scorePiles":${nums(r.piles)},"handsLeft":${nums(r.left)},` +
    `"finalHands":[${r.finalHands.map(cards).join(',')}],"blackCards":${nums(r.blackCards)},"base":${nums(r.base)},"scores":${nums(r.scores)},"winners":${nums(r.winners)},` +
    `"endedBy":"${r.reason === 'empty' ? 'empty-hand' : 'third-overtime'}","votedOut":${r.votedOut ? nums(r.votedOut) : 'null'}}`
  );
}

/** The summary of a 摸鱼王 run (plain JSON). */
export interface MwSummary {
  game: 'moyu-wang';
  players: number;
  bots: string[];
  rotate: boolean;
  seed: string;
  games: number;
  /** Per bot kind: the games it won (a shared win counts as its share), over the seats it played. */
  byBot: { bot: string; seats: number; wins: Rate; share: number; meanScore: number }[];
  /** Per seat. */
  seats: { seat: number; wins: Rate; meanScore: number }[];
  ends: { empty: Rate; overtime: Rate };
  sharedWins: Rate;
  roundsPerGame: number;
  movesPerGame: number;
  excusesPerGame: number;
  /** How rounds ended, per game. */
  outcomes: Record<string, number>;
}

/** Collects results in game order. */
export class MwSummaryBuilder extends BotTally {
  private games = 0;
  private bot = new Map<string, { seats: number; wins: number; share: number; score: number }>();
  private seatWins: number[];
  private seatScore: number[];
  private empty = 0;
  private shared = 0;
  private rounds = 0;
  private excuses = 0;
  private outcomes = new Map<string, number>();

  constructor(private readonly cfg: MwSimConfig) {
    super();
    this.seatWins = Array(cfg.players).fill(0);
    this.seatScore = Array(cfg.players).fill(0);
  }

  add(r: MwMatchResult): void {
    this.games++;
    this.tally(r);
    const rec = r.record;
    if (rec.reason === 'empty') this.empty++;
    if (rec.winners.length > 1) this.shared++;
    this.rounds += rec.rounds.length;
    for (const x of rec.rounds) {
      this.excuses += x.excuses.length;
      this.outcomes.set(x.outcome, (this.outcomes.get(x.outcome) ?? 0) + 1);
    }
    r.kinds.forEach((k, seat) => {
      const e = this.bot.get(k) ?? { seats: 0, wins: 0, share: 0, score: 0 };
      e.seats++;
      e.score += rec.scores[seat]!;
      if (rec.winners.includes(seat)) {
        e.wins++;
        e.share += 1 / rec.winners.length;
        this.seatWins[seat]!++;
      }
      this.seatScore[seat]! += rec.scores[seat]!;
      this.bot.set(k, e);
    });
  }

  summary(): MwSummary {
    const n = this.games;
    return {
      game: 'moyu-wang',
      players: this.cfg.players,
      bots: this.cfg.bots.slice(),
      rotate: this.cfg.rotate,
      seed: this.cfg.seed,
      games: n,
      byBot: [...this.bot].map(([bot, e]) => ({ bot, seats: e.seats, wins: wilson(e.wins, e.seats), share: e.seats ? e.share / e.seats : 0, meanScore: e.seats ? e.score / e.seats : 0 })),
      seats: this.seatWins.map((w, seat) => ({ seat, wins: wilson(w, n), meanScore: n ? this.seatScore[seat]! / n : 0 })),
      ends: { empty: wilson(this.empty, n), overtime: wilson(n - this.empty, n) },
      sharedWins: wilson(this.shared, n),
      roundsPerGame: n ? this.rounds / n : 0,
      movesPerGame: n ? this.moves / n : 0,
      excusesPerGame: n ? this.excuses / n : 0,
      outcomes: Object.fromEntries([...this.outcomes].sort((a, b) => b[1] - a[1]).map(([c, k]) => [c, n ? k / n : 0])),
    };
  }
}

/** The summary as the CLI prints it. */
export function formatMwSummary(s: MwSummary, t?: PrintedTiming): string {
  const out: string[] = [];
  out.push(`moyu-wang, ${s.players} players, bots ${s.bots.join(',')}${s.rotate ? ' (seats rotating)' : ''}, seed ${s.seed}`);
  out.push(`${s.games} games; ended by an empty hand ${ci(s.ends.empty)}, by the overtime limit ${ci(s.ends.overtime)}; shared wins ${ci(s.sharedWins)}`);
  out.push('', 'Wins by bot (95% Wilson interval; share = wins split among shared winners):');
  for (const b of s.byBot) out.push(`  ${b.bot.padEnd(9)} ${ci(b.wins)} of ${b.seats} seats, share ${pct(b.share)}, mean score ${b.meanScore.toFixed(1)}`);
  out.push('', 'Wins by seat:');
  for (const x of s.seats) out.push(`  seat ${x.seat}  ${ci(x.wins)}, mean score ${x.meanScore.toFixed(1)}`);
  out.push('', `Rounds per game ${s.roundsPerGame.toFixed(1)}, moves ${s.movesPerGame.toFixed(1)}, excuses played ${s.excusesPerGame.toFixed(2)}`);
  out.push('Rounds per game by outcome: ' + Object.entries(s.outcomes).map(([c, k]) => `${c} ${k.toFixed(2)}`).join(', '));
  if (t) out.push('', timeLine(t, s.games, 'games'));
  return out.join('\n');
}
