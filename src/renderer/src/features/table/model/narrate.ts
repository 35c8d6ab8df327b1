/**
 * What the table says and moves while a bot plays, from the events of one applied move:
 *
 * - `moveCaptions`: short captions at the place each action happens (the deck, the pool, the
 *   acting seat), as catalogue keys with their parameters. They are public: a card only one seat
 *   saw (a draw, a 福牛 swap) is never named, so a caption can show whoever is at the screen.
 * - `moveOrigins`: where each card that appeared came from, so the table can fly it from there.
 * - `oxSwapNote`: what a 福牛 swap took from its target and gave them, for that target alone.
 */
import type { GameEvent } from '../../../../../shared/engine/types';
import type { MessageKey } from '../../../i18n/catalogue';
import { cardName } from './cards';
import { seatName, sideName, type Text } from './log';

/** Where something happens at the table. */
export type Place = { at: 'deck' } | { at: 'pool' } | { at: 'seat'; seat: number };

/** One caption line: a catalogue key and its parameters (Text parameters are picked in the reader's language). */
export interface CaptionLine {
  key: MessageKey;
  params: Record<string, Text | number>;
}

/** The captions of one move at one place, in the order they happened. */
export interface Caption {
  place: Place;
  lines: CaptionLine[];
}

/** A stable key of a place (`deck`, `pool`, `seat:2`). */
export function placeKey(p: Place): string {
  return p.at === 'seat' ? `seat:${p.seat}` : p.at;
}

const card = (code: unknown): Text => {
  try {
    return cardName(String(code));
  } catch {
    return { zh: String(code), en: String(code) };
  }
};
const cardList = (codes: unknown): Text => {
  const list = (Array.isArray(codes) ? codes : [codes]).map(card);
  return { zh: list.map((c) => c.zh).join('、'), en: list.map((c) => c.en).join(', ') };
};

const DECK: Place = { at: 'deck' };
const POOL: Place = { at: 'pool' };
const seatPlace = (seat: number): Place => ({ at: 'seat', seat });

/** The caption line of one event and where it goes, or null for events the table shows otherwise (turns, scores). */
function captionOf(ev: GameEvent, mode: 'ffa' | '2v2'): { place: Place; line: CaptionLine } | null {
  const s = typeof ev.seat === 'number' ? ev.seat : null;
  const who = s === null ? null : seatName(s);
  const at = (place: Place, key: MessageKey, params: Record<string, Text | number> = {}) => ({ place, line: { key, params: who ? { seat: who, ...params } : params } });
  switch (ev.type) {
    case 'deal': {
      const n = Array.isArray(ev.pool) ? (ev.pool as unknown[][]).flat().length : 0;
      return at(DECK, 'motion.deal', { n: Number(ev.handSize) || 0, pool: n });
    }
    case 'draw':
      return who ? at(DECK, 'motion.draw') : null;
    case 'eat':
      return who ? at(POOL, 'motion.eat', { card: card(ev.card), take: cardList(ev.take) }) : null;
    case 'stack':
      return who ? at(POOL, 'motion.stack', { card: card(ev.card) }) : null;
    case 'flip':
      return at(POOL, 'motion.flip', { card: card(ev.card) });
    case 'swap':
      return who ? at(POOL, 'motion.swap', { give: card(ev.give), take: card(ev.take) }) : null;
    case 'steal':
      return s === null ? null : at(seatPlace(s), 'motion.steal', { card: card(ev.card), from: sideName(Number(ev.from), mode) });
    case 'oxSwap':
      return s === null ? null : at(seatPlace(s), 'motion.oxSwap', { target: seatName(Number(ev.target)) });
    case 'skill':
      if (s === null) return null;
      return typeof ev.target === 'number' ? at(seatPlace(s), 'motion.skillOn', { card: card(ev.card), target: seatName(ev.target) }) : at(seatPlace(s), 'motion.skill', { card: card(ev.card) });
    case 'santie':
      return s === null ? null : at(seatPlace(s), 'motion.santie');
    case 'declare':
      return s === null ? null : at(seatPlace(s), 'motion.declare', { w: Number(ev.W) || 0 });
    case 'pass':
      return s === null ? null : at(seatPlace(s), 'motion.pass');
    case 'decline':
      return s === null ? null : at(seatPlace(s), ev.offer === 'reshuffle' ? 'motion.keepDeal' : ev.offer === 'gift' ? 'motion.refuse' : ev.offer === 'fuji' ? 'motion.noPeek' : 'motion.playOn');
    case 'reshuffle':
      return s === null ? null : at(seatPlace(s), 'motion.reshuffle');
    case 'chooseFirst':
      return s === null ? null : at(seatPlace(s), 'motion.chooseFirst', { first: seatName(Number(ev.first)) });
    case 'skipped':
      return s === null ? null : at(seatPlace(s), 'motion.skipped');
    case 'peek':
      return s === null ? null : Array.isArray(ev.cards) ? at(seatPlace(s), 'motion.peekDeck', { n: ev.cards.length }) : at(seatPlace(s), 'motion.peekHand', { target: seatName(Number(ev.target)) });
    case 'arrange':
      return s === null ? null : at(seatPlace(s), 'motion.arrange');
    case 'mulligan':
      return s === null ? null : at(seatPlace(s), 'motion.mulligan', { n: Number(ev.count) || 0 });
    case 'poolReset':
      return at(POOL, 'motion.poolReset');
    case 'roulette':
      return at(POOL, 'motion.roulette');
    case 'liuju':
      return at(POOL, 'motion.liuju');
    case 'huangpai':
      return at(POOL, 'motion.huangpai');
    default:
      return null;
  }
}

