/**
 * Where things go on the 生肖赛跑 board art: the 36 squares are the `cell-NN` rectangles of the
 * board project's template (the same draw list the print kit and the deck preview use), so the
 * table follows the art wherever a designer moves them; their `cell-NN-no` texts are the numbers
 * the art prints, which a shorter race replaces with its own. Pure: from a draw list to geometry.
 */
import type { DrawList } from '../../../../../shared/cards/draw-list';
import type { Zodiac } from '../../../../../shared/games/zodiac-race/types';
import type { ZrView } from '../../../../../shared/games/zodiac-race/view';

/**
 * Whether a seat has its animal yet: while the players choose (seat 1 first, in seat order) the
 * state holds a placeholder for those still to choose, which the table does not show.
 */
export function hasAnimal(view: Pick<ZrView, 'phase' | 'turn'>, seat: number): boolean {
  return view.phase !== 'choose' || seat < view.turn.seat;
}

/** A square of the art, in millimetres from the board's top-left corner. */
export interface Cell {
  x: number;
  y: number;
  w: number;
  h: number;
  /** The square's paper colour in the art (a patch over its number is painted in it). */
  fill?: string;
}

/** The squares of the art by number (cell-00 … cell-35), in the order the track runs. */
export function cellsOf(list: DrawList): Cell[] {
  const cells: Cell[] = [];
  for (const op of list.ops) {
    if (op.op !== 'rect' || !op.id) continue;
    const m = /^cell-(\d{2})$/.exec(op.id);
    if (m) cells[Number(m[1])] = { x: op.x, y: op.y, w: op.w, h: op.h, ...(op.fill ? { fill: op.fill.color } : {}) };
  }
  // Only a full, gap-free ring is a track (`every` would skip the holes of a sparse array).
  for (let i = 0; i < cells.length; i++) if (!cells[i]) return [];
  return cells;
}

/** The cell a square of a track of `length` squares is drawn on (a 24-square race spreads round the 36). */
export function cellIndex(square: number, length: number, cells: number): number {
  return length === cells ? square : Math.floor((square * cells) / length);
}

/**
 * The square of the race each cell shows, or null for a cell the race does not use: the inverse
 * of `cellIndex` (a 24-square race uses 24 of the 36 cells, skipping every third).
 * @example squaresOnCells(24, 36).slice(0, 6) // [0, 1, null, 2, 3, null]
 */
export function squaresOnCells(length: number, cells: number): (number | null)[] {
  const out: (number | null)[] = Array.from({ length: cells }, () => null);
  for (let sq = 0; sq < length; sq++) out[cellIndex(sq, length, cells)] = sq;
  return out;
}

/** A square's number as the art prints it (its `cell-NN-no` text), in millimetres and points. */
export interface CellLabel {
  cell: number;
  /** The number as printed. */
  text: string;
  /** Left end of the baseline. */
  x: number;
  y: number;
  width: number;
  /** Type size in points. */
  size: number;
  color: string;
  /** Which end of the number the art keeps in place (the side of the square it sits on). */
  anchor: 'start' | 'end';
}

/** The art's square numbers, by cell (the start square has none). */
export function cellLabelsOf(list: DrawList, cells: readonly Cell[]): CellLabel[] {
  const out: CellLabel[] = [];
  for (const op of list.ops) {
    if (op.op !== 'text' || !op.id) continue;
    const m = /^cell-(\d{2})-no$/.exec(op.id);
    const cell = m ? cells[Number(m[1])] : undefined;
    if (!m || !cell) continue;
    const anchor = op.x + op.width / 2 > cell.x + cell.w / 2 ? 'end' : 'start';
    out.push({ cell: Number(m[1]), text: op.text, x: op.x, y: op.y, width: op.width, size: op.size, color: op.color, anchor });
  }
  return out;
}

/**
 * Where the art's numbering is not the race's: the cells whose printed number must be replaced by
 * the race's square number, and the cells the race skips (veiled, their numbers hidden). Empty for
 * a race on every cell (36 squares), whose numbers are the art's.
 */
export function renumbering(length: number, labels: readonly CellLabel[], cells: number): { relabel: { label: CellLabel; sq: number }[]; gaps: number[] } {
  if (length === cells) return { relabel: [], gaps: [] };
  const on = squaresOnCells(length, cells);
  const relabel = labels.flatMap((label) => {
    const sq = on[label.cell];
    return sq !== null && sq !== undefined && String(sq) !== label.text ? [{ label, sq }] : [];
  });
  const gaps = on.flatMap((sq, cell) => (sq === null ? [cell] : []));
  return { relabel, gaps };
}

