import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonlFile } from './jsonl-file';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-jsonl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const batch = (from: number, to: number) => ({ from, to, lines: Array.from({ length: to - from }, (_, k) => `${from + k}\n`).join(''), count: to - from });

describe('JsonlFile', () => {
  it('writes batches that come in any order in game order, and puts the file in place only at the end', () => {
    const file = join(dir, 'games.jsonl');
    const f = new JsonlFile(file, 10);
    f.add(batch(14, 16));
    f.add(batch(10, 12));
    f.add(batch(16, 20));
    expect(f.size).toBe(8);
    expect(existsSync(file)).toBe(false);
    f.add(batch(12, 14));
    f.finish();
    expect(readFileSync(file, 'utf8')).toBe(Array.from({ length: 10 }, (_, k) => `${10 + k}\n`).join(''));
    // Only the file: no temp file left beside it.
    expect(readdirSync(dir)).toEqual(['games.jsonl']);
  });

  it('a cancelled run keeps every game played, in order, gaps and all', () => {
    const file = join(dir, 'cancelled.jsonl');
    const f = new JsonlFile(file, 0);
    f.add(batch(0, 2));
    f.add(batch(6, 8));
    f.add(batch(4, 6));
    f.finish();
    expect(readFileSync(file, 'utf8')).toBe('0\n1\n4\n5\n6\n7\n');
  });

  it('a failed run leaves nothing, and an existing file is untouched', () => {
    const file = join(dir, 'kept.jsonl');
    writeFileSync(file, 'earlier\n');
    const f = new JsonlFile(file, 0);
    f.add(batch(0, 3));
    f.abort();
    expect(readFileSync(file, 'utf8')).toBe('earlier\n');
    expect(readdirSync(dir).filter((n) => n.startsWith('kept.jsonl'))).toEqual(['kept.jsonl']);
  });

  it('says at once, before any game, when the file cannot be written', () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'x');
    expect(() => new JsonlFile(join(blocker, 'games.jsonl'), 0)).toThrow(/a-file" is a file, not a folder/);
    // A folder where the file should be: refused when it is put in place, the folder untouched.
    const f = new JsonlFile(join(dir, 'sub'), 0);
    mkdirSync(join(dir, 'sub', 'x'), { recursive: true });
    f.add(batch(0, 1));
    expect(() => f.finish()).toThrow(/Could not write .*sub/);
    expect(readdirSync(join(dir, 'sub'))).toEqual(['x']);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});