/** The captions of a move's events, one per place (lines in the order they happened), public. */
export function moveCaptions(events: readonly GameEvent[], mode: 'ffa' | '2v2'): Caption[] {
  const out: Caption[] = [];
  for (const ev of events) {
    // A hand that ends in this move deals the next one: its captions stop at the new hand.
    if (ev.type === 'handStart' && out.length) break;
    const c = captionOf(ev, mode);
    if (!c) continue;
    const key = placeKey(c.place);
    const same = out.find((x) => placeKey(x.place) === key);
    if (same) same.lines.push(c.line);
    else out.push({ place: c.place, lines: [c.line] });
  }
  return out;
}

/** Where the cards of a move came from (by card code), and the seats that took a face-down card from the deck. */
export interface Origins {
  cards: Map<string, Place>;
  /** Seats that drew: a new card back in their hand flies from the deck. */
  drew: number[];
  /** A hand was dealt: every card new on screen without another origin (the hands) comes from the deck. */
  dealt: boolean;
}

/**
 * Where each card that a move put somewhere new came from. Cards already on screen are followed
 * by their own position; this names the origin of those that were not (a card from the deck, from
 * a hand seen from behind).
 */
export function moveOrigins(events: readonly GameEvent[], move?: { type: string; seat: number; give?: unknown; take?: unknown }): Origins {
  const cards = new Map<string, Place>();
  const drew: number[] = [];
  let dealt = false;
  for (const ev of events) {
    const s = typeof ev.seat === 'number' ? ev.seat : null;
    switch (ev.type) {
      case 'draw':
        if (typeof ev.card === 'string') cards.set(ev.card, DECK);
        if (s !== null && !drew.includes(s)) drew.push(s);
        break;
      case 'flip':
        if (typeof ev.card === 'string') cards.set(ev.card, DECK);
        break;
      case 'deal':
        dealt = true;
        for (const c of Array.isArray(ev.pool) ? (ev.pool as unknown[][]).flat() : []) cards.set(String(c), DECK);
        break;
      case 'poolReset':
        for (const c of Array.isArray(ev.pool) ? ev.pool : []) cards.set(String(c), DECK);
        break;
      case 'stack':
      case 'eat':
        if (s !== null && typeof ev.card === 'string') cards.set(ev.card, seatPlace(s));
        break;
      case 'swap':
        if (s !== null && typeof ev.give === 'string') cards.set(ev.give, seatPlace(s));
        if (s !== null && typeof ev.take === 'string') cards.set(ev.take, POOL);
        break;
      case 'oxSwap':
        // The event names the seats only; the move names the cards (each shows only where it is seen).
        if (s !== null && move?.type === 'swap' && typeof move.give === 'string' && typeof move.take === 'string') {
          cards.set(move.give, seatPlace(s));
          cards.set(move.take, seatPlace(Number(ev.target)));
        }
        break;
      default:
    }
  }
  return { cards, drew, dealt };
}

/** What a 福牛 swap did to its target's hand. */
export interface OxSwapNote {
  /** The move that swapped (undoing it drops the note). */
  move: number;
  /** The seat that used 福牛. */
  by: number;
  /** The seat whose card was taken. */
  target: number;
  /** The card the target lost and the one they got. */
  lost: string;
  got: string;
}

/**
 * The 福牛 swap in a move, told from its target's side: the engine's `oxSwap` event names the two
 * seats (and reveals to them alone); the move names the cards (`give` went to the target, `take`
 * came from them). Only the target may ever be shown it.
 */
export function oxSwapNote(index: number, move: { type: string; seat: number; give?: unknown; take?: unknown }, events: readonly GameEvent[]): OxSwapNote | null {
  const ev = events.find((e) => e.type === 'oxSwap');
  if (!ev || move.type !== 'swap' || typeof move.give !== 'string' || typeof move.take !== 'string') return null;
  const target = Number(ev.target);
  if (!Number.isInteger(target) || target === move.seat) return null;
  return { move: index, by: move.seat, target, lost: move.take, got: move.give };
}
