/**
 * 摸鱼王's balance-lab hook: each excuse by the seat that played it, who worked overtime, how
 * rounds ended, and (hidden-role mode) each role. The winners are the record's (the fewest points,
 * or the role mode's side); score = the seat's final score; rounds = rounds played; turns = plays.
 */
import { UseTally, type LabGame, type LabHook } from '../../lab/types';
import { EXCUSE_LABELS, type ExcuseType } from './cards';
import type { MwOutcome, MwRole } from './state';

/** What the hook reads of the simulator's match result. */
export interface MwLabMatch {
  index: number;
  moves: number;
  record: {
    players: number;
    roles: readonly MwRole[] | null;
    rounds: readonly { plays: readonly { seat: number }[]; excuses: readonly { seat: number; excuse: ExcuseType }[]; overtime: readonly number[]; outcome: MwOutcome }[];
    winners: readonly number[];
    scores: readonly number[];
  };
}

const ROLES: Record<MwRole, [string, string]> = { boss: ['老板', 'Boss'], secretary: ['秘书', 'Secretary'], old_hand: ['老油条', 'Old Hand'], employee: ['员工', 'Employee'] };
const OUTCOMES: Record<MwOutcome, [string, string]> = { overtime: ['有人加班', 'Someone worked overtime'], none: ['无人加班', 'No overtime'], stop: ['都别干了', 'Everyone Stop'], help: ['帮帮忙（两人加班）', 'Help Me (two worked overtime)'], escaped: ['逃过加班', 'Overtime escaped'], game_end: ['游戏结束', 'Game ended'] };

export const moyuWangLab: LabHook<MwLabMatch> = {
  game: 'moyu-wang',
  lengths: { moves: { zh: '步数', en: 'Moves' }, turns: { zh: '出牌', en: 'Plays' }, rounds: { zh: '回合', en: 'Rounds' } },
  score: { zh: '得分', en: 'Score' },
  groups: { excuse: { zh: '借口', en: 'Excuses' }, overtime: { zh: '加班', en: 'Overtime' }, round: { zh: '回合结局', en: 'Round outcomes' }, role: { zh: '身份', en: 'Roles' } },
  declared: ['overtime:worked', ...Object.keys(EXCUSE_LABELS).map((e) => `excuse:${e}`)],
  label(key) {
    const [group, rest = ''] = key.split(/:(.*)/s);
    if (group === 'excuse') return EXCUSE_LABELS[rest as ExcuseType] ?? { zh: rest, en: rest };
    if (key === 'overtime:worked') return { zh: '加班（拿走本回合的牌）', en: 'Worked overtime (took the round’s cards)' };
    const r = group === 'role' ? ROLES[rest as MwRole] : group === 'round' ? OUTCOMES[rest as MwOutcome] : undefined;
    return r ? { zh: r[0], en: r[1] } : { zh: key, en: key };
  },
  fromMatch(r, bots): LabGame {
    const uses = new UseTally();
    const rec = r.record;
    let plays = 0;
    rec.roles?.forEach((role, seat) => uses.add(`role:${role}`, seat));
    for (const round of rec.rounds) {
      plays += round.plays.length;
      for (const e of round.excuses) uses.add(`excuse:${e.excuse}`, e.seat);
      for (const seat of round.overtime) uses.add('overtime:worked', seat);
      uses.add(`round:${round.outcome}`, -1);
    }
    const winners = [...rec.winners];
    return {
      index: r.index,
      bots: bots.slice(),
      winners,
      draw: winners.length === rec.players,
      capped: false,
      moves: r.moves,
      turns: plays,
      rounds: rec.rounds.length,
      scores: [...rec.scores],
      uses: uses.list(),
    };
  },
};
