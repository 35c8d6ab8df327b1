/**
 * The sandbox table's log, in words: "座位 2 从牌堆摸了 1 张" / "Seat 2 drew 1 card from Deck".
 * Cards are named only where the reader may know them (the event's `reveal` reached that seat, or
 * everyone); a private draw reads "drew 2 cards" to the others.
 */
import type { GameEvent, LocalText } from '../../engine/types';
import { zoneOf } from './state';
import type { SandboxOptions } from './types';

type Lang = 'zh' | 'en';

const seatName = (s: number, lang: Lang) => (lang === 'zh' ? `座位 ${s + 1}` : `Seat ${s + 1}`);

/** A zone instance's name: "牌堆", or "座位 2 的手牌" / "Seat 2's Hand". */
export function zoneName(options: SandboxOptions, key: string, lang: Lang): string {
  const z = zoneOf(options, key);
  if (!z) return key;
  const name = z.def.name[lang];
  if (z.owner === null) return name;
  return lang === 'zh' ? `${seatName(z.owner, lang)} 的${name}` : `${seatName(z.owner, lang)}'s ${name}`;
}

const cardsWord = (n: number, lang: Lang) => (lang === 'zh' ? `${n} 张` : `${n} card${n === 1 ? '' : 's'}`);

/** Whether `reader` (null: a spectator) may read the card ids an event carries. */
function mayRead(ev: GameEvent, reader: number | null): boolean {
  if (ev.reveal === undefined) return false;
  if (ev.reveal === 'all') return true;
  return reader !== null && (ev.reveal as readonly number[]).includes(reader);
}

/** Seats as a list: "座位 1–3" / "seats 1–3", "座位 1、3" / "seats 1 and 3". */
function seatList(seats: readonly number[], lang: Lang): string {
  const n = [...seats].sort((a, b) => a - b).map((s) => s + 1);
  const run = n.length >= 3 && n.every((x, i) => i === 0 || x === n[i - 1]! + 1);
  if (lang === 'zh') return `座位 ${run ? `${n[0]}–${n[n.length - 1]}` : n.join('、')}`;
  if (run) return `seats ${n[0]}–${n[n.length - 1]}`;
  return `seats ${n.length > 1 ? `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}` : n.join('')}`;
}

/**
 * The events of a move as the log tells them, one line each, except a deal round the table: its
 * events (one per seat, each a reveal to its own seat) are told as one line when every seat got
 * the same number of cards.
 */
export function groupEvents(events: readonly GameEvent[]): GameEvent[][] {
  const out: GameEvent[][] = [];
  for (const e of events) {
    const last = out[out.length - 1]?.[0];
    const zoneDef = (x: GameEvent) => String(x.zone ?? '').split('@')[0];
    if (e.type === 'deal' && last?.type === 'deal' && last.seat === e.seat && last.from === e.from && last.n === e.n && zoneDef(last) === zoneDef(e) && !out[out.length - 1]!.some((x) => x.to === e.to)) out[out.length - 1]!.push(e);
    else out.push([e]);
  }
  return out;
}

/**
 * A group of events (see `groupEvents`) in words for `reader`: a deal round the table reads
 * "座位 1 从牌堆给座位 1–3 各发 5 张" / "Seat 1 dealt 5 cards from Deck to each of seats 1–3", and
 * names the cards a seat got only to a reader that seat's event was revealed to.
 */
export function narrateGroup(group: readonly GameEvent[], options: SandboxOptions, lang: Lang, reader: number | null | 'all' = 'all', cardName: (id: string) => string = (id) => id): string {
  if (group.length === 1) return narrate(group[0]!, options, lang, reader, cardName);
  const first = group[0]!;
  const who = seatName(Number(first.seat ?? 0), lang) + (lang === 'zh' ? ' ' : '');
  const from = zoneName(options, String(first.from), lang);
  const seats = seatList(group.map((e) => Number(e.to)), lang);
  const n = Number(first.n ?? 0);
  const got = group
    .filter((e) => Array.isArray(e.cards) && (reader === 'all' || mayRead(e, reader)))
    .map((e) => {
      const names = (e.cards as string[]).map(cardName);
      return lang === 'zh' ? `${seatName(Number(e.to), lang)} 拿到 ${names.join('、')}` : `${seatName(Number(e.to), lang)} got ${names.join(', ')}`;
    });
  const tail = got.length ? (lang === 'zh' ? `；${got.join('；')}` : `; ${got.join('; ')}`) : '';
  return lang === 'zh' ? `${who}从${from}给${seats} 各发 ${cardsWord(n, lang)}${tail}` : `${who} dealt ${cardsWord(n, lang)} from ${from} to each of ${seats}${tail}`;
}

/**
 * One event in words for `reader` (null: a spectator; 'all': a designer reading everything).
 * `cardName` turns a card id into its name (the project's data); unknown ids show as they are.
 */
