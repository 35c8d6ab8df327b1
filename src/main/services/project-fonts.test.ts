import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addFont, FONT_LIMITS, inspectFontBytes, listFonts, pdfFontName, readProjectFont, setFontLicence, sniffFont, type AddFontTarget } from './project-fonts';
import { createFontService, ProjectFontError } from './export/fonts';

const FIXTURE = join(__dirname, '../../../tests/fixtures/fonts/dejavu-serif-latin.ttf');
const ttf = readFileSync(FIXTURE);
const tmp = mkdtempSync(join(tmpdir(), 'fuqi-fonts-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
function project(): { dir: string; target: AddFontTarget; writes: string[] } {
  const dir = join(tmp, `p${++n}`);
  mkdirSync(dir);
  const writes: string[] = [];
  return { dir, writes, target: { projectId: `p${n}`, dir, recordWrite: (rel) => writes.push(rel), inspect: inspectFontBytes } };
}

/** The fixture with its OS/2 fsType set to `flags` (the table's checksum is left: readers ignore it). */
function withFsType(flags: number): Buffer {
  const b = Buffer.from(ttf);
  const tables = b.readUInt16BE(4);
  for (let i = 0; i < tables; i++) {
    const rec = 12 + i * 16;
    if (b.toString('latin1', rec, rec + 4) === 'OS/2') {
      b.writeUInt16BE(flags, b.readUInt32BE(rec + 8) + 8);
      return b;
    }
  }
  throw new Error('no OS/2 table');
}

describe('project fonts: adding', () => {
  it('copies a real font into fonts/ with its licence, atomically, under a safe name', async () => {
    const p = project();
    const r = await addFont(p.target, 'C:\\Fonts\\DejaVu Serif (Latin).TTF', ttf, 'Bitstream Vera Fonts licence; DejaVu changes public domain');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.font).toMatchObject({ face: 'font:dejavu-serif-latin.ttf', format: 'ttf', family: 'DejaVu Serif', postscriptName: 'DejaVuSerif', cjk: false });
    expect(r.value.font.characters).toBeGreaterThan(90);
    expect(readFileSync(join(p.dir, 'fonts/dejavu-serif-latin.ttf')).equals(ttf)).toBe(true);
    expect(readFileSync(join(p.dir, 'fonts/dejavu-serif-latin.ttf.licence.txt'), 'utf8')).toBe('Bitstream Vera Fonts licence; DejaVu changes public domain\n');
    expect(p.writes).toEqual(['fonts/dejavu-serif-latin.ttf', 'fonts/dejavu-serif-latin.ttf.licence.txt']);
    // No temporary or placeholder file is left behind.
    expect(readdirSync(join(p.dir, 'fonts')).sort()).toEqual(['dejavu-serif-latin.ttf', 'dejavu-serif-latin.ttf.licence.txt']);
    expect(r.value.warnings).toEqual([]);
  });

  it('never overwrites: a clash gets the next free name and says so; no licence is a warning', async () => {
    const p = project();
    await addFont(p.target, 'serif.ttf', ttf, 'OFL');
    const second = await addFont(p.target, 'serif.ttf', ttf, '');
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value.font.face).toBe('font:serif-2.ttf');
    expect(second.value.warnings.map((w) => w.code)).toEqual(['font/no-licence', 'font/name-taken']);
    expect(second.value.warnings[1]!.message.zh).toContain('serif-2.ttf');
    expect(readFileSync(join(p.dir, 'fonts/serif.ttf.licence.txt'), 'utf8')).toBe('OFL\n');
    expect(existsSync(join(p.dir, 'fonts/serif-2.ttf.licence.txt'))).toBe(false);
  });

  it('names the file by its content: a TrueType font called .otf is saved as .ttf', async () => {
    const p = project();
    const r = await addFont(p.target, 'mislabelled.otf', ttf, 'OFL');
    expect(r.ok && r.value.font.face).toBe('font:mislabelled.ttf');
    expect(r.ok && r.value.warnings.map((w) => w.code)).toEqual(['font/renamed']);
  });

  it('refuses what is not a font, WOFF 1, collections, damaged fonts and fonts that forbid embedding, in both languages', async () => {
    const p = project();
    const cases: [string, Uint8Array, string, RegExp][] = [
      ['picture.ttf', Buffer.from('\x89PNG\r\n\x1a\n0000000000000000'), 'font/not-font', /not a TrueType, OpenType or WOFF2 font/],
      ['web.woff', Buffer.concat([Buffer.from('wOFF'), Buffer.alloc(40)]), 'font/unsupported', /WOFF \(version 1\)/],
      ['set.ttc', Buffer.concat([Buffer.from('ttcf'), Buffer.alloc(40)]), 'font/unsupported', /collection/],
      ['cut.ttf', ttf.subarray(0, 400), 'font/damaged', /could not be read as a font|embedding it in a PDF failed/],
      ['locked.ttf', withFsType(0x0002), 'font/not-embeddable', /do not allow embedding it in documents/],
      ['whole.ttf', withFsType(0x0100), 'font/not-embeddable', /embedding a subset/],
    ];
    for (const [name, bytes, code, en] of cases) {
      const r = await addFont(p.target, name, bytes, '');
      expect(r.ok, name).toBe(false);
      if (r.ok) continue;
      expect(r.error.code, name).toBe(code);
      expect(r.error.message, name).toMatch(en);
      const msg = (r.error.details as { message: { zh: string; en: string } }).message;
      expect(msg.zh, name).toMatch(/[\u4e00-\u9fff]/);
      expect(msg.en, name).toBe(r.error.message);
    }
    expect(existsSync(join(p.dir, 'fonts')) ? readdirSync(join(p.dir, 'fonts')) : []).toEqual([]);
    expect(p.writes).toEqual([]);
  });

  it('takes a WOFF2 font: kept as WOFF2, measured, subset and embedded from it', async () => {
    const { convert } = (await import('fontverter')) as unknown as { convert(b: Uint8Array, to: string): Promise<Uint8Array> };
    const woff2 = Buffer.from(await convert(ttf, 'woff2'));
    const p = project();
    const r = await addFont(p.target, 'Serif Web.woff2', woff2, 'OFL');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.font).toMatchObject({ face: 'font:serif-web.woff2', format: 'woff2', family: 'DejaVu Serif' });
    expect(readFileSync(join(p.dir, 'fonts/serif-web.woff2')).subarray(0, 4).toString('latin1')).toBe('wOF2');
    const fonts = createFontService({ cacheDir: null }).forProject(p.dir);
    expect(fonts.measurer.width('font:serif-web.woff2', 'Serif', 10)).toBeGreaterThan(0);
    const objects = await fonts.pdfFont('font:serif-web.woff2', 'Serif');
    expect(JSON.stringify(objects.objects[0]!.dict)).toMatch(/[A-Z]{6}\+DejaVuSerif/);
    expect(objects.gids.get('S'.codePointAt(0)!)).toBeGreaterThan(0);
  });

  it('refuses a font over the size limit before parsing it', async () => {
    const p = project();
    let inspected = false;
    const big = Buffer.alloc(FONT_LIMITS.bytes + 1);
    const r = await addFont({ ...p.target, inspect: async (b, name) => ((inspected = true), inspectFontBytes(b, name)) }, 'huge.ttf', big, '');
    expect(r).toMatchObject({ ok: false, error: { code: 'font/too-large' } });
    expect(inspected).toBe(false);
  });

  it('refuses to write through a fonts link or into a fonts file', async () => {
    const p = project();
    const outside = join(tmp, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(p.dir, 'fonts'));
    const r = await addFont(p.target, 'a.ttf', ttf, '');
    expect(r).toMatchObject({ ok: false, error: { code: 'font/folder' } });
    expect(readdirSync(outside)).toEqual([]);
    const q = project();
    writeFileSync(join(q.dir, 'fonts'), 'not a folder');
    expect(await addFont(q.target, 'a.ttf', ttf, '')).toMatchObject({ ok: false, error: { code: 'font/folder' } });
  });

  it('sniffs by content and makes PDF-safe PostScript names', () => {
    expect(sniffFont(ttf)).toEqual({ format: 'ttf' });
    expect(sniffFont(Buffer.from('OTTO00000000'))).toEqual({ format: 'otf' });
    expect(sniffFont(Buffer.from('wOF200000000'))).toEqual({ format: 'woff2' });
    expect(pdfFontName('Old Press (R)/Bold', 'x.ttf')).toBe('OldPressRBold');
    expect(pdfFontName('', 'old-press.ttf')).toBe('OldPress');
    expect(pdfFontName(null, '福.ttf')).toBe('ProjectFont');
  });
});

