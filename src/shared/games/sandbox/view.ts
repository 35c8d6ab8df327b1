/**
 * What a seat sees of the sandbox table: every card's place, and which card it is only where that
 * seat may know it — face up anywhere, in its own hand, or in what it is peeking at. Another
 * seat's hand shows as backs (its revealed cards face up). A spectator (null) sees public
 * information only.
 */
import { zoneOf } from './state';
import type { CardView, SandboxOptions, SandboxState, SandboxTableInfo, SandboxView } from './types';

export function viewOf(s: SandboxState, seat: number | null): SandboxView {
  const zones: Record<string, CardView[]> = {};
  for (const [key, list] of Object.entries(s.zones)) {
    const z = zoneOf(s.options, key);
    const mine = z?.def.kind === 'hand' && z.owner === seat && seat !== null;
    zones[key] = list.map((i) => {
      const c = s.cards[i]!;
      const v: CardView = { i, c: c.up || mine ? c.c : null, up: c.up, rot: c.rot };
      if (c.x !== undefined) v.x = c.x;
      if (c.y !== undefined) v.y = c.y;
      return v;
    });
  }
  const peek = seat === null ? [] : (s.peeks[seat] ?? []).map((i) => ({ i, c: s.cards[i]!.c, up: s.cards[i]!.up, rot: s.cards[i]!.rot }));
  return { seat, players: s.players, active: s.active, turn: s.turn, zones, counters: { ...s.counters }, dice: { ...s.dice }, pieces: { ...s.pieces }, peek, ended: s.ended, table: tableInfo(s.options) };
}

/** The public part of the table's set-up. */
function tableInfo(o: SandboxOptions): SandboxTableInfo {
  return {
    zones: o.zones.map((z) => ({ id: z.id, kind: z.kind, name: { ...z.name }, face: z.face, perSeat: z.perSeat })),
    counters: o.counters.map((c) => ({ id: c.id, name: { ...c.name }, perSeat: c.perSeat })),
    dice: o.dice.map((d) => ({ id: d.id, name: { ...d.name }, faces: [...d.faces] })),
  };
}