export function narrate(ev: GameEvent, options: SandboxOptions, lang: Lang, reader: number | null | 'all' = 'all', cardName: (id: string) => string = (id) => id): string {
  // A seat's name, then a space before the Chinese verb ("座位 2 从牌堆摸了 1 张").
  const who = seatName(Number(ev.seat ?? 0), lang) + (lang === 'zh' ? ' ' : '');
  const zn = (k: unknown) => zoneName(options, String(k), lang);
  const n = Number(ev.n ?? 0);
  const named = Array.isArray(ev.cards) && (reader === 'all' || mayRead(ev, reader)) ? (ev.cards as string[]).map(cardName) : null;
  const list = named ? (lang === 'zh' ? `：${named.join('、')}` : `: ${named.join(', ')}`) : '';
  const zh = lang === 'zh';
  switch (ev.type) {
    case 'move':
      return zh ? `${who}把 ${cardsWord(n, lang)}牌从${(ev.from as string[]).map(zn).join('、')}移到${zn(ev.to)}${list}` : `${who} moved ${cardsWord(n, lang)} from ${(ev.from as string[]).map(zn).join(', ')} to ${zn(ev.to)}${list}`;
    case 'flip':
      return zh ? `${who}翻了 ${cardsWord(n, lang)}牌${list}` : `${who} flipped ${cardsWord(n, lang)}${list}`;
    case 'flipAll':
      return zh ? `${who}把${zn(ev.zone)}全部翻成${ev.up ? '正面' : '背面'}${list}` : `${who} turned ${zn(ev.zone)} face ${ev.up ? 'up' : 'down'}${list}`;
    case 'rotate':
      return zh ? `${who}把 ${cardsWord(n, lang)}牌转了 ${ev.by}°` : `${who} turned ${cardsWord(n, lang)} by ${ev.by}°`;
    case 'shuffle':
      return zh ? `${who}洗了${zn(ev.zone)}（${n} 张）` : `${who} shuffled ${zn(ev.zone)} (${cardsWord(n, lang)})`;
    case 'deal':
      return zh ? `${who}从${zn(ev.from)}发给${seatName(Number(ev.to), lang)} ${cardsWord(n, lang)}${list}` : `${who} dealt ${cardsWord(n, lang)} from ${zn(ev.from)} to ${seatName(Number(ev.to), lang)}${list}`;
    case 'draw':
      return zh ? `${who}从${zn(ev.from)}${ev.bottom ? '底部' : ''}摸了 ${cardsWord(n, lang)}${list}` : `${who} drew ${cardsWord(n, lang)} from ${ev.bottom ? 'the bottom of ' : ''}${zn(ev.from)}${list}`;
    case 'gather':
      return zh ? `${who}把${zn(ev.from)}的 ${cardsWord(n, lang)}收回${zn(ev.to)}` : `${who} gathered ${cardsWord(n, lang)} from ${zn(ev.from)} into ${zn(ev.to)}`;
    case 'peek':
      return zh ? `${who}偷看了${zn(ev.zone)}顶上的 ${cardsWord(n, lang)}${list}` : `${who} looked at the top ${cardsWord(n, lang)} of ${zn(ev.zone)}${list}`;
    case 'search':
      return zh ? `${who}翻看了整个${zn(ev.zone)}（${n} 张）` : `${who} searched ${zn(ev.zone)} (${cardsWord(n, lang)})`;
    case 'reveal':
      return zh ? `${who}亮出了手里的 ${cardsWord(n, lang)}${list}` : `${who} showed ${cardsWord(n, lang)} from their hand${list}`;
    case 'split':
      return zh ? `${who}从${zn(ev.zone)}分出 ${cardsWord(n, lang)}到${zn(ev.to)}${list}` : `${who} split ${cardsWord(n, lang)} off ${zn(ev.zone)} onto ${zn(ev.to)}${list}`;
    case 'counter': {
      const key = String(ev.counter);
      const def = options.counters.find((c) => c.id === key.split('@')[0]);
      const owner = key.includes('@') ? Number(key.split('@')[1]) : null;
      const name = def ? def.name[lang] : key;
      const label = owner === null ? name : zh ? `${seatName(owner, lang)} 的${name}` : `${seatName(owner, lang)}'s ${name}`;
      return zh ? `${who}把${label}从 ${ev.from} 改为 ${ev.to}` : `${who} set ${label} from ${ev.from} to ${ev.to}`;
    }
    case 'roll': {
      const die = options.dice.find((d) => d.id === ev.die);
      return zh ? `${who}掷${die ? die.name.zh : ev.die}：${ev.face}` : `${who} rolled ${die ? die.name.en : ev.die}: ${ev.face}`;
    }
    case 'piece': {
      const p = options.board?.pieces.find((x) => x.id === ev.piece);
      return zh ? `${who}移动了棋子${p ? p.name.zh : ev.piece}` : `${who} moved the piece ${p ? p.name.en : ev.piece}`;
    }
    case 'button':
      return zh ? `${who}按了“${(ev.label as LocalText).zh}”` : `${who} pressed “${(ev.label as LocalText).en}”`;
    case 'pass':
      return zh ? `${who}结束回合，轮到${seatName(Number(ev.to), lang)}` : `${who} ended the turn; ${seatName(Number(ev.to), lang)} is next`;
    case 'end':
      return zh ? `${who}结束了这局试玩` : `${who} ended the playtest`;
    default:
      return zh ? `${who.trim()}：${ev.type}` : `${who}: ${ev.type}`;
  }
}
