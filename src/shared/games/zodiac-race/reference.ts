/**
 * The rule text the table shows for every animal, power, status and token, read from the power
 * cards of the 生肖赛跑 project (its cards.csv: the same rows the zodiac cards and the rulebook's
 * card pages are printed from), so the table and the printed game never say different things.
 *
 * A card row gives an animal's name, its power's name and up to three powers, each with a timing
 * (己方回合…), a frequency (每回合一次), a cost and its text in zh and en, plus extra lines (the
 * Rabbit's bonus table, the Dragon's two options) and a note. Timing, frequency and cost are
 * printed in Chinese on the cards; their English comes from the small glossary below (an unknown
 * wording shows as written). A project without a row for an animal still gets its names.
 *
 * Pure: the table hands in the rows it read through the project API.
 */
import type { LocalText } from '../../engine/types';
import { ZODIAC_NAMES, ZODIACS, type PowerId, type Zodiac } from './types';

/** One power of a card. */
export interface PowerText {
  timing: LocalText;
  /** "Once per turn", or null when unlimited. */
  freq: LocalText | null;
  cost: LocalText;
  text: LocalText;
  /** Extra lines under the text (a bonus table, the options to choose from). */
  lines: LocalText[];
}

/** One animal's card. */
export interface ZodiacRef {
  zodiac: Zodiac;
  name: LocalText;
  power: LocalText;
  /** The card's powers in card order (P1, P2, P3). */
  powers: PowerText[];
  note: LocalText | null;
}

/** The whole reference: the twelve animals in zodiac order. */
export type ZrReference = Record<Zodiac, ZodiacRef>;

/** A status a piece can have (spec §9). */
export type StatusId = 'roared' | 'poisoned' | 'proud' | 'rabbit' | 'attached' | 'barrier';

const t = (zh: string, en: string): LocalText => ({ zh, en });

/** English of the cards' fixed wordings (timing, frequency, cost). */
const GLOSSARY: Record<string, string> = {
  己方回合: 'Your turn',
  任意回合: 'Any turn',
  回合开始: 'Start of your turn',
  每回合一次: 'Once per turn',
  不耗代币: 'Free',
  '1个全场都有的点数': 'One of a value every player holds',
  '2红；3个1或4红': '2 red; three 1s or 4 red',
  '2个6': 'Two 6s',
  合计12点: 'Tokens summing to 12',
  '5个连续点数': '5 consecutive values',
  '4蓝': '4 blue',
  '2个相同点数': '2 of the same value',
  与对方相同条件: 'What the other player paid',
  '1个5': 'One 5',
  任意3个: 'Any 3 tokens',
  '—': '—',
};

const glossed = (zh: string): LocalText => t(zh, GLOSSARY[zh] ?? zh);

/**
 * Which card power each engine power is: [zodiac, index of the card's power]. Ox O1a / O1b are
 * the card's first power (two prices), the Dog's negation the first (paid) power.
 */
export const POWER_CARD: Record<PowerId, readonly [Zodiac, number]> = {
  R1: ['rat', 0],
  R2: ['rat', 1],
  O1a: ['ox', 0],
  O1b: ['ox', 0],
  O2: ['ox', 1],
  T1: ['tiger', 0],
  T2: ['tiger', 1],
  RB: ['rabbit', 0],
  D: ['dragon', 0],
  S1: ['snake', 0],
  H1: ['horse', 0],
  H2: ['horse', 1],
  SH1: ['sheep', 0],
  SH2: ['sheep', 1],
  M1: ['monkey', 0],
  M1c: ['monkey', 0],
  M2: ['monkey', 1],
  M3: ['monkey', 2],
  RO1: ['rooster', 0],
  RO2: ['rooster', 1],
  DG: ['dog', 0],
  P1: ['pig', 0],
  P1b: ['pig', 1],
  P2: ['pig', 2],
};

/** The names of the statuses and the card power (or note) that explains each. */
const STATUS: Record<StatusId, { name: LocalText; from: readonly [Zodiac, number | 'note'] }> = {
  roared: { name: t('胆怯', 'Cowed'), from: ['tiger', 0] },
  poisoned: { name: t('中毒', 'Poisoned'), from: ['snake', 0] },
  proud: { name: t('骄傲', 'Proud'), from: ['rabbit', 'note'] },
  rabbit: { name: t('下回合掷三次', 'Three dice next turn'), from: ['rabbit', 0] },
  attached: { name: t('附随', 'Riding'), from: ['monkey', 0] },
  barrier: { name: t('脂肪壁垒', 'Fat wall'), from: ['pig', 0] },
};

