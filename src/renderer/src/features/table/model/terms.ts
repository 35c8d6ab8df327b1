/**
 * The English rulebook's names for 斗福's terms (templates/doufu/rules.en.md), for English text
 * that reaches the table with a Chinese term in it: an engine message written before the English
 * rulebook named everything. The table shows engine messages through `englishText`, so English
 * stays English whatever the engine says.
 */
import { CARDS } from '../../../../../shared/games/doufu/cards';
import { COMBOS } from '../../../../../shared/games/doufu/scoring';
import type { Text } from './log';

/** Skill names as the deck prints them in English (templates/doufu/cards.csv `skill*_en`). */
const SKILLS: Readonly<Record<string, string>> = {
  投鼠忌器: 'Stack-Only',
  庖丁解牛: 'Inspect & Swap',
  纵虎归山: 'Pool Reset',
  守株待兔: 'Extra Draw',
  画龙点睛: 'Dot the Eye',
  打草惊蛇: 'Score Swap',
  马不停蹄: 'Extra Flip',
  亡羊补牢: 'Mulligan',
  猿猴取月: 'Eat-Only',
  闻鸡起舞: 'Cockcrow Peek',
  关门打狗: 'Discard to Bottom',
  福祸相依: 'Lock',
  照猫画虎: 'Imitate',
  废文任武: 'Annul',
  牧猪奴戏: 'Skip Turn',
};

/** The rulebook's glossary (§ "Terms"). */
const GLOSSARY: Readonly<Record<string, string>> = {
  福神: 'Fortune God',
  福气值: 'fortune points',
  福气: 'fortune points',
  三叠: 'triple stack',
  叠蒙: 'stack-and-flip',
  蒙换: 'flip-swap',
  蒙中: 'flip hit',
  轮盘蒙打: 'Roulette',
  荒牌: 'dead hand',
  流局: 'drawn hand',
  宣胜: 'declare victory',
  搭子: 'combo',
  福分: 'combo points',
  得分区: 'score area',
  单运: 'single luck',
  双运: 'double luck',
  锁定技: 'Locked skill',
  使用技: 'Activated skill',
};

/** Every term, longest first (so 福气值 wins over 福气, 大紫气东来 over 紫气东来). */
const TERMS: readonly [string, string][] = [
  ...Object.entries(SKILLS),
  ...COMBOS.map((c): [string, string] => [c.name, c.en]),
  ...CARDS.map((c): [string, string] => [c.name, c.en]),
  ...Object.entries(GLOSSARY),
].sort((a, b) => b[0].length - a[0].length);

/**
 * English text with every Chinese 斗福 term replaced by the rulebook's English name.
 * @example englishTerms('decide whether to use 闻鸡起舞') // 'decide whether to use Cockcrow Peek'
 */
export function englishTerms(en: string): string {
  if (!/[\u3400-\u9fff]/.test(en)) return en;
  let out = en;
  for (const [zh, name] of TERMS) if (out.includes(zh)) out = out.split(zh).join(name);
  // "天时/地利" reads "Heaven's Timing/Earth's Advantage": give the slash room.
  return out.replace(/(\S)\/(\S)/g, '$1 or $2');
}

/** A message in both languages with its English put in the rulebook's terms. */
export function englishText(t: Text): Text {
  return { zh: t.zh, en: englishTerms(t.en) };
}
