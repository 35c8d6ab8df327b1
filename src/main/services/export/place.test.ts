import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkTargets, Staging, STAGING_PATTERN } from './place';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fuqi-place-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = (...a: Parameters<typeof Staging.open>) => {
  const s = Staging.open(...a);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
};

describe('checkTargets', () => {
  it('refuses a folder where a file is wanted, a file where a folder is wanted, links and existing outputs', () => {
    mkdirSync(join(dir, 'deck.png'));
    writeFileSync(join(dir, 'cards'), 'x');
    writeFileSync(join(dir, 'old.pdf'), 'x');
    symlinkSync(join(dir, 'old.pdf'), join(dir, 'link.pdf'));
    const r = checkTargets(
      [
        { path: join(dir, 'deck.png'), kind: 'file' },
        { path: join(dir, 'cards'), kind: 'dir' },
        { path: join(dir, 'old.pdf'), kind: 'file' },
        { path: join(dir, 'link.pdf'), kind: 'file' },
      ],
      false,
    );
    expect(r.ok).toBe(false);
    const problems = (!r.ok && (r.error.details as string[])) || [];
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/deck\.png" is a folder, but this output is a file/);
    expect(problems[1]).toMatch(/cards" is a file, but this output is a folder/);
    expect(problems[2]).toMatch(/old\.pdf" already exists; .*--overwrite/);
    expect(problems[3]).toMatch(/link\.pdf" is a link/);
    expect(!r.ok && r.error.code).toBe('export/target');
  });

  it('with overwrite, still refuses a folder in the way of a file the job writes into a folder', () => {
    mkdirSync(join(dir, 'png', 'A-front.png'), { recursive: true });
    const r = checkTargets([{ path: join(dir, 'png'), kind: 'dir', entries: ['A-front.png', 'A-back.png'] }], true);
    expect(!r.ok && r.error.message).toMatch(/A-front\.png" is a folder; this export writes a file of that name/);
    expect(checkTargets([{ path: join(dir, 'png'), kind: 'dir', entries: ['B-front.png'] }], true).ok).toBe(true);
  });

  it('refuses two outputs at one path', () => {
    const r = checkTargets([{ path: join(dir, 'x.png'), kind: 'file' }, { path: join(dir, 'x.png'), kind: 'file' }], false);
    expect(!r.ok && r.error.message).toMatch(/Two outputs/);
  });

  it('accepts an empty placeholder the job reserved, but not one that has content', () => {
    writeFileSync(join(dir, 'a.pdf'), '');
    expect(checkTargets([{ path: join(dir, 'a.pdf'), kind: 'file', reserved: true }], false).ok).toBe(true);
    writeFileSync(join(dir, 'a.pdf'), 'user data');
    expect(checkTargets([{ path: join(dir, 'a.pdf'), kind: 'file', reserved: true }], false).ok).toBe(false);
  });
});

describe('Staging', () => {
  it('writes into a hidden staging folder beside the output and moves the files into place', () => {
    const pdf = join(dir, 'out.pdf');
    const png = join(dir, 'png');
    const s = open([{ path: pdf, kind: 'file' }, { path: png, kind: 'dir', entries: ['A-front.png'] }]);
    const staging = readdirSync(dir);
    expect(staging).toHaveLength(1);
    expect(staging[0]).toMatch(STAGING_PATTERN);
    expect(staging[0]).toMatch(/^\.out\.pdf\.fuqi-/);
    writeFileSync(s.path(pdf), 'pdf');
    writeFileSync(join(s.path(png), 'A-front.png'), 'png');
    expect(existsSync(pdf)).toBe(false);
    s.commit();
    expect(readFileSync(pdf, 'utf8')).toBe('pdf');
    expect(readFileSync(join(png, 'A-front.png'), 'utf8')).toBe('png');
    expect(readdirSync(dir).sort()).toEqual(['out.pdf', 'png']);
  });

  it('overwriting a folder replaces only the files the job writes', () => {
    const png = join(dir, 'png');
    mkdirSync(png);
    writeFileSync(join(png, 'holiday.jpg'), 'mine');
    writeFileSync(join(png, 'A-front.png'), 'old');
    const s = open([{ path: png, kind: 'dir', entries: ['A-front.png'] }], { overwrite: true });
    writeFileSync(join(s.path(png), 'A-front.png'), 'new');
    s.commit();
    expect(readFileSync(join(png, 'holiday.jpg'), 'utf8')).toBe('mine');
    expect(readFileSync(join(png, 'A-front.png'), 'utf8')).toBe('new');
  });

  it('abort removes only the staging folder; nothing that existed is touched', () => {
    const png = join(dir, 'png');
    mkdirSync(png);
    writeFileSync(join(png, 'holiday.jpg'), 'mine');
    writeFileSync(join(dir, 'out.pdf'), 'old pdf');
    const s = open([{ path: join(dir, 'out.pdf'), kind: 'file' }, { path: png, kind: 'dir', entries: ['A-front.png'] }], { overwrite: true });
    writeFileSync(s.path(join(dir, 'out.pdf')), 'new pdf');
    s.abort();
    s.abort();
    expect(readdirSync(dir).sort()).toEqual(['out.pdf', 'png']);
    expect(readFileSync(join(dir, 'out.pdf'), 'utf8')).toBe('old pdf');
    expect(readdirSync(png)).toEqual(['holiday.jpg']);
  });

  it('a failure while moving into place undoes the moves and puts back what was replaced', () => {
    const pdf = join(dir, 'out.pdf');
    const png = join(dir, 'png');
    writeFileSync(pdf, 'old pdf');
    mkdirSync(png);
    writeFileSync(join(png, 'A-front.png'), 'old A');
    const s = open([{ path: pdf, kind: 'file' }, { path: png, kind: 'dir', entries: ['A-front.png', 'B-front.png'] }], { overwrite: true });
    writeFileSync(s.path(pdf), 'new pdf');
    writeFileSync(join(s.path(png), 'A-front.png'), 'new A');
    writeFileSync(join(s.path(png), 'B-front.png'), 'new B');
    // Someone makes a folder where B goes after the checks: the commit must fail and undo.
    mkdirSync(join(png, 'B-front.png'));
    writeFileSync(join(png, 'B-front.png', 'theirs'), 'x');
    expect(() => s.commit()).toThrow(/B-front\.png" appeared while the export ran/);
    expect(readFileSync(pdf, 'utf8')).toBe('old pdf');
    expect(readFileSync(join(png, 'A-front.png'), 'utf8')).toBe('old A');
    expect(readFileSync(join(png, 'B-front.png', 'theirs'), 'utf8')).toBe('x');
    expect(readdirSync(dir).sort()).toEqual(['out.pdf', 'png']);
  });

  it('a folder it created is removed on failure only while empty', () => {
    const png = join(dir, 'png');
    const pdf = join(dir, 'z.pdf');
    const s = open([{ path: png, kind: 'dir', entries: ['A.png'] }, { path: pdf, kind: 'file' }]);
    writeFileSync(join(s.path(png), 'A.png'), 'a');
    // The PDF was never staged, so the commit fails after the folder was made and filled.
    expect(() => s.commit()).toThrow();
    expect(existsSync(png)).toBe(false);
    expect(existsSync(pdf)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('Staging.open', () => {
  it.runIf(process.platform === 'linux')('fails cleanly, naming the folder, when the output folder cannot be made', () => {
    const r = Staging.open([{ path: '/proc/nope/x.pdf', kind: 'file' }]);
    expect(!r.ok && r.error.message).toBe('Could not create the folder "/proc/nope" (ENOENT); choose a folder you can write to.');
  });
});
