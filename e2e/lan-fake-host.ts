import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import { Match } from '../src/shared/engine/runner';
import type { BaseMove, Game } from '../src/shared/engine/types';
import { LAN_PROTOCOL, LanClientMessage, type LanHostMessage, type LanPacket, type LanSeatInfo } from '../src/shared/lan/protocol';

/** How the host names each match (the game, as its new-game page does). */
const TITLES: Record<string, { zh: string; en: string }> = {
  doufu: { zh: '斗福 · 试玩', en: 'Doufu · playtest' },
  'zodiac-race': { zh: '生肖赛跑 · 试玩', en: 'Zodiac Race · playtest' },
  'dou-laoban': { zh: '斗老闆 · 试玩', en: 'Dou Laoban · playtest' },
  'moyu-wang': { zh: '摸鱼王 · 试玩', en: 'Moyu Wang · playtest' },
  'dou-shisi': { zh: '斗十四 · 试玩', en: 'Dou Shisi · playtest' },
  sandbox: { zh: '我的卡牌 · 试玩', en: 'My cards · playtest' },
};

/**
 * A stand-in for the LAN table's host, for the join page's own tests: the real engine runs the
 * match here, in the test, and every seat's device gets its packet (its view, its legal moves, the
 * log as it may read it) through Playwright's WebSocket routing, as the host would send it. Seats
 * not joined by a device are played by `bot` (the first legal move unless the test says otherwise).
 * The join page itself is the built one (out/renderer/join.html), served at `/j/<token>` with its
 * assets, so the CSP, the bundle and the socket path are the real ones.
 */
export class FakeLanHost<S, M extends BaseMove, V> {
  readonly match: Match<S, M, V, unknown>;
  readonly tokens: string[];
  /** Every message sent to each seat's device, as JSON text. */
  readonly sent = new Map<number, string[]>();
  #sockets = new Map<number, WebSocketRoute>();
  #resume = new Map<number, string>();
  #lastN = new Map<number, number>();

  constructor(
    readonly game: Game<S, M, V, unknown>,
    readonly players: number,
    readonly remote: readonly number[],
    readonly bot: (legal: M[], seat: number) => M = (legal) => legal[0]!,
    seed = 'lan-join',
  ) {
    this.match = Match.create(game, { seed, players, options: game.defaultOptions });
    this.tokens = Array.from({ length: players }, (_, i) => `seat${'abcdefghijklmnop'.slice(0, 15)}${'234567'[i]}`.slice(0, 20));
  }

  seats(): LanSeatInfo[] {
    return Array.from({ length: this.players }, (_, seat) => ({
      seat,
      kind: this.remote.includes(seat) ? 'remote' : 'bot',
      connected: this.#sockets.has(seat),
      name: { zh: `座位 ${seat + 1}`, en: `Seat ${seat + 1}` },
    }));
  }

  packet(seat: number): LanPacket {
    const m = this.match;
    const st = m.status();
    // The log as a seat reads it is the host table's (its lines per game); this stand-in sends the moves' numbers only.
    const log = m.log.map((e) => ({ move: e.index, kind: 'action', seat: e.move.seat, text: { zh: `第 ${e.index + 1} 步：座位 ${e.move.seat + 1}`, en: `Move ${e.index + 1}: seat ${e.move.seat + 1}` } }));
    return {
      game: this.game.id,
      seat,
      step: m.length,
      view: m.view(seat),
      legal: st.over ? [] : this.game.legalMoves(m.state, seat),
      status: st,
      log,
      seats: this.seats(),
      held: false,
    };
  }

