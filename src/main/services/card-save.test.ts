// A big cards table (10,000 rows) is saved with its check on a worker: the main thread answers other
// requests meanwhile, the file written is the one checked, a change on disk during the check is a
// conflict, and a bad table gets the same problems as the synchronous save gives.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../ipc';
import { dispatch } from '../ipc/registry';
import { createServices } from '.';
import { bigTable, OFF_THREAD_CELLS } from './card-save';
import { revisionOf } from './project-write';

const ROWS = 10_000;
const columns = ['id', 'copies', 'name', 'text', ...Array.from({ length: 26 }, (_, i) => `f${i}`)];
const table = (edit = ''): string[][] => Array.from({ length: ROWS }, (_, r) => columns.map((c, i) => (c === 'id' ? `C${r + 1}` : c === 'copies' ? '1' : `${edit}${r % 97},${i}`)));

let tmp: string;
let services: ReturnType<typeof createServices>;
let handlers: ReturnType<typeof createHandlers>;
/** Called when a worker task ends, before its answer reaches the caller. */
let onTaskEnd: (task: string) => void = () => {};
const tasks: string[] = [];

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'fuqi-card-save-'));
  services = createServices({ mode: 'browser', projectsDir: join(tmp, 'projects'), exportDir: join(tmp, 'exports'), workers: { onTaskEnd: (task) => (tasks.push(task), onTaskEnd(task)) } });
  handlers = createHandlers(services, () => false);
});
afterAll(async () => {
  await services.workers.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function newProject(name: string): Promise<{ id: string; dir: string; revision: string }> {
  const made = services.editor.create({ name, card: { preset: 'poker' } });
  if (!made.ok) throw new Error(made.error.message);
  const cards = services.editor.cards(made.value.summary.id);
  if (!cards.ok) throw new Error(cards.error.message);
  return { id: made.value.summary.id, dir: made.value.summary.dir!, revision: cards.value.revision };
}

type Envelope = { ok: true; value: { revision: string; cardCount: number } } | { ok: false; error: { code: string; message: string; details?: unknown } };
const save = (id: string, rows: string[][], baseRevision: string) => dispatch(handlers, 'projects:save-cards', { id, columns, rows, baseRevision }) as Promise<Envelope>;

describe('saving a 10,000-row table', () => {
  it('is checked on a worker while the main thread answers other requests, and writes the table it checked', async () => {
    const p = await newProject('Ten thousand');
    const rows = table();
    expect(bigTable({ columns, rows })).toBe(true);
    tasks.length = 0;
    let saved = false;
    const saving = save(p.id, rows, p.revision).then((r) => ((saved = true), r));
    // Another request, sent after the save, is answered before it.
    const list = await dispatch(handlers, 'projects:list', null);
    expect(list.ok).toBe(true);
    const info = await dispatch(handlers, 'app:info', null);
    expect(info.ok).toBe(true);
    expect(saved).toBe(false);
    const r = await saving;
    if (!r.ok) throw new Error(r.error.message);
    expect(tasks).toEqual(['save-cards']);
    expect(r.value.cardCount).toBe(ROWS);
    const file = readFileSync(join(p.dir, 'cards.csv'));
    expect(r.value.revision).toBe(revisionOf(file));
    const back = services.editor.cards(p.id);
    expect(back.ok && back.value.rows).toEqual(rows);
    // The next autosave, a patch of one cell, goes the same way from the revision answered.
    const patched = await dispatch(handlers, 'projects:patch-cards', { id: p.id, columns, rowCount: ROWS, cells: [{ row: 9_999, col: 2, value: '改' }], baseRevision: r.value.revision });
    expect(patched).toMatchObject({ ok: true, value: { cardCount: ROWS } });
    expect(tasks).toEqual(['save-cards', 'save-cards']);
    const again = services.editor.cards(p.id);
    expect(again.ok && again.value.rows[9_999]![2]).toBe('改');
  }, 120_000);

  it('answers a conflict, and writes nothing, when the file changes on disk while the worker checks; a file only touched is no conflict', async () => {
    const p = await newProject('Changed meanwhile');
    const outside = 'id,copies,name\nX,1,written by another program\n';
    onTaskEnd = (task) => task === 'save-cards' && writeFileSync(join(p.dir, 'cards.csv'), outside);
    try {
      const r = await save(p.id, table(), p.revision);
      expect(r).toMatchObject({ ok: false, error: { code: 'projects/conflict', details: { revision: revisionOf(outside) } } });
    } finally {
      onTaskEnd = () => {};
    }
    expect(readFileSync(join(p.dir, 'cards.csv'), 'utf8')).toBe(outside);
    // A file written again with the same content (touched, not changed) is no conflict.
    onTaskEnd = (task) => task === 'save-cards' && writeFileSync(join(p.dir, 'cards.csv'), outside);
    try {
      const r = await save(p.id, table('same'), revisionOf(outside));
      expect(r).toMatchObject({ ok: true, value: { cardCount: ROWS } });
    } finally {
      onTaskEnd = () => {};
    }
    expect(readFileSync(join(p.dir, 'cards.csv'), 'utf8')).toContain('C1,1,"same0,2"');
  }, 120_000);

  it('refuses a bad table with the problems the synchronous save names (rows, cards, messages)', async () => {
    const p = await newProject('Bad rows');
    const rows = table();
    rows[8_999]![0] = 'C5'; // a duplicate id
    rows[9_500]![1] = 'many'; // bad copies
    rows[9_998]![0] = ''; // no id
    const sync = services.editor.saveCards(p.id, { columns, rows }, p.revision);
    tasks.length = 0;
    const off = await save(p.id, rows, p.revision);
    expect(tasks).toEqual(['save-cards']);
    expect(sync.ok || off.ok).toBe(false);
    if (sync.ok || off.ok) return;
    expect(off.error).toEqual({ code: sync.error.code, message: sync.error.message, details: sync.error.details });
    expect((off.error.details as { where: string }[]).map((d) => d.where)).toEqual(['row 9001', 'row 9502 (C9501).copies', 'row 10000']);
  });

  it('saves one project in turn: of two saves from the same revision, the second is a conflict; a patch waits for the save before it', async () => {
    const p = await newProject('Two at once');
    const [a, b] = await Promise.all([save(p.id, table('a'), p.revision), save(p.id, table('b'), p.revision)]);
    if (!a.ok) throw new Error(a.error.message);
    expect(b).toMatchObject({ ok: false, error: { code: 'projects/conflict', details: { revision: a.value.revision } } });
    const back = services.editor.cards(p.id);
    expect(back.ok && back.value.rows[0]![2]).toBe('a0,2');
    // A patch sent while a save is under way applies to the table that save writes.
    const c = await save(p.id, table('c'), a.value.revision);
    if (!c.ok) throw new Error(c.error.message);
    const [d, e] = await Promise.all([
      save(p.id, table('d'), c.value.revision),
      dispatch(handlers, 'projects:patch-cards', { id: p.id, columns, rowCount: ROWS, cells: [{ row: 0, col: 3, value: '补' }], baseRevision: c.value.revision }),
    ]);
    expect(d.ok).toBe(true);
    expect(e).toMatchObject({ ok: false, error: { code: 'projects/conflict' } });
    expect(readFileSync(join(p.dir, 'cards.csv'), 'utf8')).toContain('C1,1,"d0,2","d0,3"');
  }, 120_000);

  it('keeps a small table on the main thread', async () => {
    const p = await newProject('Small');
    const rows = table().slice(0, Math.floor(OFF_THREAD_CELLS / columns.length / 2));
    tasks.length = 0;
    const r = await save(p.id, rows, p.revision);
    expect(r).toMatchObject({ ok: true, value: { cardCount: rows.length } });
    expect(tasks).toEqual([]);
  });
});
