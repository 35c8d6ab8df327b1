/**
 * Which section of 斗福's rulebook explains the decision at the table: the rules button opens the
 * rulebook at that heading (templates/doufu/rules.zh.md and rules.en.md), or at the rules'
 * start when the heading is not in the book (an edited rulebook).
 */
import type { Step } from './types';

/** A heading of the rulebook in both editions, as written there. */
export interface RulesHeading {
  zh: string;
  en: string;
}

const H = {
  shuffle: { zh: '洗牌与福神', en: 'Shuffle and the Fortune God' },
  reshuffle: { zh: '重新洗牌、天时与地利', en: "Reshuffle, Heaven’s Timing and Earth’s Advantage" },
  dual: { zh: '双色牌', en: 'Dual cards' },
  turn: { zh: '回合', en: 'Turn' },
  stackFlip: { zh: '叠蒙', en: 'Stack-and-Flip (叠蒙)' },
  roulette: { zh: '轮盘蒙打', en: 'Roulette Flip (轮盘蒙打)' },
  fortune: { zh: '十二张福牌', en: 'The twelve Fortune cards' },
  declaring: { zh: '宣胜', en: 'Declaring victory' },
  settlement: { zh: '结算', en: 'Settlement' },
  end: { zh: '流局、涅槃与终局', en: 'Drawn hands, Nirvana and the end' },
} as const satisfies Record<string, RulesHeading>;

/**
 * The heading for a decision: `handEnd` when the hand-end screen is up, `skill` while the person
 * at the screen is aiming a Fortune card's skill.
 */
export function rulesSection(step: Step['k'], handEnd = false, skill = false): RulesHeading {
  if (handEnd) return H.settlement;
  if (skill) return H.fortune;
  switch (step) {
    case 'chooseFirst':
      return H.shuffle;
    case 'reshuffle':
    case 'dealWindow':
      return H.reshuffle;
    case 'turn':
      return H.turn;
    case 'attr':
      return H.dual;
    case 'steal':
    case 'swap':
      return H.stackFlip;
    case 'roulette':
      return H.roulette;
    case 'fuji':
    case 'arrange':
    case 'pick':
    case 'ox':
    case 'gift':
      return H.fortune;
    case 'window':
      return H.declaring;
    case 'over':
    case 'run':
      return H.end;
    default: {
      const never: never = step;
      return never;
    }
  }
}

/** Letters only, for comparing headings (the typesetter may space CJK and Latin apart). */
const key = (s: string) => s.replace(/\s+/gu, '').toLowerCase();

/**
 * The entry of a heading in a typeset table of contents (its index): the entry whose title is the
 * heading, else the first that starts with it (a numbered or annotated title), else null.
 */
export function headingIn(toc: readonly { title: string; page: number }[], heading: string): number | null {
  const want = key(heading);
  let i = toc.findIndex((e) => key(e.title) === want);
  if (i < 0) i = toc.findIndex((e) => key(e.title).startsWith(want));
  return i < 0 ? null : i;
}