  #send(seat: number, msg: LanHostMessage): void {
    const ws = this.#sockets.get(seat);
    if (!ws) return;
    const text = JSON.stringify(msg);
    this.sent.get(seat)?.push(text);
    ws.send(text);
  }

  broadcast(): void {
    for (const seat of this.#sockets.keys()) this.#send(seat, { t: 'packet', packet: this.packet(seat) });
  }

  /** Let the bots play until a remote seat must decide or the match is over. */
  runBots(): void {
    for (let guard = 0; guard < 500; guard++) {
      const st = this.match.status();
      if (st.over) return;
      const seat = st.toAct[0]!;
      if (this.remote.includes(seat)) return;
      const r = this.match.apply(this.bot(this.game.legalMoves(this.match.state, seat), seat));
      if (!r.ok) throw new Error(`bot move refused: ${r.message.en}`);
    }
  }

  /** Route the join page and its socket for `page` (or every page of a context). */
  async serve(target: Page | BrowserContext): Promise<void> {
    const html = readFileSync(join(__dirname, '..', 'out', 'renderer', 'join.html'), 'utf8');
    await target.route(/\/j\/[a-z2-7]{20}$/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
    // join.html names its files relative to itself (./assets/…): under /j/ they are the app's assets.
    await target.route(/\/j\/assets\//, async (route) => route.fulfill({ response: await route.fetch({ url: route.request().url().replace('/j/assets/', '/assets/') }) }));
    await target.routeWebSocket(/\/ws$/, (ws) => this.#attach(ws));
  }

  #attach(ws: WebSocketRoute): void {
    let seat: number | null = null;
    ws.onMessage((raw) => {
      const parsed = LanClientMessage.safeParse(JSON.parse(String(raw)));
      const refuse = (code: 'malformed' | 'token' | 'taken' | 'replayed' | 'stale' | 'illegal' | 'not-your-turn', n?: number, en = code) =>
        ws.send(JSON.stringify({ t: 'refused', code, n, message: { zh: `拒绝：${code}`, en: `Refused: ${en}` } } satisfies LanHostMessage));
      if (!parsed.success) return refuse('malformed');
      const m = parsed.data;
      if (m.t === 'ping') return ws.send(JSON.stringify({ t: 'pong', n: m.n }));
      if (m.t === 'hello') {
        const s = this.tokens.indexOf(m.token);
        if (s < 0 || !this.remote.includes(s)) return refuse('token');
        if (this.#sockets.has(s) && m.resume !== this.#resume.get(s)) return refuse('taken');
        seat = s;
        this.#sockets.set(s, ws);
        if (!this.sent.has(s)) this.sent.set(s, []);
        const resume = this.#resume.get(s) ?? `resume-${s}`;
        this.#resume.set(s, resume);
        ws.onClose(() => {
          if (this.#sockets.get(s) === ws) this.#sockets.delete(s);
          this.broadcast();
        });
        this.#send(s, { t: 'welcome', v: LAN_PROTOCOL, seat: s, resume, game: this.game.id, title: TITLES[this.game.id] ?? { zh: this.game.id, en: this.game.id } });
        this.broadcast();
        return;
      }
      if (seat === null) return refuse('malformed');
      if (m.n <= (this.#lastN.get(seat) ?? -1)) return refuse('replayed', m.n);
      this.#lastN.set(seat, m.n);
      if (m.at !== this.match.length) return refuse('stale', m.n);
      if (m.move.seat !== seat) return refuse('illegal', m.n);
      const r = this.match.apply(m.move as unknown as M);
      if (!r.ok) return ws.send(JSON.stringify({ t: 'refused', code: 'illegal', n: m.n, message: r.message } satisfies LanHostMessage));
      this.runBots();
      this.broadcast();
    });
  }
}

/**
 * Wait for the page's faces to load. The join page's policy has no 'unsafe-eval', so this asks
 * through page.evaluate (not waitForFunction, whose polling evaluates a string in the page).
 */
export async function deviceFontsReady(page: Page): Promise<void> {
  await page.evaluate(`Promise.all([document.fonts.load('20px "Noto Sans SC"', '福'), document.fonts.load('20px "Ma Shan Zheng"', '鼠')]).then(() => document.fonts.ready).then(() => undefined)`);
}
