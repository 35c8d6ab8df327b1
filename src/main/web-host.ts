import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { CSP } from '../shared/security/csp';
import { PROJECT_LIMITS } from '../shared/cards/limits';
import { dispatch, type Handlers } from './ipc/registry';
import { jsonTextTooDeep, tooDeepMessage } from '../shared/util/json-depth';
import { AssetCache, cacheControl, type AssetBody } from './web-assets';
import { keyMatches, readCookie, SESSION_HEADER, SESSION_QUERY, sessionCookie, sessionCookieName } from './web-session';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
};

/** Largest API request body. The biggest real payload (a saved match) is a few kilobytes. */
export const MAX_BODY = 1 << 20;
/**
 * How much of an oversized body is read and thrown away so the caller can read the 413 (a client
 * still sending when the socket closes sees a broken connection instead). Past this, the host
 * answers at once and closes the connection.
 */
const MAX_DRAIN = 16 * MAX_BODY;

/**
 * The JSON of a cards table at the documented limits (PROJECT_LIMITS: 10,000 rows × 200 columns,
 * a cards.csv of at most 16 MiB): the cells' text, at most twice its CSV bytes once JSON escapes
 * quotes, backslashes and line breaks; `"",` around each of the rows × columns cells; and room
 * for the rest of the payload. About 39 MiB.
 */
export const TABLE_BODY = 2 * PROJECT_LIMITS.fileBytes + 3 * PROJECT_LIMITS.rows * PROJECT_LIMITS.columns + MAX_BODY;

/**
 * Channels that carry a file (base64 in JSON, 4/3 of its size) or a whole cards table may send
 * more than MAX_BODY: up to their validator's limit plus room for the rest of the payload.
 */
export const FILE_BODY_LIMITS: Readonly<Record<string, number>> = {
  'sheets:preview-import': 28 << 20, // 20 MB file
  'sheets:export': TABLE_BODY,
  'projects:save-cards': TABLE_BODY,
  // One row of 200 cells of 20,000 characters, 3 bytes each in UTF-8 (up to 6 as JSON escapes).
  'projects:render-row': 6 * PROJECT_LIMITS.columns * PROJECT_LIMITS.cellChars + MAX_BODY,
  'projects:add-art': 41 << 20, // 30 MB image
  'projects:add-font': 55 << 20, // 40 MB font and its licence text
  // A LAN table's packets with the card face pictures they name (LAN_FACES_BUDGET a publish, one picture over it at most).
  'lan:publish': 16 << 20,
};

/** Options of the browser host. */
export interface WebHostOptions {
  /** This launch's session key (see web-session.ts): `/api/*` answers only callers that send it. */
  key: string;
}

type Body = { ok: true; text: string } | { ok: false; drained: boolean };

/** Read a request body of at most `max` bytes; a longer one is drained (up to MAX_DRAIN) and refused. */
function readBody(req: IncomingMessage, max: number = MAX_BODY): Promise<Body> {
  const drain = Math.max(MAX_DRAIN, max);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > drain) return Promise.resolve({ ok: false, drained: false });
  return new Promise((res, rej) => {
    let size = 0;
    let chunks: Buffer[] | null = [];
    const onData = (c: Buffer): void => {
      size += c.length;
      if (size > max) chunks = null; // keep reading, keep nothing
      else chunks?.push(c);
      if (size > drain) {
        req.off('data', onData);
        res({ ok: false, drained: false });
      }
    };
    req.on('data', onData);
    req.on('end', () => res(chunks ? { ok: true, text: Buffer.concat(chunks).toString('utf8') } : { ok: false, drained: true }));
    req.on('error', rej);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    ...extra,
  });
  res.end(body);
}

/** Answer an API call with the `{ ok: false }` envelope, so the page shows the message like any other error. */
function fail(res: ServerResponse, status: number, code: string, message: string, extra: Record<string, string> = {}, details?: unknown): void {
  send(res, status, 'application/json', JSON.stringify({ ok: false, error: { code, message, ...(details === undefined ? {} : { details }) } }), extra);
}

/** A cards table past what a project holds (only a table over the documented limits is this big). */
const TABLE_TOO_LARGE = {
  zh: `这张表超出了项目的上限（最多 ${PROJECT_LIMITS.rows} 行、${PROJECT_LIMITS.columns} 列，cards.csv 最大 ${PROJECT_LIMITS.fileBytes >> 20} MiB）。请删减行、列或过长的单元格后再保存。`,
  en: `The table is over a project's limits (at most ${PROJECT_LIMITS.rows} rows, ${PROJECT_LIMITS.columns} columns and a cards.csv of ${PROJECT_LIMITS.fileBytes >> 20} MiB); remove rows, columns or long cells, then save again.`,
};

