/**
 * 生肖赛跑 as an engine `Game`: setup, legal moves, apply, view, status.
 * Everything on the table is public (tokens lie open, spec §6.4); only the die's future is
 * hidden, and it lives in the state's generator, which views leave out.
 */
import type { Game, GameEvent, GameStatus, SetupInput } from '../../engine/types';
import { UsageError } from '../../util/assert';
import { Rng, seedRng } from '../../util/rng';
import { applyListedMove, applyMove, legalOf } from './apply';
import { newCtx, newPiece } from './board';
import { startTurn } from './flow';
import { decisionKind, decisionOf, decisionSeat } from './legal';
import { randomMove } from './random-move';
import { DEFAULT_OPTIONS, parseOptions, seatProblem, teamCount, type ZrOptions } from './options';
import { ZODIACS, type ZrMove, type ZrState } from './types';
import { viewOf, type ZrView } from './view';

/** Bump when a rule change would replay old move lists differently. */
export const ZR_RULES_VERSION = 'zodiac-race-2';

/** The initial state and its events (random starting animals are dealt here). */
export function startZr({ seed, players, options }: SetupInput<ZrOptions>): { state: ZrState; events: GameEvent[] } {
  const bad = seatProblem(options, players);
  if (bad) throw new UsageError(bad.en);
  const t = teamCount(options);
  const rng = new Rng(seedRng(seed));
  const s: ZrState = {
    opts: options,
    n: players,
    rng: rng.state(),
    phase: 'choose',
    pieces: Array.from({ length: players }, (_, i) => newPiece(t ? i % t : i, 'rat')),
    turn: { seat: 0, locked: null, transformed: false, rolled: false, firstRoll: false, once: [], bonus: 0, acted: false },
    turnNo: 0,
    stack: [],
    nextId: 1,
    winners: null,
  };
  const events: GameEvent[] = [];
  const c = newCtx(s, rng, events);
  if (options.starting_zodiacs === 'random') {
    // Deal distinct animals per team (every animal distinct in free-for-all: 12 ≥ 6 seats).
    const deck = rng.shuffle([...ZODIACS]);
    for (let i = 0; i < players; i++) {
      s.pieces[i]!.zodiac = deck[i]!;
      events.push({ type: 'choose', seat: i, zodiac: deck[i] });
    }
    s.phase = 'play';
    startTurn(c, options.first_player === 'random' ? rng.int(players) : 0);
  }
  s.rng = rng.state();
  return { state: s, events };
}

/**
 * Status: scores are lap points; `toAct` is the one seat whose decision the table waits for.
 * Never a shared draw: the race ends the moment one player (or team) reaches the target.
 */
export function statusOf(s: ZrState): GameStatus {
  const d = decisionOf(s);
  return {
    over: s.phase === 'over',
    winners: s.winners ? s.winners.slice() : [],
    scores: s.pieces.map((p) => p.laps),
    toAct: d ? [d.seat] : [],
    draw: false,
  };
}

/** The Zodiac Race game. */
export const zodiacRace: Game<ZrState, ZrMove, ZrView, ZrOptions> = {
  id: 'zodiac-race',
  rulesVersion: ZR_RULES_VERSION,
  name: { zh: '生肖赛跑', en: 'Zodiac Race' },
  minPlayers: 2,
  maxPlayers: 6,
  defaultOptions: DEFAULT_OPTIONS,
  parseOptions,
  setup(input) {
    return startZr(input).state;
  },
  start: startZr,
  legalMoves: (s, seat) => legalOf(s, seat).slice(),
  apply: applyMove,
  // The simulator's lean path (engine/simulate.ts; random-move.test.ts shows it plays the same games):
  // the acting seat without a status object, the random pick without the whole legal list, and the
  // picked move applied without the legality check.
  applyListed: applyListedMove,
  actor: decisionSeat,
  randomMove: (s, seat, rng) => randomMove(s, decisionKind(s)!, seat, rng),
  view: viewOf,
  status: statusOf,
};
