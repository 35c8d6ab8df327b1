import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Match } from '../src/shared/engine/runner';
import { defaultTableFile, sandbox, type SandboxMove, type SandboxOptions, type SandboxView } from '../src/shared/games/sandbox';
import type { LanInfo } from '../src/shared/ipc/lan';
import { IpcChannel } from '../src/shared/ipc/contract';
import type { LanHostMessage, LanPacket } from '../src/shared/lan/protocol';
import { call, freshStart, watchErrors } from './page-helpers';
import { deviceFontsReady } from './lan-fake-host';
import { lanPort, openDevice, PHONE, saveAndLoad } from './lan-helpers';

/**
 * The sandbox table on players' own devices, end to end with the app's own LAN server: the host
 * opens a project's sandbox table for three, invites seats 2 and 3 from its toolbar, and a phone
 * (touch, 360 px) and a laptop (mouse) join by their links on 127.0.0.1. Each device shows its own
 * hand with the project's card names and faces, drags a card from its hand to the shared table,
 * and the host's table shows it there. Every WebSocket frame each device received is read back:
 * none names, draws or keys a card of another seat's hand (checked against the match as the
 * host's save records it, step by step).
 */
const SHOTS = join(__dirname, '..', process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');
mkdirSync(SHOTS, { recursive: true });
const LOOK = join(__dirname, '..', 'test-results', 'screenshots');
mkdirSync(LOOK, { recursive: true });
const LAN_PORT = lanPort(47831);
const BEASTS = ['鼠 Rat', '牛 Ox', '虎 Tiger', '兔 Rabbit', '龙 Dragon', '蛇 Snake', '马 Horse', '羊 Goat', '猴 Monkey', '鸡 Rooster', '狗 Dog', '猪 Pig'];
const ID = (i: number) => `b${String(i + 1).padStart(2, '0')}`;
const NAME = new Map(BEASTS.map((n, i) => [ID(i), n]));

type Frame = { text: string; msg: LanHostMessage };

/** Carry an element onto another by touch (CDP touch events: the browser makes touch pointer events of them). */
async function touchDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const x0 = a.x + a.width / 2;
  const y0 = a.y + a.height / 2;
  const x1 = b.x + b.width / 2;
  const y1 = b.y + Math.min(b.height / 2, 30);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
  for (let k = 1; k <= 8; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + ((x1 - x0) * k) / 8, y: y0 + ((y1 - y0) * k) / 8 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Carry an element by touch to the window's bottom edge and hold it there while the page scrolls
 * under it, until `to` is in view; then drop it on `to`. Answers how far the page scrolled.
 */
async function touchDragScrolling(page: Page, from: Locator, to: Locator): Promise<number> {
  const a = (await from.boundingBox())!;
  const h = page.viewportSize()!.height;
  const cdp = await page.context().newCDPSession(page);
  const x0 = a.x + a.width / 2;
  const y0 = a.y + a.height / 2;
  const top0 = Number(await page.evaluate('document.scrollingElement.scrollTop'));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
  for (let k = 1; k <= 6; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0, y: y0 + ((h - 8 - y0) * k) / 6 }] });
  let b = (await to.boundingBox())!;
  for (let i = 0; i < 100 && b.y + Math.min(b.height / 2, 30) > h - 70; i++) {
    // The finger held still at the edge: the page scrolls under it.
    await page.waitForTimeout(50);
    b = (await to.boundingBox())!;
  }
  const x1 = b.x + b.width / 2;
  const y1 = b.y + Math.min(b.height / 2, 30);
  for (let k = 1; k <= 4; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + ((x1 - x0) * k) / 4, y: h - 8 + ((y1 - (h - 8)) * k) / 4 }] });
  // The page may have scrolled on while the finger left the edge (a slow machine): follow the
  // zone until it stands still under the finger, as a person would.
  for (let i = 0, was = b.y; i < 40; i++) {
    await page.waitForTimeout(50);
    b = (await to.boundingBox())!;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: b.x + b.width / 2, y: b.y + Math.min(b.height / 2, 30) }] });
    if (Math.abs(b.y - was) < 1) break;
    was = b.y;
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  return Number(await page.evaluate('document.scrollingElement.scrollTop')) - top0;
}

/** Carry an element onto another with the mouse. */
async function mouseDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(b.height / 2, 30), { steps: 8 });
  await page.mouse.up();
}

/** The host's save of the match, replayed: where every card is after each step. */
async function savedMatch(host: Page): Promise<{ handsAt: Map<number, string[][]>; players: number }> {
  const saved = await saveAndLoad<SandboxOptions, SandboxMove>(host, 'sandbox');
  const m = Match.create(sandbox, { seed: saved.seed, players: saved.players, options: saved.options });
  const hands = () => Array.from({ length: m.state.players }, (_, s) => (m.state.zones[`hand@${s}`] ?? []).map((i) => m.state.cards[i]!.c));
  const handsAt = new Map([[0, hands()]]);
  for (const move of saved.moves) {
    expect(m.apply(move).ok).toBe(true);
    handsAt.set(m.length, hands());
  }
  return { handsAt, players: saved.players };
}

