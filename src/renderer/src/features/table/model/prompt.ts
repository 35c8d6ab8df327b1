/**
 * What the turn prompt says, from the legal moves only: it names drawing, eating and stacking when
 * (and only when) each is legal now, so the words always agree with what the table lights. When
 * the deck is not lit it says why (a restriction, an empty deck or a full hand).
 */
import type { DoufuMove } from '../../../../../shared/games/doufu/types';
import type { DoufuView } from '../../../../../shared/games/doufu/view';

/** The actions a turn offers now. */
export interface TurnOffer {
  draw: boolean;
  eat: boolean;
  stack: boolean;
  skill: boolean;
  pass: boolean;
}

/** The offer of a turn, read from its legal moves. */
export function turnOffer(legal: readonly DoufuMove[]): TurnOffer {
  const has = (type: DoufuMove['type']) => legal.some((m) => m.type === type);
  return { draw: has('draw'), eat: has('eat'), stack: has('stack'), skill: has('skill'), pass: has('pass') };
}

/** The turn prompts, one per set of actions (a sentence each, so every language words it whole). */
export type TurnPromptKey =
  | 'table.turn.drawEatStack'
  | 'table.turn.drawEat'
  | 'table.turn.drawStack'
  | 'table.turn.draw'
  | 'table.turn.eatStack'
  | 'table.turn.eat'
  | 'table.turn.stack'
  | 'table.turn.none';

/**
 * The catalogue key of the prompt for a turn's offer.
 * @example turnPromptKey({ draw: false, eat: true, stack: true, skill: false, pass: false }) // 'table.turn.eatStack'
 */
export function turnPromptKey(o: TurnOffer): TurnPromptKey {
  const name = `${o.draw ? 'draw' : ''}${o.eat ? 'Eat' : ''}${o.stack ? 'Stack' : ''}`;
  if (!name) return 'table.turn.none';
  return `table.turn.${name.charAt(0).toLowerCase()}${name.slice(1)}` as TurnPromptKey;
}

/** Why drawing is not offered this turn. */
export type NoDrawReason = 'onlyEat' | 'onlyStack' | 'deckEmpty' | 'handFull';

/**
 * Why the deck is not lit on `seat`'s turn, or null when drawing is legal. The engine allows a
 * draw with no pending restriction, cards in the deck and fewer cards in hand than the limit, so
 * a refusal is the latest restriction, else an empty deck, else a full hand.
 */
export function noDrawReason(view: DoufuView, seat: number, offer: TurnOffer): NoDrawReason | null {
  if (offer.draw) return null;
  const mods = view.pending[seat] ?? [];
  const latest = mods.reduce<(typeof mods)[number] | null>((a, m) => (!a || m.seq > a.seq ? m : a), null);
  if (latest?.kind === 'onlyEat' || latest?.kind === 'onlyStack') return latest.kind;
  return view.deckCount === 0 ? 'deckEmpty' : 'handFull';
}

/** The prompts for a hand card picked up on a turn. */
export type PickedPromptKey = 'table.picked.eatStack' | 'table.picked.eat' | 'table.picked.stack' | 'table.picked.none';

/** What a picked hand card can do now: eat a pool card of its zodiac, be stacked, both, or neither. */
export function pickedPromptKey(legal: readonly DoufuMove[], code: string): PickedPromptKey {
  const eat = legal.some((m) => m.type === 'eat' && m.card === code);
  const stack = legal.some((m) => m.type === 'stack' && m.card === code);
  return eat && stack ? 'table.picked.eatStack' : eat ? 'table.picked.eat' : stack ? 'table.picked.stack' : 'table.picked.none';
}
