/**
 * 生肖赛跑's balance-lab hook: the zodiac each seat starts as, each power by the seat that used it,
 * transformations, and the tokens held at the end (score = lap points; rounds = turns per seat).
 */
import { UseTally, type LabGame, type LabHook } from '../../lab/types';
import { ZODIAC_NAMES, ZODIACS, type Zodiac } from './types';

/** What the hook reads of the simulator's game result. */
export interface ZrLabMatch {
  index: number;
  finished: boolean;
  moves: number;
  start: readonly Zodiac[];
  powerSeats: readonly [Zodiac, number][];
  record: { winners: number[]; turns: number; laps: number[]; tokens: number[][]; transforms: number[] };
}

/** The counters' keys, made once (a game counts a hundred powers or more). */
const START_KEY = Object.fromEntries(ZODIACS.map((z) => [z, `start:${z}`])) as Record<Zodiac, string>;
const POWER_KEY = Object.fromEntries(ZODIACS.map((z) => [z, `power:${z}`])) as Record<Zodiac, string>;
const TOKEN_KEY: readonly string[] = Array.from({ length: 7 }, (_, v) => `token:${v}`);

export const zodiacLab: LabHook<ZrLabMatch> = {
  game: 'zodiac-race',
  lengths: { moves: { zh: '步数', en: 'Moves' }, turns: { zh: '回合', en: 'Turns' }, rounds: { zh: '轮数', en: 'Rounds' } },
  score: { zh: '圈数分', en: 'Lap points' },
  groups: {
    start: { zh: '起始生肖', en: 'Starting zodiac' },
    power: { zh: '生肖能力', en: 'Powers' },
    transform: { zh: '变身', en: 'Transformations' },
    token: { zh: '终局持有的标记', en: 'Tokens held at the end' },
  },
  declared: [...ZODIACS.map((z) => START_KEY[z]), ...ZODIACS.map((z) => POWER_KEY[z]), 'transform'],
  label(key) {
    const [group, rest = ''] = key.split(/:(.*)/s);
    const z = ZODIAC_NAMES[rest as Zodiac];
    if (group === 'start' && z) return { zh: z.zh, en: z.en };
    if (group === 'power' && z) return { zh: `${z.zh}·${z.power.zh}`, en: `${z.en}: ${z.power.en}` };
    if (group === 'transform') return { zh: '变身', en: 'Transform' };
    if (group === 'token') return { zh: `${rest} 号标记`, en: `Token ${rest}` };
    return { zh: key, en: key };
  },
  fromMatch(r, bots): LabGame {
    const rec = r.record;
    const uses = new UseTally();
    for (let seat = 0; seat < r.start.length; seat++) uses.add(START_KEY[r.start[seat]!], seat);
    // A hundred activations or more a game: their keys are made once, here at load.
    for (const [z, seat] of r.powerSeats) uses.add(POWER_KEY[z], seat);
    for (let seat = 0; seat < rec.transforms.length; seat++) if (rec.transforms[seat]) uses.add('transform', seat, rec.transforms[seat]);
    for (let seat = 0; seat < rec.tokens.length; seat++) for (const v of rec.tokens[seat]!) uses.add(TOKEN_KEY[v] ?? `token:${v}`, seat);
    const players = bots.length;
    return {
      index: r.index,
      bots: bots.slice(),
      winners: rec.winners.slice(),
      draw: false,
      capped: !r.finished,
      moves: r.moves,
      turns: rec.turns,
      rounds: Math.ceil(rec.turns / Math.max(1, players)),
      scores: rec.laps.slice(),
      uses: uses.list(),
    };
  },
};
