/**
 * 斗十四's log in both languages, written from the engine's events. The log is public: cards taken
 * from the stock are logged by their count, discards, flips, claims and exchanges in full, the
 * winner's hand and every hand at a drawn hand's end, and the result with its 番 and payments.
 */
import type { GameEvent } from '../../../../../shared/engine/types';
import type { FanItem, WinKind } from '../../../../../shared/games/dou-shisi/rules';
import { seatName, type LogLine, type Text } from '../../table/model/log';
import { cardsText, cardText, CLAIM_WORDS, EXCHANGE_WORDS, FAN_WORDS, WIN_WORDS } from './words';

const num = (x: unknown): number => Number(x);
const list = (x: unknown): number[] => (Array.isArray(x) ? x.map(Number) : []);

/** Payments as words: "座位 1 +4，座位 2 −4". */
export function paymentsText(p: readonly number[]): Text {
  const one = (v: number): string => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');
  return { zh: p.map((v, s) => `${seatName(s).zh} ${one(v)}`).join('，'), en: p.map((v, s) => `${seatName(s).en} ${one(v)}`).join(', ') };
}

/** One event as log lines. */
export function dsLines(e: GameEvent, move: number): LogLine[] {
  const seat = typeof e.seat === 'number' ? e.seat : undefined;
  const who = seat === undefined ? { zh: '', en: '' } : seatName(seat);
  const line = (kind: LogLine['kind'], text: Text): LogLine[] => [{ move, kind, ...(seat !== undefined ? { seat } : {}), text }];
  switch (e.type) {
    case 'dealer-flip': {
      const c = cardText(num(e.card));
      return line('info', { zh: `定首家：翻出 ${c.zh}`, en: `First dealer: turned ${c.en}` });
    }
    case 'deal': {
      if (seat !== num(e.dealer)) return [];
      return [{ move, kind: 'hand', seat, text: { zh: `第 ${num(e.hand) + 1} 手：${who.zh} 做首家，发牌 8/7 张`, en: `Hand ${num(e.hand) + 1}: ${who.en} deals, 8/7 cards` } }];
    }
    case 'piao':
      return line('declare', e.piao ? { zh: `${who.zh} 漂`, en: `${who.en} declares piao` } : { zh: `${who.zh} 不漂`, en: `${who.en} does not piao` });
    case 'stop':
      return line('declare', e.call ? { zh: `${who.zh} 叫停`, en: `${who.en} calls stop` } : { zh: `${who.zh} 没有叫停`, en: `${who.en} does not call stop` });
    case 'take':
      return line('info', { zh: `${who.zh} 从牌堆补 ${list(e.cards).length} 张（剩 ${num(e.stock)}）`, en: `${who.en} takes ${list(e.cards).length} from the stock (${num(e.stock)} left)` });
    case 'exchange': {
      const k = EXCHANGE_WORDS[e.kind as keyof typeof EXCHANGE_WORDS] ?? { zh: '投牌', en: 'Exchange' };
      const c = cardsText(list(e.cards));
      return line('skill', { zh: `${who.zh} 投牌：${k.zh}（${c.zh}）`, en: `${who.en} exchanges: ${k.en} (${c.en})` });
    }
    case 'discard': {
      const c = cardText(num(e.card));
      return line('action', { zh: `${who.zh} 打出 ${c.zh}`, en: `${who.en} discards ${c.en}` });
    }
    case 'flip': {
      const c = cardText(num(e.card));
      return line('action', { zh: `${who.zh} 翻出 ${c.zh}`, en: `${who.en} flips ${c.en}` });
    }
    case 'flower':
      return line('skill', { zh: `${who.zh} 翻出鬼，放到花区`, en: `${who.en} flips a joker to the flower area` });
    case 'chi':
    case 'peng':
    case 'gang':
    case 'add-gang': {
      const w = CLAIM_WORDS[e.type].name;
      const c = cardText(num(e.card));
      const own = cardsText(list(e.cards));
      const self = num(e.from) === seat;
      const from = self ? { zh: '自己', en: 'their own' } : seatName(num(e.from));
      if (self) return line('skill', { zh: `${who.zh} ${w.zh} 自己翻出的 ${c.zh}${own.zh ? `（用 ${own.zh}）` : ''}`, en: `${who.en}: ${w.en} on their own flip ${c.en}${own.en ? ` (with ${own.en})` : ''}` });
      return line('skill', { zh: `${who.zh} ${w.zh} ${from.zh} 的 ${c.zh}${own.zh ? `（用 ${own.zh}）` : ''}`, en: `${who.en}: ${w.en} on ${from.en}'s ${c.en}${own.en ? ` (with ${own.en})` : ''}` });
    }
    case 'pass':
      return e.lost ? line('info', { zh: `${who.zh} 错过 ${cardText(num(e.card)).zh}`, en: `${who.en} misses ${cardText(num(e.card)).en}` }) : line('info', { zh: `${who.zh} 过`, en: `${who.en} passes` });
    case 'unclaimed': {
      const c = cardText(num(e.card));
      return line('info', { zh: `没人要 ${c.zh}，进牌缝`, en: `Nobody claims ${c.en}; it goes to the gap` });
    }
    case 'hu': {
      const kind = WIN_WORDS[e.kind as WinKind] ?? WIN_WORDS.discard;
      const c = cardsText(list(e.cards));
      return line('score', { zh: `${who.zh} 糊！${kind.zh}：${c.zh}`, en: `${who.en} wins! ${kind.en}: ${c.en}` });
    }
    case 'drawn':
      return [{ move, kind: 'score', text: { zh: '牌堆摸完：流局', en: 'The stock is empty: a drawn hand' } }];
    case 'settle': {
      if (e.void) return [{ move, kind: 'score', text: { zh: `首家没有叫停：这手作废，${paymentsText(list(e.payments)).zh}`, en: `The dealer did not call stop: the deal is void; ${paymentsText(list(e.payments)).en}` } }];
      if (e.winner === null || e.winner === undefined) return [];
      const items = (Array.isArray(e.items) ? (e.items as FanItem[]) : []).map((i) => FAN_WORDS[i.key]);
      const p = paymentsText(list(e.payments));
      return line('score', {
        zh: `红点 ${num(e.red)}，${num(e.counted)} 番${items.length ? `（${items.map((i) => i.zh).join('、')}）` : ''}，每份 ${num(e.value)}：${p.zh}`,
        en: `${num(e.red)} red, ${num(e.counted)} fan${items.length ? ` (${items.map((i) => i.en).join(', ')})` : ''}, ${num(e.value)} a share: ${p.en}`,
      });
    }
    case 'match-end':
      return [{ move, kind: 'score', text: { zh: `一场结束：${paymentsText(list(e.totals)).zh}`, en: `Match over: ${paymentsText(list(e.totals)).en}` } }];
    default:
      return [];
  }
}
