/**
 * The LAN table's server: node:http for the join page and its assets, the `ws` library for the
 * devices' WebSockets. It answers only:
 *
 * - `GET /j/<token>`: the join page (the same page for any well-formed token, so the page is no
 *   oracle for which tokens are valid: the socket's hello says);
 * - `GET /j/assets/<file>` (and `/assets/<file>`): a file the join page uses, nothing else;
 * - a WebSocket upgrade at LAN_SOCKET_PATH from the page's own origin.
 *
 * Everything else is 404. Each socket's messages go to the room (room.ts), which never throws.
 * A socket that stops answering pings for a heartbeat is ended, so its seat is freed for resume.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { extname } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { LAN_JOIN_PATH, LAN_MAX_CLIENT_MESSAGE, LAN_SOCKET_PATH, LAN_TOKEN, type LanHostMessage } from '../../../shared/lan/protocol';
import { joinPagePolicy } from '../../../shared/security/csp';
import { ASSET_TYPES, type JoinPage } from './join-page';
import type { LanDevice, LanRoom } from './room';

/** The most sockets open at once (seats, spectators and reconnects in flight). */
export const LAN_MAX_SOCKETS = 64;
/** How often a socket is pinged; one that did not answer the last ping is ended (ms). */
export const LAN_HEARTBEAT_MS = 5_000;

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>福器工坊 Fuqi Workshop</title>
<p>这个牌桌的加入页面还没有构建。请在主机上运行 <code>npx electron-vite build</code>，然后重新打开链接。</p>
<p>The join page of this table is not built. Run <code>npx electron-vite build</code> on the host, then open the link again.</p>`;

const NOT_FOUND = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>福器工坊 Fuqi Workshop</title>
<p>这里没有页面。请扫描主机上的二维码，或输入主机给出的完整链接。</p>
<p>Nothing here. Scan the QR code on the host, or type the whole link the host shows.</p>`;

export interface LanServerOptions {
  port: number;
  /** The interface to listen on: all of them by default (the LAN), 127.0.0.1 in tests. */
  host?: string;
  room: LanRoom;
  page: JoinPage;
  heartbeatMs?: number;
}

/** A listening LAN server. */
export interface LanServer {
  readonly port: number;
  /** Tell every device the table closed (`away`: the host app quits, the links come back), close every socket, stop listening. */
  close(away?: boolean): Promise<void>;
}

