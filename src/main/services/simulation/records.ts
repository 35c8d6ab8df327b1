/**
 * One JSONL record per hand played, and the recorder that builds them from the engine's events.
 *
 * The score areas at the end of a hand are read by replaying the events of the move that ended it
 * over the areas before that move (the engine starts the next hand inside the same `apply`, so the
 * state after it already shows the new deal). Only `score`, `steal`, `take`, `snakeSwap` and
 * `santie` events change areas or 三叠 bonuses; records.test.ts checks after every move of many
 * matches that this replay reproduces the engine's areas.
 *
 * Pure (imports only shared code), so the balance lab can reuse it in a browser worker.
 */
import type { GameEvent } from '../../../shared/engine/types';
import type { Attr, CardCode } from '../../../shared/games/doufu/cards';
import { familyValues, tally } from '../../../shared/games/doufu/bots/score';
import type { DoufuGameOptions, DoufuState } from '../../../shared/games/doufu';

/** How a hand ended: a declaration (宣胜), a 流局 (drawn), or a mid-hand 荒牌 (dead, void). */
export type Outcome = 'declared' | 'drawn' | 'dead';

/** Family values of a side at the end of a hand (spec §5.4), and its 人和 sets. */
export interface FamilyRecord {
  F1: number;
  F2: number;
  F3: number;
  F4: number;
  F5: number;
  F6: number;
  F7: number;
  F8: number;
  sets: number;
}

/**
 * One hand. Per-side arrays are indexed by side: the seat in free-for-all, the team in 2v2
 * (team 0 = seats 0 and 2, team 1 = seats 1 and 3).
 */
export interface HandRecord {
  game: 'doufu';
  /** The match seed (derived from the run seed and the match index). */
  seed: string;
  /** Match index in the run, 0-based. */
  match: number;
  /** Hand number in the match, 1-based. */
  hand: number;
  players: number;
  options: DoufuGameOptions;
  outcome: Outcome;
  /** Seat that declared, or null. */
  declarer: number | null;
  /** The 涅槃 multiplier applied to this hand's settlement. */
  nirvana: boolean;
  scoreAreas: { card: CardCode; attr: Attr }[][];
  /** 三叠 bonus per side. */
  santie: number[];
  families: FamilyRecord[];
  /** The declarer's W, or null when nobody declared. */
  W: number | null;
  fuqiBefore: number[];
  fuqiAfter: number[];
  /** Turns begun in the hand (skipped and Roulette turns included). */
  turns: number;
}

/** The field names, in the order they are written. */
export const RECORD_FIELDS = ['game', 'seed', 'match', 'hand', 'players', 'options', 'outcome', 'declarer', 'nirvana', 'scoreAreas', 'santie', 'families', 'W', 'fuqiBefore', 'fuqiAfter', 'turns'] as const;

/** Extra facts about a hand that are not in the record (for the summary). */
export interface HandExtras {
  /** Combo rows of the declarer's settlement (1–21; 21 = 涅槃 applied). */
  rows: number[];
  /** Skill activations in the hand, by skill key (`RAT-FU`, `PIG-YU:imitate:OX-FU`, `PIG-YU:annul`). */
  skills: Record<string, number>;
  /** The same activations by seat, in order: [skill key, seat]. */
  skillSeats: [string, number][];
}

/** A skill activation's key for the statistics. */
export function skillKey(e: GameEvent): string {
  if (e.card !== 'PIG-YU') return String(e.card);
  return e.imitate ? `PIG-YU:imitate:${String(e.imitate)}` : 'PIG-YU:annul';
}

type Area = { code: CardCode; attr: Attr }[];

/** Score areas and 三叠 bonuses being replayed through a move's events. */
interface Replay {
  areas: Area[];
  santie: number[];
}

/** Start a replay from a state's areas (copies). */
function replayFrom(s: DoufuState): Replay {
  return { areas: s.areas.map((a) => a.map((c) => ({ code: c.code, attr: c.attr }))), santie: s.santieBonus.slice() };
}

/** Move a scored card to another side's area (a steal, 福龙, one half of 福蛇). */
function moveCard(r: Replay, code: CardCode, to: number): void {
  for (const area of r.areas) {
    const i = area.findIndex((c) => c.code === code);
    if (i >= 0) {
      r.areas[to]!.push(area.splice(i, 1)[0]!);
      return;
    }
  }
}

