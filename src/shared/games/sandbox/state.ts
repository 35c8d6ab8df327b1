/**
 * Setting the sandbox table up, and the zone and card helpers the moves share. States are never
 * mutated: a move copies what it changes (the zone lists it touches, the cards it turns).
 */
import type { GameEvent } from '../../engine/types';
import { Rng, seedRng } from '../../util/rng';
import { UsageError } from '../../util/assert';
import type { SandboxAction, SandboxOptions, SandboxState, TableCard, ZoneDef } from './types';

export const MAX_SEATS = 8;

/** The zone instance of `def` for `seat` (`hand@1`), or the zone itself when it is shared. */
export const zoneKey = (def: ZoneDef, seat: number): string => (def.perSeat ? `${def.id}@${seat}` : def.id);

/** The definition of a zone instance (`hand@1` → the `hand` zone), and its seat (null: shared). */
export function zoneOf(options: SandboxOptions, key: string): { def: ZoneDef; owner: number | null } | null {
  const at = key.lastIndexOf('@');
  const base = at < 0 ? key : key.slice(0, at);
  const def = options.zones.find((z) => z.id === base);
  if (!def) return null;
  if (!def.perSeat) return at < 0 ? { def, owner: null } : null;
  const seat = Number(key.slice(at + 1));
  return at > 0 && Number.isInteger(seat) ? { def, owner: seat } : null;
}

/** Every zone instance of the table, in the order `table.json` lists them (per-seat zones seat by seat). */
export function zoneKeys(options: SandboxOptions, players: number): string[] {
  return options.zones.flatMap((z) => (z.perSeat ? Array.from({ length: players }, (_, s) => zoneKey(z, s)) : [z.id]));
}

/** Counter instances: `score@0` per seat, or `round` shared. */
export const counterKeys = (options: SandboxOptions, players: number): string[] =>
  options.counters.flatMap((c) => (c.perSeat ? Array.from({ length: players }, (_, s) => `${c.id}@${s}`) : [c.id]));

/** The first hand zone of `seat`: where draws go. */
export function handOf(state: SandboxState, seat: number): string | null {
  const def = state.options.zones.find((z) => z.kind === 'hand' && z.perSeat);
  return def ? zoneKey(def, seat) : null;
}

/**
 * A working copy of a state for one move: zone lists and cards are copied on first write.
 * `done()` gives the next state.
 */
export class Draft {
  readonly zones: Record<string, number[]>;
  cards: TableCard[];
  counters: Record<string, number>;
  dice: Record<string, number | null>;
  pieces: Record<string, { x: number; y: number }>;
  rng: Rng | null = null;
  peeks: Record<number, number[]>;
  active: number;
  turn: number;
  ended: boolean;
  readonly events: GameEvent[] = [];
  #copiedZones = new Set<string>();
  #copiedCards = false;
  readonly #touched = new Set<number>();

  constructor(readonly base: SandboxState) {
    this.zones = { ...base.zones };
    this.cards = base.cards;
    this.counters = base.counters;
    this.dice = base.dice;
    this.pieces = base.pieces;
    this.peeks = base.peeks;
    this.active = base.active;
    this.turn = base.turn;
    this.ended = base.ended;
  }

  /** The zone's list, to change. */
  zone(key: string): number[] {
    if (!this.#copiedZones.has(key)) {
      this.zones[key] = [...(this.zones[key] ?? [])];
      this.#copiedZones.add(key);
    }
    return this.zones[key]!;
  }

