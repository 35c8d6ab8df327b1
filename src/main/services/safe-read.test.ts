import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectFileError } from '../../shared/cards/limits';
import { decodeProjectText, ProjectReadError, readProjectBytes, readProjectBytesAsync, readProjectText } from './safe-read';

const base = mkdtempSync(join(tmpdir(), 'safe-read-'));
const dir = join(base, 'project');
mkdirSync(join(dir, 'art'), { recursive: true });
writeFileSync(join(base, 'secret.txt'), 'the secret');
writeFileSync(join(dir, 'cards.txt'), 'id,name\nrat,鼠\n');
writeFileSync(join(dir, 'art', 'rat.png'), 'png bytes');
symlinkSync(join(dir, 'cards.txt'), join(dir, 'inside-link.txt'));
symlinkSync('../cards.txt', join(dir, 'art', 'relative-inside-link.txt'));
symlinkSync(join(base, 'secret.txt'), join(dir, 'outside-link.txt'));
symlinkSync('../../secret.txt', join(dir, 'art', 'relative-outside-link.txt'));
symlinkSync(base, join(dir, 'up'));
mkdirSync(join(dir, 'project.json'));
execFileSync('mkfifo', [join(dir, 'fifo.csv')]);
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The error a read throws (or undefined when it does not throw). */
function thrown(f: () => unknown): ProjectReadError | undefined {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ProjectFileError);
    return e as ProjectReadError;
  }
  return undefined;
}

describe('readProjectText and readProjectBytes', () => {
  it('reads files and symlinks that stay inside the project folder', () => {
    expect(readProjectText(dir, 'cards.txt')).toBe('id,name\nrat,鼠\n');
    expect(readProjectText(dir, 'inside-link.txt')).toBe('id,name\nrat,鼠\n');
    expect(readProjectText(dir, 'art/relative-inside-link.txt')).toBe('id,name\nrat,鼠\n');
    expect(readProjectBytes(dir, 'art/rat.png')?.toString()).toBe('png bytes');
    expect(readProjectText(dir, './cards.txt')).toBe('id,name\nrat,鼠\n');
  });

  it('says undefined for a missing file (the loader reports "file not found")', () => {
    expect(readProjectText(dir, 'nope.csv')).toBeUndefined();
    expect(readProjectText(dir, 'cards.txt/below')).toBeUndefined();
    expect(readProjectText(join(base, 'no-such-project'), 'project.json')).toBeUndefined();
  });

  it('refuses absolute paths, .. and NUL bytes, naming the file', () => {
    for (const [rel, reason, text] of [
      ['/etc/passwd', 'outside', /\/etc\/passwd is an absolute path.*Copy the file into the project/],
      [join(base, 'secret.txt'), 'outside', /absolute path/],
      ['C:\\Windows\\win.ini', 'outside', /absolute path/],
      ['../secret.txt', 'outside', /\.\.\/secret\.txt goes up out of the project folder/],
      ['art/../../secret.txt', 'outside', /goes up out of the project folder/],
      ['art\\..\\..\\secret.txt', 'outside', /goes up out of the project folder/],
      ['cards.txt\0.png', 'name', /NUL character/],
      ['', 'name', /empty/],
    ] as const) {
      const e = thrown(() => readProjectText(dir, rel));
      expect(e, rel).toBeDefined();
      expect([e!.file, e!.reason]).toEqual([rel, reason]);
      expect(e!.message).toMatch(text);
    }
  });

  it('refuses symlinks that resolve outside the folder', () => {
    for (const rel of ['outside-link.txt', 'art/relative-outside-link.txt', 'up/secret.txt']) {
      const e = thrown(() => readProjectText(dir, rel));
      expect(e?.reason, rel).toBe('outside');
      expect(e!.message).toContain(`${rel} is a link to a file outside the project folder`);
      expect(e!.message).not.toContain('the secret');
    }
  });

  it('refuses a folder and a FIFO without blocking', () => {
    const folder = thrown(() => readProjectText(dir, 'project.json'));
    expect([folder?.reason, folder?.message]).toEqual(['not-file', 'project.json is a folder, not a file; replace it with an ordinary file.']);
    const t0 = Date.now();
    const fifo = thrown(() => readProjectText(dir, 'fifo.csv'));
    expect(Date.now() - t0).toBeLessThan(2000);
    expect([fifo?.reason, fifo?.message]).toEqual(['not-file', 'fifo.csv is a named pipe (FIFO), not a file; replace it with an ordinary file.']);
  });

  it('checks the size limit before reading', () => {
    const e = thrown(() => readProjectBytes(dir, 'cards.txt', 10));
    expect(e?.reason).toBe('too-large');
    expect(e!.message).toBe('cards.txt is 16 bytes, over the limit of 10 bytes for one project file; make it smaller (split the file, or reduce the image).');
    expect(readProjectBytes(dir, 'cards.txt', 16)?.length).toBe(16);
  });

  it('does the same without blocking the event loop', async () => {
    expect((await readProjectBytesAsync(dir, 'inside-link.txt'))?.toString()).toBe('id,name\nrat,鼠\n');
    expect(await readProjectBytesAsync(dir, 'missing.png')).toBeUndefined();
    for (const [rel, reason] of [
      ['/etc/passwd', 'outside'],
      ['../../secret.png', 'outside'],
      ['outside-link.txt', 'outside'],
      ['fifo.csv', 'not-file'],
      ['project.json', 'not-file'],
    ] as const) {
      const e = await readProjectBytesAsync(dir, rel).then(
        () => undefined,
        (x: unknown) => x as ProjectReadError,
      );
      expect(e, rel).toBeInstanceOf(ProjectFileError);
      expect([e!.file, e!.reason]).toEqual([rel, reason]);
    }
    await expect(readProjectBytesAsync(dir, 'cards.txt', 3)).rejects.toThrow(/over the limit/);
  });
});

describe('decodeProjectText', () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);
  it('strips a UTF-8 byte-order mark', () => {
    expect(decodeProjectText('a.json', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('{"a":1}')]))).toBe('{"a":1}');
    expect(decodeProjectText('a.json', utf8('福'))).toBe('福');
  });

  it('refuses UTF-16 (with or without its mark) and invalid UTF-8, saying to save as UTF-8', () => {
    const le = Buffer.from('id,name\nrat,rat\n', 'utf16le');
    for (const bytes of [Buffer.concat([Buffer.from([0xff, 0xfe]), le]), Buffer.from([0xfe, 0xff, 0, 0x69]), le]) {
      const e = thrown(() => decodeProjectText('cards.csv', bytes));
      expect([e?.file, e?.reason]).toEqual(['cards.csv', 'encoding']);
      expect(e!.message).toMatch(/^cards\.csv is UTF-16 text; save the file as UTF-8/);
    }
    const latin1 = Buffer.from('id,name\nrat,Ratón\n', 'latin1');
    const e = thrown(() => decodeProjectText('cards.csv', latin1));
    expect(e?.message).toMatch(/^cards\.csv is not valid UTF-8 text; save the file as UTF-8/);
  });

  it('reads a UTF-16 file on disk as a refusal, not as garbage', () => {
    writeFileSync(join(dir, 'utf16.csv'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id|name\n', 'utf16le')]));
    expect(thrown(() => readProjectText(dir, 'utf16.csv'))?.reason).toBe('encoding');
  });
});
