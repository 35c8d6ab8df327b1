/**
 * The sandbox table's types: a table set up from a project's own cards (`table.json`, resolved into
 * `SandboxOptions`), its state (where every card, counter, die and piece is) and its moves (what a
 * person can do with their hands). No rules are coded: any move a hand could make is legal.
 */
import type { LocalText } from '../../engine/types';
import type { RngState } from '../../util/rng';

/** Kinds of zone: a pile (a deck, a discard pile: one stack), a hand (private to its seat), an area to lay cards in. */
export type ZoneKind = 'pile' | 'hand' | 'area';

/** A zone as `table.json` defines it; `perSeat` zones are made once per seat (`hand@0`, `hand@1` …). */
export interface ZoneDef {
  id: string;
  kind: ZoneKind;
  name: LocalText;
  /** Cards put here land face up or face down (a hand's cards are seen by their seat only either way). */
  face: 'up' | 'down';
  perSeat: boolean;
  /** Areas: cards lie where they are put (`free`, x/y in mm from the area's top left) or fill a grid of `columns`. */
  layout: 'stack' | 'free' | 'grid';
  columns?: number;
}

/** A counter (victory points, coins): one per seat or one shared. */
export interface CounterDef {
  id: string;
  name: LocalText;
  perSeat: boolean;
  start: number;
  min?: number;
  max?: number;
}

/** A die: its faces in order (`d6` is 1–6; custom dice carry their own words). */
export interface DieDef {
  id: string;
  name: LocalText;
  faces: string[];
}

/** A piece on the board: where it starts, as fractions of the board's width and height. */
export interface PieceDef {
  id: string;
  name: LocalText;
  color: string;
  x: number;
  y: number;
}

/** One step of a setup or a button: shuffle a zone, deal to each seat, move a whole zone, flip it, set a counter. */
export type SandboxAction =
  | { do: 'shuffle'; zone: string }
  | { do: 'deal'; from: string; to: string; count: number }
  | { do: 'gather'; from: string; to: string }
  | { do: 'flip'; zone: string; face: 'up' | 'down' }
  | { do: 'draw'; from: string; count: number };

/** A button saved with the table: a name and the actions it runs, as one move. */
export interface ButtonDef {
  id: string;
  label: LocalText;
  actions: SandboxAction[];
}

/** A table set up: what `table.json` says, with its card filters resolved to card ids. The match's options. */
export interface SandboxOptions {
  zones: ZoneDef[];
  /** Which cards start in which zone (a card id once per copy), in order (the first is at the bottom of a pile). */
  start: { zone: string; cards: string[] }[];
  counters: CounterDef[];
  dice: DieDef[];
  /** A board image from the project's `art/` and the pieces on it. */
  board: { image: string; pieces: PieceDef[] } | null;
  buttons: ButtonDef[];
  /** Actions run when the table is set up (e.g. shuffle the deck, deal 5 to each). */
  setup: SandboxAction[];
}

/** A card on the table: which card of the project (its id), face up or down, turned, and where (free areas). */
export interface TableCard {
  c: string;
  up: boolean;
  rot: 0 | 90 | 180 | 270;
  x?: number;
  y?: number;
}

/** The whole table. Cards are numbered once (their index in `cards`); zones list them bottom to top. */
export interface SandboxState {
  v: 1;
  players: number;
  options: SandboxOptions;
  rng: RngState;
  cards: TableCard[];
  zones: Record<string, number[]>;
  counters: Record<string, number>;
  /** The face each die shows (an index into its faces), null before its first roll. */
  dice: Record<string, number | null>;
  pieces: Record<string, { x: number; y: number }>;
  /** Whose turn it is: the seat at the screen. */
  active: number;
  turn: number;
  /** Cards a seat is looking at privately (a peek, a search) until its next move. */
  peeks: Record<number, number[]>;
  ended: boolean;
}

/** Where moved cards go in a zone: on top (default), at the bottom, or at a place (free areas). */
export interface Placement {
  at?: 'top' | 'bottom';
  x?: number;
  y?: number;
  /** Land face up or down (default: the zone's face). */
  up?: boolean;
}

/** What a person can do with their hands. Every move names the seat doing it. */
export type SandboxMove =
  | ({ type: 'move'; seat: number; cards: number[]; to: string } & Placement)
  | { type: 'flip'; seat: number; cards: number[] }
  | { type: 'rotate'; seat: number; cards: number[]; by: 90 | 180 | 270 }
  | { type: 'shuffle'; seat: number; zone: string }
  | { type: 'deal'; seat: number; from: string; to: string; count: number }
  | { type: 'draw'; seat: number; from: string; count: number; bottom?: boolean }
  | { type: 'peek'; seat: number; zone: string; count: number }
  | { type: 'search'; seat: number; zone: string }
  | { type: 'reveal'; seat: number; cards: number[] }
  | { type: 'split'; seat: number; zone: string; count: number; to: string; x?: number; y?: number }
  | { type: 'counter'; seat: number; counter: string; delta: number }
  | { type: 'roll'; seat: number; die: string }
  | { type: 'piece'; seat: number; piece: string; x: number; y: number }
  | { type: 'button'; seat: number; button: string }
  | { type: 'pass'; seat: number; to?: number }
  | { type: 'end'; seat: number };

export type SandboxMoveType = SandboxMove['type'];

/** What one seat (or a spectator, null) sees of a card: which card only when it may know. */
export interface CardView {
  i: number;
  c: string | null;
  up: boolean;
  rot: 0 | 90 | 180 | 270;
  x?: number;
  y?: number;
}

/** A seat's view of the table. */
export interface SandboxView {
  seat: number | null;
  players: number;
  active: number;
  turn: number;
  zones: Record<string, CardView[]>;
  counters: Record<string, number>;
  dice: Record<string, number | null>;
  pieces: Record<string, { x: number; y: number }>;
  /** The cards this seat is looking at privately now, with their ids. */
  peek: CardView[];
  ended: boolean;
  /** The table's public set-up (zone, counter and die names, die faces), so a seat's own device can draw it from the view alone. */
  table: SandboxTableInfo;
}

/** What every seat may know of the table's set-up: its zones, counters and dice by name. */
export interface SandboxTableInfo {
  zones: Pick<ZoneDef, 'id' | 'kind' | 'name' | 'face' | 'perSeat'>[];
  counters: Pick<CounterDef, 'id' | 'name' | 'perSeat'>[];
  dice: DieDef[];
}
