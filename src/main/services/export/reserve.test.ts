// A new export file: named `<base>-<minute stamp><ext>`, numbered when the name is taken, the folder
// made when missing, never overwriting; and the project folders the app writes into (art, fonts)
// told apart from a link or a file in their place.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeLabExport } from '../lab/export';
import { minuteStamp, writeNewFile } from './reserve';
import { folderAt, makeDir, writeAtomicResult } from './write';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fuqi-reserve-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (s: string) => new TextEncoder().encode(s);

describe('writeNewFile', () => {
  it('makes the folder, writes the bytes under the name, and numbers the next one instead of overwriting', () => {
    const out = join(dir, 'exports', 'deep');
    const a = writeNewFile(out, 'game-balance', '.csv', bytes('one'));
    const b = writeNewFile(out, 'game-balance', '.csv', bytes('two'));
    expect(a).toEqual({ ok: true, value: { file: join(out, 'game-balance.csv'), name: 'game-balance' } });
    expect(b).toEqual({ ok: true, value: { file: join(out, 'game-balance-2.csv'), name: 'game-balance-2' } });
    expect(readFileSync(join(out, 'game-balance.csv'), 'utf8')).toBe('one');
    expect(readdirSync(out).sort()).toEqual(['game-balance-2.csv', 'game-balance.csv']); // no holder or temp file left
    expect(statSync(join(dir, 'exports')).mode & 0o777).toBe(0o700);
  });

  it('says what is wrong when a file stands where the folder belongs', () => {
    writeFileSync(join(dir, 'exports'), 'x');
    const r = writeNewFile(join(dir, 'exports'), 'game', '.csv', bytes('one'));
    expect(r.ok ? '' : r.error.code).toBe('export/target');
  });

  it('names the balance exports by project, kind and minute', () => {
    const r = writeLabExport(dir, 'My Game', 'csv', bytes('a,b'), true, new Date(2026, 2, 14, 9, 5));
    expect(r).toEqual({ ok: true, value: { path: join(dir, 'my-game-balance-20260314-0905.csv'), fileName: 'my-game-balance-20260314-0905.csv', bytes: 3, mime: 'text/csv', data: Buffer.from('a,b').toString('base64') } });
    expect(minuteStamp(new Date(2026, 11, 5, 23, 59))).toBe('20261205-2359');
  });
});

describe('writeAtomicResult', () => {
  it('writes, or answers why it could not', () => {
    expect(writeAtomicResult(join(dir, 'a.txt'), bytes('a'))).toEqual({ ok: true, value: undefined });
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('a');
    const r = writeAtomicResult(join(dir, 'a.txt', 'b.txt'), bytes('b'));
    expect(r.ok ? '' : r.error.code).toMatch(/^export\//);
  });
});

describe('folderAt and makeDir', () => {
  it('tells a real folder from nothing, a link or a file, without following the link', () => {
    mkdirSync(join(dir, 'art'));
    writeFileSync(join(dir, 'file'), 'x');
    symlinkSync(join(dir, 'art'), join(dir, 'link'));
    expect(['art', 'none', 'file', 'link'].map((n) => folderAt(join(dir, n)))).toEqual(['folder', 'missing', 'file', 'link']);
  });

  it('answers a failure with the write’s own code or the caller’s', () => {
    writeFileSync(join(dir, 'file'), 'x');
    expect(makeDir(join(dir, 'made'), 0o755)).toEqual({ ok: true, value: undefined });
    expect(folderAt(join(dir, 'made'))).toBe('folder');
    const own = makeDir(join(dir, 'file', 'sub'), 0o755);
    expect(own.ok ? '' : own.error.code).toBe('export/target');
    const theirs = makeDir(join(dir, 'file', 'sub'), 0o755, 'art/write-failed');
    expect(theirs.ok ? '' : theirs.error).toEqual({ code: 'art/write-failed', message: expect.stringMatching(/is a file, not a folder/) });
  });
});
