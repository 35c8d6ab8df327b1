import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IpcChannel } from '../../shared/ipc/contract';
import { createServices, type Services } from '../services';
import { listProjectFolders } from '../services/project-folders';
import { createHandlers } from './index';
import { dispatch } from './registry';
import type { PickFolder } from './dialog';

const TEMPLATES = resolve(__dirname, '../../../templates');

let tmp: string;
let projectsDir: string;
let services: Services;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'fuqi-dialog-'));
  projectsDir = join(tmp, 'projects');
  services = createServices({ mode: 'browser', templatesDir: TEMPLATES, exportDir: join(tmp, 'exports'), projectsDir });
});
afterEach(async () => {
  await services.workers.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A folder that looks like a project to the listing (a project.json file). */
function fakeProject(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'project.json'), '{}');
}

describe('dialog:pick-folder', () => {
  it('answers the folder the injected picker chose, starting in the projects folder', async () => {
    const asked: Parameters<PickFolder>[0][] = [];
    const h = createHandlers(services, () => false, async (opts) => (asked.push(opts), '/home/me/games/dragon'));
    expect(await dispatch(h, IpcChannel.DIALOG_PICK_FOLDER, { title: '打开项目文件夹' })).toEqual({ ok: true, value: { path: '/home/me/games/dragon' } });
    expect(asked).toEqual([{ title: '打开项目文件夹', defaultPath: projectsDir }]);
  });

  it('answers null when the user cancels', async () => {
    const h = createHandlers(services, () => false, async () => null);
    expect(await dispatch(h, IpcChannel.DIALOG_PICK_FOLDER, {})).toEqual({ ok: true, value: { path: null } });
  });

  it('answers dialog/unavailable in browser mode (no picker), saying what to do instead', async () => {
    const h = createHandlers(services, () => false);
    const r = await dispatch(h, IpcChannel.DIALOG_PICK_FOLDER, {});
    expect(r).toMatchObject({ ok: false, error: { code: 'dialog/unavailable', message: expect.stringMatching(/type the folder path/) } });
  });

  it('validates its payload', async () => {
    const h = createHandlers(services, () => false, async () => null);
    expect(await dispatch(h, IpcChannel.DIALOG_PICK_FOLDER, { title: 'x', defaultPath: '/etc' })).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
    expect(await dispatch(h, IpcChannel.DIALOG_PICK_FOLDER, { title: 'x'.repeat(201) })).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
  });
});

describe('projects:folders', () => {
  it('answers the projects folder with an empty list before it exists', async () => {
    const h = createHandlers(services, () => false);
    expect(await dispatch(h, IpcChannel.PROJECTS_FOLDERS, null)).toEqual({ ok: true, value: { dir: projectsDir, folders: [] } });
  });

  it('lists real project folders only: no links, hidden folders, folders without project.json or with a linked one', async () => {
    fakeProject(join(projectsDir, 'b-game'));
    fakeProject(join(projectsDir, '我的游戏'));
    fakeProject(join(projectsDir, '.trash', 'old'));
    fakeProject(join(projectsDir, '.hidden'));
    mkdirSync(join(projectsDir, 'not-a-project'));
    // A link to a project folder elsewhere: neither listed nor followed.
    const outside = join(tmp, 'outside');
    fakeProject(outside);
    symlinkSync(outside, join(projectsDir, 'linked'), 'dir');
    // A real folder whose project.json is a link out: not a project folder here.
    mkdirSync(join(projectsDir, 'linked-file'));
    symlinkSync(join(outside, 'project.json'), join(projectsDir, 'linked-file', 'project.json'));
    // A folder named project.json is not a project file either.
    mkdirSync(join(projectsDir, 'odd', 'project.json'), { recursive: true });
    writeFileSync(join(projectsDir, 'stray.txt'), 'x');

    const h = createHandlers(services, () => false);
    const r = await dispatch(h, IpcChannel.PROJECTS_FOLDERS, null);
    expect(r).toEqual({
      ok: true,
      value: {
        dir: projectsDir,
        folders: [
          { name: 'b-game', path: join(projectsDir, 'b-game') },
          { name: '我的游戏', path: join(projectsDir, '我的游戏') },
        ],
      },
    });
    expect(await dispatch(h, IpcChannel.PROJECTS_FOLDERS, { dir: '/' })).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
  });

  it('a projects folder that is a file answers an empty list', () => {
    writeFileSync(join(tmp, 'file'), 'x');
    expect(listProjectFolders(join(tmp, 'file'))).toEqual({ dir: join(tmp, 'file'), folders: [] });
  });
});

describe('projects:open refusals', () => {
  it('carry a reason the interface can word in either language', async () => {
    const h = createHandlers(services, () => false);
    const reason = async (path: string) => {
      const r = await dispatch(h, IpcChannel.PROJECTS_OPEN, { path });
      expect(r).toMatchObject({ ok: false, error: { code: 'projects/not-a-project' } });
      return (r as { error: { details: { reason: string } } }).error.details.reason;
    };
    mkdirSync(join(tmp, 'empty'));
    writeFileSync(join(tmp, 'file.txt'), 'x');
    symlinkSync(join(tmp, 'empty'), join(tmp, 'link'), 'dir');
    expect(await reason('relative/path')).toBe('relative');
    expect(await reason(join(tmp, 'nowhere'))).toBe('missing');
    expect(await reason(join(tmp, 'file.txt'))).toBe('file');
    expect(await reason(join(tmp, 'link'))).toBe('link');
    expect(await reason(join(tmp, 'empty'))).toBe('no-project-json');
  });
});

describe('shell:show-in-folder', () => {
  it('reveals a user project folder, and still refuses other paths', async () => {
    const shown: string[] = [];
    const h = createHandlers(services, (p) => (shown.push(p), true));
    const made = await dispatch(h, IpcChannel.PROJECTS_CREATE, { name: 'Reveal me', card: { preset: 'mini' } });
    const dir = (made as { value: { summary: { dir: string } } }).value.summary.dir;
    expect(await dispatch(h, IpcChannel.SHELL_SHOW_IN_FOLDER, { path: dir })).toEqual({ ok: true, value: { shown: true } });
    expect(await dispatch(h, IpcChannel.SHELL_SHOW_IN_FOLDER, { path: tmp })).toMatchObject({ ok: false, error: { code: 'shell/not-ours' } });
    expect(shown).toEqual([dir]);
  });
});
