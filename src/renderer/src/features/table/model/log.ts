/**
 * The table's log in both languages, written from the engine's events. A line shows a hidden card
 * only to a seat that saw it (the event's `reveal` is `'all'` or names that seat): a bot's draw
 * reads "Seat 2 draws a card", your own "You draw 福鼠". Unknown event types get a plain line, so
 * a new engine event never breaks the log.
 */
import type { GameEvent } from '../../../../../shared/engine/types';
import type { ComboLine } from '../../../../../shared/games/doufu/scoring';
import { ATTR_STYLE, cardName, type Attr } from './cards';

/** A text in both languages. */
export interface Text {
  zh: string;
  en: string;
}

/** One log line. */
export interface LogLine {
  /** Index of the move that caused it (the undo / replay step is `move + 1`). */
  move: number;
  kind: 'hand' | 'turn' | 'action' | 'score' | 'skill' | 'declare' | 'info';
  /** The seat the line is about, if any (for its colour dot). */
  seat?: number;
  text: Text;
}

/** How seats and sides are named. */
export interface Naming {
  mode: 'ffa' | '2v2';
  /** The seat reading the log (null: a spectator). */
  viewer: number | null;
}

const t = (zh: string, en: string): Text => ({ zh, en });
/** A seat's name: 座位 1 / Seat 1 (1-based). */
export const seatName = (seat: number): Text => t(`座位 ${seat + 1}`, `Seat ${seat + 1}`);
/** A side's name: the seat in free-for-all, the team in 2v2. */
export const sideName = (side: number, mode: 'ffa' | '2v2'): Text =>
  mode === '2v2' ? t(`${side === 0 ? '甲' : '乙'}队（座位 ${side + 1}·${side + 3}）`, `Team ${side === 0 ? 'A' : 'B'} (seats ${side + 1} & ${side + 3})`) : seatName(side);

const card = (code: unknown): Text => {
  try {
    return cardName(String(code));
  } catch {
    return t(String(code), String(code));
  }
};
const cards = (codes: unknown): Text => {
  const list = (Array.isArray(codes) ? codes : [codes]).map(card);
  return t(list.map((c) => c.zh).join('、'), list.map((c) => c.en).join(', '));
};
const fmt = (parts: (Text | string)[]): Text => t(parts.map((p) => (typeof p === 'string' ? p : p.zh)).join(''), parts.map((p) => (typeof p === 'string' ? p : p.en)).join(''));
/** A bilingual sentence from zh and en template parts. */
const say = (zh: (Text | string)[], en: (Text | string)[]): Text => t(fmt(zh).zh, fmt(en).en);

/** Whether the viewer may see what an event hid. */
export function sees(ev: GameEvent, viewer: number | null): boolean {
  if (ev.reveal === 'all') return true;
  return Array.isArray(ev.reveal) && viewer !== null && ev.reveal.includes(viewer);
}

const STEP_DECLINED: Record<string, Text> = {
  reshuffle: t('不重新洗牌', 'keeps the deal'),
  dealWindow: t('不宣胜天时/地利，继续', "does not declare Heaven's Timing or Earth's Advantage and plays on"),
  window: t('不宣胜，继续', 'does not declare and plays on'),
  fuji: t('不发动闻鸡起舞', 'does not use Cockcrow Peek'),
  gift: t('拒绝', 'refuses'),
};

const SKIP_WHY: Record<string, Text> = {
  santie: t('（取得三叠后停一回合）', ' (after taking a triple stack)'),
  skip: t('（牧猪奴戏）', ' (Skip Turn)'),
};

