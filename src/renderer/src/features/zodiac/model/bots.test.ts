import { describe, expect, it } from 'vitest';
import { ZR_BOT_KINDS } from '../../../../../shared/games/zodiac-race/bots';
import { ZR_BOT_LEVELS, ZR_DEFAULT_BOT_LEVEL, zrBotFor } from './bots';

describe('the 生肖赛跑 table’s bot levels', () => {
  it('are 入门 < 普通 < 高手, the measured bots weakest first, named in both languages', () => {
    // bench/zodiac-bots.ts measures each against the one below it (README "Benchmarks").
    expect(ZR_BOT_LEVELS.map((l) => [l.id, l.name.zh, l.name.en])).toEqual([
      ['random', '入门', 'Beginner'],
      ['heuristic', '普通', 'Normal'],
      ['search', '高手', 'Strong'],
    ]);
    expect([...ZR_BOT_LEVELS.map((l) => l.id)].sort()).toEqual([...ZR_BOT_KINDS].sort());
    for (const l of ZR_BOT_LEVELS) {
      expect(l.description.zh).toMatch(/\p{Script=Han}/u);
      expect(l.description.en).not.toMatch(/\p{Script=Han}/u);
    }
    expect(ZR_DEFAULT_BOT_LEVEL).toBe('heuristic');
    expect(zrBotFor('no-such-level')).toBe(zrBotFor('heuristic'));
  });
});
