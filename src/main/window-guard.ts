import { pathToFileURL } from 'node:url';
import type { Session, WebContents } from 'electron';

// What the desktop window may show and who may talk to main. The renderer has nothing remote to
// show, so every web contents is held to the app's own page: no navigation elsewhere, no new
// windows, no <webview>, no permissions, and IPC only from the app page's top frame. The checks
// are plain functions of URLs so they are tested without Electron.

/** Where the app's own page lives. */
export type AppPage =
  /** The built renderer, `out/renderer/index.html`, loaded from disk (always, once packaged). */
  | { kind: 'file'; file: string; url: string; caseInsensitive: boolean }
  /** The electron-vite dev server (`ELECTRON_RENDERER_URL`), in development only. */
  | { kind: 'dev'; url: string; origin: string };

/**
 * The app page of this run. `ELECTRON_RENDERER_URL` is honoured only while not packaged (an
 * installed app never loads its UI from a server an environment variable names), and only as an
 * http(s) address; otherwise the built `index.html` is the page.
 */
export function appPage(o: { isPackaged: boolean; devUrl: string | undefined; indexFile: string; platform?: string }): AppPage {
  if (!o.isPackaged && o.devUrl) {
    const u = parseUrl(o.devUrl);
    if (u && (u.protocol === 'http:' || u.protocol === 'https:')) return { kind: 'dev', url: u.href, origin: u.origin };
  }
  const platform = o.platform ?? process.platform;
  return { kind: 'file', file: o.indexFile, url: pathToFileURL(o.indexFile).href, caseInsensitive: platform === 'win32' || platform === 'darwin' };
}

function parseUrl(s: string): URL | null {
  try {
    return new URL(s);
  } catch {
    return null;
  }
}

/** A file URL's path, decoded (Chromium and Node escape characters differently, e.g. in 福器工坊). */
function filePath(u: URL, caseInsensitive: boolean): string | null {
  try {
    const p = decodeURIComponent(u.pathname);
    return caseInsensitive ? p.toLowerCase() : p;
  } catch {
    return null;
  }
}

/**
 * Whether `url` is the app's own page (any query or `#/route` of it): the built index.html
 * itself, or any page of the dev server's origin.
 * @example isAppUrl('file:///opt/app/out/renderer/index.html#/p/doufu', page) // true for that build
 */
export function isAppUrl(url: string, page: AppPage): boolean {
  const u = parseUrl(url);
  if (!u) return false;
  if (page.kind === 'dev') return u.origin === page.origin;
  if (u.protocol !== 'file:' || u.host !== '') return false;
  const want = filePath(new URL(page.url), page.caseInsensitive);
  return want !== null && filePath(u, page.caseInsensitive) === want;
}

/** The parts of an Electron frame (WebFrameMain) the IPC check reads. */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
}

/** Whether an IPC message comes from the app page's top frame (not a subframe, not another page, not a gone frame). */
export function isAppFrame(frame: FrameLike | null | undefined, page: AppPage): boolean {
  return !!frame && frame.parent === null && isAppUrl(frame.url, page);
}

/**
 * Permissions the app page gets. All are refused, save one: writing plain text to the clipboard,
 * which the export panel's "copy path" button needs and which cannot read anything back.
 */
export function permissionAllowed(permission: string, request: { requestingUrl?: string; isMainFrame: boolean }, page: AppPage): boolean {
  return permission === 'clipboard-sanitized-write' && request.isMainFrame && isAppUrl(request.requestingUrl ?? '', page);
}

/**
 * Hold one web contents to the app page: refuse `<webview>`, navigations and redirects of any
 * frame to anything but the app page, and every new window. Called for every web contents the
 * app creates (`app.on('web-contents-created')`), so no window escapes it.
 */
export function guardWebContents(contents: WebContents, page: AppPage): void {
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.on('will-navigate', (e) => {
    if (!isAppUrl(e.url, page)) e.preventDefault();
  });
  contents.on('will-frame-navigate', (e) => {
    if (!isAppUrl(e.url, page)) e.preventDefault();
  });
  contents.on('will-redirect', (e) => {
    if (!isAppUrl(e.url, page)) e.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Refuse every permission request and check of a session (see permissionAllowed for the one exception). */
export function guardSession(session: Session, page: AppPage): void {
  session.setPermissionRequestHandler((_wc, permission, cb, details) => cb(permissionAllowed(permission, details, page)));
  session.setPermissionCheckHandler((_wc, permission, _origin, details) => permissionAllowed(permission, details, page));
}