describe('project fonts: reading and listing', () => {
  it('lists fonts with their licence, leaves out links, and reports a damaged file instead of failing', async () => {
    const p = project();
    await addFont(p.target, 'serif.ttf', ttf, 'SIL OFL 1.1\nfull text…');
    writeFileSync(join(p.dir, 'fonts/broken.ttf'), 'not a font at all');
    symlinkSync(FIXTURE, join(p.dir, 'fonts/linked.ttf'));
    const list = await listFonts(p.dir, inspectFontBytes);
    expect(list.map((f) => f.file)).toEqual(['broken.ttf', 'serif.ttf']);
    expect(list[1]).toMatchObject({ family: 'DejaVu Serif', licence: 'SIL OFL 1.1\nfull text…\n' });
    expect(list[0]!.problem?.en).toMatch(/not a TrueType/);
    expect(list[0]!.problem?.zh).toMatch(/不是 TrueType/);
    expect(() => readProjectFont(p.dir, 'linked.ttf')).toThrow(/link/);
    expect(() => readProjectFont(p.dir, '../serif.ttf')).toThrow(/not a project font name/);
    const set = setFontLicence(p.dir, 'font:serif.ttf', 'Apache-2.0', () => {});
    expect(set).toEqual({ ok: true, value: 'Apache-2.0' });
    expect((await listFonts(p.dir, inspectFontBytes))[1]!.licence).toBe('Apache-2.0\n');
    expect(setFontLicence(p.dir, 'font:nope.ttf', 'x', () => {})).toMatchObject({ ok: false, error: { code: 'font/missing' } });
  });

  it('measures a project face from the project folder; a missing one measures as sans and is reported', async () => {
    const p = project();
    await addFont(p.target, 'serif.ttf', ttf, 'OFL');
    const fonts = createFontService({ cacheDir: null }).forProject(p.dir);
    const m = fonts.measurer;
    expect(m.width('font:serif.ttf', 'W', 72)).not.toBeCloseTo(m.width('sans', 'W', 72), 2);
    expect(m.hasGlyph('font:serif.ttf', 'A'.codePointAt(0)!)).toBe(true);
    expect(m.hasGlyph('font:serif.ttf', '福'.codePointAt(0)!)).toBe(false);
    expect(fonts.missingGlyphs('font:serif.ttf', 'A福')).toEqual(['福']);
    expect(fonts.problems()).toEqual([]);
    expect(m.width('font:gone.ttf', 'W', 72)).toBeCloseTo(m.width('sans', 'W', 72), 6);
    expect(fonts.problems().map((e) => [e.face, e.message])).toEqual([['font:gone.ttf', expect.stringMatching(/no font fonts\/gone\.ttf/)]]);
    expect(fonts.problems()[0]).toBeInstanceOf(ProjectFontError);
    // The font file removed: the next view of the folder notices (its service is made again).
    const base = createFontService({ cacheDir: null });
    expect(base.forProject(p.dir).measurer.hasGlyph('font:serif.ttf', 65)).toBe(true);
    rmSync(join(p.dir, 'fonts/serif.ttf'));
    const again = base.forProject(p.dir);
    again.measurer.width('font:serif.ttf', 'W', 10);
    expect(again.problems().map((e) => e.face)).toEqual(['font:serif.ttf']);
    // The bundled service itself knows no project.
    expect(() => createFontService({ cacheDir: null }).measurer.width('font:serif.ttf', 'W', 10)).toThrow(/forProject/);
  });
});