/** The reference with names only (before the cards are read, or for a project without them). */
export function bareReference(): ZrReference {
  const out = {} as ZrReference;
  for (const z of ZODIACS) out[z] = { zodiac: z, name: t(ZODIAC_NAMES[z].zh, ZODIAC_NAMES[z].en), power: { ...ZODIAC_NAMES[z].power }, powers: [], note: null };
  return out;
}

/** A `zh|zh|en` table line ("2个相同|多掷1次|a pair: 1 more roll") as one text. */
function tableLine(line: string): LocalText | null {
  const parts = line.split('|').map((x) => x.trim());
  if (parts.length < 3 || !parts[0]) return null;
  return t(`${parts[0]}：${parts[1]}`, parts.slice(2).join('|'));
}

/**
 * The reference from a project's card table (column names and rows of strings, as the project API
 * reads cards.csv). Rows are matched to animals by their English name (`zodiac_en`), then by id.
 * @example referenceFromCards(['id','zodiac','zodiac_en','p1_zh','p1_en'], [['RAT','鼠','Rat','…','…']]).rat.powers.length // → 1
 */
export function referenceFromCards(columns: readonly string[], rows: readonly (readonly string[])[]): ZrReference {
  const out = bareReference();
  const col = new Map(columns.map((c, i) => [c.trim(), i]));
  for (const row of rows) {
    const get = (name: string) => (col.has(name) ? (row[col.get(name)!] ?? '').trim() : '');
    const key = (get('zodiac_en') || get('id')).toLowerCase();
    const z = ZODIACS.find((x) => x === key || ZODIAC_NAMES[x].en.toLowerCase() === key);
    if (!z) continue;
    const ref = out[z];
    if (get('zodiac')) ref.name = t(get('zodiac'), get('zodiac_en') || ref.name.en);
    if (get('power_zh')) ref.power = t(get('power_zh'), get('power_en') || get('power_zh'));
    ref.powers = [];
    for (let i = 1; i <= 3; i++) {
      const zh = get(`p${i}_zh`);
      if (!zh) continue;
      const lines = get(`p${i}_table`)
        .split(/\r?\n/)
        .map(tableLine)
        .filter((x): x is LocalText => x !== null);
      if (i === 1)
        for (let k = 1; k <= 2; k++) {
          const o = get(`opt${k}_zh`);
          if (o) lines.push(t(`${k}. ${o}`, `${k}. ${get(`opt${k}_en`) || o}`));
        }
      const freq = get(`p${i}_freq`);
      ref.powers.push({ timing: glossed(get(`p${i}_timing`)), freq: freq ? glossed(freq) : null, cost: glossed(get(`p${i}_cost`)), text: t(zh, get(`p${i}_en`) || zh), lines });
    }
    ref.note = get('note_zh') ? t(get('note_zh'), get('note_en') || get('note_zh')) : null;
  }
  return out;
}

/** The card power of an engine power (null when the card does not have it). */
export function powerText(ref: ZrReference, id: PowerId): PowerText | null {
  const [z, i] = POWER_CARD[id];
  return ref[z].powers[i] ?? null;
}

/** A status: its name and the rule text that explains it. */
export function statusText(ref: ZrReference, id: StatusId): { name: LocalText; text: LocalText | null } {
  const s = STATUS[id];
  const [z, i] = s.from;
  const text = i === 'note' ? ref[z].note : (ref[z].powers[i]?.text ?? null);
  return { name: s.name, text };
}

/**
 * A dice token: its value and colour, and what red and blue mean (spec §2.2: 1 and 4 are red, as
 * on Chinese dice; the rest blue), with the 12-token cap.
 */
export function tokenText(v: number): { name: LocalText; text: LocalText } {
  const red = v === 1 || v === 4;
  return {
    name: red ? t(`红色代币 ${v}`, `Red token ${v}`) : t(`蓝色代币 ${v}`, `Blue token ${v}`),
    text: t(
      '掷骰子时获得一个与点数相同的代币；代币的颜色由点数决定：1 点、4 点为红色，2、3、5、6 点为蓝色。代币用来发动效果和变换生肖，每人最多持有 12 个。',
      'A roll earns a token of the value rolled; its colour follows the value: 1 and 4 are red, 2, 3, 5 and 6 blue. Tokens pay for powers and transforms; you may hold 12 at most.',
    ),
  };
}
