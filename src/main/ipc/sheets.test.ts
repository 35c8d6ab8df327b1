import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IpcChannel, type AddedArt, type ArtFile, type ImportPreviewResult, type SheetExportResult } from '../../shared/ipc/contract';
import { writeXlsx } from '../services/sheets';
import { dispatch } from './registry';
import { ipcTestApp } from './app.test-fixture';


const { services, handlers, call } = ipcTestApp('sheets-ipc');
const made = services.editor.create({ name: '我的牌', card: { preset: 'poker' } });
if (!made.ok) throw new Error(made.error.message);
const id = made.value.summary.id;
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

describe('sheets channels', () => {
  it('previews an XLSX (read on a worker): the chosen sheet, all sheet names, the diff against cards.csv', async () => {
    const bytes = await writeXlsx({ columns: ['id', 'name', 'text'], rows: [['card-1', '福', '一行\n两行'], ['new', '新', 'a "q"']] });
    const p = await call<ImportPreviewResult>(IpcChannel.SHEETS_PREVIEW_IMPORT, { projectId: id, fileName: 'cards.xlsx', bytes: b64(bytes) });
    expect(p.format).toBe('xlsx');
    expect(p.sheets).toEqual(['cards']);
    expect(p.incoming.rows[0]).toEqual(['card-1', '福', '一行\n两行']);
    expect(p.diff?.rowsAdded.map((r) => r.id)).toEqual(['new']);
    expect(p.diff?.rowsChanged[0]?.cells.map((c) => c.column)).toEqual(['name', 'text']);
    expect(services.workers.threads).toBeGreaterThan(0);
    const none = await dispatch(handlers, IpcChannel.SHEETS_PREVIEW_IMPORT, { projectId: id, fileName: 'cards.xlsx', bytes: b64(bytes), sheet: '卡牌' });
    expect(none).toMatchObject({ ok: false, error: { code: 'sheets/no-sheet', details: { sheets: ['cards'] } } });
  }, 60_000);

  it('exports CSV into the export folder and validates payloads', async () => {
    const r = await call<SheetExportResult>(IpcChannel.SHEETS_EXPORT, { projectId: id, format: 'csv', columns: ['id', 'name'], rows: [['a', '甲']] });
    expect(readFileSync(r.path, 'utf8')).toBe('id,name\na,甲\n');
    expect(r.mime).toBe('text/csv;charset=utf-8');
    expect(await dispatch(handlers, IpcChannel.SHEETS_EXPORT, { projectId: id, format: 'ods', columns: ['id'], rows: [] })).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
    expect(await dispatch(handlers, IpcChannel.SHEETS_PREVIEW_IMPORT, { projectId: id, fileName: 'a.csv', bytes: 'not base64!' })).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
  });

  it('adds art to a user project (announced to the watcher), lists it, and refuses built-in projects', async () => {
    const png = await sharp({ create: { width: 1000, height: 1400, channels: 3, background: '#2E8B57' } }).png().toBuffer();
    const added = await call<AddedArt>(IpcChannel.PROJECTS_ADD_ART, { projectId: id, fileName: '玉.png', bytes: b64(png) });
    expect(added).toMatchObject({ ref: 'file:art/玉.png', path: 'art/玉.png', width: 1000, height: 1400, dpiAtCard: 403, warnings: [] });
    const list = await call<{ files: ArtFile[] }>(IpcChannel.PROJECTS_ART, { projectId: id });
    expect(list.files.map((f) => f.ref)).toContain('file:art/玉.png');
    const builtIn = await dispatch(handlers, IpcChannel.PROJECTS_ADD_ART, { projectId: 'doufu', fileName: 'a.png', bytes: b64(png) });
    expect(builtIn).toMatchObject({ ok: false, error: { code: 'projects/read-only' } });
    expect((await call<{ files: ArtFile[] }>(IpcChannel.PROJECTS_ART, { projectId: 'doufu' })).files.length).toBeGreaterThan(0);
  });
});