/** The card ids a seat's view shows it (face up anywhere, its own hand, what it peeks at). */
function visibleIds(v: SandboxView): Set<string> {
  return new Set([...Object.values(v.zones).flat(), ...v.peek].flatMap((c) => (c.c === null ? [] : [c.c])));
}

/**
 * Privacy of every frame a seat received: a `faces` frame holds only pictures its next packet
 * names; a packet names (`cards`) only cards its view shows; and no frame holds the id, the name
 * or the face key of a card in another seat's hand that this seat cannot see at that step.
 */
function checkFrames(seat: number, frames: Frame[], handsAt: Map<number, string[][]>, faceOf: Map<string, string>): number {
  let checked = 0;
  for (let f = 0; f < frames.length; f++) {
    const { msg } = frames[f]!;
    // A faces frame is judged with the packet that follows it.
    const packetAt = frames.slice(f).find((x) => x.msg.t === 'packet');
    if (!packetAt) continue;
    const p = (packetAt.msg as Extract<LanHostMessage, { t: 'packet' }>).packet as LanPacket<SandboxView>;
    expect(p.seat).toBe(seat);
    const hands = handsAt.get(p.step);
    expect(hands, `the hands at step ${p.step}`).toBeTruthy();
    const sees = visibleIds(p.view);
    if (msg.t === 'faces') {
      const named = new Set([...Object.values(p.cards?.known ?? {}).map((k) => k.face), p.cards?.back]);
      for (const key of Object.keys(msg.faces)) expect(named.has(key), `seat ${seat + 1} was sent face ${key} its packet does not name`).toBe(true);
    }
    if (msg.t === 'packet') for (const id of Object.keys(p.cards?.known ?? {})) expect(sees.has(id), `seat ${seat + 1} was named ${id}, which its view does not show`).toBe(true);
    const text = frames[f]!.text;
    hands!.forEach((hand, other) => {
      if (other === seat) return;
      for (const id of hand) {
        if (sees.has(id)) continue;
        expect(text.includes(`"${id}"`), `seat ${seat + 1} was sent ${id} of seat ${other + 1}'s hand at step ${p.step}`).toBe(false);
        expect(text.includes(NAME.get(id)!), `seat ${seat + 1} was sent the name of ${id} (seat ${other + 1}'s hand) at step ${p.step}`).toBe(false);
        const key = faceOf.get(id);
        if (key) expect(text.includes(key), `seat ${seat + 1} was sent the face of ${id} (seat ${other + 1}'s hand) at step ${p.step}`).toBe(false);
      }
    });
    checked++;
  }
  return checked;
}

