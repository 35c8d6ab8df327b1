import { createRawSnippet } from 'svelte';
import { render } from 'svelte/server';
import { afterEach, describe, expect, it } from 'vitest';
import { LAN_PROTOCOL, type LanHostMessage, type LanPacket } from '../../../../shared/lan/protocol';
import { i18n } from '../../i18n/I18n.svelte';
import { RemoteSeat, type SeatClock, type SeatSocket } from '../RemoteSeat.svelte';
import DevicePrompt from './DevicePrompt.svelte';

/** Timers that never fire: the link stays as the test leaves it. */
const still: SeatClock = { now: () => 0, setTimeout: () => 1, clearTimeout: () => undefined, setInterval: () => 2, clearInterval: () => undefined };

/** A seat welcomed by the host on seat 1, its turn (a legal move), and the socket to drop. */
function seatOnItsTurn(): { remote: RemoteSeat; socket: SeatSocket } {
  const socket: SeatSocket = { readyState: 1, send: () => undefined, close: () => undefined, onopen: null, onmessage: null, onclose: null, onerror: null };
  const remote = new RemoteSeat({ token: 'abcdefghijklmnopqrst', url: 'ws://h/ws', open: () => socket, clock: still });
  remote.start();
  socket.onopen!({} as Event);
  const packet = { game: 'doufu', seat: 1, step: 4, view: {}, legal: [{ type: 'draw', seat: 1 }], status: { over: false, toAct: [1] }, log: [], seats: [], held: false } as unknown as LanPacket;
  const say = (m: LanHostMessage) => socket.onmessage!({ data: JSON.stringify(m) } as MessageEvent);
  say({ t: 'welcome', v: LAN_PROTOCOL, seat: 1, resume: 'r', game: 'doufu', title: { zh: '斗福', en: 'Doufu' } });
  say({ t: 'packet', packet });
  return { remote, socket };
}

const question = createRawSnippet(() => ({ render: () => '<p data-question>你的回合</p>' }));
const prompt = (remote: RemoteSeat, over = false) => render(DevicePrompt, { props: { remote, mine: remote.legal.length > 0, over, children: question } }).body;

afterEach(() => i18n.setLocale('zh'));

describe('the device prompt', () => {
  it('asks the board’s question while the seat is joined and on its turn', () => {
    const { remote } = seatOnItsTurn();
    const html = prompt(remote);
    expect(html).toContain('data-question');
    expect(html).toMatch(/class="prompt[^"]*mine/);
    expect(html).not.toContain('data-offline');
  });

  it('says the link is down instead of asking, even on its turn, in the player’s language (the host crashed, say)', () => {
    const { remote, socket } = seatOnItsTurn();
    socket.onclose!({} as CloseEvent);
    expect(remote.status).toBe('reconnecting');
    i18n.setLocale('zh');
    let html = prompt(remote);
    expect(html).not.toContain('data-question');
    expect(html).not.toMatch(/class="prompt[^"]*mine/);
    expect(html).toMatch(/data-offline[^>]*>与主机的连接断开了/);
    i18n.setLocale('en');
    html = prompt(remote);
    expect(html).toMatch(/data-offline[^>]*>Not connected to the host/);
  });

  it('shows the board’s own end words when the match is over, link or not', () => {
    const { remote, socket } = seatOnItsTurn();
    socket.onclose!({} as CloseEvent);
    const html = prompt(remote, true);
    expect(html).toContain('data-question');
    expect(html).not.toContain('data-offline');
  });
});
