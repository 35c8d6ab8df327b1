// A project's folder name comes from the name the user typed: whatever it is, the folder made is
// a visible one inside the projects folder, and the answer names that folder.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IpcChannel } from '../../shared/ipc/contract';
import { createHandlers } from '../ipc';
import { dispatch } from '../ipc/registry';
import { createServices } from '.';
import { folderName } from './user-project-registry';

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'fuqi-names-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('folderName', () => {
  it('never starts with a dot or ends with a dot or space, and has no separators', () => {
    expect(folderName('../../x')).toBe('x');
    expect(folderName('..\\..\\x')).toBe('x');
    expect(folderName(' . .hidden')).toBe('hidden');
    expect(folderName('a/b:c')).toBe('a b c');
    expect(folderName('trailing. . ')).toBe('trailing');
    expect(folderName('../..')).toBe('project');
    expect(folderName('...')).toBe('project');
    expect(folderName('CON')).toBe('CON project');
    expect(folderName('nul.txt')).toBe('nul.txt project');
    expect(folderName('福'.repeat(59) + '😀😀')).toBe('福'.repeat(59) + '😀');
  });
});

describe('projects:create with a hostile name', () => {
  it('creates a visible folder in the projects folder and answers with that folder', async () => {
    const projectsDir = join(tmp, 'projects');
    const s = createServices({ mode: 'browser', exportDir: join(tmp, 'exports'), projectsDir });
    const h = createHandlers(s, () => false);
    try {
      for (const [name, folder] of [
        ['../../x', 'x'],
        ['../../x', 'x 2'],
        ['/etc/passwd', 'etc passwd'],
        ['.git', 'git'],
        ['..', 'project'],
      ] as const) {
        const made = await dispatch(h, IpcChannel.PROJECTS_CREATE, { name, card: { preset: 'poker' } });
        expect(made, name).toMatchObject({ ok: true });
        const summary = (made as { value: { summary: { id: string; dir: string; name: { en: string } } } }).value.summary;
        expect(dirname(summary.dir)).toBe(projectsDir);
        expect(basename(summary.dir)).toBe(folder);
        // The answer's id opens the project it made.
        expect(await dispatch(h, IpcChannel.PROJECTS_CARDS, { id: summary.id })).toMatchObject({ ok: true });
      }
      expect(readdirSync(projectsDir).filter((n) => !n.startsWith('.')).sort()).toEqual(['etc passwd', 'git', 'project', 'x', 'x 2']);
      // Nothing hidden but the app's own recent list, nothing outside.
      expect(readdirSync(projectsDir).filter((n) => n.startsWith('.'))).toEqual(['.recent.json']);
      expect(readdirSync(tmp).sort()).toEqual(['projects']);
    } finally {
      await s.workers.close();
    }
  });
});
