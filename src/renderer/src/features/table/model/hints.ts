/**
 * What the table says when a click does nothing: every click either acts, picks something up, is
 * refused with the engine's reason, or gets one of these hints, so a person never clicks into
 * silence. The hint names what is possible instead.
 */
import type { DoufuMove } from '../../../../../shared/games/doufu/types';
import type { DoufuView } from '../../../../../shared/games/doufu/view';
import { CATALOGUES, type MessageKey } from '../../../i18n/catalogue';
import type { Pick, Spot } from './input';
import type { Text } from './log';

/** The hints, by catalogue key. */
export type HintKey = 'table.hint.notYourTurn' | 'table.hint.useButtons' | 'table.hint.area' | 'table.hint.seat' | 'table.hint.stackPick' | 'table.hint.nothing';

/** A catalogue message in both languages (a notice is shown in whichever language is on). */
export function bothLanguages(key: MessageKey): Text {
  return { zh: CATALOGUES.zh[key], en: CATALOGUES.en[key] };
}

/**
 * The hint for a click on `spot` that does nothing now, by the person at the screen (`legal` is
 * empty when the decision is not theirs).
 * @example hintKey(view, [], NO_PICK, { at: 'hand', code: 'RAT-FU' }) // 'table.hint.notYourTurn'
 */
export function hintKey(view: DoufuView, legal: readonly DoufuMove[], pick: Pick, spot: Spot): HintKey {
  if (!legal.length) return 'table.hint.notYourTurn';
  const k = view.step.k;
  const onTable = k === 'turn' || k === 'swap' || k === 'ox' || k === 'steal' || k === 'pick' || k === 'roulette';
  if (!onTable) return 'table.hint.useButtons';
  if (spot.at === 'stack' && pick.kind !== 'hand') return 'table.hint.stackPick';
  if (spot.at === 'area' && k === 'turn' && pick.kind !== 'skill') return 'table.hint.area';
  if (spot.at === 'seat') return 'table.hint.seat';
  return 'table.hint.nothing';
}

/** The hint as text: the stack slot's own reason when stacking is what is refused, else the hint. */
export function clickHint(view: DoufuView, legal: readonly DoufuMove[], pick: Pick, spot: Spot, stackBlocked: Text | null): Text {
  if (spot.at === 'stack' && stackBlocked && legal.length) return stackBlocked;
  return bothLanguages(hintKey(view, legal, pick, spot));
}
