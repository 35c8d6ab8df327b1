import { mkdtempSync, rmSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpcChannel } from '../../shared/ipc/contract';
import { createServices } from '../services';
import { createHandlers } from './index';
import { dispatch } from './registry';
import { CSP } from '../../shared/security/csp';
import { createWebHost } from '../web-host';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';

const exportDir = mkdtempSync(join(tmpdir(), 'fuqi-ipc-'));
const rendererDir = mkdtempSync(join(tmpdir(), 'fuqi-renderer-'));
mkdirSync(join(rendererDir, 'assets'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
writeFileSync(join(rendererDir, 'assets', 'a.js'), 'console.log(1)');
const services = createServices({ mode: 'browser', exportDir });
const handlers = createHandlers(services, () => false);
const KEY = 'ipc-test-key-0123456789';
const server = createWebHost(handlers, rendererDir, { key: KEY });
let base = '';

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(exportDir, { recursive: true, force: true });
  rmSync(rendererDir, { recursive: true, force: true });
});

const post = (channel: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fuqi-key': KEY, ...headers }, body: JSON.stringify(body) });

describe('IPC handlers', () => {
  it('every channel of the contract has a handler', () => {
    expect(Object.keys(handlers).sort()).toEqual(Object.values(IpcChannel).sort());
  });

  it('answers unknown channels and bad payloads with a described error, never a throw', async () => {
    expect(await dispatch(handlers, 'nope:x', null)).toMatchObject({ ok: false, error: { code: 'ipc/unknown-channel' } });
    const bad = await dispatch(handlers, 'print:start', { projectId: 'doufu', duplex: 'sideways' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
    expect(!bad.ok && bad.error.message).toMatch(/^print:start: duplex: /);
    expect(await dispatch(handlers, 'projects:render', { projectId: 'nosuch' })).toMatchObject({ ok: false, error: { code: 'projects/not-found' } });
  });

  it('lists 斗福 and renders its 52 cards with both faces and their images', async () => {
    const list = await dispatch(handlers, 'projects:list', null);
    expect(list.ok && (list.value as { id: string }[]).map((p) => p.id)).toContain('doufu');
    const r = await dispatch(handlers, 'projects:render', { projectId: 'doufu' });
    if (!r.ok) throw new Error(r.error.message);
    const v = r.value as { cards: { front: { list: { ops: unknown[] } } }[]; images: Record<string, string> };
    expect(v.cards).toHaveLength(52);
    expect(v.cards.every((c) => c.front.list.ops.length > 0)).toBe(true);
    expect(Object.values(v.images).every((u) => u.startsWith('data:image/'))).toBe(true);
  });

  it('runs an export job to done, and reveals only files it wrote', async () => {
    const s = await dispatch(handlers, 'print:start', { projectId: 'doufu', duplex: 'none', calibration: false, cards: ['RAT-FU', 'OX-FU'] });
    if (!s.ok) throw new Error(s.error.message);
    const { jobId } = s.value as { jobId: string };
    let st: { state: string; files: { path: string }[]; progress: number } = { state: 'running', files: [], progress: 0 };
    for (let i = 0; i < 200 && st.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const r = await dispatch(handlers, 'print:status', { jobId });
      if (!r.ok) throw new Error(r.error.message);
      st = r.value as typeof st;
    }
    expect(st.state).toBe('done');
    expect(st.progress).toBe(1);
    const pdf = st.files[0]!.path;
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await dispatch(handlers, 'shell:show-in-folder', { path: pdf })).toEqual({ ok: true, value: { shown: false } });
    expect(await dispatch(handlers, 'shell:show-in-folder', { path: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 'shell/not-ours' } });
    expect(await dispatch(handlers, 'print:status', { jobId: 'job-nope' })).toMatchObject({ ok: false, error: { code: 'print/no-job' } });
  });

  it('a cancelled job reports cancelled and leaves no PDF behind', async () => {
    const s = await dispatch(handlers, 'print:start', { projectId: 'doufu', duplex: 'long', png: true });
    if (!s.ok) throw new Error(s.error.message);
    const { jobId } = s.value as { jobId: string };
    expect(await dispatch(handlers, 'print:cancel', { jobId })).toEqual({ ok: true, value: { cancelled: true } });
    let st = { state: 'running', files: [] as { path: string }[] };
    for (let i = 0; i < 400 && st.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const r = await dispatch(handlers, 'print:status', { jobId });
      if (r.ok) st = r.value as typeof st;
    }
    expect(st.state).toBe('cancelled');
    expect(existsSync(join(exportDir, 'doufu-a4-duplex-long.pdf'))).toBe(false);
  });
});

describe('browser host', () => {
  it('serves the renderer with the strict CSP, and nothing outside its folder', async () => {
    const r = await fetch(`${base}/`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-security-policy')).toBe(CSP);
    expect(CSP).toContain("default-src 'self'");
    expect(CSP).not.toMatch(/https?:|unsafe-eval/);
    expect((await fetch(`${base}/assets/a.js`)).headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${base}/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
  });

  it('answers API calls with the envelope, and refuses other origins, other hosts, GET and non-JSON', async () => {
    const ok = await (await post('app:info', null)).json();
    expect(ok).toMatchObject({ ok: true, value: { mode: 'browser' } });
    expect((await post('app:info', null, { origin: 'http://evil.example' })).status).toBe(403);
    // fetch cannot set Host, so ask like a DNS-rebinding page would, with a raw request.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${base}/api/app:info`, { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json', 'x-fuqi-key': KEY } }, (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.end('null');
    });
    expect(status).toBe(403);
    expect((await fetch(`${base}/api/app:info`)).status).toBe(405);
    expect((await post('app:info', null, { 'content-type': 'text/plain' })).status).toBe(415);
    const bad = await fetch(`${base}/api/app:info`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fuqi-key': KEY }, body: '{oops' });
    expect(await bad.json()).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
  });
});
