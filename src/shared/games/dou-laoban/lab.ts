/**
 * 斗老闆's balance-lab hook: each combo type by the seat that played it, who was the Boss, bombs
 * and springs. A match is `deals` deals; its winners are the seats with the highest total (a tie
 * of all three is a draw); score = the seat's total; rounds = deals.
 */
import { UseTally, type LabGame, type LabHook } from '../../lab/types';
import type { ComboType } from './classify';

/** What the hook reads of the simulator's match result. */
export interface DlLabMatch {
  index: number;
  moves: number;
  records: readonly { boss: number | null; plays: readonly ({ seat: number } & object)[]; combos: readonly ComboType[]; spring: boolean; antiSpring: boolean; scores: number[] }[];
}

const COMBO_NAMES: Record<ComboType, [string, string]> = {
  SINGLE: ['單張', 'Single'],
  PAIR: ['對子', 'Pair'],
  TRIPLE: ['三張', 'Triple'],
  TRIPLE_1: ['三帶一', 'Triple + single'],
  TRIPLE_2: ['三帶二', 'Triple + pair'],
  STRAIGHT: ['順子', 'Straight'],
  PAIR_CHAIN: ['連對', 'Pair chain'],
  TRIPLE_CHAIN: ['飛機', 'Plane'],
  PLANE_1: ['飛機帶單', 'Plane + singles'],
  PLANE_2: ['飛機帶對', 'Plane + pairs'],
  BOMB: ['炸彈', 'Bomb'],
  ROCKET: ['火箭', 'Rocket'],
  FOUR_2: ['四帶二', 'Four + two'],
  FOUR_2PAIRS: ['四帶兩對', 'Four + two pairs'],
};

export const douLaobanLab: LabHook<DlLabMatch> = {
  game: 'dou-laoban',
  lengths: { moves: { zh: '步數', en: 'Moves' }, turns: { zh: '出牌', en: 'Plays' }, rounds: { zh: '手數', en: 'Deals' } },
  score: { zh: '總分', en: 'Total score' },
  groups: { role: { zh: '角色', en: 'Role' }, combo: { zh: '牌型', en: 'Combos' }, deal: { zh: '春天', en: 'Springs' } },
  declared: ['role:boss', ...Object.keys(COMBO_NAMES).map((c) => `combo:${c}`)],
  label(key) {
    const [group, rest = ''] = key.split(/:(.*)/s);
    if (group === 'combo') {
      const n = COMBO_NAMES[rest as ComboType];
      return n ? { zh: n[0], en: n[1] } : { zh: rest, en: rest };
    }
    if (key === 'role:boss') return { zh: '當老闆', en: 'Was the Boss' };
    if (key === 'deal:spring') return { zh: '春天', en: 'Spring' };
    if (key === 'deal:antiSpring') return { zh: '反春天', en: 'Anti-spring' };
    if (key === 'deal:redeal') return { zh: '重發', en: 'Redeal (all passed)' };
    return { zh: key, en: key };
  },
  fromMatch(r, bots): LabGame {
    const uses = new UseTally();
    const totals = [0, 0, 0];
    let plays = 0;
    for (const d of r.records) {
      d.scores.forEach((s, seat) => (totals[seat]! += s));
      if (d.boss === null) {
        uses.add('deal:redeal', -1);
        continue;
      }
      uses.add('role:boss', d.boss);
      if (d.spring) uses.add('deal:spring', d.boss);
      if (d.antiSpring) uses.add('deal:antiSpring', -1);
      let k = 0;
      for (const p of d.plays) {
        plays++;
        if ('cards' in p) uses.add(`combo:${d.combos[k++]}`, p.seat);
      }
    }
    const best = Math.max(...totals);
    const winners = totals.flatMap((t, seat) => (t === best ? [seat] : []));
    return {
      index: r.index,
      bots: bots.slice(),
      winners,
      draw: winners.length === totals.length,
      capped: false,
      moves: r.moves,
      turns: plays,
      rounds: r.records.length,
      scores: totals,
      uses: uses.list(),
    };
  },
};
