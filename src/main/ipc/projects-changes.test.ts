import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IpcChannel, type ProjectChanges } from '../../shared/ipc/contract';
import { createServices } from '../services';
import { tinyProject } from '../services/tiny-project.test-fixture';
import { createHandlers } from './index';
import { dispatch } from './registry';

const { root, id, dir } = tinyProject();
const exportDir = mkdtempSync(join(tmpdir(), 'fuqi-changes-'));
const services = createServices({ mode: 'browser', exportDir, templatesDir: root });
const handlers = createHandlers(services, () => false);
afterAll(() => {
  services.watcher.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(exportDir, { recursive: true, force: true });
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('projects:changes', () => {
  it('starts watching on the first poll and answers the changes after `since`', async () => {
    const first = await dispatch(handlers, IpcChannel.PROJECTS_CHANGES, { projectId: id, since: 0 });
    expect(first).toEqual({ ok: true, value: { events: [], seq: 0, watching: true } });
    await sleep(50);
    writeFileSync(join(dir, 'cards.csv'), 'id,name\nA,甲\n');
    let got: ProjectChanges = { events: [], seq: 0, watching: true };
    for (let t = 0; t < 20 && got.events.length === 0; t++) {
      await sleep(100);
      const r = await dispatch(handlers, IpcChannel.PROJECTS_CHANGES, { projectId: id, since: 0 });
      if (r.ok) got = r.value as ProjectChanges;
    }
    expect(got.events.map((e) => e.files.map((f) => f.path))).toEqual([['cards.csv']]);
    const later = await dispatch(handlers, IpcChannel.PROJECTS_CHANGES, { projectId: id, since: got.seq });
    expect(later.ok && (later.value as ProjectChanges).events).toEqual([]);
  });

  it('refuses an unknown project and a bad payload', async () => {
    const none = await dispatch(handlers, IpcChannel.PROJECTS_CHANGES, { projectId: 'nope', since: 0 });
    expect(!none.ok && none.error.code).toBe('projects/not-found');
    const bad = await dispatch(handlers, IpcChannel.PROJECTS_CHANGES, { projectId: id, since: -1 });
    expect(!bad.ok && bad.error.code).toBe('ipc/bad-request');
  });
});

describe('projects:changes after the folder is removed', () => {
  it('answers the "gone" event instead of an error', async () => {
    const other = tinyProject({ id: 'goner', root });
    await dispatch(handlers, IpcChannel.PROJECTS_CHANGES, { projectId: 'goner', since: 0 });
    await sleep(50);
    rmSync(other.dir, { recursive: true, force: true });
    let got: ProjectChanges = { events: [], seq: 0, watching: true };
    for (let t = 0; t < 20 && got.events.length === 0; t++) {
      await sleep(100);
      const r = await dispatch(handlers, IpcChannel.PROJECTS_CHANGES, { projectId: 'goner', since: 0 });
      expect(r.ok).toBe(true);
      if (r.ok) got = r.value as ProjectChanges;
    }
    expect(got.events.map((e) => e.kind)).toEqual(['gone']);
    expect(got.watching).toBe(false);
  });
});
