// The 生肖赛跑 speed measurements of `npm run bench` (bench/zodiac.ts runs them bundled, as the app
// ships the engine). Pure functions of this thread; rates are per CPU-second of this thread.
//
// Three ways to play the same games (table.test.ts and random-move.test.ts show they are move for
// move the same):
// - `checked`: the engine's `simulate` over the plain public `Game` contract — a fresh state per
//   `apply`, the whole legal list built for every move and the move checked against it, the status
//   built after every move. The baseline.
// - `contract`: `simulate` as it runs for 生肖赛跑, with the game's lean path for its random bot
//   (`randomMove`, `applyListed`, `actor`; without `onMove`, `applyListed` builds no events):
//   still a fresh state per move.
// - `table`: what `npm run cli -- simulate zodiac-race` and the balance lab's workers run
//   (`playZrMatch`, records included): the live `ZrTable`, quiet (no events; the record's counts
//   come from its tally), random seats picking with `pickRandom`.
// Each way runs in its own thread (its own compiled code); windows of the two alternate, only one
// thread busy at a time, so a busy machine slows both alike and their ratio holds.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { simulate, randomBot } from '../src/shared/engine/simulate';
import type { Bot } from '../src/shared/engine/types';
import { zodiacRace, type ZrMove, type ZrView } from '../src/shared/games/zodiac-race';
import { heuristicBot, createSearchBot } from '../src/shared/games/zodiac-race/bots';
import { playZrMatch, resolveZrConfig } from '../src/main/services/simulation/zodiac';

/** Rates of one way of playing, measured in windows: best and median games per CPU-second. */
export interface ZrRate {
  best: number;
  median: number;
  movesPerGame: number;
  usPerMove: number;
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The ways of playing (see the module comment). */
export type ZrWayName = 'checked' | 'contract' | 'table';

/** 生肖赛跑 without its lean simulator path: what `simulate` does for a game that has none. */
const checkedGame = { ...zodiacRace, applyListed: undefined, actor: undefined, randomMove: undefined };

/** One way of playing: game `i` of the run, returning its moves. */
export function zrWay(way: ZrWayName, players: number, bot: 'random' | 'heuristic'): (i: number) => number {
  if (way !== 'table') {
    const b = (bot === 'random' ? randomBot : heuristicBot) as Bot<ZrView, ZrMove>;
    const game = way === 'checked' ? checkedGame : zodiacRace;
    return (i) => simulate(game, { seed: `bench/${i}`, players, options: zodiacRace.defaultOptions, bots: b, recordMoves: false }).steps;
  }
  const cfg = resolveZrConfig({ players, bots: bot, seed: 'bench', matches: 1 });
  if (!cfg.ok) throw new Error(cfg.error.message);
  return (i) => playZrMatch(cfg.value, i).moves;
}

/** What a measuring thread is told at start. */
export interface ZrWayJob {
  way: ZrWayName;
  players: number;
  bot: 'random' | 'heuristic';
  warmup: number;
}

/** A window's result: games and moves played in `ms` CPU-ms. */
export interface ZrWindow {
  games: number;
  moves: number;
  ms: number;
}

// A measuring thread (bench/zodiac.ts starts one per way, so the two ways never share the
// compiler's type feedback): warm up by work, not by the clock (on a busy machine a wall-clock
// warm-up may end before the optimizing compiler, a background thread, has compiled the hot
// functions), then play one window of CPU time per message.
if (!isMainThread && (workerData as { zrWay?: ZrWayJob } | null)?.zrWay) {
  const job = (workerData as { zrWay: ZrWayJob }).zrWay;
  const play = zrWay(job.way, job.players, job.bot);
  for (let i = 0; i < job.warmup; i++) play(1_000_000 + i);
  let i = 0;
  parentPort!.on('message', (ms: number) => {
    const c0 = cpu();
    let games = 0;
    let moves = 0;
    let dt = 0;
    while (dt < ms) {
      moves += play(i++);
      games++;
      dt = cpu() - c0;
    }
    parentPort!.postMessage({ games, moves, ms: dt } satisfies ZrWindow);
  });
  parentPort!.postMessage('ready');
}

/** Summary of one way's windows. */
export function zrRate(windows: readonly ZrWindow[]): ZrRate {
  const r = windows.map((w) => (w.games * 1000) / w.ms).sort((x, y) => x - y);
  const moves = windows.reduce((a, w) => a + w.moves, 0);
  const games = windows.reduce((a, w) => a + w.games, 0);
  const ms = windows.reduce((a, w) => a + w.ms, 0);
  return { best: r[r.length - 1]!, median: r[Math.floor(r.length / 2)]!, movesPerGame: moves / games, usPerMove: (ms * 1000) / moves };
}

/** Search bot: ms per searched decision in 2-player games against the heuristic. */
export function zrSearchTiming(decisions: number): number {
  const search = createSearchBot();
  let n = 0;
  let spent = 0;
  const timed: Bot<ZrView, ZrMove> = (input) => {
    const t = cpu();
    const m = search(input);
    spent += cpu() - t;
    n++;
    return m;
  };
  for (let g = 0; n < decisions; g++) simulate(zodiacRace, { seed: `sb/${g}`, players: 2, options: zodiacRace.defaultOptions, bots: [timed, heuristicBot], recordMoves: false, stopWhen: () => n >= decisions });
  return spent / n;
}
