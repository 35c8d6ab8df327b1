import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAN_PROTOCOL, LAN_RATE_PER_SECOND } from '../../../shared/lan/protocol';
import type { LanInfo } from '../../../shared/ipc/lan';
import { LanService } from './service';
import { TestDevice, testPacket } from './devices.test-fixture';

const PORT = 47819;
/** Messages a second, across the fuzzing devices, and for how long. */
const RATE = 100;
const SECONDS = 5;

/** A deterministic random source, so a failure can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let lan: LanService;
let info: LanInfo;
let hostRunning = true;
const logged: string[] = [];

/**
 * A fake host: it plays the authority's part as the table does, polling `next` and answering each
 * relayed move, refusing half of them as the engine would and publishing a new step for the rest.
 */
async function fakeHost(): Promise<{ moves: number; maxPoll: number }> {
  let after = 0;
  let step = 0;
  let moves = 0;
  let maxPoll = 0;
  while (hostRunning) {
    const t0 = performance.now();
    const r = await lan.next(after, 200);
    maxPoll = Math.max(maxPoll, r.events.length ? performance.now() - t0 : 0);
    after = r.last;
    for (const e of r.events) {
      if (e.kind !== 'move') continue;
      moves++;
      if (moves % 2) lan.refuse(e.seat, e.n, 'illegal', { zh: '不合规则', en: 'Not by the rules' });
      else {
        step++;
        lan.publish(step, [testPacket(0, step, [step % 2]), testPacket(1, step, [step % 2])], testPacket(null, step, [step % 2]));
      }
    }
  }
  return { moves, maxPoll };
}

beforeAll(async () => {
  lan = new LanService({ rendererDir: null, listenHost: '127.0.0.1', addresses: () => ['127.0.0.1'], log: (l) => logged.push(l) });
  info = await lan.start({ game: 'doufu', project: 'doufu', title: { zh: '斗福', en: 'Dou Fu' }, port: PORT, players: 3, remote: [0, 1], spectator: true });
  lan.publish(0, [testPacket(0, 0, [0]), testPacket(1, 0, [0])], testPacket(null, 0, [0]));
});
afterAll(async () => {
  await lan.stop();
});

