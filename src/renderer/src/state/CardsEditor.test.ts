import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, type CardsTable, type PatchCardsArg, type ProjectChanges, type ProjectSettings, type SaveCardsArg, type SaveSettingsArg } from '../../../shared/ipc/contract';
import { applyCommand, type TableCommand } from '../../../shared/cards/table';
import { CardsEditor, SAVE_TIMING, type EditorApi } from './CardsEditor.svelte';

const SETTINGS: ProjectSettings = {
  name: { zh: '测', en: 'Test' },
  card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 },
  columns: {},
};

/** A fake main: one project on "disk", saves that take `saveMs`, and change events on demand. */
function fakeMain(opts: { saveMs?: number } = {}) {
  const disk = {
    table: { columns: ['id', 'name'], rows: [['a', 'A'], ['b', 'B']] } as { columns: string[]; rows: string[][] },
    settings: SETTINGS,
    revision: 'r0',
    settingsRevision: 's0',
  };
  let n = 0;
  let seq = 0;
  const events: ProjectChanges['events'] = [];
  const saves: SaveCardsArg[] = [];
  const settingsSaves: SaveSettingsArg[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const delay = () => (opts.saveMs ? new Promise((r) => setTimeout(r, opts.saveMs)) : Promise.resolve());
  const api: { -readonly [K in keyof EditorApi]: EditorApi[K] } = {
    PROJECTS_CARDS: async (): Promise<CardsTable> => ({ ...structuredClone(disk.table), revision: disk.revision, file: 'cards.csv', builtIn: false, settings: disk.settings, settingsRevision: disk.settingsRevision }),
    PROJECTS_SAVE_CARDS: async (arg) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      saves.push(arg);
      await delay();
      inFlight--;
      if (arg.baseRevision !== disk.revision) throw new AppError('projects/conflict', 'cards.csv changed on disk');
      disk.table = { columns: arg.columns, rows: arg.rows };
      disk.revision = `r${++n}`;
      return { revision: disk.revision, cardCount: arg.rows.length };
    },
    PROJECTS_SAVE_SETTINGS: async (arg) => {
      settingsSaves.push(arg);
      if (arg.baseRevision !== disk.settingsRevision) throw new AppError('projects/conflict', 'project.json changed on disk');
      disk.settings = arg.settings;
      disk.settingsRevision = `s${++n}`;
      return { revision: disk.settingsRevision, summary: {} as never };
    },
    PROJECTS_CHANGES: async ({ since }) => ({ events: events.filter((e) => e.seq > since), seq, watching: true }),
  };
  /** Someone else writes cards.csv. */
  const outsideWrite = (table: { columns: string[]; rows: string[][] }) => {
    disk.table = table;
    disk.revision = `r${++n}`;
    events.push({ seq: ++seq, projectId: 'u-x', kind: 'changed', files: [{ path: 'cards.csv', revision: disk.revision }], revision: 'x', at: 0 });
  };
  return { api, disk, saves, settingsSaves, outsideWrite, maxInFlight: () => maxInFlight };
}

