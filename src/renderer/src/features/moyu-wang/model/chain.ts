/**
 * The excuse chain of a settlement as the table tells it: who settlement selected, then each excuse
 * played and whom it landed on; and the excuses a selected person may answer with, each with the
 * player it would land on and its effect in words.
 */
import { printedExcuse, type ExcuseType } from '../../../../../shared/games/moyu-wang/cards';
import type { MwView } from '../../../../../shared/games/moyu-wang/game';
import { excuseOf, noLeavePick, type MwExcuse, type MwMove, type MwPlay } from '../../../../../shared/games/moyu-wang/state';
import type { Text } from '../../table/model/log';
import { excuseEffect } from './words';

/** One step of the chain: settlement's selection, or an excuse and where it sent the overtime. */
export type ChainStep = { kind: 'selected'; seat: number } | { kind: 'excuse'; seat: number; excuse: ExcuseType; card: number; target?: number; lands: number | null };

const right = (players: number, seat: number): number => (seat - 1 + players) % players;

/** Where an excuse sends the overtime (null: nobody, or everyone). */
function landing(v: Pick<MwView, 'players' | 'options'>, plays: readonly MwPlay[], e: MwExcuse | { seat: number; excuse: ExcuseType; target?: number }, madeBy: number | null, leader: number): number | null {
  switch (e.excuse) {
    case 'not_me':
      return right(v.players, e.seat);
    case 'he_can':
    case 'help_me':
      return e.target ?? null;
    case 'its_you':
      return madeBy ?? leader;
    case 'no_leave': {
      const at = noLeavePick(plays, v.options);
      return at >= 0 ? plays[at]!.seat : null;
    }
    case 'hustle':
      return v.options.hustle_overtime ? e.seat : null;
    default:
      return null;
  }
}

/** The chain of a round: the first selection, then every excuse with where it landed. */
export function chainOf(v: Pick<MwView, 'players' | 'options'>, plays: readonly MwPlay[], first: number | null, excuses: readonly MwExcuse[], leader: number): ChainStep[] {
  if (first === null) return [];
  const out: ChainStep[] = [{ kind: 'selected', seat: first }];
  let madeBy: number | null = null;
  for (const e of excuses) {
    const lands = landing(v, plays, e, madeBy, leader);
    out.push({ kind: 'excuse', seat: e.seat, excuse: e.excuse, card: e.card, ...(e.target === undefined ? {} : { target: e.target }), lands });
    madeBy = e.seat;
  }
  return out;
}

/** One excuse the person may play: its kind, and each way to play it (a target each for He Can and Help Me). */
export interface ExcuseChoice {
  excuse: ExcuseType;
  card: number;
  ways: { move: MwMove; target: number | null; effect: Text }[];
}

/** The person's excuse answers from the legal moves (a few: one per kind and target). */
export function excuseChoices(v: MwView, legal: readonly MwMove[]): ExcuseChoice[] {
  const out: ExcuseChoice[] = [];
  for (const m of legal) {
    if (m.type !== 'excuse') continue;
    const e = excuseOf(m.card, v.options) ?? printedExcuse(m.card)!;
    let c = out.find((x) => x.excuse === e);
    if (!c) out.push((c = { excuse: e, card: m.card, ways: [] }));
    const lands = landing(v, v.plays, { seat: m.seat, excuse: e, ...(m.target === undefined ? {} : { target: m.target }) }, v.selected?.madeBy ?? null, v.leader);
    c.ways.push({ move: m, target: m.target ?? null, effect: excuseEffect(e, lands, v.options.hustle_overtime) });
  }
  return out;
}
