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
  declared: [...ZODIACS.map((z) => `start:${z}`), ...ZODIACS.map((z) => `power:${z}`), 'transform'],
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
    r.start.forEach((z, seat) => uses.add(`start:${z}`, seat));
    for (const [z, seat] of r.powerSeats) uses.add(`power:${z}`, seat);
    rec.transforms.forEach((n, seat) => n && uses.add('transform', seat, n));
    rec.tokens.forEach((ts, seat) => ts.forEach((v) => uses.add(`token:${v}`, seat)));
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
