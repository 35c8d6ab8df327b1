import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ignoredName, ProjectWatcher, revisionOf } from './watch';
import { writeAtomic } from './export/write';
import type { ProjectChanges } from '../../shared/ipc/contract';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll like the renderer (every 50 ms here) until an event comes or `ms` pass. */
async function firstEvents(w: ProjectWatcher, id: string, since: number, ms: number): Promise<{ got: ProjectChanges; after: number }> {
  const t0 = Date.now();
  for (;;) {
    const got = w.changes(id, since);
    if (got.events.length || Date.now() - t0 > ms) return { got, after: Date.now() - t0 };
    await sleep(50);
  }
}

let dir: string;
let watcher: ProjectWatcher;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fuqi-watch-'));
  writeFileSync(join(dir, 'project.json'), '{}');
  writeFileSync(join(dir, 'cards.csv'), 'id,name\nrat,鼠\n');
  mkdirSync(join(dir, 'art'));
  watcher = new ProjectWatcher();
});
afterEach(() => {
  watcher.close();
  rmSync(dir, { recursive: true, force: true });
});

// Node's recursive watch is native only on macOS and Windows; Linux's is emulated and loses a
// file replaced by a rename (writeAtomic), which is why the watcher watches each folder there.
const modes: [string, boolean][] = process.platform === 'darwin' || process.platform === 'win32' ? [['per-folder', false], ['recursive', true]] : [['per-folder', false]];
describe.each(modes)('ProjectWatcher (%s)', (_name, recursive) => {
  beforeEach(() => {
    watcher.close();
    watcher = new ProjectWatcher({ recursive });
  });

  it('reports an external write to cards.csv within a second, with its revision', async () => {
    expect(watcher.watch('mine', dir)).toBe(true);
    await sleep(50);
    const text = 'id,name\nrat,鼠\nox,牛\n';
    writeFileSync(join(dir, 'cards.csv'), text);
    const { got, after } = await firstEvents(watcher, 'mine', 0, 2000);
    expect(after).toBeLessThan(1000);
    expect(got.watching).toBe(true);
    expect(got.events).toHaveLength(1);
    expect(got.events[0]).toMatchObject({ projectId: 'mine', kind: 'changed', files: [{ path: 'cards.csv', revision: revisionOf(text) }] });
    expect(got.seq).toBe(got.events[0]!.seq);
    // Polling with that number gives nothing new.
    expect(watcher.changes('mine', got.seq).events).toEqual([]);
  });

  it('does not report the app’s own announced writeAtomic, but does report a later outside edit', async () => {
    watcher.watch('mine', dir);
    await sleep(50);
    const ours = 'id,name\nrat,老鼠\n';
    watcher.recordWrite('mine', 'cards.csv', ours);
    writeAtomic(join(dir, 'cards.csv'), Buffer.from(ours));
    await sleep(900);
    expect(watcher.changes('mine', 0).events).toEqual([]);
    writeFileSync(join(dir, 'cards.csv'), 'id,name\nrat,鼠鼠\n');
    const { got } = await firstEvents(watcher, 'mine', 0, 2000);
    expect(got.events.map((e) => e.files.map((f) => f.path))).toEqual([['cards.csv']]);
  });

  it('turns a burst of writes into one event, and ignores temp files', async () => {
    watcher.watch('mine', dir);
    await sleep(50);
    // Written back to back: with pauses between them, a busy machine can stretch the burst past the
    // watcher's 600 ms cap, which then (by design) reports it as two events.
    for (let i = 0; i < 10; i++) {
      writeFileSync(join(dir, 'cards.csv'), `id,name\nrat,${i}\n`);
      writeFileSync(join(dir, `cards.csv.${i}.tmp`), 'x');
    }
    writeFileSync(join(dir, 'art', 'rat.svg'), '<svg/>');
    await sleep(900);
    const events = watcher.changes('mine', 0).events;
    expect(events).toHaveLength(1);
    expect(events[0]!.files.map((f) => f.path)).toEqual(['art/rat.svg', 'cards.csv']);
    expect(events[0]!.files[1]!.revision).toBe(revisionOf('id,name\nrat,9\n'));
  });

  it('reports files in a folder created after watching started, and deletions', async () => {
    watcher.watch('mine', dir);
    await sleep(50);
    mkdirSync(join(dir, 'art', 'new'));
    await sleep(300);
    writeFileSync(join(dir, 'art', 'new', 'ox.png'), 'png');
    const first = await firstEvents(watcher, 'mine', 0, 2000);
    expect(first.got.events.flatMap((e) => e.files.map((f) => f.path))).toContain('art/new/ox.png');
    rmSync(join(dir, 'art', 'new', 'ox.png'));
    const second = await firstEvents(watcher, 'mine', first.got.seq, 2000);
    expect(second.got.events[0]!.files).toEqual([{ path: 'art/new/ox.png', revision: null }]);
  });

  it('reports a deleted project folder once and stops, without throwing', async () => {
    watcher.watch('mine', dir);
    await sleep(50);
    rmSync(dir, { recursive: true, force: true });
    const { got } = await firstEvents(watcher, 'mine', 0, 2000);
    expect(got.events.map((e) => e.kind)).toEqual(['gone']);
    expect(got.watching).toBe(false);
    expect(watcher.isWatching('mine')).toBe(false);
    await sleep(400);
    expect(watcher.changes('mine', 0).events).toHaveLength(1);
  });
});

