import { EventEmitter } from 'node:events';
import type { Session, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { appPage, guardSession, guardWebContents, isAppFrame, isAppUrl, permissionAllowed, type AppPage } from './window-guard';

const INDEX = '/opt/福器工坊/resources/app/out/renderer/index.html';
const built = appPage({ isPackaged: true, devUrl: undefined, indexFile: INDEX, platform: 'linux' });
const dev = appPage({ isPackaged: false, devUrl: 'http://localhost:5173/', indexFile: INDEX, platform: 'linux' });

describe('the app page', () => {
  it('is the dev server only while not packaged, and only an http(s) one', () => {
    expect(dev).toMatchObject({ kind: 'dev', origin: 'http://localhost:5173' });
    expect(appPage({ isPackaged: true, devUrl: 'http://localhost:5173/', indexFile: INDEX })).toMatchObject({ kind: 'file', file: INDEX });
    for (const devUrl of ['file:///etc/passwd', 'javascript:alert(1)', 'not a url', ''])
      expect(appPage({ isPackaged: false, devUrl, indexFile: INDEX }), devUrl).toMatchObject({ kind: 'file', file: INDEX });
  });

  it('allows the built index.html with any route, and nothing else', () => {
    // Chromium escapes the path its own way; the decoded path is what counts.
    expect(isAppUrl('file:///opt/%E7%A6%8F%E5%99%A8%E5%B7%A5%E5%9D%8A/resources/app/out/renderer/index.html', built)).toBe(true);
    expect(isAppUrl('file:///opt/福器工坊/resources/app/out/renderer/index.html#/p/doufu/table', built)).toBe(true);
    expect(isAppUrl('file:///opt/福器工坊/resources/app/out/renderer/index.html?x=1', built)).toBe(true);
    for (const url of [
      'file:///opt/福器工坊/resources/app/out/renderer/other.html',
      'file:///etc/passwd',
      'file://evil.example/opt/福器工坊/resources/app/out/renderer/index.html',
      'FILE:///OPT/福器工坊/RESOURCES/APP/OUT/RENDERER/INDEX.HTML',
      'https://evil.example/index.html',
      'http://localhost:5173/',
      'about:blank',
      'file:///opt/%E7%A6%8F%ZZ/index.html',
      'nonsense',
    ])
      expect(isAppUrl(url, built), url).toBe(false);
  });

  it('compares paths without case where the file system does', () => {
    const win = appPage({ isPackaged: true, devUrl: undefined, indexFile: 'C:\\Program Files\\Fuqi\\out\\renderer\\index.html', platform: 'win32' });
    if (win.kind !== 'file') throw new Error('expected the built page');
    expect(isAppUrl(win.url.replace('C:', 'c:'), win)).toBe(true);
    expect(isAppUrl(win.url.replace('index.html', 'evil.html'), win)).toBe(false);
  });

  it('allows the dev server origin and nothing else in development', () => {
    expect(isAppUrl('http://localhost:5173/#/p/doufu', dev)).toBe(true);
    for (const url of ['http://localhost:5174/', 'http://127.0.0.1:5173/', 'https://localhost:5173/', `file://${INDEX}`]) expect(isAppUrl(url, dev), url).toBe(false);
  });
});

describe('IPC senders', () => {
  const top = (url: string) => ({ url, parent: null });
  it('are trusted only as the app page top frame', () => {
    expect(isAppFrame(top(`file://${INDEX}#/p/doufu`), built)).toBe(true);
    expect(isAppFrame({ url: `file://${INDEX}`, parent: top(`file://${INDEX}`) }, built)).toBe(false);
    expect(isAppFrame(top('https://evil.example/'), built)).toBe(false);
    expect(isAppFrame(null, built)).toBe(false);
    expect(isAppFrame(undefined, built)).toBe(false);
  });
});

/** A web contents stand-in: real listeners, a real preventDefault. */
class FakeContents extends EventEmitter {
  openHandler: (() => { action: string }) | null = null;
  setWindowOpenHandler(h: () => { action: string }): void {
    this.openHandler = h;
  }
  /** Emit an event the way Electron does; true when a listener prevented it. */
  fire(event: string, url: string): boolean {
    let prevented = false;
    const e = { url, preventDefault: () => (prevented = true) };
    this.emit(event, e, url);
    return prevented;
  }
}

describe('guardWebContents', () => {
  const guarded = (page: AppPage) => {
    const c = new FakeContents();
    guardWebContents(c as unknown as WebContents, page);
    return c;
  };

  it('refuses navigations and redirects of any frame away from the app page', () => {
    const c = guarded(built);
    for (const ev of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      expect(c.fire(ev, 'https://evil.example/'), ev).toBe(true);
      expect(c.fire(ev, 'file:///etc/passwd'), ev).toBe(true);
      expect(c.fire(ev, `file://${INDEX}#/p/doufu`), ev).toBe(false);
    }
  });

  it('refuses every <webview> and every new window', () => {
    const c = guarded(dev);
    expect(c.fire('will-attach-webview', 'http://localhost:5173/')).toBe(true);
    expect(c.openHandler?.()).toEqual({ action: 'deny' });
  });
});

describe('guardSession', () => {
  type Details = { requestingUrl?: string; isMainFrame: boolean };
  type Handlers = {
    request: (wc: null, permission: string, cb: (granted: boolean) => void, details: Details) => void;
    check: (wc: null, permission: string, origin: string, details: Details) => boolean;
  };
  const handlers = (): Handlers => {
    const h: Partial<Handlers> = {};
    const fake = { setPermissionRequestHandler: (f: Handlers['request']) => (h.request = f), setPermissionCheckHandler: (f: Handlers['check']) => (h.check = f) };
    guardSession(fake as unknown as Session, built);
    return h as Handlers;
  };
  const app = `file://${INDEX}`;

  it('refuses every permission request and check', () => {
    const h = handlers();
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown']) {
      let granted: boolean | undefined;
      h.request(null, p, (g: boolean) => (granted = g), { requestingUrl: app, isMainFrame: true });
      expect(granted, p).toBe(false);
      expect(h.check(null, p, 'file://', { requestingUrl: app, isMainFrame: true }), p).toBe(false);
    }
  });

  it("lets only the app page's top frame write text to the clipboard (the copy-path button)", () => {
    const h = handlers();
    expect(h.check(null, 'clipboard-sanitized-write', 'file://', { requestingUrl: app, isMainFrame: true })).toBe(true);
    expect(h.check(null, 'clipboard-sanitized-write', 'file://', { requestingUrl: app, isMainFrame: false })).toBe(false);
    expect(h.check(null, 'clipboard-sanitized-write', 'https://evil.example', { requestingUrl: 'https://evil.example/', isMainFrame: true })).toBe(false);
    expect(permissionAllowed('clipboard-sanitized-write', { isMainFrame: true }, built)).toBe(false);
  });
});
