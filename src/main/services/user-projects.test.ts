import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IpcChannel } from '../../shared/ipc/contract';
import { createHandlers } from '../ipc';
import { dispatch } from '../ipc/registry';
import { createServices } from '.';
import { revisionOf } from './project-write';
import { ProjectStore } from './projects';
import { externalId, folderId, UserProjectRegistry } from './user-project-registry';
import { ProjectEditor } from './user-projects';

const TEMPLATES = resolve(__dirname, '../../../templates');

let tmp: string;
let projectsDir: string;
let store: ProjectStore;
let registry: UserProjectRegistry;
let editor: ProjectEditor;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'fuqi-user-'));
  projectsDir = join(tmp, 'projects');
  registry = new UserProjectRegistry(projectsDir);
  store = new ProjectStore(TEMPLATES, registry);
  editor = new ProjectEditor(store, registry);
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const value = <T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const failure = (r: { ok: boolean; error?: { code: string; message: string } }) => {
  expect(r.ok).toBe(false);
  return r.error!;
};

describe('ids', () => {
  it('are u-<folder> for id-like folder names, else a slug with a hash; x-… for folders elsewhere', () => {
    expect(folderId('my-game')).toBe('u-my-game');
    expect(folderId('My Game')).toMatch(/^u-my-game-[0-9a-f]{8}$/);
    expect(folderId('我的游戏')).toMatch(/^u-[0-9a-f]{8}$/);
    expect(folderId('我的游戏')).not.toBe(folderId('他的游戏'));
    expect(externalId('/home/me/games/Dragon Cards')).toMatch(/^x-dragon-cards-[0-9a-f]{8}$/);
    for (const id of [folderId('a'.repeat(200)), externalId(`/x/${'b'.repeat(200)}`)]) expect(id).toMatch(/^[a-z0-9][a-z0-9-]{0,63}$/);
  });
});