test('LAN sandbox: a project’s own cards on two devices — names and faces of their own hands only, dragged to the table by touch and mouse, seen at the host', async ({ page: host, browser }) => {
  test.setTimeout(240_000);
  const hostErrors = await watchErrors(host);
  await freshStart(host);
  // A project of twelve cards; its table deals three to each of three seats.
  const made = await call<{ summary: { id: string; dir: string } }>(host, 'projects:create', { name: { zh: '十二生肖 联机', en: 'Twelve Beasts LAN' }, card: { preset: 'poker' } });
  const { id, dir } = made.summary;
  // Each card carries a picture from the project's art, clipped round (an image and a clip path in its face).
  const sharp = (await import('sharp')).default;
  const refs: string[] = [];
  for (const [i, colour] of ['#C23B22', '#1F6F8B', '#2E8B57'].entries()) {
    const png = await sharp({ create: { width: 60, height: 60, channels: 3, background: colour } }).png().toBuffer();
    refs.push((await call<{ ref: string }>(host, 'projects:add-art', { projectId: id, fileName: `beast${i}.png`, bytes: png.toString('base64') })).ref);
  }
  const csv = ['id,copies,name,text,art', ...BEASTS.map((n, i) => `${ID(i)},1,${n},第 ${i + 1} 号牌,${refs[i % refs.length]}`)].join('\n') + '\n';
  writeFileSync(join(dir, 'cards.csv'), csv);
  const front = JSON.parse(readFileSync(join(dir, 'front.template.json'), 'utf8')) as { layers: Record<string, unknown>[] };
  front.layers.push({ id: 'pic', type: 'image', x: 16, y: 40, w: 30, h: 30, src: '{{art}}', clip: { shape: 'ellipse' } });
  writeFileSync(join(dir, 'front.template.json'), JSON.stringify(front, null, 2) + '\n');
  const table = defaultTableFile(3) as { setup: unknown[] };
  table.setup = [
    { do: 'shuffle', zone: 'deck' },
    { do: 'deal', from: 'deck', to: 'hand', count: 3 },
  ];
  writeFileSync(join(dir, 'table.json'), JSON.stringify(table, null, 2));
  await host.goto(`/#/p/${encodeURIComponent(id)}/table`);
  await expect(host.locator('[data-table-file="project"]')).toBeVisible();
  await expect(host.locator('[data-start-cards]')).toHaveAttribute('data-start-cards', '12');
  await host.getByRole('radio', { name: '3', exact: true }).click();
  await host.locator('[data-start]').click();
  const curtain = host.locator('[data-curtain]');
  if (await curtain.isVisible()) await curtain.getByRole('button').first().click();
  await expect(host.locator('[data-zone="hand@0"] [data-card]')).toHaveCount(3);

  // Invite seats 2 and 3 (ticked at first: the other people's seats) on this run's port.
  await host.locator('[data-lan-invite]').click();
  await host.locator('[data-lan-port]').fill(String(LAN_PORT));
  await expect(host.locator('[data-lan-choose="1"]')).toBeChecked();
  await expect(host.locator('[data-lan-choose="2"]')).toBeChecked();
  await host.locator('[data-lan-spectator]').uncheck();
  await host.locator('[data-lan-start]').click();
  await expect(host.locator('[data-lan-url="2"]')).toBeVisible();
  const info = await call<LanInfo>(host, IpcChannel.LAN_STATUS, null);
  const links = new Map(info.seats.map((l) => [l.seat!, `http://127.0.0.1:${info.port}/j/${l.token}`]));

  const phoneCtx = await browser.newContext(PHONE);
  const laptopCtx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const frames = new Map<number, Frame[]>([
    [1, []],
    [2, []],
  ]);
  const open = (ctx: typeof phoneCtx, seat: number) => openDevice(ctx, links.get(seat)!, 'sandbox', (text) => frames.get(seat)!.push({ text, msg: JSON.parse(text) as LanHostMessage }));
  const phone = await open(phoneCtx, 1);
  const laptop = await open(laptopCtx, 2);
  await expect(host.locator('[data-lan-connected]')).toHaveCount(2);
  await host.keyboard.press('Escape');

  // Each device shows its own three cards with their faces and their names in the project's data.
  for (const [seat, d] of [
    [1, phone.p],
    [2, laptop.p],
  ] as const) {
    const hand = d.locator(`[data-hand-of="${seat}"] [data-card]`);
    await expect(hand).toHaveCount(3);
    await expect(d.locator(`[data-hand-of="${seat}"] [data-face="shown"] svg`)).toHaveCount(3);
    for (const c of await hand.all()) {
      const cid = (await c.getAttribute('data-card'))!;
      expect(NAME.has(cid)).toBe(true);
      await expect(c).toHaveAttribute('aria-label', NAME.get(cid)!);
      await expect(c.locator('.cap')).toHaveText(NAME.get(cid)!);
      // The face is the project's template: its title is the card's name.
      await expect(c.locator('svg text').first()).toBeAttached();
      expect(await c.locator('svg').evaluate((svg) => svg.textContent ?? '')).toContain(NAME.get(cid)!.split(' ')[1]!);
      // Its art is inline as a data: URL (the join page's policy allows data: images), clipped by a path whose id is this copy's own.
      await expect(c.locator('svg image')).toHaveAttribute('href', /^data:image\//);
      const clip = await c.locator('svg [clip-path]').first().getAttribute('clip-path');
      expect(clip).toMatch(new RegExp(`^url\\(#fqd${await c.getAttribute('data-card-i')}-`));
    }
    // The deck is a back; the other seats' hands are counts.
    await expect(d.locator('[data-zone="deck"] [data-card=""]')).toHaveCount(1);
    await expect(d.locator('[data-zone="deck"] [data-face="shown"]')).toHaveCount(1);
  }

  // The host passes the turn to seat 2 (the phone): it drags a hand card onto the shared table by touch.
  await host.locator('[data-pass]').click();
  const phoneHand = phone.p.locator('[data-hand-of="1"] [data-card]');
  await expect(phone.p.locator('[data-prompt="act"]')).toBeVisible();
  await deviceFontsReady(phone.p);
  await phone.p.evaluate('window.scrollTo(0, 0)');
  await phone.p.screenshot({ path: join(SHOTS, 'lan-sandbox-phone.png') });
  const played = (await phoneHand.first().getAttribute('data-card'))!;
  await touchDrag(phone.p, phoneHand.first(), phone.p.locator('[data-zone="table"]'));
  await expect(phone.p.locator(`[data-zone="table"] [data-card="${played}"]`)).toBeVisible();
  await expect(phoneHand).toHaveCount(2);
  // The host sees it on its table, and so does the laptop (face up: its name and face too).
  await expect(host.locator(`[data-zone="table"] [data-card="${played}"]`)).toBeVisible();
  await expect(laptop.p.locator(`[data-zone="table"] [data-card="${played}"][data-face="shown"]`)).toBeVisible();
  await expect(laptop.p.locator(`[data-zone="table"] [data-card="${played}"]`)).toHaveAttribute('aria-label', NAME.get(played)!);
  // Phone-sized: nothing wider than the screen, every card and button a finger can hit.
  expect(await phone.p.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  for (const b of await phone.p.locator('[data-seat-board] button:visible').all()) {
    const box = (await b.boundingBox())!;
    expect(Math.min(box.width, box.height), await b.evaluate((e) => e.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
  }
  await phone.p.evaluate('window.scrollTo(0, 0)');
  await phone.p.screenshot({ path: join(LOOK, 'lan-sandbox-phone-played.png') });

  // Zone to zone: from the table onto the discard pile.
  await touchDrag(phone.p, phone.p.locator(`[data-zone="table"] [data-card="${played}"]`), phone.p.locator('[data-zone="discard"]'));
  await expect(phone.p.locator('[data-zone="discard"]')).toHaveAttribute('data-count', '1');
  await expect(host.locator(`[data-zone="discard"] [data-card="${played}"]`)).toBeAttached();

  // A tap still picks a card up, and the zone's "Put here" puts it down (the fallback to dragging).
  await phoneHand.first().tap();
  await expect(phone.p.locator('[data-prompt="place"]')).toBeVisible();
  await phone.p.locator('[data-put-to="play@1"]').tap();
  await expect(phone.p.locator('[data-zone="play@1"] [data-card]')).toHaveCount(1);
  await expect(host.locator('[data-zone="play@1"] [data-card]')).toHaveCount(1);

  // A zone below the phone's screen: held at the bottom edge, the page scrolls until it is in reach.
  await phone.p.evaluate('window.scrollTo(0, 0)');
  const last = (await phoneHand.first().getAttribute('data-card'))!;
  expect(await touchDragScrolling(phone.p, phoneHand.first(), phone.p.locator('[data-zone="play@2"]'))).toBeGreaterThan(0);
  await expect(phone.p.locator(`[data-zone="play@2"] [data-card="${last}"]`)).toBeVisible();
  await expect(host.locator(`[data-zone="play@2"] [data-card="${last}"]`)).toBeAttached();
  await expect(phoneHand).toHaveCount(0);

  // The phone ends its turn; the laptop drags one of its cards onto the table with the mouse.
  // (A card held still at the edge was a long press: the next tap must still be a tap.)
  await phone.p.locator('[data-pass]').tap();
  await expect(laptop.p.locator('[data-prompt="act"]')).toBeVisible();
  const laptopHand = laptop.p.locator('[data-hand-of="2"] [data-card]');
  const second = (await laptopHand.first().getAttribute('data-card'))!;
  await mouseDrag(laptop.p, laptopHand.first(), laptop.p.locator('[data-zone="table"]'));
  await expect(host.locator(`[data-zone="table"] [data-card="${second}"]`)).toBeVisible();
  await expect(phone.p.locator(`[data-zone="table"] [data-card="${second}"][data-face="shown"]`)).toBeVisible();
  await expect(laptopHand).toHaveCount(2);
  await laptop.p.screenshot({ path: join(LOOK, 'lan-sandbox-laptop.png') });

  // Privacy, against the match as the host's save records it.
  const { handsAt } = await savedMatch(host);
  const faceOf = new Map<string, string>();
  for (const list of frames.values())
    for (const { msg } of list) if (msg.t === 'packet') for (const [cid, k] of Object.entries(msg.packet.cards?.known ?? {})) if (k.face) faceOf.set(cid, k.face);
  // Every card dealt was seen by its seat, so every hand card's face key is known here.
  for (const hand of handsAt.get(0)!.slice(1)) for (const cid of hand) expect(faceOf.has(cid), `the face key of ${cid}`).toBe(true);
  expect(checkFrames(1, frames.get(1)!, handsAt, faceOf)).toBeGreaterThan(4);
  expect(checkFrames(2, frames.get(2)!, handsAt, faceOf)).toBeGreaterThan(4);
  // Each face went to a device once.
  for (const list of frames.values()) {
    const keys = list.flatMap(({ msg }) => (msg.t === 'faces' ? Object.keys(msg.faces) : []));
    expect(new Set(keys).size).toBe(keys.length);
  }

  expect(hostErrors).toEqual([]);
  expect(phone.errors).toEqual([]);
  expect(laptop.errors).toEqual([]);
  await phoneCtx.close();
  await laptopCtx.close();
  await call(host, IpcChannel.LAN_STOP, null);
});