/** An edit as the grid reports it. */
function edit(ed: CardsEditor, command: TableCommand, _source: 'edit' | 'undo' | 'redo' = 'edit') {
  const r = applyCommand(ed.table, command);
  if (!r.ok) throw new Error(r.error.message);
  ed.change({ table: r.value.table, command });
  return r.value.inverse;
}
const type = (ed: CardsEditor, row: number, text: string) => edit(ed, { kind: 'setCells', row, col: 1, values: [[text]] });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('CardsEditor autosave', () => {
  it('saves 300 ms after the last edit, with the revision it started from', async () => {
    const m = fakeMain();
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    expect(ed.status).toBe('saved');
    type(ed, 0, 'A1');
    expect(ed.status).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(200);
    type(ed, 0, 'A12');
    await vi.advanceTimersByTimeAsync(200);
    expect(m.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(150);
    expect(m.saves).toHaveLength(1);
    expect(m.saves[0]).toMatchObject({ id: 'u-x', baseRevision: 'r0', rows: [['a', 'A12'], ['b', 'B']] });
    expect(ed.status).toBe('saved');
    expect(ed.dirty).toBe(false);
  });

  it('sends the changed cells, not the table, when the file has the shape the edit started from; the whole table when it cannot be placed', async () => {
    const m = fakeMain();
    const patches: PatchCardsArg[] = [];
    let refuse = false;
    m.api.PROJECTS_PATCH_CARDS = async (arg) => {
      patches.push(arg);
      if (refuse) throw new AppError('cards/patch-base', 'The edit does not fit the cards file.');
      if (arg.baseRevision !== m.disk.revision) throw new AppError('projects/conflict', 'cards.csv changed on disk');
      const rows = m.disk.table.rows.map((r) => [...r]);
      for (const c of arg.cells) rows[c.row]![c.col] = c.value;
      m.disk.table = { columns: m.disk.table.columns, rows };
      m.disk.revision = `r${patches.length + 100}`;
      return { revision: m.disk.revision, cardCount: rows.length };
    };
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    type(ed, 1, 'B2');
    await vi.advanceTimersByTimeAsync(350);
    expect(patches).toEqual([{ id: 'u-x', columns: ['id', 'name'], rowCount: 2, cells: [{ row: 1, col: 1, value: 'B2' }], baseRevision: 'r0' }]);
    expect(m.saves).toHaveLength(0);
    expect(ed.status).toBe('saved');
    type(ed, 0, 'A2');
    refuse = true;
    await vi.advanceTimersByTimeAsync(350);
    expect(patches).toHaveLength(2);
    expect(m.saves).toHaveLength(1);
    expect(m.saves[0]).toMatchObject({ rows: [['a', 'A2'], ['b', 'B2']], baseRevision: 'r101' });
    expect(ed.status).toBe('saved');
  });

  it('never lets an edit wait more than 1 s while the designer keeps typing', async () => {
    const m = fakeMain();
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    for (let t = 0; t < 12; t++) {
      type(ed, 0, `A${t}`);
      await vi.advanceTimersByTimeAsync(100);
    }
    // 1.2 s of typing every 100 ms: the debounce alone would not have saved yet.
    expect(m.saves.length).toBeGreaterThanOrEqual(1);
    expect(m.saves.length).toBeLessThanOrEqual(2);
    expect(SAVE_TIMING.maxWaitMs).toBe(1000);
  });

  it('serializes saves: an edit during a save is written after it, never two at once', async () => {
    const m = fakeMain({ saveMs: 500 });
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    type(ed, 0, 'one');
    await vi.advanceTimersByTimeAsync(310);
    expect(ed.status).toBe('saving');
    type(ed, 1, 'two');
    await vi.advanceTimersByTimeAsync(2000);
    expect(m.maxInFlight()).toBe(1);
    expect(m.saves.map((s) => s.baseRevision)).toEqual(['r0', 'r1']);
    expect(m.disk.table.rows).toEqual([['a', 'one'], ['b', 'two']]);
    expect(ed.status).toBe('saved');
  });

  it('flush() saves at once (page hidden), and does nothing when all is saved', async () => {
    const m = fakeMain();
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    await ed.flush();
    expect(m.saves).toHaveLength(0);
    type(ed, 0, 'now');
    await ed.flush();
    expect(m.saves).toHaveLength(1);
  });

  it('shows a refused save as an error and keeps the edit', async () => {
    const m = fakeMain();
    m.api.PROJECTS_SAVE_CARDS = async () => {
      throw new AppError('cards/invalid', 'row 3: the "id" cell is empty');
    };
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    type(ed, 0, 'x');
    await vi.advanceTimersByTimeAsync(400);
    expect(ed.status).toBe('error');
    expect(ed.error).toMatch(/id" cell is empty/);
    expect(ed.offline).toBe(false);
    expect(ed.dirty).toBe(true);
    // A refusal is not retried: the designer has to fix the data first.
    await vi.advanceTimersByTimeAsync(SAVE_TIMING.offlineRetryMs * 3);
    expect(ed.status).toBe('error');
  });

  it('keeps trying while the app host does not answer, and saves once it does', async () => {
    const m = fakeMain();
    const save = m.api.PROJECTS_SAVE_CARDS;
    let away = true;
    let attempts = 0;
    m.api.PROJECTS_SAVE_CARDS = async (arg) => {
      attempts++;
      if (away) throw new AppError('net/unreachable', 'The app host did not answer (TypeError: Failed to fetch).');
      return save(arg);
    };
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    type(ed, 0, 'x');
    await vi.advanceTimersByTimeAsync(400);
    expect([ed.status, ed.offline, attempts]).toEqual(['error', true, 1]);
    await vi.advanceTimersByTimeAsync(SAVE_TIMING.offlineRetryMs);
    expect(attempts).toBe(2);
    away = false;
    await vi.advanceTimersByTimeAsync(SAVE_TIMING.offlineRetryMs);
    expect([ed.status, ed.offline, ed.dirty]).toEqual(['saved', false, false]);
    expect(m.disk.table.rows[0]).toEqual(['a', 'x']);
    // Disposed while the host is away: the retries stop.
    away = true;
    type(ed, 1, 'y');
    await vi.advanceTimersByTimeAsync(400);
    const before = attempts;
    await ed.dispose();
    await vi.advanceTimersByTimeAsync(SAVE_TIMING.offlineRetryMs * 3);
    expect(attempts).toBe(before + 1); // dispose's own last flush, then nothing
  });
});

describe('CardsEditor live reload and conflicts', () => {
  async function polled(ed: CardsEditor) {
    await ed.poll();
  }

  it('reloads a clean table changed on disk and says what changed', async () => {
    const m = fakeMain();
    const onsaved = vi.fn();
    const ed = new CardsEditor(m.api, 'u-x', { onsaved });
    await ed.load();
    await polled(ed);
    m.outsideWrite({ columns: ['id', 'name'], rows: [['a', 'A'], ['b', 'Bee'], ['c', 'C']] });
    await polled(ed);
    expect(ed.table.rows).toEqual([['a', 'A'], ['b', 'Bee'], ['c', 'C']]);
    expect(ed.notice?.diff).toMatchObject({ added: 1, changed: 1, removed: 0 });
    expect(ed.conflict).toBeNull();
    expect(onsaved).toHaveBeenCalled();
    // The next save starts from the reloaded revision.
    const reloaded = m.disk.revision;
    type(ed, 0, 'mine');
    await ed.flush();
    expect(m.saves.at(-1)?.baseRevision).toBe(reloaded);
  });

  it('asks when there are unsaved edits; "take theirs" drops them', async () => {
    const m = fakeMain();
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    await polled(ed);
    type(ed, 0, 'mine');
    m.outsideWrite({ columns: ['id', 'name'], rows: [['a', 'theirs']] });
    await polled(ed);
    // It shows what their version changes against the one loaded here: row a changed, b removed.
    expect(ed.conflict).toEqual({ files: ['cards.csv'], reason: 'disk', theirs: expect.objectContaining({ changed: 1, removed: 1, added: 0, sample: ['a'] }) });
    // While asking, nothing is saved over their file.
    await vi.advanceTimersByTimeAsync(2000);
    expect(m.saves).toHaveLength(0);
    await ed.takeTheirs();
    expect(ed.conflict).toBeNull();
    expect(ed.table.rows).toEqual([['a', 'theirs']]);
    expect(ed.dirty).toBe(false);
  });

  it('"keep mine" overwrites the file on disk with the edits', async () => {
    const m = fakeMain();
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    await polled(ed);
    type(ed, 0, 'mine');
    m.outsideWrite({ columns: ['id', 'name'], rows: [['a', 'theirs']] });
    await polled(ed);
    await ed.keepMine();
    expect(ed.conflict).toBeNull();
    expect(m.disk.table.rows).toEqual([['a', 'mine'], ['b', 'B']]);
    expect(ed.status).toBe('saved');
  });

  it('an event that arrives after "keep mine" wrote over that change asks nothing', async () => {
    const m = fakeMain();
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    await polled(ed);
    // Their write lands while our save is refused as stale; the watcher's event comes late.
    m.disk.revision = 'theirs';
    type(ed, 0, 'mine');
    await vi.advanceTimersByTimeAsync(400);
    expect(ed.conflict).toMatchObject({ reason: 'save' });
    await ed.keepMine();
    expect(m.disk.table.rows[0]).toEqual(['a', 'mine']);
    // New unsaved edits, then the late event of their (already overwritten) write.
    type(ed, 1, 'more');
    m.api.PROJECTS_SAVE_CARDS = async () => {
      throw new AppError('net/unreachable', 'The app host did not answer.');
    };
    await vi.advanceTimersByTimeAsync(400);
    const events = (await m.api.PROJECTS_CHANGES({ projectId: 'u-x', since: 0 })).events;
    expect(events).toHaveLength(0);
    // A change event naming cards.csv, for a revision long gone:
    const late = { ...m.disk };
    m.outsideWrite(m.disk.table);
    m.disk.revision = late.revision; // the file on disk is still what "keep mine" wrote
    await polled(ed);
    expect(ed.conflict).toBeNull();
    expect(ed.dirty).toBe(true);
    // A real change under the same unsaved edits does ask.
    m.outsideWrite({ columns: ['id', 'name'], rows: [['a', 'theirs again']] });
    await polled(ed);
    expect(ed.conflict).toEqual({ files: ['cards.csv'], reason: 'disk', theirs: expect.objectContaining({ changed: 1, removed: 1 }) });
  });

  it('a save refused as stale leads to the same question', async () => {
    const m = fakeMain();
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    m.disk.revision = 'changed-behind-our-back';
    type(ed, 0, 'mine');
    await vi.advanceTimersByTimeAsync(400);
    // The file's content is unchanged (only its revision): nothing of theirs to show.
    expect(ed.conflict).toEqual({ files: ['cards.csv'], reason: 'save', theirs: expect.objectContaining({ changed: 0, added: 0, removed: 0 }) });
    expect(ed.status).toBe('unsaved');
  });
});

describe('CardsEditor settings in the shared history', () => {
  it('applies meta commands (and their undo) to the settings and saves them', async () => {
    const m = fakeMain();
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    const cmd = ed.settingsCommand({ card: { ...SETTINGS.card, bleed: 2 } })!;
    const inverse = edit(ed, cmd);
    expect(ed.settings?.card.bleed).toBe(2);
    await ed.flush();
    expect(m.settingsSaves.at(-1)?.settings.card.bleed).toBe(2);
    expect(m.saves).toHaveLength(0);
    edit(ed, inverse, 'undo');
    expect(ed.settings?.card.bleed).toBe(3);
    await ed.flush();
    expect(m.disk.settings.card.bleed).toBe(3);
    expect(ed.settingsCommand({ card: { ...SETTINGS.card } })).toBeUndefined();
  });

  it('carries a column type along when the column is renamed, and back on undo', async () => {
    const m = fakeMain();
    const ed = new CardsEditor(m.api, 'u-x');
    await ed.load();
    edit(ed, ed.columnTypeCommand('name', { type: 'list', values: ['A', 'B'] })!);
    expect(ed.specs).toEqual({ name: { type: 'list', values: ['A', 'B'] } });
    const inverse = edit(ed, { kind: 'renameColumn', at: 1, name: 'title' });
    expect(ed.specs).toEqual({ title: { type: 'list', values: ['A', 'B'] } });
    await ed.flush();
    expect(m.disk.settings.columns).toEqual({ title: { type: 'list', values: ['A', 'B'] } });
    expect(m.disk.table.columns).toEqual(['id', 'title']);
    edit(ed, inverse, 'undo');
    expect(ed.specs).toEqual({ name: { type: 'list', values: ['A', 'B'] } });
  });

  it('does not save a built-in project', async () => {
    const m = fakeMain();
    const base = m.api.PROJECTS_CARDS;
    m.api.PROJECTS_CARDS = async (a: { id: string }) => ({ ...(await base(a)), builtIn: true });
    const ed = new CardsEditor(m.api, 'doufu');
    await ed.load();
    type(ed, 0, 'x');
    await vi.advanceTimersByTimeAsync(2000);
    expect(m.saves).toHaveLength(0);
  });
});

describe('CardsEditor drafts (a crash loses at most a quarter second)', () => {
  const store = () => {
    const m = new Map<string, string>();
    return { m, drafts: { get: (k: string) => m.get(k) ?? null, set: (k: string, v: string) => void m.set(k, v), remove: (k: string) => void m.delete(k) } };
  };

  it('keeps edits a save refused, and a new window restores them as one undoable step and saves them', async () => {
    const main = fakeMain();
    const { m, drafts } = store();
    const ed = new CardsEditor(main.api, 'u-x', { drafts });
    await ed.load();
    const save = main.api.PROJECTS_SAVE_CARDS;
    main.api.PROJECTS_SAVE_CARDS = async () => {
      throw new AppError('cards/invalid', 'line 4: a card needs an id');
    };
    type(ed, 0, 'kept');
    await vi.advanceTimersByTimeAsync(SAVE_TIMING.maxWaitMs + 50);
    expect(ed.status).toBe('error');
    // Only the changed cell is kept, not the table (a keystroke in a big project writes a few bytes).
    expect(JSON.parse(m.get('fuqi.draft.u-x')!)).toMatchObject({ v: 2, revision: 'r0', patch: { columns: ['id', 'name'], rowCount: 2, cells: [{ row: 0, col: 1, value: 'kept' }] } });

    // The app is killed; a new window opens the project.
    main.api.PROJECTS_SAVE_CARDS = save;
    const again = new CardsEditor(main.api, 'u-x', { drafts });
    await again.load();
    expect(again.table.rows[0]).toEqual(['a', 'kept']);
    expect(again.restored).not.toBeNull();
    await vi.advanceTimersByTimeAsync(SAVE_TIMING.maxWaitMs + 50);
    expect(main.disk.table.rows[0]).toEqual(['a', 'kept']);
    expect(again.status).toBe('saved');
    expect(m.has('fuqi.draft.u-x')).toBe(false);
    // One undo takes the restored edits back (and saves that).
    const step = again.history.peekUndo()!;
    expect(step.command.kind).toBe('replaceTable');
  });

  it('drops the draft once saved, and asks before restoring over a file changed since', async () => {
    const main = fakeMain();
    const { m, drafts } = store();
    const ed = new CardsEditor(main.api, 'u-x', { drafts });
    await ed.load();
    type(ed, 1, 'B!');
    await vi.advanceTimersByTimeAsync(260);
    expect(m.has('fuqi.draft.u-x')).toBe(true);
    await vi.advanceTimersByTimeAsync(SAVE_TIMING.maxWaitMs);
    expect(main.disk.table.rows[1]).toEqual(['b', 'B!']);
    expect(m.has('fuqi.draft.u-x')).toBe(false);

    // A draft from before someone else changed the file: restored, but the conflict prompt asks.
    m.set('fuqi.draft.u-x', JSON.stringify({ v: 1, revision: 'r0', table: { columns: ['id', 'name'], rows: [['a', 'mine']] }, settings: null, at: 1 }));
    const again = new CardsEditor(main.api, 'u-x', { drafts });
    await again.load();
    expect(again.table.rows).toEqual([['a', 'mine']]);
    expect(again.conflict).toEqual({ files: ['cards.csv'], reason: 'disk' });
    await vi.advanceTimersByTimeAsync(SAVE_TIMING.maxWaitMs + 50);
    expect(main.disk.table.rows[1]).toEqual(['b', 'B!']);
    await again.takeTheirs();
    expect(again.table.rows[1]).toEqual(['b', 'B!']);
    expect(m.has('fuqi.draft.u-x')).toBe(false);

    // Something that is not a draft is ignored and removed.
    m.set('fuqi.draft.u-x', '{"v":1,"table":"nope"}');
    const third = new CardsEditor(main.api, 'u-x', { drafts });
    await third.load();
    expect(third.restored).toBeNull();
    expect(m.has('fuqi.draft.u-x')).toBe(false);
  });
});
