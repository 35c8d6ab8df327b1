import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { dispatch, type Handlers } from './ipc/registry';

/** The renderer's Content-Security-Policy, the same in the browser host and the Electron window. */
export const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

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

const MAX_BODY = 1 << 20;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((res, rej) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        rej(new Error('request body over 1 MiB'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => res(Buffer.concat(chunks).toString('utf8')));
    req.on('error', rej);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(body);
}

/**
 * Serve the built renderer and the IPC handlers over HTTP on 127.0.0.1 (browser mode). API calls
 * are `POST /api/<channel>` with a JSON body and answer the same envelope as Electron IPC.
 * Requests must come from the page itself (Host and Origin checked), so other sites open in
 * the same browser cannot drive the API, and DNS rebinding is refused.
 */
export function createWebHost(handlers: Handlers, rendererDir: string): Server {
  const root = resolve(rendererDir);
  return createServer(async (req, res) => {
    try {
      const host = req.headers.host ?? '';
      if (!/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host)) return send(res, 403, 'text/plain', 'Forbidden host');
      const url = new URL(req.url ?? '/', `http://${host}`);
      if (url.pathname.startsWith('/api/')) {
        if (req.method !== 'POST') return send(res, 405, 'text/plain', 'Use POST');
        const origin = req.headers.origin;
        if (origin !== undefined && origin !== `http://${host}`) return send(res, 403, 'text/plain', 'Forbidden origin');
        if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return send(res, 415, 'text/plain', 'Use application/json');
        let payload: unknown;
        try {
          const body = await readBody(req);
          payload = body === '' ? null : JSON.parse(body);
        } catch (e) {
          return send(res, 400, 'application/json', JSON.stringify({ ok: false, error: { code: 'ipc/bad-request', message: `Body is not JSON: ${(e as Error).message}` } }));
        }
        const env = await dispatch(handlers, decodeURIComponent(url.pathname.slice(5)), payload);
        return send(res, 200, 'application/json', JSON.stringify(env));
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed');
      const rel = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1));
      const file = normalize(join(root, rel));
      if (!file.startsWith(root + sep)) return send(res, 404, 'text/plain', 'Not found');
      try {
        const data = await readFile(file);
        return send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', data);
      } catch {
        return send(res, 404, 'text/plain', 'Not found');
      }
    } catch (e) {
      console.error('[web] request failed', e);
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal error');
    }
  });
}
