// The table asks for bots by game id and level: 摸鱼王's and 斗十四's levels are their bot kinds,
// each answering with one of the legal moves it is given.
import { describe, expect, it } from 'vitest';
import { douShisi, legalDs, moveKey, viewDs } from '../../../../../shared/games/dou-shisi';
import { legalMw, moyuWang, viewMw, type MwMove } from '../../../../../shared/games/moyu-wang';
import { position } from '../../../../../shared/games/moyu-wang/testing';
import { Rng, seedRng } from '../../../../../shared/util/rng';
import { gameBotFor } from './game-bots';

describe('gameBotFor', () => {
  it('finds the 摸鱼王 bots by game id and level', () => {
    const s = position({ hands: [['R11', 'R18'], ['Y22', 'Y23'], ['G33', 'G34'], ['B41', 'B42']] });
    for (const level of ['random', 'heuristic', 'search', undefined]) {
      const bot = gameBotFor(moyuWang.id, level);
      const m = bot({ seat: 0, view: viewMw(s, 0), legal: legalMw(s, 0), rng: new Rng(seedRng('g')) }) as MwMove;
      expect(moyuWang.apply(s, m).ok).toBe(true);
    }
  });

  it('plays 斗十四 at every level with legal moves', () => {
    for (const level of ['random', 'heuristic', 'search', undefined]) {
      let s = douShisi.setup({ seed: `gb/${level}`, players: 4, options: { ...douShisi.defaultOptions, hands: 1 } });
      const bot = gameBotFor('dou-shisi', level);
      for (let i = 0; i < 30 && !douShisi.status(s).over; i++) {
        const seat = douShisi.status(s).toAct[0]!;
        const legal = legalDs(s, seat);
        const move = bot({ seat, view: viewDs(s, seat), legal, rng: new Rng(seedRng(`gb/${i}`)) }) as (typeof legal)[number];
        expect(legal.map(moveKey)).toContain(moveKey(move));
        const r = douShisi.apply(s, move);
        if (!r.ok) throw new Error(r.message.en);
        s = r.state;
      }
    }
  });
});
