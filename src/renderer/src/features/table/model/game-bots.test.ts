// The table's bots by game id: 摸鱼王's levels are its bot kinds; each returns a legal move.
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../../../../shared/util/rng';
import { legalMw, moyuWang, viewMw, type MwMove } from '../../../../../shared/games/moyu-wang';
import { position } from '../../../../../shared/games/moyu-wang/testing';
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
});