describe('create', () => {
  it('makes a folder (0700 projects folder) with project.json, front/back templates and cards.csv that load', () => {
    const made = value(editor.create({ name: { zh: '我的牌', en: 'My Cards' }, card: { preset: 'mini' }, safe: 4 }));
    expect(made.summary).toMatchObject({ name: { zh: '我的牌', en: 'My Cards' }, builtIn: false, cardCount: 3, faceCount: 4, card: { width: 44, height: 63, bleed: 3, preset: 'mini', cornerRadius: 3 } });
    expect(made.summary.dir).toBe(join(projectsDir, 'My Cards'));
    expect(made.summary.id).toBe(folderId('My Cards'));
    expect(statSync(projectsDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(made.summary.dir!).sort()).toEqual(['back.template.json', 'cards.csv', 'front.template.json', 'project.json', 'rules.en.md', 'rules.zh.md']);
    expect(readFileSync(join(made.summary.dir!, 'cards.csv'), 'utf8').split('\n')[0]).toBe('id,copies,name,text');
    const p = value(store.get(made.summary.id));
    expect(p.warnings).toEqual([]);
    const front = p.set.templates.front!.layers.map((l) => ('text' in l ? l.text : l.id));
    expect(front).toContain('{{name}}');
    expect(front).toContain('{{text}}');
    expect(p.set.file.card.safe).toBe(4);
    // No staging folder is left behind, and the new project is the most recent.
    expect(readdirSync(projectsDir).filter((n) => n.startsWith('.staging'))).toEqual([]);
    expect(editor.recent().map((s) => s.id)).toEqual([made.summary.id]);
  });

  it('takes a custom size, and a second project of the same name gets its own folder', () => {
    const a = value(editor.create({ name: 'Deck', card: { width: 50, height: 50 }, bleed: 2, cornerRadius: 0 }));
    const b = value(editor.create({ name: 'Deck', card: { width: 50, height: 50 } }));
    expect(a.summary.card).toEqual({ width: 50, height: 50, bleed: 2, preset: 'custom', cornerRadius: 0 });
    expect([a.summary.dir, b.summary.dir]).toEqual([join(projectsDir, 'Deck'), join(projectsDir, 'Deck 2')]);
    expect(a.summary.id).not.toBe(b.summary.id);
    expect(store.list().filter((s) => !s.builtIn).map((s) => s.id).sort()).toEqual([a.summary.id, b.summary.id].sort());
  });
});

describe('copy', () => {
  it('copies a built-in project in full under the new name; the built-in one is unchanged', () => {
    const before = readFileSync(join(TEMPLATES, 'doufu', 'project.json'));
    const made = value(editor.copy('doufu', { zh: '我的斗福', en: 'My Dou Fu' }));
    expect(made.summary).toMatchObject({ name: { zh: '我的斗福', en: 'My Dou Fu' }, builtIn: false, cardCount: 52 });
    const dir = made.summary.dir!;
    expect(readFileSync(join(dir, 'cards.csv')).equals(readFileSync(join(TEMPLATES, 'doufu', 'cards.csv')))).toBe(true);
    expect(existsSync(join(dir, 'rules.zh.md'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')).id).toBe('my-dou-fu');
    expect(readFileSync(join(TEMPLATES, 'doufu', 'project.json')).equals(before)).toBe(true);
    expect(made.skipped).toEqual([]);
  });

  it('keeps the game a built-in project plays, so the copy has a table like the original', () => {
    for (const game of ['doufu', 'zodiac-race']) {
      expect(value(store.get(game)) && store.list().find((s) => s.id === game)?.game).toBe(game);
      const made = value(editor.copy(game, { zh: `我的${game}`, en: `My ${game}` }));
      expect(made.summary.game).toBe(game);
      const file = JSON.parse(readFileSync(join(made.summary.dir!, 'project.json'), 'utf8')) as { game?: string; schemaVersion: number };
      expect(file).toMatchObject({ game, schemaVersion: 3 });
    }
    // A blank project and the board (no rules engine of its own) have no table.
    expect(value(editor.create({ name: 'blank', card: { preset: 'poker' } })).summary.game).toBeUndefined();
    expect(store.list().find((s) => s.id === 'zodiac-race-board')?.game).toBeUndefined();
  });

  it('never copies a link (inside or pointing out), and says which files it left out', () => {
    const src = value(editor.create({ name: 'src', card: { preset: 'poker' } })).summary;
    const secret = join(tmp, 'secret.txt');
    writeFileSync(secret, 'do not copy');
    mkdirSync(join(src.dir!, 'art'));
    writeFileSync(join(src.dir!, 'art', 'a.svg'), '<svg/>');
    symlinkSync(secret, join(src.dir!, 'art', 'leak.txt'));
    symlinkSync(join(tmp), join(src.dir!, 'up'));
    const made = value(editor.copy(src.id, 'copied'));
    const dir = made.summary.dir!;
    expect(readFileSync(join(dir, 'art', 'a.svg'), 'utf8')).toBe('<svg/>');
    expect(existsSync(join(dir, 'art', 'leak.txt'))).toBe(false);
    expect(existsSync(join(dir, 'up'))).toBe(false);
    expect(made.skipped.map((s) => s.file).sort()).toEqual(['art/leak.txt', 'up']);
    expect(made.skipped[0]!.reason).toMatch(/link/);
  });

  it('duplicates a project beside itself as "… (copy)"', () => {
    const a = value(editor.create({ name: { zh: '甲', en: 'Alpha' }, card: { preset: 'poker' } })).summary;
    const d = value(editor.duplicate(a.id)).summary;
    expect(d.name).toEqual({ zh: '甲（副本）', en: 'Alpha (copy)' });
    expect(d.dir).toBe(join(projectsDir, 'Alpha (copy)'));
  });

  it('answers not-found for an unknown source', () => {
    expect(failure(editor.copy('u-nothing', 'x')).code).toBe('projects/not-found');
  });
});

describe('open and recent', () => {
  it('opens a folder elsewhere, remembers it, and the id resolves in a fresh store (as a worker builds)', () => {
    const elsewhere = join(tmp, 'elsewhere', 'Dragon Cards');
    const made = value(editor.create({ name: 'tmp', card: { preset: 'poker' } })).summary;
    mkdirSync(join(tmp, 'elsewhere'));
    value(editor.copy(made.id, 'x')); // a second recent entry
    // Move a copy out of the projects folder to play the part of a folder from elsewhere.
    renameSync(made.dir!, elsewhere);
    const opened = value(editor.open(elsewhere));
    expect(opened.id).toBe(externalId(elsewhere));
    expect(opened.dir).toBe(elsewhere);
    expect(editor.recent()[0]!.id).toBe(opened.id);
    const worker = new ProjectStore(TEMPLATES, new UserProjectRegistry(projectsDir));
    expect(value(worker.get(opened.id)).dir).toBe(elsewhere);
    expect(worker.list().some((s) => s.id === opened.id)).toBe(true);
  });

  it('drops a remembered folder that is gone or was replaced by a link', () => {
    const made = value(editor.create({ name: 'tmp', card: { preset: 'poker' } })).summary;
    const elsewhere = join(tmp, 'away');
    renameSync(made.dir!, elsewhere);
    const opened = value(editor.open(elsewhere));
    renameSync(elsewhere, join(tmp, 'moved'));
    symlinkSync(join(tmp, 'moved'), elsewhere);
    expect(registry.resolve(opened.id)).toBeUndefined();
    expect(failure(store.get(opened.id)).code).toBe('projects/not-found');
    expect(store.list().some((s) => s.id === opened.id)).toBe(false);
    expect(editor.recent()).toEqual([]);
  });

  it('refuses a path that is not a project folder, naming why', () => {
    mkdirSync(join(tmp, 'empty'));
    writeFileSync(join(tmp, 'file.txt'), 'x');
    expect(failure(editor.open(join(tmp, 'empty')))).toMatchObject({ code: 'projects/not-a-project', message: expect.stringMatching(/has no project\.json/) });
    expect(failure(editor.open(join(tmp, 'file.txt'))).message).toMatch(/is a file, not a folder/);
    expect(failure(editor.open(join(tmp, 'nope'))).message).toMatch(/There is no folder/);
    expect(failure(editor.open('relative/path')).message).toMatch(/not a full path/);
    symlinkSync(join(TEMPLATES, 'doufu'), join(tmp, 'link'));
    expect(failure(editor.open(join(tmp, 'link'))).message).toMatch(/is a link/);
    expect(editor.recent()).toEqual([]);
  });
});

describe('rename', () => {
  it('changes only the name in project.json; the folder and id stay', () => {
    const a = value(editor.create({ name: 'Old', card: { preset: 'poker' } })).summary;
    const r = value(editor.rename(a.id, { zh: '新', en: 'New' }));
    expect(r).toMatchObject({ id: a.id, dir: a.dir, name: { zh: '新', en: 'New' } });
    const text = readFileSync(join(a.dir!, 'project.json'), 'utf8');
    expect(Object.keys(JSON.parse(text))).toEqual(['schemaVersion', 'id', 'name', 'card', 'cards', 'templates', 'credits']);
    // Nothing in it needs a newer format than 1: it stays openable by an app that reads format 1.
    expect(JSON.parse(text).schemaVersion).toBe(1);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('refuses every write to a built-in project with projects/read-only and "make a copy"', async () => {
    const before = readFileSync(join(TEMPLATES, 'doufu', 'project.json'));
    for (const e of [failure(editor.rename('doufu', 'x')), failure(await editor.trash('doufu')), failure(editor.saveCards('doufu', { columns: ['id'], rows: [['A']] }, 'missing'))]) {
      expect(e.code).toBe('projects/read-only');
      expect(e.message).toMatch(/make a copy/);
    }
    expect(readFileSync(join(TEMPLATES, 'doufu', 'project.json')).equals(before)).toBe(true);
  });
});

describe('trash', () => {
  it('moves the folder into <projects>/.trash/<folder>-<timestamp>, never deletes it', async () => {
    const a = value(editor.create({ name: 'Bye', card: { preset: 'poker' } })).summary;
    const r = value(await editor.trash(a.id, new Date('2026-12-02T03:04:05.678Z')));
    expect(r.trashedTo).toBe(join(projectsDir, '.trash', 'Bye-2026-12-02T03-04-05-678Z'));
    expect(existsSync(a.dir!)).toBe(false);
    expect(readFileSync(join(r.trashedTo!, 'cards.csv'), 'utf8')).toMatch(/^id,copies,name,text\n/);
    expect(failure(store.get(a.id)).code).toBe('projects/not-found');
    expect(editor.recent()).toEqual([]);
    expect(store.list().some((s) => s.id === a.id)).toBe(false);
  });

  it('uses the system trash when the app has one', async () => {
    const trashed: string[] = [];
    const ed = new ProjectEditor(store, registry, async (p) => void trashed.push(p));
    const a = value(ed.create({ name: 'Sys', card: { preset: 'poker' } })).summary;
    expect(value(await ed.trash(a.id))).toEqual({});
    expect(trashed).toEqual([a.dir]);
  });
});

describe('cards and save-cards', () => {
  it('reads the table with its revision and saves a valid edit; the store sees the new cards at once', () => {
    const a = value(editor.create({ name: 'Grid', card: { preset: 'poker' } })).summary;
    value(store.get(a.id)); // cached
    const t = value(editor.cards(a.id));
    expect(t.columns).toEqual(['id', 'copies', 'name', 'text']);
    expect(t.revision).toBe(revisionOf(readFileSync(join(a.dir!, 'cards.csv'))));
    const rows = [...t.rows, ['card-4', '3', '冬 Winter', 'Line one\nline "two", with a comma']];
    const saved = value(editor.saveCards(a.id, { columns: ['name', 'id', 'copies', 'text'], rows: rows.map((r) => [r[2]!, r[0]!, r[1]!, r[3]!]) }, t.revision));
    expect(saved.cardCount).toBe(4);
    const bytes = readFileSync(join(a.dir!, 'cards.csv'));
    expect(saved.revision).toBe(revisionOf(bytes));
    expect(bytes.toString('utf8')).toBe(
      'id,copies,name,text\ncard-1,2,春 Spring,摸一张牌。Draw a card.\ncard-2,1,夏 Summer,"拿两张，还一张。Take two, give one back."\ncard-3,1,秋 Autumn,跳过你的回合。Skip your turn.\ncard-4,3,冬 Winter,"Line one\nline ""two"", with a comma"\n',
    );
    const p = value(store.get(a.id));
    expect(p.set.cards.map((c) => c.id)).toEqual(['card-1', 'card-2', 'card-3', 'card-4']);
    expect(p.set.cards[3]!.fields.text).toBe('Line one\nline "two", with a comma');
    // A second store (a worker's) built before the write also sees it.
    expect(value(new ProjectStore(TEMPLATES, new UserProjectRegistry(projectsDir)).get(a.id)).set.cards).toHaveLength(4);
  });

  it('patch-cards: writes the file with the changed cells as a whole save would, refuses a stale revision and a patch of another shape', () => {
    const a = value(editor.create({ name: 'Patch', card: { preset: 'poker' } })).summary;
    const t = value(editor.cards(a.id));
    const p1 = value(editor.patchCards(a.id, { columns: t.columns, rowCount: t.rows.length, cells: [{ row: 1, col: 2, value: '夏至 Midsummer' }] }, t.revision));
    const text = readFileSync(join(a.dir!, 'cards.csv'), 'utf8');
    expect(text.split('\n')[2]).toBe('card-2,1,夏至 Midsummer,"拿两张，还一张。Take two, give one back."');
    expect(p1.revision).toBe(revisionOf(readFileSync(join(a.dir!, 'cards.csv'))));
    expect(value(store.get(a.id)).set.cards[1]!.fields.name).toBe('夏至 Midsummer');
    // The next patch starts from the revision the last one answered.
    value(editor.patchCards(a.id, { columns: t.columns, rowCount: 3, cells: [{ row: 0, col: 3, value: 'x' }] }, p1.revision));
    expect(failure(editor.patchCards(a.id, { columns: t.columns, rowCount: 3, cells: [{ row: 0, col: 3, value: 'y' }] }, p1.revision)).code).toBe('projects/conflict');
    const now = value(editor.cards(a.id));
    expect(failure(editor.patchCards(a.id, { columns: t.columns, rowCount: 4, cells: [] }, now.revision)).code).toBe('cards/patch-base');
    expect(failure(editor.patchCards(a.id, { columns: ['id', 'copies', 'name', 'other'], rowCount: 3, cells: [] }, now.revision)).code).toBe('cards/patch-base');
    // Checked like any save: a patch that would leave two cards with one id is refused, the file kept.
    const dup = failure(editor.patchCards(a.id, { columns: t.columns, rowCount: 3, cells: [{ row: 2, col: 0, value: 'card-1' }] }, now.revision));
    expect(dup.code).not.toBe('cards/patch-base');
    expect(readFileSync(join(a.dir!, 'cards.csv'), 'utf8')).toContain('card-3');
    // Someone edits the file in a spreadsheet: the patch made on the old one is refused.
    writeFileSync(join(a.dir!, 'cards.csv'), 'id,copies,name,text\nedited,1,in,Excel\n');
    expect(failure(editor.patchCards(a.id, { columns: t.columns, rowCount: 1, cells: [] }, now.revision)).code).toBe('projects/conflict');
    expect(readFileSync(join(a.dir!, 'cards.csv'), 'utf8')).toBe('id,copies,name,text\nedited,1,in,Excel\n');
  });

  it('the live preview keeps the loaded project when only the cards file changed (an autosave), not when a template did', () => {
    const a = value(editor.create({ name: 'Row', card: { preset: 'poker' } })).summary;
    const first = value(store.forRow(a.id));
    const t = value(editor.cards(a.id));
    value(editor.patchCards(a.id, { columns: t.columns, rowCount: t.rows.length, cells: [{ row: 0, col: 2, value: '春分' }] }, t.revision));
    // A worker's store was not told: it sees the new cards file and keeps the project for a row.
    const worker = new ProjectStore(TEMPLATES, new UserProjectRegistry(projectsDir));
    const w1 = value(worker.forRow(a.id));
    writeFileSync(join(a.dir!, 'cards.csv'), readFileSync(join(a.dir!, 'cards.csv'), 'utf8').replace('春分', '清明'));
    expect(value(worker.forRow(a.id))).toBe(w1);
    expect(value(worker.get(a.id)).set.cards[0]!.fields.name).toBe('清明'); // a whole load sees it
    expect(first.set.cards[0]!.fields.name).not.toBe('清明');
    const tpl = join(a.dir!, value(worker.get(a.id)).set.file.templates.front!);
    const w2 = value(worker.forRow(a.id));
    writeFileSync(tpl, readFileSync(tpl, 'utf8').replace('}', ' }'));
    expect(value(worker.forRow(a.id))).not.toBe(w2);
  });

  it('a cached project is loaded again when a file changes on disk (an edit in a spreadsheet)', () => {
    const a = value(editor.create({ name: 'Cache', card: { preset: 'poker' } })).summary;
    expect(value(store.get(a.id)).set.cards).toHaveLength(3);
    expect(value(store.get(a.id))).toBe(value(store.get(a.id)));
    writeFileSync(join(a.dir!, 'cards.csv'), 'id,copies,name,text\nonly,1,one,card\n');
    expect(value(store.get(a.id)).set.cards.map((c) => c.id)).toEqual(['only']);
  });

  it('refuses a stale revision with projects/conflict and leaves the file as the other program wrote it', () => {
    const a = value(editor.create({ name: 'Conflict', card: { preset: 'poker' } })).summary;
    const t = value(editor.cards(a.id));
    writeFileSync(join(a.dir!, 'cards.csv'), 'id,copies,name,text\nedited,1,in,Excel\n');
    const e = failure(editor.saveCards(a.id, { columns: t.columns, rows: t.rows }, t.revision));
    expect(e.code).toBe('projects/conflict');
    expect(e.message).toMatch(/changed on disk/);
    expect(readFileSync(join(a.dir!, 'cards.csv'), 'utf8')).toBe('id,copies,name,text\nedited,1,in,Excel\n');
  });

  it('never writes an invalid set: problems name the row and the column', () => {
    const a = value(editor.create({ name: 'Invalid', card: { preset: 'poker' } })).summary;
    const t = value(editor.cards(a.id));
    const before = readFileSync(join(a.dir!, 'cards.csv'));
    const dup = failure(editor.saveCards(a.id, { columns: t.columns, rows: [...t.rows, ['card-1', 'x', 'n', 't']] }, t.revision));
    expect(dup.code).toBe('cards/invalid');
    expect(dup.message).toMatch(/row 5: id "card-1" is used again/);
    const copies = failure(editor.saveCards(a.id, { columns: t.columns, rows: [['z', 'lots', 'n', 't']] }, t.revision));
    expect(copies.message).toMatch(/row 2 \(z\)\.copies: "lots" is not a whole number/);
    const ragged = failure(editor.saveCards(a.id, { columns: t.columns, rows: [['z', '1']] }, t.revision));
    expect(ragged.message).toMatch(/row 2: has 2 cells for 4 columns/);
    expect(readFileSync(join(a.dir!, 'cards.csv')).equals(before)).toBe(true);
    expect(readdirSync(a.dir!).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

describe('IPC', () => {
  it('serves the projects channels through dispatch, with validated payloads', async () => {
    const s = createServices({ mode: 'browser', exportDir: join(tmp, 'exports'), projectsDir });
    const h = createHandlers(s, () => false);
    try {
      const bad = await dispatch(h, IpcChannel.PROJECTS_CREATE, { name: '', card: { preset: 'poker' } });
      expect(bad).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
      const made = await dispatch(h, IpcChannel.PROJECTS_CREATE, { name: 'Via IPC', card: { width: 60, height: 90 } });
      expect(made.ok).toBe(true);
      const id = (made as { value: { summary: { id: string } } }).value.summary.id;
      const list = await dispatch(h, IpcChannel.PROJECTS_LIST, null);
      expect((list as { value: { id: string; builtIn: boolean }[] }).value.filter((p) => !p.builtIn).map((p) => p.id)).toEqual([id]);
      const cards = (await dispatch(h, IpcChannel.PROJECTS_CARDS, { id })) as { value: { columns: string[]; rows: string[][]; revision: string } };
      const saved = await dispatch(h, IpcChannel.PROJECTS_SAVE_CARDS, { id, columns: cards.value.columns, rows: cards.value.rows.slice(0, 1), baseRevision: cards.value.revision });
      expect(saved).toMatchObject({ ok: true, value: { cardCount: 1 } });
      // The export workers resolve the user project and see the saved cards (their stores check files, not messages).
      const page = await dispatch(h, IpcChannel.PROJECTS_RENDER, { projectId: id });
      expect(page).toMatchObject({ ok: true, value: { total: 1, summary: { id, builtIn: false } } });
      const stale = await dispatch(h, IpcChannel.PROJECTS_SAVE_CARDS, { id, columns: cards.value.columns, rows: cards.value.rows, baseRevision: cards.value.revision });
      expect(stale).toMatchObject({ ok: false, error: { code: 'projects/conflict' } });
      const ro = await dispatch(h, IpcChannel.PROJECTS_RENAME, { id: 'doufu', name: 'mine' });
      expect(ro).toMatchObject({ ok: false, error: { code: 'projects/read-only' } });
      const two = await dispatch(h, IpcChannel.PROJECTS_SAVE_CARDS, { id, columns: cards.value.columns, rows: cards.value.rows.slice(0, 2), baseRevision: (saved as { value: { revision: string } }).value.revision });
      expect(two).toMatchObject({ ok: true, value: { cardCount: 2 } });
      expect(await dispatch(h, IpcChannel.PROJECTS_RENDER, { projectId: id })).toMatchObject({ ok: true, value: { total: 2 } });
      const trashed = await dispatch(h, IpcChannel.PROJECTS_TRASH, { id });
      expect(trashed.ok).toBe(true);
      expect(lstatSync(join(projectsDir, '.trash')).isDirectory()).toBe(true);
    } finally {
      await s.workers.close();
    }
  });
});
