/** The sandbox table as a game on the engine contract (see README.md). */
import type { Game, GameStatus } from '../../engine/types';
import { applyMove } from './apply';
import { DEFAULT_OPTIONS, parseOptions } from './options';
import { counterKeys, handOf, MAX_SEATS, setupState } from './state';
import type { SandboxMove, SandboxOptions, SandboxState, SandboxView } from './types';
import { viewOf } from './view';

/** Changes whenever a change would make old move lists replay differently. */
export const SANDBOX_RULES_VERSION = 'sandbox-1';

/** Where the table stands: never won (a playtest has no rules); over when a seat ends it; the first per-seat counter as the score. */
export function statusOf(s: SandboxState): GameStatus {
  const first = s.options.counters.find((c) => c.perSeat);
  const scores = Array.from({ length: s.players }, (_, k) => (first ? (s.counters[`${first.id}@${k}`] ?? 0) : 0));
  return { over: s.ended, winners: [], draw: false, scores, toAct: s.ended ? [] : [s.active] };
}

/**
 * The discrete moves the seat at the screen may make (draw, shuffle, roll, counters, buttons, pass,
 * end). Moving cards to a place is open-ended (any card, any spot) and is not listed.
 */
export function listMoves(s: SandboxState, seat: number): SandboxMove[] {
  if (s.ended || seat !== s.active) return [];
  const out: SandboxMove[] = [];
  const hand = handOf(s, seat);
  for (const z of s.options.zones)
    if (z.kind === 'pile' && !z.perSeat && (s.zones[z.id]?.length ?? 0) > 0) {
      if (hand) out.push({ type: 'draw', seat, from: z.id, count: 1 });
      out.push({ type: 'shuffle', seat, zone: z.id });
    }
  for (const d of s.options.dice) out.push({ type: 'roll', seat, die: d.id });
  for (const key of counterKeys(s.options, s.players)) out.push({ type: 'counter', seat, counter: key, delta: 1 }, { type: 'counter', seat, counter: key, delta: -1 });
  for (const b of s.options.buttons) out.push({ type: 'button', seat, button: b.id });
  out.push({ type: 'pass', seat }, { type: 'end', seat });
  return out.filter((m) => applyMove(s, m).ok);
}

export const sandbox: Game<SandboxState, SandboxMove, SandboxView, SandboxOptions> = {
  id: 'sandbox',
  rulesVersion: SANDBOX_RULES_VERSION,
  name: { zh: '沙盒牌桌', en: 'Sandbox table' },
  minPlayers: 1,
  maxPlayers: MAX_SEATS,
  defaultOptions: DEFAULT_OPTIONS,
  parseOptions,
  setup: ({ seed, players, options }) => setupState(seed, players, options).state,
  start: ({ seed, players, options }) => setupState(seed, players, options),
  legalMoves: listMoves,
  apply: applyMove,
  view: viewOf,
  status: statusOf,
};
