import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handlers } from './ipc/registry';
import { createWebHost } from './web-host';
import { pickEncoding } from './web-assets';
import { keyMatches, readCookie, resolveSessionKey, sessionCookieName } from './web-session';

// A handler for every channel that answers what it was given: the host, not the handlers, is under test.
const calls: string[] = [];
const handlers = new Proxy({}, { get: (_t, channel: string) => (arg: unknown) => (calls.push(channel), { echo: arg }) }) as Handlers;

const KEY = 'test-key-0123456789abcdef';
const rendererDir = mkdtempSync(join(tmpdir(), 'fuqi-web-host-'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
mkdirSync(join(rendererDir, 'assets'));
const SCRIPT = `export const cards = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: `RAT-${i}`, name: '福鼠 Fortune Rat' })))};`;
writeFileSync(join(rendererDir, 'assets', 'index-CESy1uUt.js'), SCRIPT);
writeFileSync(join(rendererDir, 'assets', 'font-Ba7eOkfT.woff2'), Buffer.alloc(4096, 7));
const server = createWebHost(handlers, rendererDir, { key: KEY });
let base = '';
let cookieName = '';

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  cookieName = sessionCookieName(port);
});
afterAll(() => {
  server.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

const json = { 'content-type': 'application/json' };
const post = (path: string, body: string | Uint8Array, headers: Record<string, string> = { ...json, 'x-fuqi-key': KEY }) =>
  fetch(`${base}${path}`, { method: 'POST', headers, body });

/** A raw request, for what fetch will not send (a streamed body without a length). */
function raw(path: string, headers: Record<string, string>, chunks: Buffer[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    const next = (i: number): void => {
      if (i === chunks.length) return void req.end();
      // Stop streaming once the server has answered: it need not read the rest.
      if (!req.write(chunks[i])) req.once('drain', () => next(i + 1));
      else setImmediate(() => next(i + 1));
    };
    next(0);
  });
}

describe('browser host: request limits', () => {
  it('answers a body nested a million deep with 400 and the depth limit at once, and keeps serving', async () => {
    const deep = `{"rows":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`;
    const t0 = performance.now();
    const r = await post('/api/sheets:export', deep);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ ok: false, error: { code: 'ipc/too-deep', message: expect.stringMatching(/^The body of \/api\/sheets:export is nested more than 64 levels deep/), details: { zh: expect.stringMatching(/嵌套超过 64 层/) } } });
    const again = await post('/api/app:info', '{}');
    expect(again.status).toBe(200);
  });

  it('answers a body over 1 MiB with 413 and the error envelope, and keeps serving', async () => {
    const r = await post('/api/app:info', new Uint8Array((1 << 20) + 1).fill(32));
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({ ok: false, error: { code: 'web/too-large', message: expect.stringMatching(/1 MiB/) } });
    // Without a Content-Length the limit is found while reading.
    const streamed = await raw('/api/app:info', { ...json, 'x-fuqi-key': KEY, 'transfer-encoding': 'chunked' }, Array.from({ length: 24 }, () => Buffer.alloc(64 << 10, 32)));
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ ok: false, error: { code: 'web/too-large' } });
    expect((await post('/api/app:info', 'null')).status).toBe(200);
  });

  it('answers a malformed % escape with 400, not an internal error', async () => {
    const api = await post('/api/app%E0%A4%Ainfo', 'null');
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ ok: false, error: { code: 'web/bad-url' } });
    expect((await fetch(`${base}/assets/%E0%A4%A.js`)).status).toBe(400);
    expect((await fetch(`${base}/%zz`)).status).toBe(400);
  });

  it('accepts only application/json bodies (with at most a UTF-8 charset)', async () => {
    for (const type of ['text/plain', 'application/jsonp', 'application/json-patch+json', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']) {
      const r = await post('/api/app:info', 'null', { 'content-type': type, 'x-fuqi-key': KEY });
      expect(r.status, type).toBe(415);
      expect(await r.json()).toMatchObject({ ok: false, error: { code: 'web/bad-content-type' } });
    }
    expect((await raw('/api/app:info', { 'x-fuqi-key': KEY }, [Buffer.from('null')])).status).toBe(415);
    for (const type of ['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"'])
      expect((await post('/api/app:info', 'null', { 'content-type': type, 'x-fuqi-key': KEY })).status, type).toBe(200);
  });
});

