// Recorded results: fixed seeds and rule options played through the public contract (`simulate`
// with random and heuristic bots) hash to the digests below — every move, every event and the
// final state. Speed work on the engine must leave them unchanged; a deliberate rule change
// re-records them (and bumps ZR_RULES_VERSION). Re-recorded once when roll events gained
// `reveal: 'all'` (a roll is public, so a player cannot undo past it): with that field stripped the
// events, moves and states hash to the first recording exactly. Re-recorded for rules version 2
// (the random-bot digests only; the heuristic games did not change): Ox O2 names its first swap (k ≥ 1:
// one O2 move per target and pair of values, then more swaps or `done`), a team exchange
// waits for the teammate's consent, a Dog negating a barrier during its own move still passes the
// Pig (P1b), and nobody scores a lap after the win.
// The heuristic digest was re-recorded again when the heuristic bot learned to pick animals by the
// table, transform on stars and use every power (a change of bot only).
import { describe, expect, it } from 'vitest';
import { randomBot, simulate } from '../../engine/simulate';
import type { Bot } from '../../engine/types';
import { contentHash } from '../../util/hash';
import { Rng, seedRng } from '../../util/rng';
import { heuristicBot } from './bots';
import { randomSetup } from './fuzz';
import { zodiacRace } from './game';
import type { ZrMove } from './types';
import type { ZrView } from './view';

/** One digest over `games` games: random setups from `seed` (or the defaults with `players`). */
function digest(seed: string, games: number, bot: Bot<ZrView, ZrMove>, fixed?: { players: number }): string {
  const r = new Rng(seedRng(seed));
  const parts: string[] = [];
  for (let g = 0; g < games; g++) {
    const { players, options } = fixed ? { players: fixed.players, options: zodiacRace.defaultOptions } : randomSetup(r);
    const events: string[] = [];
    const res = simulate(zodiacRace, { seed: `${seed}/${g}`, players, options, bots: bot, onMove: ({ events: ev }) => void events.push(JSON.stringify(ev)) });
    parts.push(contentHash(JSON.stringify(res.moves)), contentHash(events.join('\n')), contentHash(JSON.stringify(res.state)));
  }
  return contentHash(parts.join(','));
}

describe('recorded results', () => {
  it('random bots, random rule options (2–6 players, team modes)', () => {
    expect(digest('golden-random', 24, randomBot)).toBe('1ca1785fd9fc3862');
  });
  it('random bots, default options, 2 players', () => {
    expect(digest('golden-default', 6, randomBot, { players: 2 })).toBe('607de9753e08d16e');
  });
  it('heuristic bots, random rule options', () => {
    expect(digest('golden-heuristic', 12, heuristicBot)).toBe('68b0e92097839baf');
  });
});
