/**
 * The sandbox table as one seat's device draws it, read from the seat's view alone: its own hand,
 * the other seats' hands as counts only, the shared piles and areas, counters and dice, each named
 * by the table's set-up. Which cards a tap may pick up follows the engine: any card on the table
 * except another seat's hand.
 */
import type { CardView, SandboxMove, SandboxView, ZoneKind } from '../../../../shared/games/sandbox/types';
import type { LocalText } from '../../../../shared/engine/types';
import { LAN_FACE_IDS, type LanCards } from '../../../../shared/lan/protocol';

export interface SeatZone {
  key: string;
  kind: ZoneKind;
  name: LocalText;
  /** The seat a per-seat zone belongs to (null: shared). */
  owner: number | null;
  cards: CardView[];
}

export interface SeatCounter {
  key: string;
  name: LocalText;
  owner: number | null;
  value: number;
}

export interface SeatDie {
  id: string;
  name: LocalText;
  /** The face it shows (null before its first roll). */
  face: string | null;
}

export interface SeatTable {
  /** This seat's hand (null: a spectator, or a table without hands). */
  hand: SeatZone | null;
  /** Other seats' hands: how many cards each holds, never which. */
  otherHands: { owner: number; count: number }[];
  /** Piles and areas every seat may reach, shared ones first, then this seat's own, then the others'. */
  zones: SeatZone[];
  counters: SeatCounter[];
  dice: SeatDie[];
}

/** Split `hand@1` into its zone id and owner. */
export function splitKey(key: string): { id: string; owner: number | null } {
  const at = key.lastIndexOf('@');
  if (at < 0) return { id: key, owner: null };
  const owner = Number(key.slice(at + 1));
  return Number.isInteger(owner) ? { id: key.slice(0, at), owner } : { id: key, owner: null };
}

const plain = (id: string): LocalText => ({ zh: id, en: id });

/** The seat's table, from its view. */
export function seatTable(v: SandboxView): SeatTable {
  const defs = new Map((v.table?.zones ?? []).map((z) => [z.id, z]));
  let hand: SeatZone | null = null;
  const otherHands: SeatTable['otherHands'] = [];
  const shared: SeatZone[] = [];
  const mine: SeatZone[] = [];
  const theirs: SeatZone[] = [];
  for (const [key, cards] of Object.entries(v.zones)) {
    const { id, owner } = splitKey(key);
    const def = defs.get(id);
    const z: SeatZone = { key, kind: def?.kind ?? 'area', name: def?.name ?? plain(id), owner, cards };
    if (z.kind === 'hand') {
      if (owner !== null && owner === v.seat) hand = z;
      else if (owner !== null) otherHands.push({ owner, count: cards.length });
    } else (owner === null ? shared : owner === v.seat ? mine : theirs).push(z);
  }
  const counterDefs = new Map((v.table?.counters ?? []).map((c) => [c.id, c]));
  const counters = Object.entries(v.counters).map(([key, value]) => {
    const { id, owner } = splitKey(key);
    return { key, name: counterDefs.get(id)?.name ?? plain(id), owner, value };
  });
  const dieDefs = new Map((v.table?.dice ?? []).map((d) => [d.id, d]));
  const dice = Object.entries(v.dice).map(([id, at]) => {
    const def = dieDefs.get(id);
    return { id, name: def?.name ?? plain(id), face: at === null ? null : (def?.faces[at] ?? String(at + 1)) };
  });
  return { hand, otherHands: otherHands.sort((a, b) => a.owner - b.owner), zones: [...shared, ...mine, ...theirs], counters, dice };
}

/** The legal move of `type` matching `pick` (the packet lists the discrete moves the seat may make now). */
export function legalOf<T extends SandboxMove['type']>(legal: readonly SandboxMove[], type: T, pick: (m: Extract<SandboxMove, { type: T }>) => boolean = () => true): Extract<SandboxMove, { type: T }> | undefined {
  return legal.find((m): m is Extract<SandboxMove, { type: T }> => m.type === type && pick(m as Extract<SandboxMove, { type: T }>));
}

/** What the device shows of one card: its name and face picture (markup with ids of its own), when the host sent them. */
export interface SeatFace {
  /** The card's name in the project's data (its id when the host sent none); null: a back. */
  name: string | null;
  /** The picture's SVG markup, its clip-path ids made this card's own; null: none yet. */
  svg: string | null;
}

/** Face markup per card on the table and picture (its ids its own); past MAX_COPIES the cache starts again. */
const copies = new Map<string, string>();
const MAX_COPIES = 400;

/**
 * A card as this seat may see it: a card its view names shows its name and face (both sent by the
 * host for exactly those cards); any other shows the table's one back. `i` (the card's number on
 * the table, unique on the page) makes the picture's ids its own.
 */
export function seatFace(c: CardView, cards: LanCards | undefined, faces: ReadonlyMap<string, string>): SeatFace {
  const own = (key: string | null | undefined): string | null => {
    const svg = key ? faces.get(key) : undefined;
    if (svg === undefined) return null;
    // Every packet draws the board again: a copy's markup is made once, not per packet.
    const at = `${c.i}:${key}`;
    let copy = copies.get(at);
    if (copy === undefined) {
      if (copies.size >= MAX_COPIES) copies.clear();
      copies.set(at, (copy = svg.replaceAll(LAN_FACE_IDS, `fqd${c.i}-`)));
    }
    return copy;
  };
  if (c.c === null) return { name: null, svg: own(cards?.back) };
  const known = cards && Object.hasOwn(cards.known, c.c) ? cards.known[c.c]! : null;
  return { name: known?.name || c.c, svg: own(known?.face) };
}
