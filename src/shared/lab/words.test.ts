import { describe, expect, it } from 'vitest';
import { LAB_GAMES, labForm } from '.';
import { botsWords, botWords, labOptionsSaid, measureWords, optionLines } from './words';

describe('the lab’s names for people', () => {
  it('names every bot kind a game offers in both languages, never by its id', () => {
    for (const game of LAB_GAMES)
      for (const kind of labForm(game).bots) {
        const w = botWords(kind);
        expect(w.zh, `${game} ${kind}`).toMatch(/\p{Script=Han}/u);
        expect(w.en).not.toBe(kind);
      }
    expect(botsWords(['random', 'search'])).toEqual({ zh: '随机/搜索', en: 'Random/Search' });
    expect(botWords('unknown-kind')).toEqual({ zh: 'unknown-kind', en: 'unknown-kind' });
  });

  it('names the A/B measures: a seat’s win rate, the game’s lengths, the cap', () => {
    const lengths = { moves: { zh: '步数', en: 'Moves' }, turns: { zh: '回合', en: 'Turns' }, rounds: { zh: '圈', en: 'Laps' } };
    expect(measureWords('win:0', lengths)).toEqual({ zh: '座位 1 胜率', en: 'Seat 1 win rate' });
    expect(measureWords('rounds', lengths).en).toBe('Laps');
    expect(measureWords('capped', lengths).zh).toBe('触到上限');
  });

  it('says options as "name: value" with the form’s words, unknown ones as they are', () => {
    const said = labOptionsSaid('doufu', 'en');
    const [mode, rest] = optionLines({ mode: '2v2', no_such: 3 }, said);
    expect(mode).toBe('Mode: 2 vs 2');
    expect(rest).toBe('no_such: 3');
    expect(optionLines({ mode: 'ffa' }, labOptionsSaid('doufu', 'zh'))).toEqual(['模式: 各自为战']);
  });

  it('says 生肖赛跑’s options by their short names, not the engine’s descriptions', () => {
    const opts = { track_length: 24, first_player: 'random', roll_mandatory: false };
    expect(optionLines(opts, labOptionsSaid('zodiac-race', 'en'))).toEqual(['Squares on the loop: 24 squares (quick race)', 'First player: Random', 'Rolling is mandatory: no']);
    expect(optionLines(opts, labOptionsSaid('zodiac-race', 'zh'))).toEqual(['赛道格数: 24 格（快速赛）', '先手: 随机', '必须掷骰: 否']);
  });

  it('says 斗福’s options by the new-game page’s short names, not the engine’s descriptions', () => {
    const opts = { mode: '2v2', settlement_value: 'declared_combo_only', nirvana_stacking: true, team_min_dazi: 3 };
    expect(optionLines(opts, labOptionsSaid('doufu', 'en'))).toEqual(['Mode: 2 vs 2', 'What the others pay when you declare: best combo only', 'Nirvana multiplies up: yes', '2v2: combos needed to declare: 3']);
    expect(optionLines(opts, labOptionsSaid('doufu', 'zh'), '：')).toEqual(['模式：2 对 2', '宣胜后别人扣多少福气：最大的搭子', '涅槃倍数累加：是', '2 对 2：至少几个搭子才能宣胜：3']);
  });
});

describe('plot label room', () => {
  it('fits the longest label, within bounds', async () => {
    const { labelMargin } = await import('./plots');
    expect(labelMargin(['人和'])).toBe(80);
    expect(labelMargin(['Jade Pig (imitating Fortune Monkey)'])).toBeGreaterThan(190);
    expect(labelMargin(['x'.repeat(200)])).toBe(280);
  });
});
