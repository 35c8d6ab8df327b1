/**
 * What a quiet table counts instead of its events (`ZrTable.start(…, { quiet: true })`): the few
 * facts the headless simulator's records are made of. A random 4-player game makes about 3,900
 * events that the simulator would only scan for these; a quiet table builds none of them.
 */
import type { GameEvent } from '../../engine/types';
import type { Zodiac } from './types';

/** Each field is what the named events would have said. */
export interface ZrTally {
  /** `turn` events: turns begun (ROARED one-square turns included). */
  turns: number;
  /** `power` events in order (activations, Dog negations and automatic Horse overtakes): [zodiac, owner's seat]. */
  powerSeats: [Zodiac, number][];
  /** `transform` events, per seat. */
  transforms: number[];
  /** `choose` events: the zodiac each seat chose or was dealt (`rat` until then). */
  start: Zodiac[];
}

/** A tally of `players` seats that has counted `events` (a setup's). */
export function tallyOf(players: number, events: readonly GameEvent[]): ZrTally {
  const t: ZrTally = { turns: 0, powerSeats: [], transforms: new Array<number>(players).fill(0), start: new Array<Zodiac>(players).fill('rat') };
  for (const e of events) {
    if (e.type === 'turn') t.turns++;
    else if (e.type === 'power') t.powerSeats.push([e.zodiac as Zodiac, e.seat as number]);
    else if (e.type === 'transform') t.transforms[e.seat as number]!++;
    else if (e.type === 'choose') t.start[e.seat as number] = e.zodiac as Zodiac;
  }
  return t;
}
