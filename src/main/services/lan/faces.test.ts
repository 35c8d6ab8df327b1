/**
 * Card face pictures on the LAN table (a sandbox table plays a project's own cards): the host
 * names each card a seat may see in that seat's packet, and sends the pictures to main once; main
 * sends a device each picture once, just before the first packet of its seat that names it, and
 * never a picture its seat's packet does not name.
 */
import { describe, expect, it } from 'vitest';
import type { LanHostMessage, LanPacket } from '../../../shared/lan/protocol';
import { LanPublishArgSchema } from '../../../shared/ipc/lan';
import { LAN_FACES_MESSAGE, LanRoom, type LanDevice } from './room';
import { testPacket } from './devices.test-fixture';

class Recorder implements LanDevice {
  got: LanHostMessage[] = [];
  closed = false;
  send(m: LanHostMessage): void {
    this.got.push(m);
  }
  close(): void {
    this.closed = true;
  }
  faces(): Record<string, string> {
    return Object.assign({}, ...this.got.filter((m) => m.t === 'faces').map((m) => (m as Extract<LanHostMessage, { t: 'faces' }>).faces));
  }
}

const SVG = (k: string) => `<svg xmlns="http://www.w3.org/2000/svg"><text>${k}</text></svg>`;

/** A seat's packet naming `known` cards (card id → face key) and the back. */
function withCards(seat: number | null, step: number, known: Record<string, string>): LanPacket {
  return { ...testPacket(seat, step, [0]), game: 'sandbox', cards: { known: Object.fromEntries(Object.entries(known).map(([id, face]) => [id, { name: `name of ${id}`, face }])), back: 'back0000' } };
}

function room(): { room: LanRoom; join(seat: number | null): Recorder } {
  const r = new LanRoom({ game: 'sandbox', title: { zh: '试玩', en: 'Playtest' }, seats: new Map([[0, 'a'.repeat(20)], [1, 'b'.repeat(20)]]), spectator: 'c'.repeat(20), onEvent: () => undefined });
  return {
    room: r,
    join(seat) {
      const d = new Recorder();
      r.connect(d).receive(JSON.stringify({ t: 'hello', v: 1, token: seat === null ? 'c'.repeat(20) : (seat === 0 ? 'a' : 'b').repeat(20) }));
      return d;
    },
  };
}

describe('face pictures on the LAN table', () => {
  it('sends each seat only the pictures its packet names, each once, before that packet', () => {
    const { room: r, join } = room();
    const a = join(0);
    const b = join(1);
    const spec = join(null);
    const faces = { back0000: SVG('back'), aaaa1111: SVG('A'), bbbb2222: SVG('B'), cccc3333: SVG('C') };
    r.publish(0, [withCards(0, 0, { A: 'aaaa1111', C: 'cccc3333' }), withCards(1, 0, { B: 'bbbb2222', C: 'cccc3333' })], withCards(null, 0, { C: 'cccc3333' }), faces);
    expect(Object.keys(a.faces()).sort()).toEqual(['aaaa1111', 'back0000', 'cccc3333']);
    expect(Object.keys(b.faces()).sort()).toEqual(['back0000', 'bbbb2222', 'cccc3333']);
    expect(Object.keys(spec.faces()).sort()).toEqual(['back0000', 'cccc3333']);
    // The pictures come right before the packet naming them.
    const kinds = a.got.map((m) => m.t);
    expect(kinds.slice(-2)).toEqual(['faces', 'packet']);
    // No message to seat 1 holds seat 0's card A, its name or its picture.
    for (const m of b.got) {
      const text = JSON.stringify(m);
      expect(text).not.toContain('aaaa1111');
      expect(text).not.toContain('"A"');
      expect(text).not.toContain('<text>A</text>');
    }

    // The next step names the same cards and one more: only the new picture is sent.
    a.got = [];
    r.publish(1, [withCards(0, 1, { A: 'aaaa1111', C: 'cccc3333', B: 'bbbb2222' }), withCards(1, 1, { C: 'cccc3333' })], null);
    expect(a.faces()).toEqual({ bbbb2222: SVG('B') });
    a.got = [];
    r.publish(2, [withCards(0, 2, { A: 'aaaa1111' }), withCards(1, 2, {})], null);
    expect(a.got.map((m) => m.t)).toEqual(['packet']);
  });

  it('a device that joins (or rejoins on a new connection) gets every picture its stored packet names', () => {
    const { room: r, join } = room();
    r.publish(0, [withCards(0, 0, { A: 'aaaa1111' })], null, { back0000: SVG('back'), aaaa1111: SVG('A') });
    const a = join(0);
    expect(a.got.map((m) => m.t)).toEqual(['welcome', 'faces', 'packet']);
    expect(Object.keys(a.faces()).sort()).toEqual(['aaaa1111', 'back0000']);
    const again = new Recorder();
    const welcome = a.got[0] as Extract<LanHostMessage, { t: 'welcome' }>;
    r.connect(again).receive(JSON.stringify({ t: 'hello', v: 1, token: 'a'.repeat(20), resume: welcome.resume }));
    expect(Object.keys(again.faces()).sort()).toEqual(['aaaa1111', 'back0000']);
  });

  it('a picture that comes in a later publish goes to the devices whose packet names it then', () => {
    const { room: r, join } = room();
    const a = join(0);
    const p = withCards(0, 0, { A: 'aaaa1111' });
    r.publish(0, [p], null, { back0000: SVG('back') });
    expect(Object.keys(a.faces())).toEqual(['back0000']);
    r.publish(0, [p], null, { aaaa1111: SVG('A') });
    expect(Object.keys(a.faces()).sort()).toEqual(['aaaa1111', 'back0000']);
  });

  it('splits many large pictures over several messages, all before the packet', () => {
    const { room: r, join } = room();
    const a = join(0);
    const big = (c: string) => c.repeat(LAN_FACES_MESSAGE / 2 + 10);
    r.publish(0, [withCards(0, 0, { A: 'aaaa1111', B: 'bbbb2222', C: 'cccc3333' })], null, { aaaa1111: big('a'), bbbb2222: big('b'), cccc3333: 'c' });
    expect(a.got.map((m) => m.t)).toEqual(['welcome', 'faces', 'faces', 'packet']);
    expect(a.got.filter((m) => m.t === 'faces').map((m) => Object.keys((m as Extract<LanHostMessage, { t: 'faces' }>).faces))).toEqual([['aaaa1111'], ['bbbb2222', 'cccc3333']]);
  });

  it('the publish schema takes cards and faces and refuses a bad key', () => {
    const ok = LanPublishArgSchema.safeParse({ step: 0, seats: [withCards(0, 0, { A: 'aaaa1111' })], public: null, faces: { aaaa1111: SVG('A') } });
    expect(ok.success).toBe(true);
    const bad = LanPublishArgSchema.safeParse({ step: 0, seats: [], public: null, faces: { '../x': SVG('A') } });
    expect(bad.success).toBe(false);
    const badCard = LanPublishArgSchema.safeParse({ step: 0, seats: [{ ...withCards(0, 0, {}), cards: { known: { A: { name: 'A', face: 'NOT A KEY' } }, back: null } }], public: null });
    expect(badCard.success).toBe(false);
  });
});
