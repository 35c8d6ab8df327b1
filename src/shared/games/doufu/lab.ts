/**
 * 斗福's balance-lab hook: which counters the lab follows (the 21 搭子 of the declarer's
 * settlement, each skill by the seat that used it, hands ending in 流局 or 荒牌) and how a
 * simulated match becomes a lab game (score = final 福气; rounds = hands).
 */
import { UseTally, type Bilingual, type LabGame, type LabHook } from '../../lab/types';
import { CARD_BY_CODE } from './cards';
import { COMBOS } from './scoring';

/** What the hook reads of the simulator's match result. */
export interface DoufuLabMatch {
  index: number;
  winners: number[];
  draw: boolean;
  finished: boolean;
  moves: number;
  records: readonly { turns: number; declarer: number | null; outcome: string; fuqiAfter: number[]; fuqiBefore: number[] }[];
  extras: readonly { rows: number[]; skillSeats: [string, number][] }[];
}

const cardName = (code: string): Bilingual => {
  const c = CARD_BY_CODE.get(code as never);
  return c ? { zh: c.skill ? `${c.name}·${c.skill}` : c.name, en: c.en } : { zh: code, en: code };
};

export const doufuLab: LabHook<DoufuLabMatch> = {
  game: 'doufu',
  lengths: { moves: { zh: '步数', en: 'Moves' }, turns: { zh: '回合', en: 'Turns' }, rounds: { zh: '局数', en: 'Hands' } },
  score: { zh: '福气', en: 'Fuqi' },
  groups: { combo: { zh: '搭子', en: 'Combos' }, skill: { zh: '技能', en: 'Skills' }, end: { zh: '无人和牌', en: 'Hands nobody declared' } },
  declared: COMBOS.map((c) => `combo:${c.row}`),
  label(key) {
    const [group, rest = ''] = key.split(/:(.*)/s);
    if (group === 'combo') {
      const c = COMBOS[Number(rest) - 1];
      return c ? { zh: c.name, en: c.en } : { zh: rest, en: rest };
    }
    if (group === 'skill') {
      const [card = '', how, other = ''] = rest.split(':');
      const base = cardName(card);
      if (how === 'imitate') {
        const o = cardName(other);
        return { zh: `${base.zh}（仿${o.zh}）`, en: `${base.en} (imitating ${o.en})` };
      }
      return how === 'annul' ? { zh: `${base.zh}（抵消）`, en: `${base.en} (annul)` } : base;
    }
    if (key === 'end:drawn') return { zh: '流局', en: 'Drawn (流局)' };
    if (key === 'end:dead') return { zh: '荒牌', en: 'Dead (荒牌)' };
    return { zh: key, en: key };
  },
  fromMatch(r, bots): LabGame {
    const uses = new UseTally();
    let turns = 0;
    for (let i = 0; i < r.records.length; i++) {
      const rec = r.records[i]!;
      turns += rec.turns;
      if (rec.declarer !== null) for (const row of r.extras[i]!.rows) uses.add(`combo:${row}`, rec.declarer);
      else uses.add(`end:${rec.outcome}`, -1);
      for (const [key, seat] of r.extras[i]!.skillSeats) uses.add(`skill:${key}`, seat);
    }
    const last = r.records[r.records.length - 1];
    return {
      index: r.index,
      bots: bots.slice(),
      winners: r.winners.slice(),
      draw: r.draw,
      capped: !r.finished,
      moves: r.moves,
      turns,
      rounds: r.records.length,
      scores: last ? last.fuqiAfter.slice() : [],
      uses: uses.list(),
    };
  },
};
