/**
 * Where the turns, rounds and hands of a match begin, as replay steps, so a replay can go by any of
 * them rather than move by move, and say where it is ("hand 2 · round 3 · turn 9"). Step `s` is
 * the table after `s` moves: what the setup reported begins at step 0, what move `i` reported at
 * step `i + 1`. Read from the engine's events (`turn`, `handStart`), so every game with those
 * events gets them.
 */

/** The steps (ascending) at which each unit begins; `hand` only in games played in hands. */
export interface ReplayMarks {
  turn: readonly number[];
  round: readonly number[];
  hand?: readonly number[];
}

/** How far one press of a replay's back / forward goes. */
export type ReplayUnit = 'move' | 'turn' | 'round' | 'hand';

type Ev = { readonly type: string; readonly seat?: unknown };

/**
 * The marks of a match from its setup's events and each move's.
 * A round begins with a hand's first turn and again whenever play comes round to that seat (or
 * passes it, when that seat takes no turn).
 * @example replayMarks(3, [{ type: 'turn', seat: 0 }], [{ events: [{ type: 'turn', seat: 1 }] }]).turn // [0, 1]
 */
export function replayMarks(players: number, setup: readonly Ev[], log: readonly { readonly events: readonly Ev[] }[], hands = false): ReplayMarks {
  const turn: number[] = [];
  const round: number[] = [];
  const hand: number[] = [];
  let opener: number | null = null;
  let last: number | null = null;
  const push = (list: number[], step: number) => {
    if (list[list.length - 1] !== step) list.push(step);
  };
  const read = (events: readonly Ev[], step: number) => {
    for (const e of events) {
      if (e.type === 'handStart') {
        push(hand, step);
        opener = null;
        last = null;
      } else if (e.type === 'turn' && typeof e.seat === 'number') {
        push(turn, step);
        const seat = e.seat;
        if (opener === null) {
          opener = seat;
          push(round, step);
        } else if (last !== null && passes(last, seat, opener, players)) push(round, step);
        last = seat;
      }
    }
  };
  read(setup, 0);
  log.forEach((entry, i) => read(entry.events, i + 1));
  return hands ? { turn, round, hand } : { turn, round };
}

/** Whether going clockwise from `from` to `to` reaches `opener` (at `to` itself included). */
function passes(from: number, to: number, opener: number, n: number): boolean {
  const d = (a: number, b: number) => (((b - a) % n) + n) % n;
  return d(from, to) === 0 || (d(from, opener) > 0 && d(from, opener) <= d(from, to));
}

/**
 * The step one unit back (`dir` -1) or forward (+1) from `step`: the start of the unit before or
 * after, clamped to 0…total (a move is one step).
 */
export function stepBy(marks: ReplayMarks, unit: ReplayUnit, step: number, dir: 1 | -1, total: number): number {
  if (unit === 'move') return Math.max(0, Math.min(total, step + dir));
  const list = marks[unit] ?? [];
  if (dir > 0) return list.find((m) => m > step) ?? total;
  for (let i = list.length - 1; i >= 0; i--) if (list[i]! < step) return list[i]!;
  return 0;
}

/** Which turn (of the match), hand, and round (of that hand) step `step` is in: 1-based, 0 before the first. */
export function placeAt(marks: ReplayMarks, step: number): { turn: number; round: number; hand?: number } {
  const upTo = (list: readonly number[], from = -1) => list.filter((m) => m > from && m <= step).length;
  if (!marks.hand) return { turn: upTo(marks.turn), round: upTo(marks.round) };
  const hand = upTo(marks.hand);
  const handStart = hand > 0 ? marks.hand[hand - 1]! : -1;
  return { turn: upTo(marks.turn), round: upTo(marks.round, handStart - 1), hand };
}