describe('ProjectWatcher without a folder', () => {
  it('refuses to watch a missing folder and reports nothing', () => {
    expect(watcher.watch('none', join(dir, 'missing'))).toBe(false);
    expect(watcher.changes('none', 0)).toEqual({ events: [], seq: 0, watching: false });
    expect(watcher.changes('never-watched', 0)).toEqual({ events: [], seq: 0, watching: false });
  });

  it('ignores temp files, staging folders, git and office lock files', () => {
    for (const n of ['cards.csv.0123abcd.tmp', '.out.fuqi-a1B2c3', '.git', '.~lock.cards.csv#', '~$cards.xlsx']) expect(ignoredName(n)).toBe(true);
    for (const n of ['cards.csv', 'art', 'fuqi-notes.md', '.fuqi-x']) expect(ignoredName(n)).toBe(false);
  });
});

describe('ProjectWatcher folders', () => {
  it('reports deleting a file that was there before watching, and a whole folder removed and made again', async () => {
    writeFileSync(join(dir, 'art', 'rat.png'), 'rat');
    writeFileSync(join(dir, 'art', 'ox.png'), 'ox');
    watcher.watch('mine', dir);
    await sleep(50);
    rmSync(join(dir, 'art', 'rat.png'));
    const a = await firstEvents(watcher, 'mine', 0, 2000);
    expect(a.got.events[0]!.files).toEqual([{ path: 'art/rat.png', revision: null }]);
    rmSync(join(dir, 'art'), { recursive: true });
    const b = await firstEvents(watcher, 'mine', a.got.seq, 2000);
    expect(b.got.events.flatMap((e) => e.files)).toEqual([{ path: 'art/ox.png', revision: null }]);
    mkdirSync(join(dir, 'art'));
    await sleep(300);
    writeFileSync(join(dir, 'art', 'tiger.png'), 'tiger');
    const c = await firstEvents(watcher, 'mine', b.got.seq, 2000);
    expect(c.got.events.flatMap((e) => e.files)).toEqual([{ path: 'art/tiger.png', revision: revisionOf('tiger') }]);
    // The new folder is watched: a later write in it is reported too.
    await sleep(200);
    writeFileSync(join(dir, 'art', 'tiger.png'), 'tiger 2');
    const d = await firstEvents(watcher, 'mine', c.got.seq, 2000);
    expect(d.got.events.flatMap((e) => e.files)).toEqual([{ path: 'art/tiger.png', revision: revisionOf('tiger 2') }]);
  });

  it('does not report a folder whose mode changed', async () => {
    writeFileSync(join(dir, 'art', 'rat.png'), 'rat');
    watcher.watch('mine', dir);
    await sleep(50);
    chmodSync(join(dir, 'art'), 0o755);
    chmodSync(join(dir, 'art'), 0o700);
    await sleep(800);
    expect(watcher.changes('mine', 0).events).toEqual([]);
  });
});
