/**
 * What a quiet table counts instead of its events (`ZrTable.start(…, { quiet: true })`): the few
 * facts the headless simulator's records are made of. A random 4-player game makes about 3,900
 * events that the simulator would only scan for these; a quiet table builds none of them.
 */
import type { GameEvent } from '../../engine/types';
import { ZODIACS, type Zodiac } from './types';

/** Each field is what the named events would have said. */
export interface ZrTally {
  /** `turn` events: turns begun (ROARED one-square turns included). */
  turns: number;
  /** `power` events in order (activations, Dog negations and automatic Horse overtakes): [zodiac, owner's seat]. */
  powerSeats: [Zodiac, number][];
  /** The same `power` events counted per zodiac, in `ZODIACS` order (the record's per-animal counts, without a search per use). */
  powers: number[];
  /** `transform` events, per seat. */
  transforms: number[];
  /** `choose` events: the zodiac each seat chose or was dealt (`rat` until then). */
  start: Zodiac[];
}

/** A tally of `players` seats that has counted `events` (a setup's). */
export function tallyOf(players: number, events: readonly GameEvent[]): ZrTally {
  const t: ZrTally = { turns: 0, powerSeats: [], powers: new Array<number>(ZODIACS.length).fill(0), transforms: new Array<number>(players).fill(0), start: new Array<Zodiac>(players).fill('rat') };
  for (const e of events) {
    if (e.type === 'turn') t.turns++;
    else if (e.type === 'power') countPower(t, e.zodiac as Zodiac, e.seat as number);
    else if (e.type === 'transform') t.transforms[e.seat as number]!++;
    else if (e.type === 'choose') t.start[e.seat as number] = e.zodiac as Zodiac;
  }
  return t;
}

/** Where each zodiac is in `ZODIACS`. */
const ZODIAC_AT = Object.fromEntries(ZODIACS.map((z, i) => [z, i])) as Readonly<Record<Zodiac, number>>;

/** A `power` event of `zodiac` by `seat`'s piece, counted. */
export function countPower(t: ZrTally, zodiac: Zodiac, seat: number): void {
  t.powerSeats.push([zodiac, seat]);
  t.powers[ZODIAC_AT[zodiac]]!++;
}
