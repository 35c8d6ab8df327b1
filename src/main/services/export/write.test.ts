import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureDir, tempName, writeAtomic, writeAtomicAsync } from './write';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fuqi-write-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (s: string) => new TextEncoder().encode(s);

// The synchronous writer and the one that leaves the thread free keep the same promises.
const WRITERS = { writeAtomic: async (f: string, b: Uint8Array, mode?: number) => writeAtomic(f, b, mode), writeAtomicAsync };

for (const [name, write] of Object.entries(WRITERS))
  describe(name, () => {
    it('writes the bytes and leaves no temp file', async () => {
      const f = join(dir, 'a.pdf');
      await write(f, bytes('hello'));
      expect(readFileSync(f, 'utf8')).toBe('hello');
      expect(readdirSync(dir)).toEqual(['a.pdf']);
    });

    it('never follows a symlink planted at the old temp name or at the target', async () => {
      const victim = join(dir, 'victim.txt');
      writeFileSync(victim, 'precious');
      const f = join(dir, 'out.pdf');
      // The old implementation wrote through `<file>.<pid>.tmp`, a name anyone could predict.
      symlinkSync(victim, `${f}.${process.pid}.tmp`);
      symlinkSync(victim, f);
      await write(f, bytes('new'));
      expect(readFileSync(victim, 'utf8')).toBe('precious');
      expect(lstatSync(f).isSymbolicLink()).toBe(false);
      expect(readFileSync(f, 'utf8')).toBe('new');
      // The planted link is left alone, and only it and the victim remain besides the output.
      expect(readdirSync(dir).sort()).toEqual(['out.pdf', `out.pdf.${process.pid}.tmp`, 'victim.txt'].sort());
    });

    it('gives the finished file ordinary permissions (0644) unless asked for another mode', async () => {
      const a = join(dir, 'export.pdf');
      const b = join(dir, 'private.json');
      await write(a, new Uint8Array([1]));
      await write(b, new Uint8Array([2]), 0o600);
      expect(statSync(a).mode & 0o777).toBe(0o644);
      expect(statSync(b).mode & 0o777).toBe(0o600);
    });

    it('uses a fresh random temp name each time', () => {
      const f = join(dir, 'x.bin');
      const a = tempName(f);
      expect(a).toMatch(/^.*x\.bin\.[0-9a-f]{32}\.tmp$/);
      expect(tempName(f)).not.toBe(a);
    });

    it('removes its temp file and names the file when the rename fails (a folder is in the way)', async () => {
      const target = join(dir, 'deck.png');
      ensureDir(join(target, 'inside'));
      writeFileSync(join(target, 'inside', 'user.txt'), 'mine');
      await expect(write(target, bytes('x'))).rejects.toThrow(/deck\.png/);
      expect(readdirSync(dir)).toEqual(['deck.png']);
      expect(readFileSync(join(target, 'inside', 'user.txt'), 'utf8')).toBe('mine');
    });
  });

describe('ensureDir', () => {
  it('creates missing folders with the mode asked', () => {
    const d = join(dir, 'a', 'b', 'c');
    ensureDir(d, 0o700);
    expect(statSync(d).isDirectory()).toBe(true);
    if (process.platform !== 'win32') expect(statSync(join(dir, 'a')).mode & 0o777).toBe(0o700);
    ensureDir(d, 0o700); // again: nothing to do
  });

  it('says which part of the path is a file', () => {
    writeFileSync(join(dir, 'file'), 'x');
    expect(() => ensureDir(join(dir, 'file', 'sub'))).toThrow(/file" is a file, not a folder/);
  });

  it.runIf(process.platform === 'linux')('fails at once under /proc instead of spinning (Node 20 recursive mkdir loops there)', () => {
    const t0 = performance.now();
    expect(() => ensureDir('/proc/nope/x')).toThrow(/Could not create the folder "\/proc\/nope"/);
    expect(() => writeAtomic('/proc/nope/x.pdf', bytes('x'))).toThrow(/\/proc\/nope/);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(existsSync('/proc/nope')).toBe(false);
  });
});
