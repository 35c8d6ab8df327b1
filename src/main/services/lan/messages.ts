/**
 * What the LAN table tells a device, in both languages, each saying what to do. The device shows
 * `message` as it is; `code` lets it react (shared/lan/protocol.ts LanRefusal).
 */
import type { LanRefusal, LanText } from '../../../shared/lan/protocol';
import { LAN_MAX_CLIENT_MESSAGE, LAN_PROTOCOL, LAN_RATE_PER_SECOND } from '../../../shared/lan/protocol';

export const REFUSAL: Readonly<Record<Exclude<LanRefusal, 'illegal'>, LanText>> = {
  malformed: { zh: '这条消息看不懂（不是本牌桌的格式）。请刷新页面后再试。', en: 'This message is not one the table understands. Reload the page and try again.' },
  'too-large': { zh: `消息太大（上限 ${LAN_MAX_CLIENT_MESSAGE / 1024} KB）。请刷新页面后再试。`, en: `The message is too large (at most ${LAN_MAX_CLIENT_MESSAGE / 1024} KB). Reload the page and try again.` },
  rate: { zh: `消息发得太快（每秒最多约 ${LAN_RATE_PER_SECOND} 条）。请稍等一下再操作。`, en: `Too many messages (about ${LAN_RATE_PER_SECOND} a second at most). Wait a moment, then try again.` },
  version: { zh: `这个页面的版本与主机不同（主机为 ${LAN_PROTOCOL}）。请刷新页面，或重新扫描主机上的二维码。`, en: `This page speaks another version than the host (${LAN_PROTOCOL}). Reload the page, or scan the QR code on the host again.` },
  token: { zh: '这个链接无效或已过期：主机可能已停止邀请或开了新的一局。请向主机要一个新链接或重新扫码。', en: 'This link is not valid any more: the host may have stopped inviting or started a new match. Ask the host for a new link or scan its QR code again.' },
  taken: { zh: '这个座位已经有另一台设备在用。请在那台设备上继续，或请主机把座位交给你。', en: 'Another device already holds this seat. Carry on on that device, or ask the host to free the seat.' },
  'not-joined': { zh: '还没有入座。请刷新页面重新加入。', en: 'Not seated yet. Reload the page to join again.' },
  replayed: { zh: '这一步已经发送过（或顺序不对），已忽略。请按当前画面继续。', en: 'This move was already sent (or came out of order) and is ignored. Carry on from what the screen shows now.' },
  stale: { zh: '牌局已经往前走了，这一步是按旧画面下的。请按当前画面重新操作。', en: 'The match moved on: this move was made on an old screen. Make it again on what the screen shows now.' },
  'not-your-turn': { zh: '现在不是你的回合。请等轮到你时再操作。', en: 'It is not your turn. Wait until it is, then move.' },
  'not-yours': { zh: '只能为自己的座位走棋。', en: 'You can only move for your own seat.' },
};

/** The host holds the table still (paused, a replay, a hand's end on show). */
export const HELD: LanText = { zh: '主机暂停了牌局（暂停、回放或展示结算中）。请等主机继续后再操作。', en: 'The host holds the table still (paused, replaying or showing a result). Wait until it goes on, then move.' };
/** A bot plays the seat now. */
export const BOT_SEAT: LanText = { zh: '主机已把这个座位交给机器人。请等主机把座位交还给你。', en: 'The host handed this seat to a bot. Wait until the host hands it back to you.' };
/** A spectator cannot move. */
export const SPECTATOR: LanText = { zh: '观战链接只能看，不能走棋。', en: 'A spectator link can watch, not move.' };
/** The host app quits with the invitation kept: the device reconnects when the table is open again. */
export const HOST_AWAY: LanText = { zh: '主机上的应用已关闭。主机重新打开这张牌桌后，本页会自动重新连接，座位不变。', en: 'The host app closed. This page reconnects on its own when the host opens the table again; your seat stays yours.' };
/** The same device joined again on another connection: this one is closed. */
export const REPLACED: LanText = { zh: '这个座位已在另一个连接上重新加入，这个连接关闭。', en: 'This seat rejoined on another connection; this one is closed.' };
/** Inviting stopped. */
export const STOPPED: LanText = { zh: '主机已停止邀请，牌桌已关闭。如要继续，请向主机要新的链接。', en: 'The host stopped inviting and the table is closed. Ask the host for a new link to carry on.' };
/** A second hello on one connection. */
export const ALREADY: LanText = { zh: '已经入座，不用再次加入。', en: 'Already seated: no need to join again.' };
/** Too many spectators on the spectator link. */
export const SPECTATORS_FULL: LanText = { zh: '观战的设备已满。请稍后再试，或在主机屏幕上观看。', en: 'The spectator link is full. Try again later, or watch the host screen.' };
/** A move relayed to the host is still being checked. */
export const PENDING: LanText = { zh: '上一步还在由主机确认。请等画面更新后再操作。', en: 'The host is still checking your last move. Wait for the screen to update, then move.' };
/** The host no longer invites this link's seat. */
export const UNINVITED: LanText = { zh: '主机不再邀请这个座位（或观战链接）。如要继续，请向主机要新的链接。', en: 'The host no longer invites this seat (or spectator link). Ask the host for a new link to carry on.' };