/** The lines of one applied move, for `viewer`. */
export function logLines(index: number, events: readonly GameEvent[], naming: Naming): LogLine[] {
  const out: LogLine[] = [];
  const { mode, viewer } = naming;
  const side = (x: unknown) => sideName(Number(x), mode);
  const push = (kind: LogLine['kind'], text: Text, seat?: number) => out.push(seat === undefined ? { move: index, kind, text } : { move: index, kind, seat, text });
  for (let i = 0; i < events.length; i++) {
    const ev = events[i]!;
    const seat = typeof ev.seat === 'number' ? ev.seat : undefined;
    const who = seat === undefined ? t('', '') : seatName(seat);
    switch (ev.type) {
      case 'firstDraw':
        push('hand', say(['抽牌定福神：', seatName(Number(ev.fushen)), ' 为首位福神'], ['Drawing for the first Fortune God: ', seatName(Number(ev.fushen)), ' goes first']));
        break;
      case 'handStart':
        push('hand', say([`第 ${String(ev.hand)} 盘 · 福神 `, seatName(Number(ev.fushen))], [`Hand ${String(ev.hand)} · Fortune God `, seatName(Number(ev.fushen))]));
        break;
      case 'deal': {
        const n = Array.isArray(ev.pool) ? (ev.pool as unknown[][]).flat().length : 0;
        push('info', t(`发牌：每人 ${String(ev.handSize)} 张，池中翻开 ${n} 张`, `Dealt ${String(ev.handSize)} cards each; ${n} face up in the pool`));
        break;
      }
      case 'huangpai':
        push('info', ev.at === 'deal' ? t('荒牌：池中同一生肖 4 张，重新发牌', 'Dead deal: four of a zodiac in the pool; dealing again') : ev.voided === false ? t('池中同一生肖 4 张（本盘继续）', 'Four of a zodiac in the pool (play goes on)') : t('荒牌：池中同一生肖 4 张，本盘作废', 'Dead hand: four of a zodiac in the pool; the hand is void'));
        break;
      case 'reshuffle':
        push('action', say([who, ' 要求重新洗牌'], [who, ' demands a reshuffle']), seat);
        break;
      case 'decline':
        push('action', say([who, ' ', STEP_DECLINED[String(ev.offer)] ?? t('放弃', 'declines')], [who, ' ', STEP_DECLINED[String(ev.offer)] ?? t('放弃', 'declines')]), seat);
        break;
      case 'chooseFirst':
        push('action', say([who, ' 选择 ', seatName(Number(ev.first)), ' 先手'], [who, ' picks ', seatName(Number(ev.first)), ' to start']), seat);
        break;
      case 'turn':
        push('turn', ev.roulette ? say([who, ' · 轮盘蒙打'], [who, ' · Roulette']) : say([who, ' 的回合'], [who, '\'s turn']), seat);
        break;
      case 'skipped':
        push('action', say([who, ' 停一回合', SKIP_WHY[String(ev.why)] ?? ''], [who, ' is skipped', SKIP_WHY[String(ev.why)] ?? '']), seat);
        break;
      case 'pass':
        push('action', ev.auto ? say([who, ' 无牌可行，跳过'], [who, ' has no legal action and passes']) : say([who, ' 跳过'], [who, ' passes']), seat);
        break;
      case 'draw':
        push('action', sees(ev, viewer) ? say([who, ' 摸到 ', card(ev.card)], [who, ' draws ', card(ev.card)]) : say([who, ' 摸了一张牌'], [who, ' draws a card']), seat);
        break;
      case 'eat':
        push('action', say([who, ' 用 ', card(ev.card), ' 吃 ', cards(ev.take)], [who, ' eats ', cards(ev.take), ' with ', card(ev.card)]), seat);
        break;
      case 'stack':
        push('action', say([who, ' 叠 ', card(ev.card)], [who, ' stacks ', card(ev.card)]), seat);
        break;
      case 'flip':
        push('action', say([ev.via === 'roulette' ? '翻开 ' : '蒙：翻开 ', card(ev.card)], [ev.via === 'roulette' ? 'Flips ' : 'Flip: ', card(ev.card)]), seat);
        break;
      case 'score': {
        // Consecutive cards scored by one side read as one line.
        const run = [ev];
        while (events[i + 1]?.type === 'score' && events[i + 1]!.side === ev.side) run.push(events[++i]!);
        const list = run.map((e) => {
          const c = card(e.card);
          const dual = String(e.card) === 'DRA-JIN' || String(e.card) === 'SNA-FU' || String(e.card) === 'ROO-HONG';
          const a = ATTR_STYLE[String(e.attr) as Attr]?.name ?? t(String(e.attr), String(e.attr));
          return dual ? t(`${c.zh}（${a.zh}）`, `${c.en} (${a.en})`) : c;
        });
        push('score', say([side(ev.side), ' 得分：', t(list.map((c) => c.zh).join('、'), '')], [side(ev.side), ' scores ', t('', list.map((c) => c.en).join(', '))]), seat);
        break;
      }
      case 'santie':
        push('score', say([who, ' 取得三叠（+1，下回合停一次）'], [who, ' takes a triple stack (+1; skips the next turn)']), seat);
        break;
      case 'steal':
        push('action', say([who, ' 从 ', side(ev.from), ' 抢走 ', card(ev.card)], [who, ' steals ', card(ev.card), ' from ', side(ev.from)]), seat);
        break;
      case 'swap':
        push('action', say([who, ' 蒙换：放入 ', card(ev.give), '，换走 ', card(ev.take)], [who, ' swaps ', card(ev.give), ' into the pool for ', card(ev.take)]), seat);
        break;
      case 'oxSwap':
        push('skill', say([who, ' 与 ', seatName(Number(ev.target)), ' 交换了一张手牌'], [who, ' swaps a hand card with ', seatName(Number(ev.target))]), seat);
        break;
      case 'peek':
        if (Array.isArray(ev.cards))
          push('skill', sees(ev, viewer) ? say([who, ' 查看牌库顶：', cards(ev.cards)], [who, ' looks at the deck top: ', cards(ev.cards)]) : say([who, ` 查看牌库顶 ${ev.cards.length} 张`], [who, ` looks at the top ${ev.cards.length} deck cards`]), seat);
        else push('skill', say([who, ' 查看 ', seatName(Number(ev.target)), ' 的手牌'], [who, ' looks at ', seatName(Number(ev.target)), '\'s hand']), seat);
        break;
      case 'skill':
        push('skill', skillLine(ev, who, viewer), seat);
        break;
      case 'poolReset':
        push('skill', t(`池中的牌洗回牌库，重新翻开 ${Array.isArray(ev.pool) ? ev.pool.length : 0} 张`, `The pool is shuffled into the deck and ${Array.isArray(ev.pool) ? ev.pool.length : 0} cards are dealt again`));
        break;
      case 'mulligan':
        push('skill', say([who, ` 手牌洗回牌库，重摸 ${String(ev.count)} 张`], [who, ` shuffles their hand into the deck and draws ${String(ev.count)}`]), seat);
        break;
      case 'discard':
        push('skill', sees(ev, viewer) ? say([who, ' 的 ', card(ev.card), ' 被放到牌库底'], [who, '\'s ', card(ev.card), ' goes to the bottom of the deck']) : say([who, ' 的一张手牌被放到牌库底'], [who, '\'s hand card goes to the bottom of the deck']));
        break;
      case 'take':
        push('skill', say([side(ev.to), ' 从 ', side(ev.from), ' 拿走 ', card(ev.card)], [side(ev.to), ' takes ', card(ev.card), ' from ', side(ev.from)]));
        break;
      case 'snakeSwap': {
        const [a, b] = Array.isArray(ev.cards) ? ev.cards : [];
        push('skill', say(['交换得分区的 ', card(a), ' 与 ', card(b)], ['Score cards swapped: ', card(a), ' and ', card(b)]));
        break;
      }
      case 'arrange':
        push('skill', say([who, ` 将 ${String(ev.top)} 张放回牌库顶，${String(ev.bottom)} 张放到牌库底`], [who, ` puts ${String(ev.top)} back on top and ${String(ev.bottom)} at the bottom`]), seat);
        break;
      case 'roulette':
        push('hand', say([`牌库已空：轮盘蒙打（${String(ev.spread)} 张），`, seatName(Number(ev.first)), ' 先翻'], [`The deck is empty: Roulette (${String(ev.spread)} cards); `, seatName(Number(ev.first)), ' flips first']));
        break;
      case 'liuju':
        push('declare', t(`流局：无人宣胜，下一盘涅槃 ×${String(ev.m)}`, `Drawn hand: nobody declared; the next hand pays ×${String(ev.m)} (Nirvana)`));
        break;
      case 'declare': {
        // Several 人和 sets read as one entry with a count.
        const lines = Array.isArray(ev.combos) ? (ev.combos as ComboLine[]) : [];
        const combos = [...new Set(lines.map((c) => c.row))].map((row) => {
          const same = lines.filter((c) => c.row === row);
          const n = same.length > 1 ? ` ×${same.length}` : '';
          return t(same[0]!.name + n, same[0]!.en + n);
        });
        push(
          'declare',
          say([who, ' 宣胜！', combos.map((c) => c.zh).join('、'), `，W = ${String(ev.W)}`], [who, ' declares victory! ', combos.map((c) => c.en).join(', '), `; W = ${String(ev.W)}`]),
          seat,
        );
        break;
      }
      case 'matchOver': {
        const w = Array.isArray(ev.winners) ? (ev.winners as number[]) : [];
        push('declare', ev.draw || !w.length ? t('比赛结束：平局', 'The match is over: a draw') : say(['比赛结束：', t(w.map((s) => seatName(s).zh).join('、'), ''), ' 获胜'], ['The match is over: ', t('', w.map((s) => seatName(s).en).join(' & ')), ' won']));
        break;
      }
      default:
        push('info', t(String(ev.type), String(ev.type)), seat);
    }
  }
  return out;
}

