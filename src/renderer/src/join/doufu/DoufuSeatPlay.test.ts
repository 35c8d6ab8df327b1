import { describe, expect, it } from 'vitest';
import { Match } from '../../../../shared/engine/runner';
import { doufu } from '../../../../shared/games/doufu';
import type { DoufuMove, DoufuState } from '../../../../shared/games/doufu/types';
import type { DoufuView } from '../../../../shared/games/doufu/view';
import { LAN_PROTOCOL, type LanPacket } from '../../../../shared/lan/protocol';
import { RemoteSeat, type SeatSocket } from '../RemoteSeat.svelte';
import { DoufuSeatPlay } from './DoufuSeatPlay.svelte';

const SEAT = 1;

/** A match played (first legal moves, declaring when it may) until `when` holds. */
function matchUntil(when: (m: Match<DoufuState, DoufuMove, DoufuView, unknown>) => boolean) {
  const m = Match.create(doufu, { seed: 'seat-play', players: 3, options: doufu.defaultOptions }) as Match<DoufuState, DoufuMove, DoufuView, unknown>;
  for (let i = 0; i < 2000 && !when(m); i++) {
    const s = m.status().toAct[0]!;
    const legal = doufu.legalMoves(m.state, s);
    m.apply(legal.find((x) => x.type === 'declare') ?? legal.find((x) => x.type !== 'decline' && x.type !== 'pass') ?? legal[0]!);
  }
  expect(when(m)).toBe(true);
  return m;
}

function packetOf(m: Match<DoufuState, DoufuMove, DoufuView, unknown>): LanPacket {
  return { game: 'doufu', seat: SEAT, step: m.length, view: m.view(SEAT), legal: doufu.legalMoves(m.state, SEAT), status: m.status(), log: [], seats: [], held: false };
}

/** A seat joined over a socket that records what it sends; `say` delivers a packet. */
function joined(first: LanPacket) {
  const sent: { t: string; n?: number; at?: number; move?: DoufuMove }[] = [];
  const sock: SeatSocket = {
    readyState: 1,
    send: (d) => void sent.push(JSON.parse(d)),
    close: () => {},
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  const remote = new RemoteSeat({ token: 'abcdefghijklmnopqrst', url: 'ws://x/ws', open: () => sock });
  remote.start();
  sock.onopen?.({} as Event);
  const say = (m: unknown) => sock.onmessage?.({ data: JSON.stringify(m) } as MessageEvent);
  say({ t: 'welcome', v: LAN_PROTOCOL, seat: SEAT, resume: 'r', game: 'doufu', title: { zh: '斗福', en: 'Doufu' } });
  say({ t: 'packet', packet: first });
  const play = new DoufuSeatPlay(remote);
  const moves = () => sent.filter((x) => x.t === 'move');
  return { remote, play, say, moves };
}

describe('a 斗福 seat played from its own device', () => {
  it('on its turn: a tap on the lit deck sends the draw, acting on the packet’s step', () => {
    const m = matchUntil((x) => x.status().toAct[0] === SEAT && x.state.step.k === 'turn' && doufu.legalMoves(x.state, SEAT).some((mv) => mv.type === 'draw'));
    const { play, moves } = joined(packetOf(m));
    expect(play.spots.has('deck')).toBe(true);
    play.tap({ at: 'deck' });
    expect(moves()).toEqual([{ t: 'move', n: 0, at: m.length, move: { type: 'draw', seat: SEAT } }]);
  });

  it('a hand card is picked up by a tap (nothing sent), lights its targets, and is forgotten on the next packet', () => {
    const m = matchUntil((x) => x.status().toAct[0] === SEAT && x.state.step.k === 'turn' && doufu.legalMoves(x.state, SEAT).some((mv) => mv.type === 'eat' || mv.type === 'stack'));
    const { play, say, moves } = joined(packetOf(m));
    const legal = doufu.legalMoves(m.state, SEAT);
    const move = legal.find((mv): mv is Extract<DoufuMove, { type: 'eat' | 'stack' }> => mv.type === 'eat' || mv.type === 'stack')!;
    play.tap({ at: 'hand', code: move.card });
    expect(play.pick).toEqual({ kind: 'hand', code: move.card });
    expect(moves()).toEqual([]);
    if (move.type === 'stack') expect(play.spots.has('stack')).toBe(true);
    else expect([...play.spots].some((k) => k.startsWith('pool:'))).toBe(true);
    // Tapping where it goes sends the move.
    if (move.type === 'stack') play.tap({ at: 'stack' });
    else play.tap({ at: 'pool', code: move.take });
    expect(moves()).toHaveLength(1);
    expect(moves()[0]!.move).toMatchObject({ type: move.type, seat: SEAT, card: move.card });
    // The answer arrives: the pick is gone.
    const next = packetOf(m);
    say({ t: 'packet', packet: { ...next, step: next.step + 1 } });
    expect(play.pick).toEqual({ kind: 'none' });
  });

  it('off its turn a tap sends nothing and says whose turn it is not', () => {
    const m = matchUntil((x) => x.status().toAct[0] !== SEAT && x.state.step.k === 'turn');
    const { play, moves } = joined(packetOf(m));
    play.tap({ at: 'hand', code: (m.view(SEAT).hand ?? [])[0]! });
    expect(moves()).toEqual([]);
    expect(play.hint?.zh).toBeTruthy();
    expect(play.hint?.en).toBeTruthy();
  });

  it('nothing can be sent while the host holds the table', () => {
    const m = matchUntil((x) => x.status().toAct[0] === SEAT && x.state.step.k === 'turn');
    const { play, moves } = joined({ ...packetOf(m), held: true });
    expect(play.legal).toEqual([]);
    play.tap({ at: 'deck' });
    expect(moves()).toEqual([]);
  });

  it('queues the end of a hand when the packet after it arrives, until the player closes it', () => {
    const m = Match.create(doufu, { seed: 'seat-play', players: 3, options: doufu.defaultOptions }) as Match<DoufuState, DoufuMove, DoufuView, unknown>;
    const { play, say } = joined(packetOf(m));
    play.notePacket();
    expect(play.handEnd).toBeNull();
    const done = matchUntil((x) => x.state.handsDone === 1);
    // The packet just before the declaring move, then the one after it.
    const replay = Match.create(doufu, { seed: 'seat-play', players: 3, options: doufu.defaultOptions }) as Match<DoufuState, DoufuMove, DoufuView, unknown>;
    for (const e of done.log.slice(0, -1)) replay.apply(e.move);
    say({ t: 'packet', packet: packetOf(replay) });
    play.notePacket();
    expect(play.handEnd).toBeNull();
    say({ t: 'packet', packet: packetOf(done) });
    play.notePacket();
    expect(play.handEnd?.end.kind).toBe(done.state.lastHand?.kind);
    play.closeHandEnd();
    expect(play.handEnd).toBeNull();
  });
});
