// The CLI end to end, for what only a real process shows: the exit code, stderr being one line
// without a stack trace, and relative paths taken from the caller's folder (INIT_CWD). Argument
// parsing itself is tested in process (cli-args.test.ts); each spawn here runs `npm run cli`'s bundle (scripts/cli.mjs), as users do.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-cli-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = (args: string[]) => spawnSync(process.execPath, ['scripts/cli.mjs', ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, INIT_CWD: dir, FUQI_DEBUG: '' } });

/** stderr is exactly one `error: …` line, with no stack frame. */
function expectOneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(stderr).not.toMatch(/^\s+at /m);
  return lines[0]!;
}

describe('cli errors and paths', () => {
  it('a negative offset is a value; an unknown flag is one line naming it, exit 2', () => {
    const r = cli(['export', 'doufu', '--offset-x', '-1.5', '--offset-y', '-2', '--bogus']);
    expect(r.status).toBe(2);
    expect(expectOneLine(r.stderr)).toMatch(/unknown option --bogus for "export"; valid options: --out, .*--offset-x/);
  }, 60_000);

  it('writes relative --out into the caller\'s folder; a failing write is one line, exit 2', () => {
    const ok = cli(['simulate', 'doufu', '--games', '1', '--players', '2', '--workers', '1', '--out', 'runs.jsonl']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(existsSync(join(dir, 'runs.jsonl'))).toBe(true);
    expect(existsSync(join(process.cwd(), 'runs.jsonl'))).toBe(false);

    writeFileSync(join(dir, 'a-file'), 'x');
    const bad = cli(['simulate', 'doufu', '--games', '1', '--players', '2', '--workers', '1', '--summary', 'a-file/summary.json']);
    expect(bad.status).toBe(2);
    expect(expectOneLine(bad.stderr.replace(/^\d+\/\d+ matches.*\n/gm, ''))).toMatch(/ENOTDIR: .*a-file\/summary\.json/);
  }, 120_000);
});

describe('cli projects', () => {
  const env = { ...process.env, INIT_CWD: dir, FUQI_DEBUG: '', FUQI_PROJECTS_DIR: join(dir, 'projects') };
  const run = (args: string[]) => spawnSync(process.execPath, ['scripts/cli.mjs', ...args], { encoding: 'utf8', timeout: 120_000, env });

  it('new makes a project in the caller\'s folder (blank or --from), list takes its folder, and an existing folder is refused', () => {
    const made = run(['new', 'my-game', '--from', 'doufu', '--name', 'My Dou Fu']);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^x-my-game-[0-9a-f]{8}\tMy Dou Fu\t52 cards\t/);
    expect(existsSync(join(dir, 'my-game', 'rules.zh.md'))).toBe(true);
    const blank = run(['new', 'blank']);
    expect(blank.status, blank.stderr).toBe(0);
    expect(readFileSync(join(dir, 'blank', 'cards.csv'), 'utf8').split('\n')[0]).toBe('id,copies,name,text');

    const list = run(['list', './blank']);
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toBe('card-1\t2\tfront/back\ncard-2\t1\tfront/back\ncard-3\t1\tfront/back\n');
    const all = run(['list']);
    expect(all.stdout).toMatch(/^doufu\t斗福 Dou Fu\t52 cards\tbuilt-in$/m);
    expect(all.stdout).toMatch(/^x-blank-[0-9a-f]{8}\tblank\t3 cards\t.*blank$/m);

    const again = run(['new', 'blank']);
    expect(again.status).toBe(2);
    expect(expectOneLine(again.stderr)).toMatch(/blank already exists; choose a new folder name/);
    const notProject = run(['list', '.']);
    expect(notProject.status).toBe(2);
    expect(expectOneLine(notProject.stderr)).toMatch(/is not a project folder: it has no project\.json/);
  }, 120_000);

  it('rulebook typesets a new project’s rules outline from its folder, with its card figure', () => {
    expect(run(['new', 'ruled', '--name', 'Ruled']).status).toBe(0);
    const r = run(['rulebook', './ruled', '--lang', 'en', '--paper', 'a5', '--out', 'ruled.pdf']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^pdf {5}.*ruled\.pdf \(\d+ KB\)\n\d+ pages in /);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'ruled.pdf'), '-']).toString('utf8');
    for (const h of ['Components', 'Setup', 'Turn', 'End', 'Scoring', 'Spring']) expect(text).toContain(h);
  }, 120_000);
});

