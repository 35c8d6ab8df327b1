// The 斗十四 rulebook (templates/dou-shisi/rules.zh.md and rules.en.md): the chapters in order, the
// completions of the cut-off source marked as such (and the rules it does state left unmarked), the
// seven sum-14 pairs and the claim priority, figures drawn from the project's own cards, the worked
// example adding up by the engine's red points, every engine option a row in the variants; and both
// books typeset through the rulebook pipeline with the real fonts and figures, no glyph missing and
// no layout warning.
import { describe, expect, it } from 'vitest';
import { cards, redPoints } from '../../shared/games/dou-shisi/cards';
import { OPTION_INFO } from '../../shared/games/dou-shisi/options';
import { describeRulebookPdfs, itUsesOnlyTextFaceCharacters, rulebookFixture } from './rulebook-test-helpers';

const book = rulebookFixture('dou-shisi');
const source = book.source;
const chapter = (md: string, title: string): string => {
  const at = md.indexOf(`\n# ${title}`);
  const next = md.indexOf('\n# ', at + 1);
  return md.slice(at, next < 0 ? undefined : next);
};

const CHAPTERS = {
  zh: ['游戏简介 Overview', '游戏配件 Components', '游戏准备 Setup', '投牌 Exchange', '打牌 Play', '吃碰杠 Claims', '糊牌 Winning', '计分 Scoring', '可选规则 Variants', '澄清 Clarifications'],
  en: ['Overview', 'Components', 'Setup', 'Exchange', 'Play', 'Claims', 'Winning', 'Scoring', 'Variants', 'Clarifications'],
};
const MARK = { zh: '（补全）', en: '(completion)' };

describe('斗十四 rulebook sources', () => {
  const ids = book.cardIds();

  for (const lang of ['zh', 'en'] as const) {
    const md = source(lang);

    it(`(${lang}) has the chapters in order`, () => {
      expect([...('\n' + md).matchAll(/\n# (.+)/g)].map((m) => m[1])).toEqual(CHAPTERS[lang]);
    });

    it(`(${lang}) marks the completions of the cut-off source, and says where the source stops`, () => {
      expect(md).toContain(lang === 'zh' ? '吃牌权限小于碰' : 'chi ranks below peng');
      // Completed rules (spec §13) carry the mark on their line; rules the source states do not.
      const completed = lang === 'zh' ? ['翻到鬼就再翻一张', '流局', '天走**（补全）', '几个人都能糊时', '打出的鬼只能用'] : ['A joker is turned again', 'the hand is **drawn**', '**Heaven walk, 天走** (completion)', 'When several players can win', 'A discarded joker'];
      for (const t of completed) {
        const line = md.split('\n').find((l) => l.includes(t.replace('**（补全）', '')) && l.includes(MARK[lang]));
        expect(line, t).toBeDefined();
      }
      const stated = lang === 'zh' ? ['首家摸 8 张', '翻出的牌**不能拿到手上**', '只能吃上家打出、翻出的牌'] : ['8 for the dealer and 7 for everyone else', 'A flipped card **never goes into a hand**', 'you may chi only what your previous player discards or flips'];
      for (const t of stated) {
        const line = md.split('\n').find((l) => l.includes(t));
        expect(line, t).toBeDefined();
        expect(line!.split(/[。.]/).find((s) => s.includes(t.slice(0, 8)))!, t).not.toContain(MARK[lang]);
      }
      expect(md.split(MARK[lang]).length - 1).toBeGreaterThanOrEqual(25);
    });

    it(`(${lang}) lists the seven sum-14 pairs and the claim priority`, () => {
      expect(md).toContain('A+K、2+Q、3+J、4+10、5+9、6+8、7+7'.replace(/、/g, lang === 'zh' ? '、' : ', ').replace(', 7+7', ' and 7+7'));
      expect(md).toContain(lang === 'zh' ? '**糊 > 杠 = 碰 > 吃**' : '**Win > gang = peng > chi**');
    });

    it(`(${lang}) draws its figures from the project: every ref names one of its cards; red and black, jokers of each deck size, a chi are shown`, () => {
      const refs = [...md.matchAll(/!\[[^\]]*\]\(card:([A-Z0-9-]+)\)/g)].map((m) => m[1]!);
      for (const id of refs) expect(ids.has(id), id).toBe(true);
      for (const id of ['AH', 'KS', 'TH', 'QD', '5S', 'JK1', 'JK3', 'JK5', '6D', '8C', '8H', '7S']) expect(refs, id).toContain(id);
    });

    it(`(${lang}) works the scoring example by the engine’s red points and the §9 payments`, () => {
      const ex = chapter(md, lang === 'zh' ? '计分 Scoring' : 'Scoring');
      const red = redPoints(cards('3S JD 5H 9C 7D 7S 4H TS TH TD TC'));
      expect(red).toBe(37);
      const sums = [...ex.matchAll(/(\d+(?: \+ \d+){2,}) = (\d+)/g)];
      expect(sums.length).toBeGreaterThan(0);
      for (const m of sums) expect(m[1]!.split(' + ').reduce((a, b) => a + Number(b), 0)).toBe(Number(m[2]));
      expect(ex).toContain(`= ${red}`);
      expect(ex).toContain('1 × 2 × 2 = 4');
      expect(ex).toMatch(lang === 'zh' ? /甲、乙、丁各付 4 分，丙得 12 分/ : /Ann, Ben and Dan each pay 4 and Cara gains 12/);
    });

    it(`(${lang}) gives every engine option a row in the variants, with where it comes from`, () => {
      const variants = chapter(md, lang === 'zh' ? '可选规则 Variants' : 'Variants');
      const rows = variants.split('## ')[0]!.split('\n').filter((l) => l.startsWith('| ') && !/^\| (选项|Option) \|/.test(l));
      expect(rows).toHaveLength(Object.keys(OPTION_INFO).length);
      if (lang === 'en') for (const info of Object.values(OPTION_INFO)) expect(variants, info.en).toContain(`| ${info.en} |`);
      const from = { S: lang === 'zh' ? '原文' : 'source', R: lang === 'zh' ? '补全（长牌）' : 'completion (long-card)', H: lang === 'zh' ? '补全' : 'completion', table: lang === 'zh' ? '牌桌' : 'table' };
      Object.values(OPTION_INFO).forEach((info, i) => expect(rows[i]!.endsWith(`| ${from[info.tag]} |`), `${info.en}: ${rows[i]}`).toBe(true));
    });

    itUsesOnlyTextFaceCharacters(book, lang, () => md);
  }
});

describeRulebookPdfs('斗十四', book, { zh: ['斗十四', '补全'], en: ['Dou Shisi', 'completion'] });
