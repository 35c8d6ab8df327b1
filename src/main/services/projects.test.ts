import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IpcChannel } from '../../shared/ipc/contract';
import { createHandlers } from '../ipc';
import { dispatch } from '../ipc/registry';
import { createServices } from '.';
import { ProjectStore } from './projects';

const TEMPLATES = resolve(__dirname, '../../../templates');

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fuqi-projects-'));
  cpSync(join(TEMPLATES, 'zodiac-race'), join(root, 'zodiac-race'), { recursive: true });
  // Broken in four ways: bad JSON, no project.json, a folder name that is no id, a missing CSV.
  mkdirSync(join(root, 'bad-json'));
  writeFileSync(join(root, 'bad-json', 'project.json'), '{"schemaVersion": 1,');
  mkdirSync(join(root, 'no-project-file'));
  writeFileSync(join(root, 'no-project-file', 'cards.csv'), 'id\na\n');
  cpSync(join(TEMPLATES, 'zodiac-race'), join(root, 'My Game'), { recursive: true });
  cpSync(join(TEMPLATES, 'zodiac-race'), join(root, 'no-cards'), { recursive: true });
  rmSync(join(root, 'no-cards', 'cards.csv'));
  // Not projects: a hidden folder and a loose file.
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, 'README.md'), 'notes');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('ProjectStore.list', () => {
  it('lists projects that fail to load, named by their folder, with the problem', () => {
    const list = new ProjectStore(root).list();
    expect(list.map((p) => p.id)).toEqual(['bad-json', 'My Game', 'no-cards', 'no-project-file', 'zodiac-race']);
    const by = Object.fromEntries(list.map((p) => [p.id, p]));
    expect(by['zodiac-race']!.problem).toBeUndefined();
    expect(by['zodiac-race']!.cardCount).toBeGreaterThan(0);

    expect(by['bad-json']).toMatchObject({ name: { zh: 'bad-json', en: 'bad-json' }, cardCount: 0, faceCount: 0, problem: { code: 'cards/invalid' } });
    expect(by['bad-json']!.problem!.message).toMatch(/project\.json .*not valid JSON/);
    expect(by['no-cards']!.problem!.message).toMatch(/cards\.csv .*file not found/);
    expect(by['My Game']!.problem).toMatchObject({ code: 'projects/bad-folder-name' });
    expect(by['My Game']!.problem!.message).toMatch(/rename it .*"my-game"/);
  });

  it('a folder without project.json is refused naming that file, not as "no project"', () => {
    const store = new ProjectStore(root);
    const r = store.get('no-project-file');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('projects/no-project-file');
    expect(!r.ok && r.error.message).toContain(join(root, 'no-project-file', 'project.json'));
    expect(!r.ok && r.error.message).not.toMatch(/There is no project/);
    // An id with no folder at all is still "not found", listing what there is.
    const none = store.get('nothing-here');
    expect(!none.ok && none.error.code).toBe('projects/not-found');
    expect(!none.ok && none.error.message).toMatch(/zodiac-race/);
  });

  it('projects:list answers every folder, broken ones with their problem', async () => {
    const handlers = createHandlers(createServices({ mode: 'browser', templatesDir: root, exportDir: join(root, '.git') }), () => false);
    const env = await dispatch(handlers, IpcChannel.PROJECTS_LIST, null);
    expect(env.ok).toBe(true);
    const list = env.ok ? (env.value as { id: string; problem?: { code: string } }[]) : [];
    expect(list.filter((p) => p.problem).map((p) => p.id)).toEqual(['bad-json', 'My Game', 'no-cards', 'no-project-file']);
  });
});
