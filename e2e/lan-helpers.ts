import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { Match } from '../src/shared/engine/runner';
import { doufu } from '../src/shared/games/doufu';
import type { DoufuGameOptions, DoufuMove } from '../src/shared/games/doufu/types';
import type { DoufuView } from '../src/shared/games/doufu/view';
import type { LanPacket } from '../src/shared/lan/protocol';
import { IpcChannel } from '../src/shared/ipc/contract';
import { sessionCookieName } from '../src/main/web-session';
import { call, watchErrors } from './page-helpers';

/**
 * What the LAN table's specs share: the devices (a phone's browser context, a seat's page opened
 * by its link), a tap on a device, a 斗福 match started at the host, the host's save read back,
 * the privacy check of every frame a device received, and the app's browser-mode server as a
 * process of its own (stopped, killed and started again around a device's seat).
 */

/** The LAN port of a spec: FUQI_LAN_E2E_PORT when set (two runs on one machine), else the spec's own. */
export function lanPort(own: number): number {
  return Number(process.env.FUQI_LAN_E2E_PORT ?? own);
}

/** A phone: 360 px wide, touch, Chinese. */
export const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, locale: 'zh-CN' };

/** A device's page on a seat's link, and the errors it logged. */
export interface DevicePage {
  p: Page;
  errors: string[];
}

/**
 * Open a seat's link on a device (a new page of its context) and wait until it holds the seat with
 * `board`'s game shown. `onFrame` hears every WebSocket frame the page receives, from the first.
 */
export async function openDevice(ctx: BrowserContext, url: string, board: string, onFrame?: (text: string) => void): Promise<DevicePage> {
  const p = await ctx.newPage();
  const errors = await watchErrors(p);
  if (onFrame) p.on('websocket', (ws) => ws.on('framereceived', (f) => onFrame(String(f.payload))));
  await p.goto(url);
  await expect(p.locator('[data-status="joined"]')).toBeVisible();
  await expect(p.locator(`[data-seat-board="${board}"]`)).toBeVisible();
  return { p, errors };
}

/** One tap on a device: declare when offered, else the first lit place or button. */
export async function tapOnce(page: Page): Promise<void> {
  const declare = page.locator('[data-declare]');
  if (await declare.isVisible()) return declare.click();
  await page.locator('[data-legal]:visible').first().click();
}

/** On 斗福's new-game page: the seats as given (one a player), the seed, and start. */
export async function startDoufuMatch(page: Page, seed: string, kinds: readonly ('human' | 'bot')[]): Promise<void> {
  await page.getByRole('radio', { name: `${kinds.length} 人` }).check();
  for (const [s, kind] of kinds.entries()) await page.locator(`[data-seat-kind="${s}-${kind}"]`).click();
  await page.getByLabel('随机种子').fill(seed);
  await page.getByRole('button', { name: '开始对局' }).click();
}

/** Save the match at the host's table and load that save back (the latest of `game`). */
export async function saveAndLoad<O, M>(host: Page, game: string): Promise<{ seed: string; players: number; options: O; moves: M[] }> {
  await host.locator('[data-save]').click();
  await expect(host.locator('[data-save]')).toBeEnabled();
  const list = await call<{ id: string; game: string; savedAt: string }[]>(host, IpcChannel.MATCHES_LIST, null);
  const latest = list.filter((m) => m.game === game).sort((a, b) => b.savedAt.localeCompare(a.savedAt))[0]!;
  const loaded = await call<{ match: { seed: string; players: number; options: O; moves: M[] } }>(host, IpcChannel.MATCHES_LOAD, { id: latest.id });
  return loaded.match;
}

/** The host's save of its 斗福 match, replayed: every seat's hand after each step. */
export async function savedDoufuHands(host: Page): Promise<Map<number, string[][]>> {
  const saved = await saveAndLoad<DoufuGameOptions, DoufuMove>(host, 'doufu');
  const m = Match.create(doufu, { seed: saved.seed, players: saved.players, options: saved.options });
  const hands = new Map<number, string[][]>([[0, m.state.hands.map((h) => [...h])]]);
  for (const move of saved.moves) {
    expect(m.apply(move).ok).toBe(true);
    hands.set(m.length, m.state.hands.map((h) => [...h]));
  }
  return hands;
}

/**
 * Check every frame each seat's device received at a 斗福 table: each packet is its own seat's,
 * with its own hand, and none holds a card of another seat's hand at its step unless the rules
 * showed it that card. Answers how many packets were checked.
 */
export function checkDoufuFrames(frames: ReadonlyMap<number, readonly { text: string }[]>, handsAt: ReadonlyMap<number, string[][]>): number {
  let packets = 0;
  for (const [seat, list] of frames) {
    for (const { text } of list) {
      const msg = JSON.parse(text) as { t: string; packet?: LanPacket<DoufuView> };
      if (msg.t !== 'packet') {
        expect(text).not.toMatch(/"hands"/);
        continue;
      }
      packets++;
      const p = msg.packet!;
      expect(p.seat).toBe(seat);
      const hands = handsAt.get(p.step)!;
      expect(hands, `hands at step ${p.step}`).toBeTruthy();
      expect(p.view.hand).toEqual(hands[seat]);
      for (let other = 0; other < hands.length; other++) {
        if (other === seat) continue;
        // What the rules let this seat know of that hand: cards it saw go in (known), the hand it is
        // looking at with 福牛 (peek). The first-福神 draws of hand 1 were turned up for everyone before
        // the deal: public history, not a hand.
        const known = new Set([...(p.view.known[other] ?? []), ...(p.view.peek?.target === other ? p.view.peek.hand : [])]);
        const rest = JSON.stringify({ ...msg, packet: { ...p, view: { ...p.view, firstDraw: [] } } });
        for (const card of hands[other]!) if (!known.has(card)) expect(rest.includes(`"${card}"`), `seat ${seat + 1} was sent ${card} of seat ${other + 1}'s hand at step ${p.step}`).toBe(false);
      }
    }
  }
  return packets;
}