function skillLine(ev: GameEvent, who: Text, viewer: number | null): Text {
  const user = card(ev.card);
  const via = ev.imitate ? say(['·照猫画虎（模仿 ', card(ev.imitate), '）'], [' imitating ', card(ev.imitate)]) : ev.annul ? say(['·废文任武（作废 ', card(ev.annul), '）'], [' voiding ', card(ev.annul)]) : t('', '');
  const targets: Text[] = [];
  if (typeof ev.target === 'number') targets.push(seatName(ev.target));
  if (typeof ev.target2 === 'number') targets.push(seatName(ev.target2));
  // 福狗 on oneself names a hand card: only its owner may read which.
  const own = typeof ev.take === 'string' && ev.target === ev.seat && String(ev.card) === 'DOG-FU';
  const takes = [ev.take, ev.take2].filter((x) => typeof x === 'string' && (!own || viewer === ev.seat)).map(card);
  const on = targets.length ? say([' → ', t(targets.map((x) => x.zh).join('、'), '')], [' on ', t('', targets.map((x) => x.en).join(' and '))]) : t('', '');
  const what = takes.length ? say(['（', t(takes.map((x) => x.zh).join('、'), ''), '）'], [' (', t('', takes.map((x) => x.en).join(', ')), ')']) : t('', '');
  return say([who, ' 发动 ', user, via, on, what], [who, ' uses ', user, via, on, what]);
}
