/**
 * The games that have a board for a seat's own device, by game id (the packet's `game`). A game
 * without one shows a clear message on the device (play it at the host's screen), never a blank page.
 */
import type { Component } from 'svelte';
import type { RemoteSeat } from './RemoteSeat.svelte';
import DoufuSeat from './doufu/DoufuSeat.svelte';
import ZodiacSeat from './zodiac/ZodiacSeat.svelte';
import LaobanSeatBoard from './laoban/LaobanSeatBoard.svelte';
import MoyuSeatBoard from './moyu/MoyuSeatBoard.svelte';
import ShisiSeatBoard from './shisi/ShisiSeatBoard.svelte';
import SandboxSeatBoard from './sandbox/SandboxSeatBoard.svelte';

export type SeatBoard = Component<{ remote: RemoteSeat }>;

export const SEAT_BOARDS: Readonly<Record<string, SeatBoard>> = {
  doufu: DoufuSeat,
  'zodiac-race': ZodiacSeat,
  'dou-laoban': LaobanSeatBoard,
  'moyu-wang': MoyuSeatBoard,
  'dou-shisi': ShisiSeatBoard,
  sandbox: SandboxSeatBoard,
};

/** The board for `game`, or null when its device view is not ready. */
export function boardFor(game: string | undefined): SeatBoard | null {
  return game && Object.hasOwn(SEAT_BOARDS, game) ? SEAT_BOARDS[game]! : null;
}
