/**
 * Bots against bots, for measuring them (the bench's win-rate matrix and power use, the unit
 * tests' small seeded samples): `games` races on the live table, seat i of game g played by bot
 * `(i + g) % bots.length` so that no bot keeps the first seat; each bot gets its own generator
 * per seat and game. Counts wins by seat, by team and by bot, the starting animals, and in how
 * many games each power was used (activated at least once, negated or not). Pure and seeded.
 */
import type { Bot } from '../../../engine/types';
import { Rng, seedRng } from '../../../util/rng';
import type { ZrOptions } from '../options';
import { ZrTable } from '../table';
import type { ZrMove } from '../types';
import { viewOf, type ZrView } from '../view';

/** What a run of races showed. */
export interface ZrDuelResult {
  games: number;
  /** Games won by each seat (team wins count for every member). */
  seatWins: number[];
  /** Games won by each team (team modes; empty in free-for-all). */
  teamWins: number[];
  /** Games won by each bot of the list (a team win counts once per bot on the team). */
  botWins: number[];
  /** Games in which each power was used at least once. */
  powerGames: Record<string, number>;
  /** Starting animals chosen, by animal. */
  picks: Record<string, number>;
  /** Player-turns per game, on average. */
  turns: number;
  /** Games stopped by the move limit (none expected). */
  unfinished: number;
}

/** Play `games` races of `players` seats with `options` (see the module comment). */
export function zrDuel(bots: readonly Bot<ZrView, ZrMove>[], cfg: { games: number; players: number; seed: string; options: ZrOptions; maxMoves?: number }): ZrDuelResult {
  const teams = cfg.options.mode === '2teams' ? 2 : cfg.options.mode === '3teams' ? 3 : 0;
  const out: ZrDuelResult = { games: cfg.games, seatWins: Array(cfg.players).fill(0), teamWins: Array(teams).fill(0), botWins: Array(bots.length).fill(0), powerGames: {}, picks: {}, turns: 0, unfinished: 0 };
  const limit = cfg.maxMoves ?? 200_000;
  for (let g = 0; g < cfg.games; g++) {
    const t = ZrTable.start({ seed: `${cfg.seed}/${g}`, players: cfg.players, options: cfg.options });
    const rngs = Array.from({ length: cfg.players }, (_, i) => new Rng(seedRng(`${cfg.seed}/${g}/bot/${i}`)));
    const botOf = (seat: number) => (seat + g) % bots.length;
    const used = new Set<string>();
    for (const e of t.events) if (e.type === 'choose') out.picks[e.zodiac as string] = (out.picks[e.zodiac as string] ?? 0) + 1;
    let k = 0;
    for (; k < limit && !t.over; k++) {
      const seat = t.seat();
      const move = bots[botOf(seat)]!({ seat, view: viewOf(t.live, seat), legal: t.legal(), rng: rngs[seat]! });
      t.play(move);
      for (const e of t.events) {
        if (e.type === 'power') used.add(e.power as string);
        else if (e.type === 'choose') out.picks[e.zodiac as string] = (out.picks[e.zodiac as string] ?? 0) + 1;
      }
    }
    if (!t.over) {
      out.unfinished++;
      continue;
    }
    for (const p of used) out.powerGames[p] = (out.powerGames[p] ?? 0) + 1;
    const winners = t.live.winners ?? [];
    const byBot = new Set<number>();
    for (const w of winners) {
      out.seatWins[w]!++;
      byBot.add(botOf(w));
    }
    for (const b of byBot) out.botWins[b]!++;
    if (teams && winners.length) out.teamWins[t.live.pieces[winners[0]!]!.team]!++;
    out.turns += t.live.turnNo / cfg.games;
  }
  return out;
}