  /** A card, to change. */
  card(i: number): TableCard {
    if (!this.#copiedCards) {
      this.cards = [...this.cards];
      this.#copiedCards = true;
    }
    if (this.#touched.has(i)) return this.cards[i]!;
    const c = { ...this.cards[i]! };
    this.cards[i] = c;
    this.#touched.add(i);
    return c;
  }

  random(): Rng {
    this.rng ??= new Rng(this.base.rng);
    return this.rng;
  }

  done(): SandboxState {
    return {
      ...this.base,
      zones: this.zones,
      cards: this.cards,
      counters: this.counters,
      dice: this.dice,
      pieces: this.pieces,
      rng: this.rng ? this.rng.state() : this.base.rng,
      peeks: this.peeks,
      active: this.active,
      turn: this.turn,
      ended: this.ended,
    };
  }
}

/** The table at the start: cards where `start` puts them (face as their zone), counters at their start, then the setup actions. */
export function setupState(seed: string, players: number, options: SandboxOptions): { state: SandboxState; events: GameEvent[] } {
  if (!Number.isInteger(players) || players < 1 || players > MAX_SEATS) throw new UsageError(`The sandbox table seats 1 to ${MAX_SEATS} players, not ${players}.`);
  const zones: Record<string, number[]> = {};
  for (const k of zoneKeys(options, players)) zones[k] = [];
  const cards: TableCard[] = [];
  for (const s of options.start) {
    const def = options.zones.find((z) => z.id === s.zone);
    if (!def || def.perSeat) continue;
    for (const c of s.cards) {
      zones[def.id]!.push(cards.length);
      cards.push({ c, up: def.face === 'up', rot: 0 });
    }
  }
  const counters: Record<string, number> = {};
  for (const c of options.counters) for (const k of c.perSeat ? Array.from({ length: players }, (_, s) => `${c.id}@${s}`) : [c.id]) counters[k] = c.start;
  const dice: Record<string, number | null> = {};
  for (const d of options.dice) dice[d.id] = null;
  const pieces: Record<string, { x: number; y: number }> = {};
  for (const p of options.board?.pieces ?? []) pieces[p.id] = { x: p.x, y: p.y };
  let state: SandboxState = { v: 1, players, options, rng: seedRng(seed), cards, zones, counters, dice, pieces, active: 0, turn: 1, peeks: {}, ended: false };
  const events: GameEvent[] = [];
  if (options.setup.length) {
    const d = new Draft(state);
    for (const a of options.setup) runAction(d, a, 0);
    state = d.done();
    events.push(...d.events);
  }
  return { state, events };
}

/** Where a card lies: the zone instance holding it (a linear search; moves touch few cards). */
export function zoneHolding(d: Draft, i: number): string | null {
  for (const [key, list] of Object.entries(d.zones)) if (list.includes(i)) return key;
  return null;
}

/**
 * Put cards into a zone, taking them from wherever they are (`from`, when the caller knows, saves
 * the search), face and place as given (face: the zone's, and face down into a hand).
 */
export function place(d: Draft, cards: readonly number[], to: string, opts: { at?: 'top' | 'bottom'; x?: number; y?: number; up?: boolean }, from?: string): void {
  const dest = zoneOf(d.base.options, to);
  if (!dest) return;
  const moving = new Set(cards);
  const sources = from !== undefined ? [from] : Object.keys(d.zones).filter((k) => d.zones[k]!.some((i) => moving.has(i)));
  for (const key of sources) {
    const list = d.zones[key]!;
    if (cards.length === 1 && list[list.length - 1] === cards[0]) d.zone(key).pop();
    else d.zone(key).splice(0, Infinity, ...list.filter((i) => !moving.has(i)));
  }
  const target = d.zone(to);
  if (opts.at === 'bottom') target.unshift(...cards);
  else for (const i of cards) target.push(i);
  const up = opts.up ?? (dest.def.kind === 'hand' ? false : dest.def.face === 'up');
  cards.forEach((i, k) => {
    const c = d.card(i);
    c.up = up;
    if (dest.def.layout === 'free') {
      c.x = (opts.x ?? 10) + k * 4;
      c.y = (opts.y ?? 10) + k * 4;
    } else {
      delete c.x;
      delete c.y;
    }
  });
}

/**
 * Who may know which card a card index is, after it moved into `to`: everyone when it lies face up;
 * its seat when it went into a hand; nobody new otherwise (a face-down pile).
 */
export function seesAfter(d: Draft, i: number, to: string): 'all' | number[] {
  const z = zoneOf(d.base.options, to);
  if (d.cards[i]!.up) return 'all';
  return z?.owner !== null && z?.owner !== undefined && z.def.kind === 'hand' ? [z.owner] : [];
}

/** Run one setup or button action for `seat` (the seat pressing the button). Returns false when it did nothing. */
export function runAction(d: Draft, a: SandboxAction, seat: number): boolean {
  const opts = d.base.options;
  const players = d.base.players;
  switch (a.do) {
    case 'shuffle': {
      if (!d.zones[a.zone]) return false;
      const list = d.zone(a.zone);
      d.random().shuffle(list);
      d.events.push({ type: 'shuffle', seat, zone: a.zone, n: list.length });
      return true;
    }
    case 'deal': {
      const def = opts.zones.find((z) => z.id === a.to);
      if (!def?.perSeat || !d.zones[a.from]) return false;
      // Dealt one card at a time round the table, from the dealer's left; told as one event per
      // seat (the cards it got, a reveal to that seat alone when they went into its hand).
      const got: number[][] = Array.from({ length: players }, () => []);
      for (let round = 0; round < a.count; round++)
        for (let k = 0; k < players; k++) {
          const pile = d.zones[a.from]!;
          if (!pile.length) break;
          const i = pile[pile.length - 1]!;
          place(d, [i], zoneKey(def, (seat + 1 + k) % players), {}, a.from);
          got[k]!.push(i);
        }
      got.forEach((cards, k) => {
        if (!cards.length) return;
        const to = (seat + 1 + k) % players;
        const key = zoneKey(def, to);
        // One zone, one face: what its first card's seeing says holds for all of them.
        const saw = seesAfter(d, cards[0]!, key);
        d.events.push({ type: 'deal', seat, to, from: a.from, zone: key, n: cards.length, ...(saw === 'all' || saw.length ? { reveal: saw, cards: cards.map((i) => d.cards[i]!.c) } : {}) });
      });
      return true;
    }
    case 'gather': {
      const from = zoneKeys(opts, players).filter((k) => k === a.from || k.startsWith(`${a.from}@`));
      const cards = from.flatMap((k) => d.zones[k] ?? []);
      if (!cards.length || !d.zones[a.to]) return false;
      place(d, cards, a.to, {});
      d.events.push({ type: 'gather', seat, from: a.from, to: a.to, n: cards.length });
      return true;
    }
    case 'flip': {
      const list = d.zones[a.zone];
      if (!list) return false;
      const up = a.face === 'up';
      const shown = list.filter((i) => d.cards[i]!.up !== up);
      for (const i of shown) d.card(i).up = up;
      d.events.push({ type: 'flipAll', seat, zone: a.zone, up, n: shown.length, ...(up && shown.length ? { reveal: 'all', cards: shown.map((i) => d.cards[i]!.c) } : {}) });
      return true;
    }
    case 'draw': {
      const hand = handOf(d.base, seat);
      const pile = d.zones[a.from];
      if (!hand || !pile) return false;
      const take = pile.slice(-a.count).reverse();
      if (!take.length) return false;
      place(d, take, hand, {}, a.from);
      d.events.push({ type: 'draw', seat, from: a.from, n: take.length, reveal: [seat], cards: take.map((i) => d.cards[i]!.c) });
      return true;
    }
  }
}