/** The host acts at its screen (a hand's end: the next hand) until the phone has a lit move. */
export async function playUntilPhoneActs(host: Page, phone: Page): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if ((await phone.locator('[data-legal]:visible').count()) > 0) return;
    await hostActs(host);
  }
  throw new Error('the phone was never to act');
}

/** One decision at the host's screen, if it has one: the next hand, a declaration, or the first lit place or button. */
async function hostActs(host: Page): Promise<void> {
  if ((await host.locator('[data-hand-end]').count()) && (await host.getByRole('button', { name: '下一盘' }).isVisible())) {
    await host.getByRole('button', { name: '下一盘' }).click();
    return;
  }
  const lit = host.locator('[data-legal]:visible');
  if ((await lit.count()) > 0) {
    const declare = host.locator('[data-declare]');
    if (await declare.isVisible()) await declare.click();
    else await lit.first().click();
  }
  await host.waitForTimeout(120);
}

/** Play on (the host's seat at the host, the phone's seat on the phone) until the phone has made `moves` more moves. */
export async function playUntilPhoneMoved(host: Page, phone: Page, moves: number): Promise<void> {
  const stepOf = async () => Number(await phone.locator('[data-seat-board]').getAttribute('data-step'));
  let made = 0;
  /** The step at which the phone began a move (a move may take two taps: a pool card, then a hand card). */
  let began: number | null = null;
  for (let i = 0; i < 300 && made < moves; i++) {
    if ((await host.locator('[data-hand-end]').count()) && (await host.getByRole('button', { name: '下一盘' }).isVisible())) {
      await host.getByRole('button', { name: '下一盘' }).click();
      continue;
    }
    const step = await stepOf();
    if (began !== null && step > began) {
      made++;
      began = null;
      continue;
    }
    if ((await phone.locator('[data-legal]:visible').count()) > 0) {
      began ??= step;
      await tapOnce(phone);
      await expect.poll(async () => (await stepOf()) > step || (await phone.locator('[data-legal]:visible').count()) > 0).toBe(true);
      continue;
    }
    await hostActs(host);
  }
  expect(made).toBe(moves);
}

/** The port of the specs' own browser-mode server (the shared one of the run cannot be restarted): FUQI_E2E_PORT + 100 unless set. */
export const WEB_HOST_PORT = Number(process.env.FUQI_E2E_RESTART_PORT ?? Number(process.env.FUQI_E2E_PORT ?? 5178) + 100);

/** The app's browser-mode server, as `npm run web` runs it, with this run's folders (kept across restarts). */
export class WebHost {
  #proc: ChildProcess | null = null;
  readonly dir = mkdtempSync(join(tmpdir(), 'fuqi-e2e-restart-'));
  readonly key = process.env.FUQI_E2E_SESSION_TOKEN!;
  readonly base = `http://127.0.0.1:${WEB_HOST_PORT}`;

  async start(): Promise<void> {
    const proc = spawn(process.execPath, [join(__dirname, '..', 'out', 'main', 'web.js')], {
      env: {
        ...process.env,
        FUQI_PORT: String(WEB_HOST_PORT),
        FUQI_EXPORT_DIR: this.dir,
        FUQI_SAVES_DIR: join(this.dir, 'saves'),
        FUQI_PROJECTS_DIR: join(this.dir, 'projects'),
        FUQI_CACHE_DIR: join(this.dir, 'cache'),
        FUQI_SESSION_TOKEN: this.key,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#proc = proc;
    let said = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the web host did not start: ${said}`)), 30_000);
      const hear = (d: Buffer) => {
        said += String(d);
        if (said.includes('(browser mode) at')) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout!.on('data', hear);
      proc.stderr!.on('data', (d: Buffer) => (said += String(d)));
      proc.once('exit', (code) => reject(new Error(`the web host exited (${code}): ${said}`)));
    });
  }

  /** Quit as the app does (SIGTERM: main's own shutdown runs) and wait until the process is gone. */
  stop(): Promise<void> {
    return this.#end('SIGTERM');
  }

  /** Crash: SIGKILL, so nothing of main's shutdown runs (no device is told), and wait until the process is gone. */
  kill(): Promise<void> {
    return this.#end('SIGKILL');
  }

  async #end(signal: NodeJS.Signals): Promise<void> {
    const proc = this.#proc;
    this.#proc = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill(signal);
    await gone;
  }

  /** A desktop-sized browser context on this server, with its session cookie. */
  context(browser: Browser): Promise<BrowserContext> {
    return browser.newContext({
      baseURL: this.base,
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
      reducedMotion: 'reduce',
      storageState: { cookies: [{ name: sessionCookieName(WEB_HOST_PORT), value: this.key, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Strict' }], origins: [] },
    });
  }
}