describe('cli export of a card size whose crop marks fit on neither orientation', () => {
  const env = { ...process.env, INIT_CWD: dir, FUQI_DEBUG: '', FUQI_PROJECTS_DIR: join(dir, 'projects') };
  const run = (args: string[]) => spawnSync(process.execPath, ['scripts/cli.mjs', ...args], { encoding: 'utf8', timeout: 120_000, env });

  it('exports with orientation auto and one warning naming the size, the paper and the fixes', () => {
    expect(run(['new', 'sized']).status).toBe(0);
    const file = join(dir, 'sized', 'project.json');
    const p = JSON.parse(readFileSync(file, 'utf8')) as { card: Record<string, unknown> };
    writeFileSync(file, JSON.stringify({ ...p, card: { ...p.card, preset: 'custom', width: 66, height: 92 } }));
    const r = run(['export', './sized', '--out', 'sized.pdf']);
    expect(r.status, r.stderr).toBe(0);
    const marks = r.stderr.split('\n').filter((l) => /crop marks/.test(l));
    expect(marks).toEqual([expect.stringMatching(/^warning: A 66 × 92 mm card with 3 mm bleed leaves no room for crop marks inside the 5 mm margin on A4 either way round .*To fix it: print on bigger paper: A3 portrait \(16 cards a sheet\)/)]);
    const big = run(['export', './sized', '--paper', 'a3', '--out', 'sized-a3.pdf']);
    expect(big.status, big.stderr).toBe(0);
    expect(big.stderr).not.toMatch(/crop marks/);
  }, 120_000);
});

describe('cli import', () => {
  const env = { ...process.env, INIT_CWD: dir, FUQI_DEBUG: '', FUQI_PROJECTS_DIR: join(dir, 'projects') };
  const run = (args: string[]) => spawnSync(process.execPath, ['scripts/cli.mjs', ...args], { encoding: 'utf8', timeout: 120_000, env });

  it('imports a CSV into a project folder (summary and changes on stdout, cards.csv written); built-in projects are refused', () => {
    expect(run(['new', 'imp']).status).toBe(0);
    writeFileSync(join(dir, 'in.csv'), 'id,name\ncard-1,福星\nnew,新\n');
    const r = run(['import', './imp', 'in.csv']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\+1 added; ~1 changed; -2 not in the file \(kept; --remove-missing removes them\); 0 unchanged; kept columns not in the file: copies, text\n/);
    expect(r.stdout).toContain('~ card-1: name');
    expect(r.stdout).toContain('wrote 4 cards');
    expect(readFileSync(join(dir, 'imp', 'cards.csv'), 'utf8')).toContain('card-1,2,福星,');
    const refused = run(['import', 'doufu', 'in.csv']);
    expect(refused.status).toBe(2);
    expect(expectOneLine(refused.stderr)).toMatch(/built-in project.*make a copy first/);
  }, 120_000);
});

describe('the CLI bundle cache', () => {
  it('builds into its folder, then removes bundles not rebuilt for a week and nothing else', () => {
    const cache = mkdtempSync(join(tmpdir(), 'fuqi-cli-cache-'));
    try {
      const old = Date.now() / 1000 - 8 * 24 * 3600;
      const put = (name: string, age?: number) => {
        writeFileSync(join(cache, name), 'x');
        if (age) utimesSync(join(cache, name), age, age);
      };
      put('cli-000000000001.cjs', old); // stale: another checkout's, a week old
      put('cli-000000000001.inputs.json', old);
      put('cli-000000000002.cjs'); // another checkout's, recent
      put('notes.txt', old); // not a bundle
      const r = spawnSync(process.execPath, ['scripts/cli.mjs', '--help'], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, FUQI_CLI_CACHE: cache } });
      expect(r.status, r.stderr).toBe(0);
      const left = readdirSync(cache).sort();
      expect(left.filter((n) => /^cli-[0-9a-f]{12}\.cjs$/.test(n) && n !== 'cli-000000000002.cjs')).toHaveLength(1); // the new bundle
      expect(left).toContain('cli-000000000002.cjs');
      expect(left).toContain('notes.txt');
      expect(left).not.toContain('cli-000000000001.cjs');
      expect(left).not.toContain('cli-000000000001.inputs.json');
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }, 120_000);
});
