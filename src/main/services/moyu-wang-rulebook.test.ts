// The 摸鱼王 rulebook (templates/moyu-wang/rules.zh.md and rules.en.md): the chapters in order,
// every excuse of the deck with its effect, figures drawn from the project's own cards, the worked
// scoring example adding up, the engine's options as variants; and both books typeset through the
// rulebook pipeline with the real fonts and figures, no glyph missing and no layout warning.
import { describe, expect, it } from 'vitest';
import { EXCUSE_LABELS } from '../../shared/games/moyu-wang/cards';
import { OPTION_INFO } from '../../shared/games/moyu-wang/options';
import { describeRulebookPdfs, itUsesOnlyTextFaceCharacters, rulebookFixture } from './rulebook-test-helpers';

const book = rulebookFixture('moyu-wang');
const source = book.source;

const CHAPTERS = {
  zh: ['游戏简介 Overview', '游戏配件 Components', '游戏准备 Setup', '一轮的流程 A round', '借口牌 Excuses', '游戏结束与计分 Scoring', '身份玩法 Hidden roles', '可选规则 Variants', '常见问题 FAQ'],
  en: ['Overview', 'Components', 'Setup', 'A round', 'Excuses', 'Scoring', 'Hidden roles', 'Variants', 'FAQ'],
};

describe('摸鱼王 rulebook sources', () => {
  const ids = book.cardIds();

  for (const lang of ['zh', 'en'] as const) {
    it(`(${lang}) has the chapters in order`, () => {
      expect([...source(lang).matchAll(/^# (.+)$/gm)].map((m) => m[1])).toEqual(CHAPTERS[lang]);
    });

    it(`(${lang}) lists every excuse with its count in the excuse table`, () => {
      const md = source(lang);
      const counts: Record<string, number> = { not_me: 6, he_can: 4, its_you: 3, help_me: 3, stop: 1, no_leave: 2, hustle: 1, blank: 1 };
      for (const [k, label] of Object.entries(EXCUSE_LABELS)) {
        const name = lang === 'zh' ? label.zh : label.en.replace("'", '’');
        expect(md, name).toMatch(new RegExp(`^\\| ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| ${counts[k]} \\| .{8,}`, 'm'));
      }
    });

    it(`(${lang}) draws its figures from the project: every ref names one of its cards; holidays, rainbow, excuses and roles are shown`, () => {
      const refs = [...source(lang).matchAll(/!\[[^\]]*\]\(card:([A-Z0-9-]+)\)/g)].map((m) => m[1]!);
      for (const id of refs) expect(ids.has(id), id).toBe(true);
      for (const id of ['10', '60', '05', '80', '93', '97', '86', '90', '96', '99', 'ROLE-BOSS', 'ROLE-SECRETARY', 'ROLE-OLDHAND', 'ROLE-EMPLOYEE']) expect(refs, id).toContain(id);
    });

    it(`(${lang}) works the scoring example as §6: pile + hand × 4 for each player, lowest wins`, () => {
      const md = source(lang);
      const sums = [...md.matchAll(/(\d+) \+ (\d+) × 4 = (\d+)/g)];
      expect(sums.length).toBeGreaterThan(0);
      for (const m of sums) expect(Number(m[1]) + Number(m[2]) * 4).toBe(Number(m[3]));
      expect(md).toMatch(lang === 'zh' ? /丁分数最低，获胜/ : /Dan has the lowest score and wins/);
    });

    it(`(${lang}) gives every engine option a row in the variants`, () => {
      const md = source(lang);
      const variants = md.slice(md.indexOf(lang === 'zh' ? '# 可选规则' : '# Variants'), md.indexOf(lang === 'zh' ? '# 常见问题' : '# FAQ'));
      for (const info of Object.values(OPTION_INFO)) {
        const name = lang === 'zh' ? info.zh : info.en.replace("'", '’');
        expect(variants, name).toContain(`| ${name} |`);
      }
    });

    itUsesOnlyTextFaceCharacters(book, lang, () => source(lang));
  }
});

describeRulebookPdfs('摸鱼王', book, { zh: ['摸鱼王', '不能放假'], en: ['King of Slackers', 'No Leave'] });
