import type { DrawList } from '../../cards/draw-list';
import type { TextMeasurer } from '../../cards/fonts';
import type { Size } from '../geometry';
import { scorePadPage, type ScorePad } from '../dou-laoban/score';

/**
 * The 斗十四 score pad: an A5 sheet with a row per hand (dealer, winner, fan, the hand's points)
 * and a column per player for what each gains or pays; a row adds up to zero, a drawn hand is 0.
 */

/** Player columns on the pad (the default 4-player game). */
export const DS_SCORE_PLAYERS = 4;

export const DS_SCORE_PAD: ScorePad = {
  title: '斗十四 记分表',
  titleEn: 'Dou Shisi score sheet',
  date: '日期 Date ____________    底分 Base score = ______',
  name: '名字 Name',
  total: '合计 Total',
  columns: [
    { zh: '手', en: 'Hand', w: 9 },
    { zh: '首家', en: 'Dealer', w: 12 },
    { zh: '糊牌', en: 'Winner', w: 12 },
    { zh: '番', en: 'Fan', w: 9 },
    { zh: '得分', en: 'Points', w: 11 },
    ...Array.from({ length: DS_SCORE_PLAYERS }, (_, i) => ({ zh: `玩家${'一二三四'[i]}`, en: `Player ${i + 1}`, w: 19 })),
  ],
  players: DS_SCORE_PLAYERS,
  note:
    '得分 = 底分 × 2 的番数次方（0–4 番：1、2、4、8、16）。点炮：打牌人付得分；糊翻出的牌或天走：其他人各付得分。每一手各栏相加为 0；流局记 0。\n' +
    'Points = base × 2 to the power of the fan (0–4 fan: 1, 2, 4, 8, 16). A win on a discard: the discarder pays the points; on a flip or heaven walk: every other player pays them. Each row adds up to 0; a drawn hand scores 0.',
  caption: '斗十四 Dou Shisi · A5 记分表 score sheet · 沿角上的标记裁切 cut at the corner marks · 可多印几张 print as many as you need',
  head: '#7A1F1A',
  accent: '#B3261E',
};

/** The 斗十四 score pad page. */
export function dsScorePage(page: Size, m: TextMeasurer): DrawList {
  return scorePadPage(page, m, DS_SCORE_PAD);
}
