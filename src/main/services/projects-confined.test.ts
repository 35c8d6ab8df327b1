import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LoadProblem } from '../../shared/cards/load';
import { createFontService } from './export/fonts';
import { ProjectStore } from './projects';
import { typesetProjectRulebook } from './rulebook';
import { templatesDir } from './paths';

const base = mkdtempSync(join(tmpdir(), 'projects-test-'));
const root = join(base, 'projects');
writeFileSync(join(base, 'secret.md'), '# Someone else’s secret\n\nNot part of any project.\n');
/** A copy of 斗福 with `change` applied to its folder. */
function project(id: string, change: (dir: string) => void): void {
  const dir = join(root, id);
  cpSync(join(templatesDir(), 'doufu'), dir, { recursive: true });
  change(dir);
}
project('good', () => {});
project('fifo-cards', (dir) => {
  rmSync(join(dir, 'cards.csv'));
  execFileSync('mkfifo', [join(dir, 'cards.csv')]);
});
project('folder-project', (dir) => {
  rmSync(join(dir, 'project.json'));
  mkdirSync(join(dir, 'project.json'));
});
project('linked-template', (dir) => {
  cpSync(join(dir, 'back.template.json'), join(base, 'back.template.json'));
  rmSync(join(dir, 'back.template.json'));
  symlinkSync(join(base, 'back.template.json'), join(dir, 'back.template.json'));
});
project('linked-rules', (dir) => {
  rmSync(join(dir, 'rules.en.md'));
  symlinkSync(join(base, 'secret.md'), join(dir, 'rules.en.md'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));
const store = new ProjectStore(root);

/** The problems of a project that failed to load. */
function problems(id: string): LoadProblem[] {
  const r = store.get(id);
  if (r.ok) throw new Error(`${id} loaded`);
  expect(r.error.code).toBe('cards/invalid');
  return r.error.details as LoadProblem[];
}

describe('ProjectStore reads only regular files inside the project folder', () => {
  it('loads a copy of a built-in project', () => {
    expect(store.get('good').ok).toBe(true);
  });

  it('reports a FIFO named cards.csv at once instead of hanging', () => {
    const t0 = Date.now();
    expect(problems('fifo-cards')).toEqual([{ file: 'cards.csv', where: '(file)', message: 'cards.csv is a named pipe (FIFO), not a file; replace it with an ordinary file.' }]);
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('reports a folder named project.json', () => {
    expect(problems('folder-project')).toEqual([{ file: 'project.json', where: '(file)', message: 'project.json is a folder, not a file; replace it with an ordinary file.' }]);
  });

  it('refuses a template that is a symlink to a file outside the folder', () => {
    const [p] = problems('linked-template');
    expect(p).toMatchObject({ file: 'back.template.json', where: '(file)' });
    expect(p!.message).toMatch(/back\.template\.json is a link to a file outside the project folder.*Replace the link with a copy/);
  });
});

describe('rulebook sources', () => {
  it('refuses a rules.en.md that links outside the project', () => {
    const deps = { projects: store, fonts: createFontService(), assets: () => { throw new Error('no images needed'); } };
    const en = typesetProjectRulebook(deps, { projectId: 'linked-rules', lang: 'en', paper: 'a5' });
    expect(en.ok).toBe(false);
    if (en.ok) return;
    expect(en.error.code).toBe('rulebook/unreadable');
    expect(en.error.message).toMatch(/English rulebook source cannot be used: rules\.en\.md is a link to a file outside the project folder/);
    expect(en.error.message).not.toContain('secret');
  });
});