function send(res: ServerResponse, status: number, type: string, body: Buffer | string, extra: Record<string, string> = {}, head = false): void {
  res.writeHead(status, {
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    // The link's token must not leave in a Referer header.
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(head ? undefined : body);
}

function serveHttp(req: IncomingMessage, res: ServerResponse, page: JoinPage): void {
  const head = req.method === 'HEAD';
  if (req.method !== 'GET' && !head) return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed', { Allow: 'GET, HEAD' });
  const path = (req.url ?? '/').split('?')[0]!;
  const csp = { 'Content-Security-Policy': joinPagePolicy(req.headers.host) };
  const asset = /^\/(?:j\/)?assets\/([A-Za-z0-9._-]{1,200})$/.exec(path);
  if (asset) {
    const bytes = page.assets.get(asset[1]!);
    if (!bytes) return send(res, 404, 'text/html; charset=utf-8', NOT_FOUND, csp, head);
    return send(res, 200, ASSET_TYPES[extname(asset[1]!)] ?? 'application/octet-stream', bytes, { 'Cache-Control': 'public, max-age=31536000, immutable', 'Content-Length': String(bytes.length) }, head);
  }
  if (path.startsWith(LAN_JOIN_PATH) && LAN_TOKEN.test(path.slice(LAN_JOIN_PATH.length))) {
    if (!page.html) return send(res, 503, 'text/html; charset=utf-8', NOT_BUILT, csp, head);
    return send(res, 200, 'text/html; charset=utf-8', page.html, csp, head);
  }
  return send(res, 404, 'text/html; charset=utf-8', NOT_FOUND, csp, head);
}

/** A WebSocket as the room's device. */
function deviceOf(ws: WebSocket): LanDevice {
  return {
    send(m) {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
    },
    close(reason, back) {
      if (ws.readyState !== ws.OPEN) return;
      if (reason) ws.send(JSON.stringify({ t: 'closed', reason, ...(back ? { back } : {}) } satisfies LanHostMessage));
      ws.close(1000);
      // A device that does not answer the close handshake is cut off.
      setTimeout(() => ws.terminate(), 2000).unref();
    },
  };
}

/**
 * Listen on `port` (all interfaces unless `host` is given). Rejects with the listen error (e.g.
 * EADDRINUSE) when the port cannot be had.
 */
export function startLanServer(opts: LanServerOptions): Promise<LanServer> {
  const { room, page } = opts;
  const http: Server = createServer((req, res) => {
    try {
      serveHttp(req, res, page);
    } catch (e) {
      room.count('error', `[lan] request failed: ${(e as Error)?.stack ?? String(e)}`);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Internal error');
    }
  });
  http.requestTimeout = 10_000;
  http.headersTimeout = 10_000;
  // Over the protocol's limit, so the room can answer "too large" itself; far past it the socket closes (1009).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * LAN_MAX_CLIENT_MESSAGE, perMessageDeflate: false });
  const alive = new WeakMap<WebSocket, boolean>();

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, headBytes: Buffer) => {
    socket.on('error', () => socket.destroy());
    try {
      const path = (req.url ?? '').split('?')[0];
      const origin = req.headers.origin;
      const refuse = (status: string): void => {
        socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      };
      if (path !== LAN_SOCKET_PATH) return refuse('404 Not Found');
      // A browser always sends Origin: only the join page of this server may open a socket.
      if (origin !== undefined && origin !== `http://${req.headers.host ?? ''}`) return refuse('403 Forbidden');
      if (wss.clients.size >= LAN_MAX_SOCKETS) return refuse('503 Service Unavailable');
      wss.handleUpgrade(req, socket, headBytes, (ws) => wss.emit('connection', ws, req));
    } catch (e) {
      room.count('error', `[lan] upgrade failed: ${(e as Error)?.stack ?? String(e)}`);
      socket.destroy();
    }
  });

  wss.on('connection', (ws: WebSocket) => {
    const conn = room.connect(deviceOf(ws));
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    ws.on('message', (data, binary) => conn.receive(Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data), binary));
    ws.on('close', () => conn.ended());
    ws.on('error', (e) => {
      room.count('refused', `[lan] socket error: ${e.message}`);
      ws.terminate();
    });
  });

  const beat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.get(ws)) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      try {
        ws.ping();
      } catch {
        ws.terminate();
      }
    }
  }, opts.heartbeatMs ?? LAN_HEARTBEAT_MS);
  beat.unref();

  return new Promise((resolve, reject) => {
    const onError = (e: Error): void => {
      clearInterval(beat);
      reject(e);
    };
    http.once('error', onError);
    http.listen({ port: opts.port, host: opts.host ?? '0.0.0.0', exclusive: true }, () => {
      http.off('error', onError);
      http.on('error', (e) => room.count('error', `[lan] server error: ${e.message}`));
      const addr = http.address();
      const port = typeof addr === 'object' && addr ? addr.port : opts.port;
      resolve({
        port,
        close: async (away = false) => {
          clearInterval(beat);
          room.close(away);
          // Each device was sent `closed` and a close frame: wait (a little) for them to go.
          const open = [...wss.clients].map((ws) => new Promise<void>((r) => (ws.readyState === ws.CLOSED ? r() : ws.once('close', () => r()))));
          await Promise.race([Promise.all(open), new Promise((r) => setTimeout(r, 1000).unref())]);
          for (const ws of wss.clients) ws.terminate();
          wss.close();
          await new Promise<void>((done) => {
            http.close(() => done());
            http.closeAllConnections();
          });
        },
      });
    });
  });
}