describe('browser host: session key', () => {
  it('refuses API calls without the key, naming what to do, before any handler runs', async () => {
    calls.length = 0;
    for (const headers of [json, { ...json, 'x-fuqi-key': 'wrong-key-0123456789abcdef' }, { ...json, cookie: `${cookieName}=nope` }, { ...json, cookie: `fuqi_key_1=${KEY}` }]) {
      const r = await post('/api/app:info', 'null', headers);
      expect(r.status).toBe(401);
      expect(await r.json()).toMatchObject({ ok: false, error: { code: 'web/no-session', message: expect.stringMatching(/\?key=/) } });
    }
    expect(calls).toEqual([]);
  });

  it('trades the key in the address for an HttpOnly SameSite=Strict cookie and a clean address', async () => {
    const r = await fetch(`${base}/?lang=en&key=${KEY}`, { redirect: 'manual' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/?lang=en');
    const cookie = r.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${cookieName}=${KEY};`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const call = await post('/api/app:info', 'null', { ...json, cookie: `other=1; ${cookie.split(';')[0]}` });
    expect(call.status).toBe(200);
    expect(await call.json()).toEqual({ ok: true, value: { echo: null } });
  });

  it('refuses a wrong key in the address without setting a cookie, and serves the page without one', async () => {
    const bad = await fetch(`${base}/?key=stale-key-from-last-launch`, { redirect: 'manual' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('set-cookie')).toBeNull();
    expect(await bad.text()).toMatch(/npm run web/);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
  });
});

describe('session key helpers', () => {
  it('makes a fresh random key each launch unless FUQI_SESSION_TOKEN fixes it', () => {
    const a = resolveSessionKey({});
    const b = resolveSessionKey({ FUQI_SESSION_TOKEN: '' });
    expect(a.ok && b.ok && a.value !== b.value && a.value.length >= 40).toBe(true);
    expect(resolveSessionKey({ FUQI_SESSION_TOKEN: KEY })).toEqual({ ok: true, value: KEY });
    for (const bad of ['short', 'has space in it 1234', 'semi;colon-0123456789'])
      expect(resolveSessionKey({ FUQI_SESSION_TOKEN: bad })).toMatchObject({ ok: false, error: { code: 'web/bad-session-token' } });
  });

  it('compares keys exactly and reads one cookie out of many', () => {
    expect(keyMatches(KEY, KEY)).toBe(true);
    expect(keyMatches(`${KEY}x`, KEY)).toBe(false);
    expect(keyMatches(undefined, KEY)).toBe(false);
    expect(readCookie('a=1; fuqi_key_5177=abc; b=2', 'fuqi_key_5177')).toBe('abc');
    expect(readCookie('xfuqi_key_5177=abc', 'fuqi_key_5177')).toBeUndefined();
    expect(readCookie(undefined, 'x')).toBeUndefined();
  });
});

describe('browser host: caching and compression', () => {
  /** GET with an Accept-Encoding, the body as sent (fetch would decompress it). */
  function get(path: string, encoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = request(`${base}${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('lets the browser keep hashed assets for good, compressed with brotli or gzip as it accepts, under the same CSP', async () => {
    const br = await get('/assets/index-CESy1uUt.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-security-policy']).toMatch(/default-src/);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 5);
    const gz = await get('/assets/index-CESy1uUt.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(SCRIPT);
    const plain = await get('/assets/index-CESy1uUt.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
  });

  it('asks the host again for the page itself, and sends fonts as they are (already compressed)', async () => {
    const page = await get('/', 'br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const font = await get('/assets/font-Ba7eOkfT.woff2', 'br, gzip');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.body.length).toBe(4096);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