/** Apply one event's effect on areas and bonuses, if it has one. */
function replayEvent(r: Replay, e: GameEvent, mode: DoufuGameOptions['mode']): void {
  switch (e.type) {
    case 'score':
      r.areas[e.side as number]!.push({ code: e.card as CardCode, attr: e.attr as Attr });
      return;
    case 'steal':
      return moveCard(r, e.card as CardCode, mode === '2v2' ? (e.seat as number) % 2 : (e.seat as number));
    case 'take':
      return moveCard(r, e.card as CardCode, e.to as number);
    case 'snakeSwap': {
      const [a, b] = e.sides as [number, number];
      const [x, y] = e.cards as [CardCode, CardCode];
      moveCard(r, x, b);
      moveCard(r, y, a);
      return;
    }
    case 'santie':
      r.santie[e.side as number] = e.bonus as number;
      return;
    default:
      return;
  }
}

/** Whether an event ends a hand, and how. */
function handEnd(e: GameEvent): Outcome | null {
  if (e.type === 'declare') return 'declared';
  if (e.type === 'liuju') return 'drawn';
  if (e.type === 'huangpai' && e.at === 'midhand' && e.voided) return 'dead';
  return null;
}

/**
 * The areas and bonuses after `events` were applied to `prev`, up to the end of the hand if one of
 * them ends it (for tests: they must equal the engine's areas when no hand ended).
 */
export function replayAreas(prev: DoufuState, events: readonly GameEvent[]): Replay {
  const r = replayFrom(prev);
  for (const e of events) {
    if (handEnd(e)) break;
    replayEvent(r, e, prev.opts.mode);
  }
  return r;
}

/** Builds hand records while a match is played: feed it every applied move's events. */
export class HandRecorder {
  private hand = 1;
  private turns = 0;
  private fuqiBefore: number[];
  private skills: Record<string, number> = {};
  private skillSeats: [string, number][] = [];
  readonly done: { record: HandRecord; extras: HandExtras }[] = [];

  constructor(
    private readonly seed: string,
    private readonly match: number,
    initial: DoufuState,
  ) {
    this.fuqiBefore = initial.fuqi.slice();
  }

  /** Hands finished so far. */
  get hands(): number {
    return this.done.length;
  }

  /** Record a move: `prev` is the state it was applied to, `events` what it caused. */
  onMove(prev: DoufuState, events: readonly GameEvent[]): void {
    // Most moves end no hand: count turns and skills, and replay areas only when a hand ends
    // (from the areas before the move, through this move's events up to the end).
    let start = 0;
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      if (e.type === 'turn') this.turns++;
      else if (e.type === 'skill') {
        const key = skillKey(e);
        this.skills[key] = (this.skills[key] ?? 0) + 1;
        this.skillSeats.push([key, e.seat as number]);
      }
      else {
        const end = handEnd(e);
        if (!end) continue;
        // A second hand cannot end in the same move before a decision, but stay correct if it did.
        const r = start === 0 ? replayFrom(prev) : { areas: prev.areas.map(() => []), santie: prev.santieBonus.map(() => 0) };
        for (let j = start; j < i; j++) replayEvent(r, events[j]!, prev.opts.mode);
        this.finish(prev, r, end, e);
        start = i + 1;
      }
    }
  }

  private finish(prev: DoufuState, end: Replay, outcome: Outcome, e: GameEvent): void {
    const opts = prev.opts;
    const declared = outcome === 'declared';
    const m = declared ? (e.m as number) : 1;
    const fuqiAfter = declared ? (e.fuqi as number[]).slice() : this.fuqiBefore.slice();
    // The bots' allocation-light scorer: equal to the engine's areaScore (bots/score.test.ts), and
    // this runs for every side of every hand.
    const families = end.areas.map((a) => {
      const c = tally(a, opts);
      const [F1, F2, F3, F4, F5, F6, F7, F8] = familyValues(c);
      return { F1, F2, F3, F4, F5, F6, F7, F8, sets: c.z.filter((k) => k === 4).length };
    });
    const rows = declared ? [...new Set((e.combos as { row: number }[]).map((c) => c.row))] : [];
    if (declared && m > 1) rows.push(21);
    const record: HandRecord = {
      game: 'doufu',
      seed: this.seed,
      match: this.match,
      hand: this.hand,
      players: prev.n,
      options: opts,
      outcome,
      declarer: declared ? (e.seat as number) : null,
      nirvana: declared && m > 1,
      scoreAreas: end.areas.map((a) => a.map((c) => ({ card: c.code, attr: c.attr }))),
      santie: end.santie.slice(),
      families,
      W: declared ? (e.W as number) : null,
      fuqiBefore: this.fuqiBefore,
      fuqiAfter,
      turns: this.turns,
    };
    this.done.push({ record, extras: { rows: rows.sort((a, b) => a - b), skills: this.skills, skillSeats: this.skillSeats } });
    this.hand++;
    this.turns = 0;
    this.skills = {};
    this.skillSeats = [];
    this.fuqiBefore = fuqiAfter.slice();
  }
}
