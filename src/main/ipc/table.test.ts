import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IpcChannel, type CreatedProject, type TableSetupOpened } from '../../shared/ipc/contract';
import { ipcTestApp } from './app.test-fixture';


const { tmp, call } = ipcTestApp('table');

describe('table:open and table:save', () => {
  it('a blank project opens the default table with its cards; table.json is read against them and saved only when asked', async () => {
    const made = await call<CreatedProject>(IpcChannel.PROJECTS_CREATE, { name: 'Table', card: { preset: 'poker' } });
    const { id, dir } = { id: made.summary.id, dir: made.summary.dir! };
    const o = await call<TableSetupOpened>(IpcChannel.TABLE_OPEN, { projectId: id });
    expect(o.text).toBeNull();
    expect(o.revision).toBe('missing');
    expect(o.usedDefault).toBe(true);
    expect(o.problems).toEqual([]);
    // The blank project's three example cards, card-1 twice (copies 2).
    expect(o.cards).toEqual(['card-1', 'card-2', 'card-3']);
    expect(o.options.start).toEqual([{ zone: 'deck', cards: ['card-1', 'card-1', 'card-2', 'card-3'] }]);
    expect(existsSync(join(dir, 'table.json'))).toBe(false);

    // A set-up with a filter, a board image that is missing and one that escapes the folder.
    const text = JSON.stringify({ format: 'fuqi-table', formatVersion: 1, seats: 3, zones: [{ id: 'deck', kind: 'pile' }, { id: 'hand', kind: 'hand' }], cards: [{ zone: 'deck', where: { id: ['card-2', 'card-3'] }, count: 2 }], board: { image: 'art/board.png' } }, null, 2) + '\n';
    const saved = await call<{ revision: string }>(IpcChannel.TABLE_SAVE, { projectId: id, text, baseRevision: o.revision });
    expect(readFileSync(join(dir, 'table.json'), 'utf8')).toBe(text);
    const again = await call<TableSetupOpened>(IpcChannel.TABLE_OPEN, { projectId: id });
    expect(again.text).toBe(text);
    expect(again.revision).toBe(saved.revision);
    expect(again.seats).toBe(3);
    expect(again.options.start).toEqual([{ zone: 'deck', cards: ['card-2', 'card-2', 'card-3', 'card-3'] }]);
    expect(again.problems.map((p) => p.path)).toEqual(['board.image']);
    expect(again.problems[0]!.message.en).toContain('art/board.png is not in the project');
    expect(again.options.board).toBeNull();

    // A board image that is a link out of the project is not followed.
    const outside = join(tmp, 'secret.png');
    writeFileSync(outside, 'x');
    mkdirSync(join(dir, 'art'), { recursive: true });
    symlinkSync(outside, join(dir, 'art', 'board.png'));
    expect((await call<TableSetupOpened>(IpcChannel.TABLE_OPEN, { projectId: id })).problems.map((p) => p.path)).toEqual(['board.image']);

    // A stale save is refused; broken JSON is refused before anything is written; built-in projects are read-only.
    await expect(call(IpcChannel.TABLE_SAVE, { projectId: id, text: '{}', baseRevision: o.revision })).rejects.toMatchObject({ code: 'projects/conflict' });
    await expect(call(IpcChannel.TABLE_SAVE, { projectId: id, text: '{ "seats": ', baseRevision: saved.revision })).rejects.toMatchObject({ code: 'cards/invalid' });
    await expect(call(IpcChannel.TABLE_SAVE, { projectId: id, text: '[]', baseRevision: saved.revision })).rejects.toMatchObject({ code: 'cards/invalid' });
    expect(readFileSync(join(dir, 'table.json'), 'utf8')).toBe(text);
    await expect(call(IpcChannel.TABLE_SAVE, { projectId: 'doufu', text: '{}', baseRevision: 'missing' })).rejects.toMatchObject({ code: 'projects/read-only' });

    // A table.json broken on disk opens the default table with the line of the fault.
    writeFileSync(join(dir, 'table.json'), '{\n  "seats": 3,\n  "zones": [ { "id": "deck" "kind": "pile" } ]\n}\n');
    const broken = await call<TableSetupOpened>(IpcChannel.TABLE_OPEN, { projectId: id });
    expect(broken.usedDefault).toBe(true);
    expect(broken.problems[0]!.message.en).toMatch(/line 3/);
  });
});

describe('table:export', () => {
  it('writes a playtest report into the export folder under a fresh name each time; refuses an unknown project and a wrong kind', async () => {
    const made = await call<CreatedProject>(IpcChannel.PROJECTS_CREATE, { name: 'Export Me', card: { preset: 'poker' } });
    const id = made.summary.id;
    const a = await call<{ path: string; fileName: string; bytes: number }>(IpcChannel.TABLE_EXPORT, { projectId: id, kind: 'md', text: '# 试玩报告\n' });
    const b = await call<{ path: string; fileName: string; bytes: number }>(IpcChannel.TABLE_EXPORT, { projectId: id, kind: 'md', text: '# again\n' });
    expect(a.fileName).toMatch(/^export-me-playtest-\d{8}-\d{4}\.md$/);
    expect(b.fileName).not.toBe(a.fileName);
    expect(a.path.startsWith(join(tmp, 'exports'))).toBe(true);
    expect(readFileSync(a.path, 'utf8')).toBe('# 试玩报告\n');
    expect(a.bytes).toBe(Buffer.byteLength('# 试玩报告\n'));
    const c = await call<{ fileName: string }>(IpcChannel.TABLE_EXPORT, { projectId: id, kind: 'jsonl', text: '{"type":"end"}\n' });
    expect(c.fileName.endsWith('.jsonl')).toBe(true);
    await expect(call(IpcChannel.TABLE_EXPORT, { projectId: 'u-nobody-00000000', kind: 'md', text: 'x' })).rejects.toThrow();
    await expect(call(IpcChannel.TABLE_EXPORT, { projectId: id, kind: 'exe', text: 'x' })).rejects.toThrow(/kind/);
  });
});
