/**
 * 斗十四's balance-lab hook: each call (吃, 碰, 槓, 加槓, exchanges) by the seat that made it, each
 * way of winning by the winner, 漂 declarations, void deals and 流局. A match is `hands` hands;
 * its winners are the seats with the highest total of payments (a tie of every seat is a draw);
 * score = the seat's total; rounds = hands; turns = moves other than passes.
 */
import { UseTally, type LabGame, type LabHook } from '../../lab/types';
import type { DsTranscriptType } from './record';
import type { WinKind } from './rules';

/** What the hook reads of the simulator's match result. */
export interface DsLabMatch {
  index: number;
  moves: number;
  records: readonly { players: number; moves: readonly { seat: number; type: DsTranscriptType }[]; winner: number | null; winType: WinKind | null; payments: readonly number[]; void: boolean; piao?: readonly number[] }[];
}

/** The calls counted (the other moves are the turn's ordinary draw, discard and flip). */
const CALLS: Partial<Record<DsTranscriptType, [string, string]>> = { exchange: ['換牌', 'Exchange'], chi: ['吃', 'Chi'], peng: ['碰', 'Peng'], gang: ['槓', 'Gang'], 'add-gang': ['加槓', 'Added gang'] };
const WINS: Record<WinKind, [string, string]> = { discard: ['糊別人打的牌', 'Won on a discard'], flip: ['糊翻出的牌', 'Won on a flip'], tianzou: ['天走', '天走 (heaven)'], jiedi: ['接地', '接地 (earth)'] };

export const douShisiLab: LabHook<DsLabMatch> = {
  game: 'dou-shisi',
  lengths: { moves: { zh: '步數', en: 'Moves' }, turns: { zh: '動作（不含過）', en: 'Actions (passes aside)' }, rounds: { zh: '手數', en: 'Hands' } },
  score: { zh: '總分', en: 'Total score' },
  groups: { call: { zh: '吃碰槓', en: 'Calls' }, win: { zh: '糊法', en: 'Wins' }, hand: { zh: '牌局', en: 'Hands' } },
  declared: [...Object.keys(CALLS).map((c) => `call:${c}`), ...Object.keys(WINS).map((w) => `win:${w}`), 'hand:drawn'],
  label(key) {
    const [group, rest = ''] = key.split(/:(.*)/s);
    const n = group === 'call' ? CALLS[rest as DsTranscriptType] : group === 'win' ? WINS[rest as WinKind] : undefined;
    if (n) return { zh: n[0], en: n[1] };
    if (key === 'hand:drawn') return { zh: '流局', en: 'Drawn hand (no winner)' };
    if (key === 'hand:void') return { zh: '作廢（莊家沒喊停）', en: 'Void deal (the dealer did not call stop)' };
    if (key === 'hand:piao') return { zh: '漂', en: 'Declared 漂' };
    return { zh: key, en: key };
  },
  fromMatch(r, bots): LabGame {
    const uses = new UseTally();
    const n = r.records[0]?.players ?? bots.length;
    const totals = new Array<number>(n).fill(0);
    let turns = 0;
    for (const h of r.records) {
      h.payments.forEach((p, seat) => (totals[seat]! += p));
      for (const m of h.moves) {
        if (m.type !== 'pass') turns++;
        if (CALLS[m.type]) uses.add(`call:${m.type}`, m.seat);
      }
      for (const seat of h.piao ?? []) uses.add('hand:piao', seat);
      if (h.void) uses.add('hand:void', -1);
      else if (h.winner === null) uses.add('hand:drawn', -1);
      else if (h.winType) uses.add(`win:${h.winType}`, h.winner);
    }
    const best = Math.max(...totals);
    const winners = totals.flatMap((t, seat) => (t === best ? [seat] : []));
    return { index: r.index, bots: bots.slice(), winners, draw: winners.length === n, capped: false, moves: r.moves, turns, rounds: r.records.length, scores: totals, uses: uses.list() };
  },
};