/** Every how many cells the art draws a star (the start and every third cell of the 36). */
export const ART_STAR_EVERY = 3;

/**
 * The stars of a race on the art: each rule star's cell, and whether the art already draws a star
 * there (else the table marks one); and the art's star cells that are no star under these rules (a
 * star every 2nd square, or the 24-square race), which the table veils.
 */
export function starCells(stars: readonly number[], length: number, cells: number): { stars: { sq: number; cell: number; inArt: boolean }[]; veiled: number[] } {
  const out = stars.map((sq) => {
    const cell = cellIndex(sq, length, cells);
    return { sq, cell, inArt: cell % ART_STAR_EVERY === 0 };
  });
  const real = new Set(out.map((s) => s.cell));
  const veiled: number[] = [];
  for (let i = 0; i < cells; i += ART_STAR_EVERY) if (!real.has(i)) veiled.push(i);
  return { stars: out, veiled };
}

/**
 * Where the k-th of n pieces on one square sits: up to three in a row, two rows, centred on the
 * square (offsets in fractions of the square's size).
 */
export function slot(k: number, n: number): { dx: number; dy: number } {
  if (n <= 1) return { dx: 0, dy: 0 };
  const perRow = n <= 2 ? 2 : 3;
  const rows = Math.ceil(n / perRow);
  const row = Math.floor(k / perRow);
  const inRow = row === rows - 1 ? n - row * perRow : perRow;
  const col = k % perRow;
  return { dx: (col - (inRow - 1) / 2) * (perRow === 2 ? 0.46 : 0.32), dy: (row - (rows - 1) / 2) * 0.32 };
}

/** The icon of an animal in the board project's art (Fluent Emoji names). */
export function zodiacIcon(z: Zodiac): string {
  return `icon:fluent-emoji-flat:${z === 'sheep' ? 'ewe' : z}`;
}

/** Seat colours of the pieces (readable on the board's paper and red). */
export const SEAT_COLOURS = ['#1f6feb', '#d97706', '#15803d', '#9333ea', '#0e7490', '#be185d'] as const;

/**
 * The round being played (from 1): a round is one turn for every player. The engine counts
 * finished player-turns (`turnNo`).
 * @example roundOf(28, 4) // → 8 (the 29th player-turn is in the 8th round)
 */
export function roundOf(turnNo: number, players: number): number {
  return Math.floor(turnNo / Math.max(1, players)) + 1;
}

/** The score track of the art: `score-NN` rectangles by the points they stand for. */
export function scoreCellsOf(list: DrawList): Cell[] {
  const cells: Cell[] = [];
  for (const op of list.ops) {
    if (op.op !== 'rect' || !op.id) continue;
    const m = /^score-(\d{2})$/.exec(op.id);
    if (m) cells[Number(m[1])] = { x: op.x, y: op.y, w: op.w, h: op.h };
  }
  for (let i = 0; i < cells.length; i++) if (!cells[i]) return [];
  return cells;
}

/** A marker on the score track: a player's lap points, or in a team race a team's total. */
export interface LapMarker {
  key: string;
  /** The seats it stands for (one, or a team's). */
  seats: number[];
  /** Points: laps (a team: the sum of its members'). */
  points: number;
  colour: string;
  /** Its place among the markers on the same score cell, and how many share it. */
  k: number;
  of: number;
}

/**
 * The markers of the score track: one per player in a free-for-all race, one per team in a team
 * race (the track runs to 31 for a team of three), each on the cell of its points (the last cell
 * when beyond the art's track), markers sharing a cell set side by side.
 */
export function lapMarkers(view: Pick<ZrView, 'pieces' | 'opts'>, cells: number): LapMarker[] {
  const groups: { key: string; seats: number[] }[] = [];
  if (view.opts.mode === 'ffa') view.pieces.forEach((_, seat) => groups.push({ key: `seat:${seat}`, seats: [seat] }));
  else
    view.pieces.forEach((p, seat) => {
      const g = groups.find((x) => x.key === `team:${p.team}`);
      if (g) g.seats.push(seat);
      else groups.push({ key: `team:${p.team}`, seats: [seat] });
    });
  const out = groups.map((g) => {
    const points = g.seats.reduce((a, s) => a + view.pieces[s]!.laps, 0);
    return { key: g.key, seats: g.seats, points, colour: SEAT_COLOURS[g.seats[0]! % SEAT_COLOURS.length]!, k: 0, of: 1 };
  });
  const at = (m: LapMarker) => Math.min(m.points, Math.max(0, cells - 1));
  for (const m of out) {
    const same = out.filter((x) => at(x) === at(m));
    m.k = same.indexOf(m);
    m.of = same.length;
  }
  return out;
}
