import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callerDir, checkOutputFile, oneLine, parseFlags, userPath, type FlagSpec } from './cli-args';

const SPEC = {
  out: { type: 'string', value: 'FILE' },
  'offset-x': { type: 'string', value: 'MM' },
  'offset-y': { type: 'string', value: 'MM' },
  paper: { type: 'string', value: 'a4|letter' },
  'no-calibration': { type: 'boolean' },
} satisfies Record<string, FlagSpec>;

const parse = (...args: string[]) => parseFlags('export', args, SPEC);

describe('parseFlags', () => {
  it('takes negative numbers as values, as the calibration page reads them', () => {
    const r = parse('doufu', '--offset-x', '-1.5', '--offset-y', '-.25', '--paper', 'a4');
    expect(r).toEqual({ ok: true, value: { values: { 'offset-x': '-1.5', 'offset-y': '-.25', paper: 'a4' }, positionals: ['doufu'] } });
    expect(parse('doufu', '--offset-x=-2').ok && parse('doufu', '--offset-x=-2')).toMatchObject({ value: { values: { 'offset-x': '-2' } } });
  });

  it('names an unknown flag and lists the valid ones, without throwing', () => {
    const r = parse('doufu', '--bogus', '1');
    expect(r).toMatchObject({ ok: false, error: { code: 'cli/unknown-option' } });
    expect(!r.ok && r.error.message).toBe('unknown option --bogus for "export"; valid options: --out, --offset-x, --offset-y, --paper, --no-calibration');
    expect(!parse('-x').ok && (parse('-x') as { error: { message: string } }).error.message).toMatch(/^unknown option -x /);
    // A negative number standing alone is not a value of anything: it reads as an unknown flag.
    expect(parse('doufu', '--no-calibration', '-1')).toMatchObject({ ok: false, error: { code: 'cli/unknown-option' } });
  });

  it('says what a value-less option needs', () => {
    expect(parse('doufu', '--out')).toMatchObject({ ok: false, error: { code: 'cli/missing-value', message: '--out needs a value: FILE (e.g. --out FILE)' } });
    const next = parse('doufu', '--paper', '--out', 'x.pdf');
    expect(!next.ok && next.error.message).toMatch(/^--paper needs a value: a4\|letter \(e\.g\. --paper a4\); "--out" is a flag/);
    // Written with "=", a value may start with a dash.
    expect(parse('doufu', '--out=-odd.pdf')).toMatchObject({ ok: true, value: { values: { out: '-odd.pdf' } } });
  });

  it('refuses a value on a switch and extra arguments', () => {
    expect(parse('doufu', '--no-calibration=yes')).toMatchObject({ ok: false, error: { code: 'cli/unexpected-value' } });
    const extra = parse('doufu', 'zodiac-race');
    expect(!extra.ok && extra.error.message).toMatch(/^unexpected argument "zodiac-race" for "export"/);
  });

  it('does not look up inherited names as flags', () => {
    expect(parse('--constructor')).toMatchObject({ ok: false, error: { code: 'cli/unknown-option' } });
    expect(parse('--toString=1')).toMatchObject({ ok: false, error: { code: 'cli/unknown-option' } });
  });
});

describe('paths and messages', () => {
  it('relative paths are the caller\'s (INIT_CWD from npm), else the working folder', () => {
    expect(callerDir({ INIT_CWD: '/home/me/games' }, '/repo')).toBe('/home/me/games');
    expect(callerDir({}, '/repo')).toBe('/repo');
    expect(callerDir({ INIT_CWD: 'relative' }, '/repo')).toBe('/repo');
    expect(userPath('out/doufu.pdf', '/home/me')).toBe(join('/home/me', 'out', 'doufu.pdf'));
    expect(userPath('/abs/x.pdf', '/home/me')).toBe('/abs/x.pdf');
  });

  it('an output that is an existing folder is refused before any work', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuqi-cli-args-'));
    try {
      const r = checkOutputFile('--out', dir, 'doufu.pdf');
      expect(r).toMatchObject({ ok: false, error: { code: 'cli/output-is-folder' } });
      expect(!r.ok && r.error.message).toBe(`--out ${dir} is a folder; give a file name, e.g. ${join(dir, 'doufu.pdf')}`);
      expect(checkOutputFile('--out', join(dir, 'new.pdf'), 'doufu.pdf')).toEqual({ ok: true, value: join(dir, 'new.pdf') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('any failure is one line without a stack', () => {
    const e = Object.assign(new Error("EACCES: permission denied, open '/x/a.pdf'\n  more"), { code: 'EACCES' });
    expect(oneLine(e)).toBe("EACCES: permission denied, open '/x/a.pdf' more");
    expect(oneLine('plain\ntext')).toBe('plain text');
  });
});
