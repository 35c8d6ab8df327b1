/**
 * One record per hand from the engine's events (the simulator's JSONL line, a replay's summary):
 * the dealt hands, the transcript of moves as `{ seat, type, cards }` and the result. Cards are
 * written as codes ("AS", "TD", "JK"). A claim lists the claimed card first, then the claimer's own
 * cards; "hu" lists the winner's concealed hand and then the winning card (none for 天走); "pass"
 * lists the card passed on. Claims are answered in secret: one that lost to a stronger claim
 * changed nothing and is written as a pass, just before the claim that won.
 */
import type { GameEvent } from '../../engine/types';
import { cardCode } from './cards';
import type { DsOptions } from './options';
import type { DsHandResult } from './state';
import type { WinKind } from './rules';

export type DsTranscriptType = 'exchange' | 'take' | 'discard' | 'flip' | 'chi' | 'peng' | 'gang' | 'add-gang' | 'hu' | 'pass';

export interface DsRecord {
  game: 'dou-shisi';
  seed: string;
  /** The hand's number in its match, from 0. */
  hand: number;
  players: number;
  options: DsOptions;
  dealer: number;
  /** The dealt hands, in seat order. */
  hands: string[][];
  moves: { seat: number; type: DsTranscriptType; cards: string[] }[];
  winner: number | null;
  winType: WinKind | null;
  /** The winner's red points (null without a winner). */
  red: number | null;
  fan: number | null;
  payments: number[];
  /** The deal was void (the dealer did not call stop). */
  void: boolean;
  /** Seats that declared 漂 (only when the option is on). */
  piao?: number[];
}

/** The fields of a record in the order they are written. */
export const DS_RECORD_FIELDS = ['game', 'seed', 'hand', 'players', 'options', 'dealer', 'hands', 'moves', 'winner', 'winType', 'red', 'fan', 'payments', 'void', 'piao'] as const;

const codes = (cs: readonly number[]): string[] => cs.map(cardCode);

/** Collects a match's events into one record per hand. */
export class DsRecorder {
  readonly records: DsRecord[] = [];
  private hands: string[][] = [];
  private moves: DsRecord['moves'] = [];

  constructor(
    private readonly seed: string,
    private readonly players: number,
    private readonly options: DsOptions,
  ) {}

  add(events: readonly GameEvent[]): void {
    for (const e of events) {
      const seat = e.seat as number;
      switch (e.type) {
        case 'deal':
          if (seat === 0) this.hands = [];
          this.hands[seat] = codes(e.cards as number[]);
          this.moves = [];
          break;
        case 'exchange':
        case 'take':
          this.moves.push({ seat, type: e.type, cards: codes(e.cards as number[]) });
          break;
        case 'discard':
        case 'flip':
        case 'pass':
          this.moves.push({ seat, type: e.type, cards: [cardCode(e.card as number)] });
          break;
        case 'chi':
        case 'peng':
        case 'gang':
        case 'add-gang':
          this.moves.push({ seat, type: e.type, cards: [cardCode(e.card as number), ...codes(e.cards as number[])] });
          break;
        case 'hu': {
          const x = e.card as number | null;
          const hand = (e.cards as number[]).slice();
          if (x !== null) hand.splice(hand.indexOf(x), 1);
          this.moves.push({ seat, type: 'hu', cards: x === null ? codes(hand) : [...codes(hand), cardCode(x)] });
          break;
        }
        case 'settle':
          this.records.push(this.finish(e as unknown as DsHandResult));
          break;
      }
    }
  }

  private finish(r: DsHandResult): DsRecord {
    const rec: DsRecord = {
      game: 'dou-shisi', seed: this.seed, hand: r.hand, players: this.players, options: this.options, dealer: r.dealer, hands: this.hands, moves: this.moves,
      winner: r.winner, winType: r.winType, red: r.winner === null ? null : r.red, fan: r.winner === null ? null : r.fan, payments: r.payments.slice(), void: r.void,
    };
    if (this.options.piao) rec.piao = r.piao.slice();
    this.hands = [];
    this.moves = [];
    return rec;
  }
}

/** The same line the slow way (tests check the two agree). */
export function dsRecordJson(r: DsRecord): string {
  const o: Record<string, unknown> = {};
  for (const k of DS_RECORD_FIELDS) if (r[k] !== undefined) o[k] = r[k];
  return JSON.stringify(o);
}

const OPTIONS_JSON = new WeakMap<DsOptions, string>();
const q = (xs: readonly string[]) => (xs.length ? '["' + xs.join('","') + '"]' : '[]');

/** A record as one JSON line, fields in the documented order (the text of `dsRecordJson`, built directly). */
export function dsRecordLine(r: DsRecord): string {
  let opts = OPTIONS_JSON.get(r.options);
  if (opts === undefined) OPTIONS_JSON.set(r.options, (opts = JSON.stringify(r.options)));
  let moves = '';
  for (const m of r.moves) moves += (moves ? ',' : '') + `{"seat":${m.seat},"type":"${m.type}","cards":${q(m.cards)}}`;
  return (
    `{"game":"dou-shisi","seed":${JSON.stringify(r.seed)},"hand":${r.hand},"players":${r.players},"options":${opts},"dealer":${r.dealer},"hands":[${r.hands.map(q).join(',')}],"moves":[${moves}],` +
    `"winner":${r.winner},"winType":${r.winType === null ? 'null' : `"${r.winType}"`},"red":${r.red},"fan":${r.fan},"payments":[${r.payments.join(',')}],"void":${r.void}` +
    (r.piao ? `,"piao":[${r.piao.join(',')}]}` : '}')
  );
}
