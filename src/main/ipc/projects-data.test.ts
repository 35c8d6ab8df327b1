import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IpcChannel, type CardsTable, type CreatedProject, type ProjectChanges, type RenderedProject } from '../../shared/ipc/contract';
import { migrate } from '../../shared/cards/migrations';
import { dispatch } from './registry';
import { ipcTestApp } from './app.test-fixture';


const { handlers: h, call } = ipcTestApp('data');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function newProject(name: string): Promise<{ id: string; dir: string; cards: CardsTable }> {
  const made = await call<CreatedProject>(IpcChannel.PROJECTS_CREATE, { name, card: { preset: 'poker' } });
  const id = made.summary.id;
  return { id, dir: made.summary.dir!, cards: await call<CardsTable>(IpcChannel.PROJECTS_CARDS, { id }) };
}

/** Every text a face draws, joined. */
const texts = (p: RenderedProject, side: 'front' | 'back' = 'front'): string =>
  JSON.stringify(p.cards[0]![side].list.ops);

describe('projects:render-row', () => {
  it('lays out an unsaved row with the project templates, on a worker', async () => {
    const { id, cards } = await newProject('Row preview');
    const row = [...cards.rows[0]!];
    row[cards.columns.indexOf('name')] = '冬 Winter';
    const r = await call<RenderedProject>(IpcChannel.PROJECTS_RENDER_ROW, { projectId: id, columns: cards.columns, row });
    expect(r.cards).toHaveLength(1);
    expect(r.cards[0]).toMatchObject({ id: 'card-1', fields: { name: '冬 Winter' } });
    expect(texts(r)).toContain('Winter');
    expect(r.total).toBe(1);
  });

  it('draws a row the loader would refuse, with warnings saying why', async () => {
    const { id, cards } = await newProject('Row warnings');
    const row = cards.columns.map(() => '');
    const r = await call<RenderedProject>(IpcChannel.PROJECTS_RENDER_ROW, { projectId: id, columns: cards.columns, row });
    expect(r.warnings.map((w) => w.message).join('\n')).toMatch(/no id/);
  });

  it('renders built-in projects too, and validates the payload', async () => {
    const doufu = await call<CardsTable>(IpcChannel.PROJECTS_CARDS, { id: 'doufu' });
    const r = await call<RenderedProject>(IpcChannel.PROJECTS_RENDER_ROW, { projectId: 'doufu', columns: doufu.columns, row: doufu.rows[0] });
    expect(r.cards[0]!.id).toBe(doufu.rows[0]![doufu.columns.indexOf('id')]);
    const ragged = await dispatch(h, IpcChannel.PROJECTS_RENDER_ROW, { projectId: 'doufu', columns: ['id', 'name'], row: ['a'] });
    expect(ragged).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
  });
});

describe('projects:save-settings', () => {
  it('writes name, card size and column types into project.json with a stable key order', async () => {
    const { id, dir, cards } = await newProject('Settings');
    expect(cards.settings).toMatchObject({ name: { zh: 'Settings', en: 'Settings' }, card: { preset: 'poker', width: 63, height: 88 }, columns: {} });
    const settings = {
      name: { zh: '设置', en: 'Settings' },
      card: { ...cards.settings.card, preset: 'custom' as const, width: 70, height: 100, bleed: 2 },
      columns: { copies: { type: 'number' as const }, name: { type: 'text' as const }, text: { type: 'list' as const, values: ['a', 'b'] } },
    };
    const saved = await call<{ revision: string; summary: { card: { width: number } } }>(IpcChannel.PROJECTS_SAVE_SETTINGS, { id, settings, baseRevision: cards.settingsRevision });
    expect(saved.summary.card.width).toBe(70);
    const file = JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8'));
    expect(Object.keys(file)).toEqual(['schemaVersion', 'id', 'name', 'card', 'cards', 'templates', 'columns', 'credits']);
    // Text is the default: only typed columns are written.
    expect(file.columns).toEqual({ copies: { type: 'number' }, text: { type: 'list', values: ['a', 'b'] } });
    // Column types are new in format 2: the file says so, and an app that reads format 1 asks to be updated.
    expect(file.schemaVersion).toBe(2);
    expect(migrate(file, 'project.json', [], 1)).toMatchObject({ ok: false, error: { code: 'cards/newer-version' } });
    const again = await call<CardsTable>(IpcChannel.PROJECTS_CARDS, { id });
    expect(again.settings.columns).toEqual({ copies: { type: 'number' }, text: { type: 'list', values: ['a', 'b'] } });
    expect(again.settingsRevision).toBe(saved.revision);
    // No typed columns: the key goes away again.
    await call(IpcChannel.PROJECTS_SAVE_SETTINGS, { id, settings: { ...settings, columns: {} }, baseRevision: saved.revision });
    const plain = JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8'));
    expect(plain.columns).toBeUndefined();
    // Nothing of format 2 left: saved as format 1 again, so an older app opens it.
    expect(plain.schemaVersion).toBe(1);
    expect(migrate(plain, 'project.json', [], 1).ok).toBe(true);
  });

  it('refuses a stale revision, a built-in project and bad values', async () => {
    const { id, cards } = await newProject('Settings conflict');
    const settings = cards.settings;
    await call(IpcChannel.PROJECTS_SAVE_SETTINGS, { id, settings: { ...settings, name: { zh: '一', en: 'One' } }, baseRevision: cards.settingsRevision });
    const stale = await dispatch(h, IpcChannel.PROJECTS_SAVE_SETTINGS, { id, settings, baseRevision: cards.settingsRevision });
    expect(stale).toMatchObject({ ok: false, error: { code: 'projects/conflict' } });
    const doufu = await call<CardsTable>(IpcChannel.PROJECTS_CARDS, { id: 'doufu' });
    const ro = await dispatch(h, IpcChannel.PROJECTS_SAVE_SETTINGS, { id: 'doufu', settings: doufu.settings, baseRevision: doufu.settingsRevision });
    expect(ro).toMatchObject({ ok: false, error: { code: 'projects/read-only' } });
    const bad = await dispatch(h, IpcChannel.PROJECTS_SAVE_SETTINGS, { id, settings: { ...settings, card: { ...settings.card, width: 2 } }, baseRevision: cards.settingsRevision });
    expect(bad).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
  });
});

describe('own writes and the watcher', () => {
  it('does not report the app’s own saves of cards and settings as changes on disk', async () => {
    const { id, cards } = await newProject('Quiet saves');
    const first = await call<ProjectChanges>(IpcChannel.PROJECTS_CHANGES, { projectId: id, since: 0 });
    await sleep(100);
    const rows = cards.rows.map((r) => [...r]);
    rows[0]![cards.columns.indexOf('name')] = 'Mine';
    await call(IpcChannel.PROJECTS_SAVE_CARDS, { id, columns: cards.columns, rows, baseRevision: cards.revision });
    await call(IpcChannel.PROJECTS_SAVE_SETTINGS, { id, settings: { ...cards.settings, name: { zh: '静', en: 'Quiet' } }, baseRevision: cards.settingsRevision });
    await sleep(1200);
    const after = await call<ProjectChanges>(IpcChannel.PROJECTS_CHANGES, { projectId: id, since: first.seq });
    expect(after.events).toEqual([]);
  });
});
