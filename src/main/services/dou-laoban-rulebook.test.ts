// The 斗老闆 rulebook (templates/dou-laoban/rules.zh.md in traditional characters, as the seed,
// and rules.en.md): the chapters in order, every combination with a figure of the deck's own
// cards, the worked scoring example adding up, the variants marked as such; and both books
// typeset through the rulebook pipeline with the real fonts and figures on every paper, no glyph
// missing and no layout warning.
import { describe, expect, it } from 'vitest';
import { describeRulebookPdfs, itUsesOnlyTextFaceCharacters, rulebookFixture } from './rulebook-test-helpers';

const book = rulebookFixture('dou-laoban');
const source = book.source;

const CHAPTERS = {
  zh: ['遊戲簡介', '配件', '準備', '叫牌', '出牌', '牌型', '勝負與記分', '變體', '常見問題'],
  en: ['Overview', 'Components', 'Setup', 'Bidding', 'Play', 'Combinations', 'Winning and scoring', 'Variants', 'FAQ'],
};

describe('斗老闆 rulebook sources', () => {
  const ids = book.cardIds();

  for (const lang of ['zh', 'en'] as const) {
    it(`(${lang}) has the chapters in order and the 13 combinations, each followed by a figure`, () => {
      const md = source(lang);
      expect([...md.matchAll(/^# (.+)$/gm)].map((m) => m[1])).toEqual(CHAPTERS[lang]);
      const combos = [...md.matchAll(/^## (\d+) .+$/gm)];
      expect(combos.map((m) => Number(m[1]))).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
      for (const m of combos) {
        const body = md.slice(m.index!, md.indexOf('\n## ', m.index! + 1));
        expect(body, m[0]).toMatch(/!\[\]\(card:[0-9TJQKA][SHDC]|!\[\]\(card:[SB]J/);
      }
    });

    it(`(${lang}) draws its figures from the deck: every ref names a card of the project`, () => {
      const refs = [...source(lang).matchAll(/!\[[^\]]*\]\((card|back):([A-Z0-9-]+)(?: "[^"]*")?\)/g)].map((m) => m[2]!);
      expect(refs.length).toBeGreaterThan(80);
      for (const id of refs) expect(ids.has(id), id).toBe(true);
      // The combinations' examples are the seed's: 8-9-10-J-Q, 10-10-J-J-Q-Q-K-K, 7-7-7-8-8-8-3-6 …
      expect(source(lang)).toMatch(/!\[\]\(card:8H "\w+"\) !\[\]\(card:9S "\w+"\) !\[\]\(card:TD "\w+"\) !\[\]\(card:JC "\w+"\) !\[\]\(card:QH "\w+"\)/);
      expect(source(lang)).toMatch(/!\[\]\(card:SJ "\w+"\) !\[\]\(card:BJ "\w+"\)/);
    });

    it(`(${lang}) scores the worked example as §8: U = 1 × 2 × 4 × 1 = 8, Boss +16, Employees −8, and the score table adds up to zero`, () => {
      const md = source(lang);
      expect(md).toContain('U = 1 × 2 × 4 × 1 = 8');
      expect(md).toMatch(lang === 'zh' ? /老闆 \+16，兩個員工各 −8/ : /the Boss scores \+16, each Employee −8/);
      const rows = md.split('\n').filter((l) => /^\| (\d|合計|Total)/.test(l)).map((l) => l.split('|').slice(7, 10).map((c) => Number(c.trim().replace('−', '-'))));
      expect(rows).toHaveLength(3);
      for (const r of rows) expect(r[0]! + r[1]! + r[2]!).toBe(0);
      expect(rows[2]).toEqual([rows[0]![0]! + rows[1]![0]!, rows[0]![1]! + rows[1]![1]!, rows[0]![2]! + rows[1]![2]!]);
    });

    it(`(${lang}) marks the §9 and §11 options as variants`, () => {
      const md = source(lang);
      const variants = md.slice(md.indexOf(lang === 'zh' ? '# 變體' : '# Variants'), md.indexOf(lang === 'zh' ? '# 常見問題' : '# FAQ'));
      for (const w of lang === 'zh' ? ['搶老闆', '加倍', '明牌', '炸彈封頂', '底牌給誰看', '春天倍數', '輸贏怎麼付', '叫分輪數', '先叫牌的人'] : ['Rob the Boss', 'Doubling', 'Show hand', 'Bomb cap', 'Who sees the kitty', 'Spring multiplier', 'Payments', 'Bidding rounds', 'The first bidder'])
        expect(variants, w).toContain(`**${w}**`);
      expect(variants).toMatch(lang === 'zh' ? /以下都是\*\*變體\*\*/ : /is a \*\*variant\*\*/);
    });

    itUsesOnlyTextFaceCharacters(book, lang, () => source(lang));
  }

  it('is written in traditional characters, as the seed', () => {
    const zh = source('zh');
    for (const t of ['斗老闆', '員工', '遊戲', '發牌', '順子', '連對', '飛機', '炸彈', '記分']) expect(zh).toContain(t);
    for (const s of ['员工', '游戏', '发牌', '顺子', '连对', '飞机', '炸弹', '记分', '老板']) expect(zh).not.toContain(s);
  });
});

describeRulebookPdfs('斗老闆', book, { zh: ['斗老闆', '四帶二'], en: ['Dou Laoban', 'Four with two'] });
