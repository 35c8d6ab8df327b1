// Browser mode saves a cards table as large as a project may hold (PROJECT_LIMITS: 10,000 rows ×
// 200 columns) through the same HTTP host the page uses; only a body past those limits is
// refused, with a message in both languages saying what to cut.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS } from '../shared/cards/limits';
import { createHandlers } from './ipc';
import { createServices } from './services';
import { MAX_BODY, TABLE_BODY, createWebHost } from './web-host';

const KEY = 'test-key-table-limit-0123456789';
let tmp: string;
let base = '';
let services: ReturnType<typeof createServices>;
let server: ReturnType<typeof createWebHost>;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'fuqi-web-table-'));
  const rendererDir = join(tmp, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  services = createServices({ mode: 'browser', exportDir: join(tmp, 'exports'), projectsDir: join(tmp, 'projects') });
  server = createWebHost(createHandlers(services, () => false), rendererDir, { key: KEY });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await services.workers.close();
  rmSync(tmp, { recursive: true, force: true });
});

type Envelope<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string; details?: unknown } };
async function call<T>(channel: string, arg: unknown): Promise<{ status: number; body: Envelope<T> }> {
  const r = await fetch(`${base}/api/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fuqi-key': KEY }, body: JSON.stringify(arg) });
  return { status: r.status, body: (await r.json()) as Envelope<T> };
}

async function newProject(name: string): Promise<{ id: string; dir: string; revision: string }> {
  const made = await call<{ summary: { id: string; dir: string } }>('projects:create', { name, card: { preset: 'poker' } });
  if (!made.body.ok) throw new Error(made.body.error.message);
  const cards = await call<{ revision: string }>('projects:cards', { id: made.body.value.summary.id });
  if (!cards.body.ok) throw new Error(cards.body.error.message);
  return { ...made.body.value.summary, revision: cards.body.value.revision };
}

describe('browser mode saves tables up to the documented limits', () => {
  it('8,000 rows × 6 short columns (over 1 MiB as JSON) save and autosave again', async () => {
    const p = await newProject('Eight thousand');
    const columns = ['id', 'copies', 'name', 'attr', 'text', 'cost'];
    const rows = Array.from({ length: 8000 }, (_, i) => [`C${i}`, '1', `牌${i}`, '福', `${i}: ${'draw a card, then play one of the cards in your hand. '.repeat(2)}`, String(i % 9)]);
    expect(JSON.stringify({ id: p.id, columns, rows, baseRevision: p.revision }).length).toBeGreaterThan(MAX_BODY);
    const saved = await call<{ revision: string; cardCount: number }>('projects:save-cards', { id: p.id, columns, rows, baseRevision: p.revision });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, value: { cardCount: 8000 } });
    // The next autosave, from the revision the first answered, goes through too.
    rows[0]![2] = '改';
    const again = await call('projects:save-cards', { id: p.id, columns, rows, baseRevision: saved.body.ok && saved.body.value.revision });
    expect(again.body).toMatchObject({ ok: true, value: { cardCount: 8000 } });
  }, 60_000);

  it(`a table at the documented limit (${PROJECT_LIMITS.rows} rows × ${PROJECT_LIMITS.columns} columns, a ${PROJECT_LIMITS.fileBytes >> 20} MiB cards.csv) passes the host`, async () => {
    // The largest table a project holds: every row and column, cells filled until its CSV is
    // just under the file limit, with quotes and line breaks (which JSON escapes) in them. The
    // host must hand it to the handler whole; what the handler does with it is tested above.
    const columns = ['id', 'copies', ...Array.from({ length: PROJECT_LIMITS.columns - 2 }, (_, i) => `c${i}`)];
    const cellsPerRow = PROJECT_LIMITS.columns;
    const budget = PROJECT_LIMITS.fileBytes - 4096;
    const perCell = Math.floor(budget / (PROJECT_LIMITS.rows * cellsPerRow)) - 3; // "…" and a comma around each
    const filler = 'a"\n'.repeat(Math.ceil(perCell / 3)).slice(0, perCell - 1);
    const rows = Array.from({ length: PROJECT_LIMITS.rows }, (_, r) => columns.map((_, c) => (c === 0 ? `R${r}` : c === 1 ? '1' : `${filler}`)));
    const csvBytes = rows.reduce((n, row) => n + row.reduce((m, cell) => m + cell.length + 3 + (cell.match(/"/g)?.length ?? 0), 0), 0);
    expect(csvBytes).toBeLessThan(PROJECT_LIMITS.fileBytes);
    expect(csvBytes).toBeGreaterThan(PROJECT_LIMITS.fileBytes * 0.9);
    const body = JSON.stringify({ id: 'u-x', columns, rows, baseRevision: 'missing' });
    expect(body.length).toBeLessThan(TABLE_BODY);
    const seen: unknown[] = [];
    const stub = createWebHost(new Proxy({}, { get: (_t, channel: string) => (arg: { rows: unknown[] }) => (seen.push(channel), { rows: arg.rows.length }) }) as never, join(tmp, 'renderer'), { key: KEY });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
    try {
      const exportBody = JSON.stringify({ projectId: 'u-x', format: 'csv', columns, rows });
      for (const [channel, text] of [['projects:save-cards', body], ['sheets:export', exportBody]] as const) {
        const r = await fetch(`http://127.0.0.1:${(stub.address() as AddressInfo).port}/api/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fuqi-key': KEY }, body: text });
        expect(r.status, channel).toBe(200);
        expect(await r.json()).toEqual({ ok: true, value: { rows: PROJECT_LIMITS.rows } });
      }
      expect(seen).toEqual(['projects:save-cards', 'sheets:export']);
    } finally {
      stub.close();
    }
  }, 120_000);

  it('refuses a body past the limits with 413 and a message in both languages', async () => {
    const r = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${base}/api/projects:save-cards`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fuqi-key': KEY, 'content-length': String(TABLE_BODY + 1) } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.write('{');
    });
    expect(r.status).toBe(413);
    const env = JSON.parse(r.body) as { error: { code: string; message: string; details: { message: { zh: string; en: string } } } };
    expect(env.error.code).toBe('web/too-large');
    expect(env.error.details.message.zh).toMatch(/10000 行、200 列/);
    expect(env.error.details.message.en).toMatch(/at most 10000 rows, 200 columns/);
  });
});
