// Behaviour fingerprint of 生肖赛跑's headless play, the path `npm run cli -- simulate zodiac-race`
// and the balance lab run. 204 seeded games — random and heuristic bots, 2 / 4 / 6 players, default
// options and random rule options (team modes included) — are played two ways, and their digests
// were recorded before the simulator and the live table were optimised:
// - on the live `ZrTable` as the simulator drives it (random seats pick with `pickRandom`, the
//   heuristic bot gets its seat's view and the listed moves): every move, the events of every move
//   and the final state;
// - by `playZrMatch`: each game's JSONL record, its move count, starting animals and power uses.
// Any change of play (a move, a draw of a generator, an event, a record field) changes a digest.
// golden.test.ts fingerprints the same engine through the public contract (`simulate`), and
// table.test.ts shows the two agree move for move.
//
// A deliberate rule change re-records (and bumps ZR_RULES_VERSION): ZR_FINGERPRINT=print prints
// the new digests.
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../../shared/engine/types';
import { viewOf, zodiacRace, ZrTable, type ZrMove, type ZrOptions, type ZrView } from '../../../shared/games/zodiac-race';
import { heuristicBot } from '../../../shared/games/zodiac-race/bots';
import { randomSetup } from '../../../shared/games/zodiac-race/fuzz';
import { contentHash } from '../../../shared/util/hash';
import { Rng, seedRng } from '../../../shared/util/rng';
import { playZrMatch, resolveZrConfig, zrRecordLine, type ZrSimConfig } from './zodiac';

/** The setups of one digest: `games` games of `players` (default options), or random setups when `players` is 'mixed'. */
interface Batch {
  name: string;
  bot: 'random' | 'heuristic';
  players: number | 'mixed';
  games: number;
}

const BATCHES: Batch[] = [
  { name: 'random 2p', bot: 'random', players: 2, games: 40 },
  { name: 'random 4p', bot: 'random', players: 4, games: 40 },
  { name: 'random 6p', bot: 'random', players: 6, games: 30 },
  { name: 'random, random options', bot: 'random', players: 'mixed', games: 50 },
  { name: 'heuristic 2p', bot: 'heuristic', players: 2, games: 12 },
  { name: 'heuristic 4p', bot: 'heuristic', players: 4, games: 8 },
  { name: 'heuristic 6p', bot: 'heuristic', players: 6, games: 6 },
  { name: 'heuristic, random options', bot: 'heuristic', players: 'mixed', games: 18 },
];

/** Recorded before the speed work on the simulator and the table; see the module comment. */
const DIGESTS: Record<string, { table: string; records: string }> = {
  'random 2p': { table: '97444f22864f77d3', records: 'c5ddd0c6f1f92838' },
  'random 4p': { table: '6f290692cbaec0b5', records: '3bf6c8f250bb4c50' },
  'random 6p': { table: '7013ecc13614b3e5', records: 'af145026b21e833e' },
  'random, random options': { table: '885c5fd6caa9b170', records: 'a23f49de46520930' },
  'heuristic 2p': { table: '7397ade53d3f8ac3', records: '7defdf2802687b24' },
  'heuristic 4p': { table: 'c2c41ab8a6b3728e', records: '457553690ddc0d61' },
  'heuristic 6p': { table: '3729b5cb19b1f3f6', records: '335d0b4e685e9077' },
  'heuristic, random options': { table: '950d7fd1abd7d54b', records: 'e0531f2c909b0f45' },
};

const json = (x: unknown) => JSON.stringify(x);

/** One game on a live table, driven as `playZrMatch` drives it; the hashes of its moves, events and final state. */
function tableGame(seed: string, players: number, options: ZrOptions, kind: Batch['bot']): { hash: string; moves: number } {
  const t = ZrTable.start({ seed, players, options });
  const rngs = Array.from({ length: players }, (_, i) => new Rng(seedRng(`${seed}/bot/${i}`)));
  const bot: Bot<ZrView, ZrMove> = heuristicBot;
  const moves: string[] = [];
  const events: string[] = [json(t.events)];
  while (!t.over) {
    const seat = t.seat();
    let move: ZrMove;
    if (kind === 'random') move = t.pickRandom(rngs[seat]!);
    else {
      const legal = t.legal();
      move = bot({ seat, view: viewOf(t.live, seat), legal, rng: rngs[seat]! });
    }
    moves.push(json(move));
    t.play(move);
    events.push(json(t.events));
  }
  return { hash: [contentHash(moves.join('\n')), contentHash(events.join('\n')), contentHash(json(t.state()))].join(','), moves: moves.length };
}

/** The setups of a batch, in order: [players, options] per game. */
function setups(b: Batch): [number, ZrOptions][] {
  const r = new Rng(seedRng(`zr-fingerprint/${b.name}`));
  return Array.from({ length: b.games }, () => {
    if (b.players !== 'mixed') return [b.players, zodiacRace.defaultOptions];
    const { players, options } = randomSetup(r);
    return [players, options];
  });
}

function config(players: number, options: ZrOptions, bot: Batch['bot'], seed: string): ZrSimConfig {
  const c = resolveZrConfig({ players, options: options as unknown as Record<string, unknown>, bots: bot, seed, matches: 1 });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

function digests(b: Batch): { table: string; records: string } {
  const table: string[] = [];
  const records: string[] = [];
  setups(b).forEach(([players, options], g) => {
    const seed = `zr-fp/${b.name}/${g}`;
    const t = tableGame(`${seed}/0`, players, options, b.bot);
    table.push(t.hash);
    // `playZrMatch` plays game 0 of the run with seed `seed`: the same game as the table's above.
    const m = playZrMatch(config(players, options, b.bot, seed), 0);
    if (m.moves !== t.moves) throw new Error(`${seed}: the simulator played ${m.moves} moves, the table ${t.moves}`);
    records.push(json([zrRecordLine(m.record), m.finished, m.moves, m.start, m.powerSeats]));
  });
  return { table: contentHash(table.join(';')), records: contentHash(records.join('\n')) };
}

describe('zodiac-race play fingerprint (live table and simulator records)', () => {
  it.each(BATCHES.map((b) => [b.name, b] as const))('%s', (name, b) => {
    const got = digests(b);
    if (process.env.ZR_FINGERPRINT === 'print') console.log(`  '${name}': { table: '${got.table}', records: '${got.records}' },`);
    expect(got).toEqual(DIGESTS[name]);
  });
});