describe('the LAN server under a fuzz of bad and out-of-turn messages', () => {
  it(`stays up and answers a ping within 200 ms throughout ${RATE} messages/s for ${SECONDS} s`, async () => {
    const random = rng(24);
    const tokens = [info.seats[0]!.token, info.seats[1]!.token, info.spectator!.token];
    // Five fuzzing devices at 20 messages/s each (within the rate limit, so every message is parsed), plus one over it.
    const fuzzers: TestDevice[] = [];
    for (let i = 0; i < 5; i++) fuzzers.push(new TestDevice(PORT));
    const flooder = new TestDevice(PORT);
    const pinger = new TestDevice(PORT);
    await Promise.all([...fuzzers, flooder, pinger].map((d) => d.open));
    fuzzers[0]!.hello(tokens[0]!);
    fuzzers[1]!.hello(tokens[1]!);
    fuzzers[2]!.hello(tokens[2]!);
    await Promise.all(fuzzers.slice(0, 3).map((d) => d.welcome()));

    const junk = (): unknown => {
      const seat = Math.floor(random() * 3);
      const n = Math.floor(random() * 50);
      const at = Math.floor(random() * 30);
      switch (Math.floor(random() * 14)) {
        case 0: return '{"t":"move",';
        case 1: return 'null';
        case 2: return JSON.stringify([1, 2, 3]);
        case 3: return { t: 'move', n, at, move: { type: 'play', seat } }; // out of turn, stale, not yours, replayed
        case 4: return { t: 'move', n: -1, at, move: { type: 'play', seat } };
        case 5: return { t: 'move', n, at, move: { type: 'x'.repeat(100), seat } };
        case 6: return { t: 'hello', v: LAN_PROTOCOL, token: tokens[seat] }; // a second hello or a taken seat
        case 7: return { t: 'hello', v: LAN_PROTOCOL, token: 'a'.repeat(20) };
        case 8: return { t: 'move', n, at, move: { type: 'play', seat, __proto__: { polluted: true } } };
        case 9: return JSON.stringify({ t: 'move', n, at, move: { type: 'play', seat, deep: JSON.parse('['.repeat(500) + ']'.repeat(500)) } });
        case 10: return 'x'.repeat(20_000); // over the size limit
        case 11: return { t: 'ping', n: 'one' };
        case 12: return { t: 'move', n: 1e300, at: 1.5, move: { seat: 0 } };
        default: return { t: 'move', n: Date.now(), at: Math.floor(random() * 3), move: { type: 'play', seat: Math.floor(random() * 2) } };
      }
    };

    const host = fakeHost();
    const latencies: number[] = [];
    let sent = 0;
    const end = Date.now() + SECONDS * 1000;
    const fuzzing = (async () => {
      // Paced by the clock, not by timer ticks (which drift late): RATE a second across the fuzzers, round robin.
      const t0 = Date.now();
      let k = 0;
      while (Date.now() < end) {
        const owed = Math.floor(((Date.now() - t0) * RATE) / 1000);
        while (sent < owed) {
          const d = fuzzers[k++ % fuzzers.length]!;
          if (d.ws.readyState === d.ws.OPEN) d.send(junk());
          sent++;
        }
        // The flooder sends at three times the rate limit.
        for (let i = 0; i < 3 && flooder.ws.readyState === flooder.ws.OPEN; i++) flooder.send({ t: 'ping', n: sent });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const pinging = (async () => {
      let n = 0;
      while (Date.now() < end) {
        const t0 = performance.now();
        const from = pinger.got.length;
        pinger.send({ t: 'ping', n: ++n });
        const want = n;
        await pinger.next((m): m is Extract<typeof m, { t: 'pong' }> => m.t === 'pong' && m.n === want, from, 1000);
        latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await Promise.all([fuzzing, pinging]);
    hostRunning = false;
    const h = await host;

    console.info(`[lan fuzz] ${sent} messages, ${latencies.length} pings, slowest pong ${Math.max(...latencies).toFixed(1)} ms, ${lan.status().refused} refused, ${h.moves} moves relayed`);
    expect(sent).toBeGreaterThanOrEqual(RATE * SECONDS * 0.95);
    expect(latencies.length).toBeGreaterThanOrEqual(SECONDS * 5);
    expect(Math.max(...latencies)).toBeLessThan(200);
    // No handler error: every bad message was refused, none crashed anything.
    const status = lan.status();
    expect(status.running).toBe(true);
    expect(logged.filter((l) => l.includes('failed'))).toEqual([]);
    expect(status.refused).toBeGreaterThan(RATE * SECONDS * 0.3);
    // The flooder was told about its rate about once a second, not once a message.
    expect(flooder.got.filter((m) => m.t === 'refused' && m.code === 'rate').length).toBeLessThanOrEqual(SECONDS + 2);
    expect(flooder.got.filter((m) => m.t === 'pong').length).toBeLessThanOrEqual(LAN_RATE_PER_SECOND * (SECONDS + 2) + 2 * LAN_RATE_PER_SECOND);
    // Seat 0 never got seat 1's hand, the spectator never a hand.
    expect(fuzzers[0]!.raw.join('\n')).not.toContain('secret-of-seat-1');
    expect(fuzzers[1]!.raw.join('\n')).not.toContain('secret-of-seat-0');
    expect(fuzzers[2]!.raw.join('\n')).not.toMatch(/secret-of-seat/);
    // The fake host heard moves and answered them.
    expect(h.moves).toBeGreaterThan(0);
    // And a fresh device still joins and plays.
    const fresh = new TestDevice(PORT);
    await fresh.open;
    fresh.hello(info.spectator!.token);
    expect(await fresh.welcome()).toMatchObject({ seat: null });
    for (const d of [...fuzzers, flooder, pinger, fresh]) d.close();
  }, 30_000);
});
