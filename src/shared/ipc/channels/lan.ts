/** The LAN table: hosting a game for phones and laptops on the same network. */
import type { LanInfo, LanNext, LanPublishArg, LanRefuseArg, LanStartArg } from '../lan';

/** The lan channels: `domain:verb` names by key. */
export const LAN_CHANNELS = {
  /** Invite devices to a table's seats on the local network: start the LAN server (see shared/ipc/lan.ts). */
  LAN_START: 'lan:start',
  /** Stop inviting: every device is told the table closed, and nothing listens beyond 127.0.0.1. */
  LAN_STOP: 'lan:stop',
  /** The LAN table's links and connected devices. */
  LAN_STATUS: 'lan:status',
  /** The match after a change: each invited seat's packet and the public one (a device gets only its own). */
  LAN_PUBLISH: 'lan:publish',
  /** What devices did after an event number (joined, left, a move): answers at once, or waits for one. */
  LAN_NEXT: 'lan:next',
  /** Tell a device the engine refused its move, and why. */
  LAN_REFUSE: 'lan:refuse',
} as const;

/** The arguments and results of the lan channels. */
export interface LanInvokeMap {
  [LAN_CHANNELS.LAN_START]: (arg: LanStartArg) => LanInfo;
  [LAN_CHANNELS.LAN_STOP]: (arg: null) => LanInfo;
  [LAN_CHANNELS.LAN_STATUS]: (arg: null) => LanInfo;
  [LAN_CHANNELS.LAN_PUBLISH]: (arg: LanPublishArg) => { sent: number };
  [LAN_CHANNELS.LAN_NEXT]: (arg: { after: number; waitMs: number }) => LanNext;
  [LAN_CHANNELS.LAN_REFUSE]: (arg: LanRefuseArg) => { sent: boolean };
}