/** `application/json`, with at most a UTF-8 charset: anything else is not what the page sends. */
function isJsonType(header: string | undefined): boolean {
  const [type, ...params] = (header ?? '').split(';').map((s) => s.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((p) => /^charset="?utf-8"?$/.test(p));
}

/** A URL path decoded, or null when it holds a malformed `%` escape. */
function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

const NO_SESSION =
  'This page has no session key for the app host. Open the address `npm run web` printed at its latest start (it ends in ?key=…), or send the key in the X-Fuqi-Key header.';

/**
 * Serve the built renderer and the IPC handlers over HTTP on 127.0.0.1 (browser mode). API calls
 * are `POST /api/<channel>` with a JSON body and answer the same envelope as Electron IPC.
 * Requests must come from the page itself (Host and Origin checked), so other sites open in
 * the same browser cannot drive the API, and DNS rebinding is refused; they must also carry this
 * launch's session key (cookie or header), so other local programs and users cannot either.
 */
export function createWebHost(handlers: Handlers, rendererDir: string, options: WebHostOptions): Server {
  const root = resolve(rendererDir);
  const assets = new AssetCache();
  return createServer(async (req, res) => {
    try {
      const host = req.headers.host ?? '';
      if (!/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host)) return send(res, 403, 'text/plain', 'Forbidden host');
      const url = new URL(req.url ?? '/', `http://${host}`);
      // The server's own port, not the Host header's: the cookie must not be chosen by the caller.
      const cookieName = sessionCookieName(req.socket.localPort ?? 0);
      if (url.pathname.startsWith('/api/')) {
        const channel = decodePath(url.pathname.slice(5));
        if (channel === null) return fail(res, 400, 'web/bad-url', `The address ${url.pathname} has a malformed % escape.`);
        if (req.method !== 'POST') return fail(res, 405, 'web/bad-method', `Use POST for /api/${channel}.`, { Allow: 'POST' });
        const origin = req.headers.origin;
        if (origin !== undefined && origin !== `http://${host}`) return fail(res, 403, 'web/forbidden-origin', `Requests from ${origin} are refused: only the app's own page may call the API.`);
        const given = req.headers[SESSION_HEADER];
        if (!keyMatches(typeof given === 'string' ? given : readCookie(req.headers.cookie, cookieName), options.key))
          return fail(res, 401, 'web/no-session', NO_SESSION);
        if (!isJsonType(req.headers['content-type']))
          return fail(res, 415, 'web/bad-content-type', `Send the body of /api/${channel} as Content-Type: application/json (got "${req.headers['content-type'] ?? 'none'}").`);
        const limit = Object.hasOwn(FILE_BODY_LIMITS, channel) ? FILE_BODY_LIMITS[channel]! : MAX_BODY;
        const body = await readBody(req, limit);
        if (!body.ok) {
          const close: Record<string, string> = body.drained ? {} : { Connection: 'close' };
          if (limit === TABLE_BODY) return fail(res, 413, 'web/too-large', TABLE_TOO_LARGE.en, close, { message: TABLE_TOO_LARGE });
          return fail(res, 413, 'web/too-large', `The request body of /api/${channel} is over ${limit >> 20} MiB; the app never sends one that big.`, close);
        }
        // JSON.parse takes seconds on a body nested a million deep, and the schema would overflow.
        const deep = jsonTextTooDeep(body.text);
        if (deep !== undefined) {
          const m = tooDeepMessage(`The body of /api/${channel}`, `character ${deep}`);
          return send(res, 400, 'application/json', JSON.stringify({ ok: false, error: { code: 'ipc/too-deep', message: m.en, details: { zh: m.zh } } }));
        }
        let payload: unknown;
        try {
          payload = body.text === '' ? null : JSON.parse(body.text);
        } catch (e) {
          return fail(res, 400, 'ipc/bad-request', `Body is not JSON: ${(e as Error).message}`);
        }
        const env = await dispatch(handlers, channel, payload);
        return send(res, 200, 'application/json', JSON.stringify(env));
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed');
      const offered = url.searchParams.get(SESSION_QUERY);
      if (offered !== null) {
        if (!keyMatches(offered, options.key))
          return send(res, 401, 'text/plain; charset=utf-8', 'This key is not the current one. Open the address `npm run web` printed at its latest start.');
        // Keep the key out of the address bar, history and Referer: trade it for the cookie.
        url.searchParams.delete(SESSION_QUERY);
        return send(res, 303, 'text/plain', 'Signed in', { Location: url.pathname + url.search, 'Set-Cookie': sessionCookie(cookieName, options.key) });
      }
      const path = decodePath(url.pathname);
      if (path === null) return send(res, 400, 'text/plain', 'Malformed % escape in the address');
      const rel = path === '/' ? 'index.html' : path.slice(1);
      const file = normalize(join(root, rel));
      if (!file.startsWith(root + sep)) return send(res, 404, 'text/plain', 'Not found');
      let asset: AssetBody;
      try {
        asset = await assets.get(file, req.headers['accept-encoding']);
      } catch {
        return send(res, 404, 'text/plain', 'Not found');
      }
      return send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', req.method === 'HEAD' ? '' : asset.body, {
        'Cache-Control': cacheControl(rel),
        Vary: 'Accept-Encoding',
        'Content-Length': String(asset.body.length),
        ...(asset.encoding ? { 'Content-Encoding': asset.encoding } : {}),
      });
    } catch (e) {
      console.error('[web] request failed', e);
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal error');
    }
  });
}
