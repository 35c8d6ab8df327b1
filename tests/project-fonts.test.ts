import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { IpcChannel, type AddedFont, type CreatedProject, type FontTables, type OpenedTemplates, type PreflightReport, type PrintJobStatus, type ProjectFontInfo } from '../src/shared/ipc/contract';
import { pdffonts, pdftotext } from './pdf-probe';
import { createServices } from '../src/main/services';
import { createHandlers } from '../src/main/ipc/index';
import { dispatch } from '../src/main/ipc/registry';

const tmp = mkdtempSync(join(tmpdir(), 'fuqi-fonts-ipc-'));
const services = createServices({ mode: 'browser', exportDir: join(tmp, 'exports'), projectsDir: join(tmp, 'projects') });
const h = createHandlers(services, () => false);
afterAll(async () => {
  services.watcher.close();
  await services.workers.close();
  rmSync(tmp, { recursive: true, force: true });
});
const ttf = readFileSync(join(__dirname, 'fixtures/fonts/dejavu-serif-latin.ttf'));

async function call<T>(channel: string, arg: unknown): Promise<T> {
  const r = await dispatch(h, channel as never, arg);
  if (!r.ok) throw Object.assign(new Error(`${r.error.code}: ${r.error.message}`), { code: r.error.code, details: r.error.details });
  return r.value as T;
}

async function finish(jobId: string): Promise<PrintJobStatus> {
  for (;;) {
    const s = await call<PrintJobStatus>(IpcChannel.PRINT_STATUS, { jobId });
    if (s.state !== 'running') return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('project fonts over IPC', () => {
  it('adds a font (parsed on a worker), lists it, serves its bytes, measures it, and embeds its subset in the exported PDF', async () => {
    const made = await call<CreatedProject>(IpcChannel.PROJECTS_CREATE, { name: 'Fonts', card: { preset: 'poker' } });
    const id = made.summary.id;
    const dir = made.summary.dir!;
    const added = await call<AddedFont>(IpcChannel.PROJECTS_ADD_FONT, { projectId: id, fileName: 'DejaVu Serif.ttf', bytes: ttf.toString('base64'), licence: 'Bitstream Vera licence' });
    expect(added.font).toMatchObject({ face: 'font:dejavu-serif.ttf', family: 'DejaVu Serif', licence: 'Bitstream Vera licence' });
    const { fonts } = await call<{ fonts: ProjectFontInfo[] }>(IpcChannel.PROJECTS_FONTS, { projectId: id });
    expect(fonts.map((f) => [f.face, f.postscriptName, f.licence])).toEqual([['font:dejavu-serif.ttf', 'DejaVuSerif', 'Bitstream Vera licence\n']]);
    expect(Buffer.from((await call<{ bytes: string }>(IpcChannel.PROJECTS_FONT_BYTES, { projectId: id, face: 'font:dejavu-serif.ttf' })).bytes, 'base64').equals(ttf)).toBe(true);
    const m = await call<FontTables>(IpcChannel.TEMPLATES_MEASURE, { chars: 'W福', projectId: id });
    const serif = m['font:dejavu-serif.ttf']!;
    expect(serif.widths.W).toBeGreaterThan(0.9); // DejaVu Serif's W is about 1.03 em
    expect(serif.missing).toBe('福');
    expect(m.sans.widths['福']).toBeCloseTo(1, 1);

    // A text layer in the project font, on every card's front.
    const o = await call<OpenedTemplates>(IpcChannel.TEMPLATES_OPEN, { projectId: id });
    const front = o.templates.find((t) => t.name === 'front')!;
    const t = structuredClone(front.template) as { layers: Record<string, unknown>[] };
    t.layers.push({ id: 'serif', type: 'text', x: 6, y: 60, w: 50, h: 12, text: 'Hello Serif', face: 'font:dejavu-serif.ttf', size: 14, color: '#1F1A17' });
    await call(IpcChannel.TEMPLATES_SAVE, { projectId: id, name: 'front', template: t, baseRevision: front.revision });
    expect(JSON.parse(readFileSync(join(dir, 'front.template.json'), 'utf8')).schemaVersion).toBe(4);

    const pre = await call<PreflightReport>(IpcChannel.PRINT_PREFLIGHT, { projectId: id, duplex: 'none', calibration: false });
    expect(pre.issues.filter((i) => i.severity === 'error')).toEqual([]);
    const { jobId } = await call<{ jobId: string }>(IpcChannel.PRINT_START, { projectId: id, duplex: 'none', calibration: false });
    const done = await finish(jobId);
    expect(done.state).toBe('done');
    const pdf = done.files[0]!.path;
    const serifFonts = pdffonts(pdf).filter((f) => f.name.endsWith('+DejaVuSerif'));
    expect(serifFonts).toHaveLength(1);
    expect(serifFonts[0]).toMatchObject({ emb: true, sub: true });
    expect(pdftotext(pdf, 1)).toContain('Hello Serif');

    // A glyph the project font lacks is a preflight error naming the layer, like the bundled faces.
    t.layers[t.layers.length - 1]!.text = 'Hello 福';
    const rev = (await call<OpenedTemplates>(IpcChannel.TEMPLATES_OPEN, { projectId: id })).templates.find((x) => x.name === 'front')!.revision;
    await call(IpcChannel.TEMPLATES_SAVE, { projectId: id, name: 'front', template: t, baseRevision: rev });
    const pre2 = await call<PreflightReport>(IpcChannel.PRINT_PREFLIGHT, { projectId: id, duplex: 'none', calibration: false });
    expect(pre2.blocking).toBe(true);
    expect(pre2.issues.find((i) => i.code === 'print/glyph-missing' && i.elementId === 'serif')?.message.en).toMatch(/font:dejavu-serif\.ttf.*福/);

    // The font file gone: preflight says which file and how to fix it, and blocks the export.
    rmSync(join(dir, 'fonts/dejavu-serif.ttf'));
    writeFileSync(join(dir, 'fonts/dejavu-serif.ttf.licence.txt'), 'left behind');
    const pre3 = await call<PreflightReport>(IpcChannel.PRINT_PREFLIGHT, { projectId: id, duplex: 'none', calibration: false });
    const fontIssue = pre3.issues.find((i) => i.code === 'print/font');
    expect(fontIssue?.message.en).toMatch(/no font fonts\/dejavu-serif\.ttf/);
    expect(fontIssue?.message.zh).toMatch(/项目字体/);
    expect(pre3.blocking).toBe(true);
  }, 120_000);

  it('embeds a CFF-flavoured OpenType font as OpenType (CIDFontType0, FontFile3 /OpenType), which readers accept', async () => {
    const otf = readFileSync(join(__dirname, 'fixtures/fonts/fontawesome-cff-subset.otf'));
    const made = await call<CreatedProject>(IpcChannel.PROJECTS_CREATE, { name: 'Fonts CFF', card: { preset: 'poker' } });
    const id = made.summary.id;
    const added = await call<AddedFont>(IpcChannel.PROJECTS_ADD_FONT, { projectId: id, fileName: 'icons.otf', bytes: otf.toString('base64'), licence: 'SIL OFL 1.1' });
    expect(added.font).toMatchObject({ face: 'font:icons.otf', format: 'otf', family: 'FontAwesome' });
    const o = await call<OpenedTemplates>(IpcChannel.TEMPLATES_OPEN, { projectId: id });
    const front = o.templates.find((t) => t.name === 'front')!;
    const t = structuredClone(front.template) as { layers: Record<string, unknown>[] };
    t.layers.push({ id: 'icons', type: 'text', x: 6, y: 60, w: 50, h: 12, text: '\uf000\uf001\uf002', face: 'font:icons.otf', size: 14, color: '#1F1A17' });
    await call(IpcChannel.TEMPLATES_SAVE, { projectId: id, name: 'front', template: t, baseRevision: front.revision });
    const { jobId } = await call<{ jobId: string }>(IpcChannel.PRINT_START, { projectId: id, duplex: 'none', calibration: false, cards: ['card-1'] });
    const done = await finish(jobId);
    expect(done.state).toBe('done');
    const pdf = done.files[0]!.path;
    expect(pdffonts(pdf).filter((f) => f.name.endsWith('+FontAwesome'))).toMatchObject([{ emb: true, sub: true }]);
    const doc = await PDFDocument.load(readFileSync(pdf));
    const dicts = [...doc.context.enumerateIndirectObjects()].map(([, o]) => (o instanceof PDFRawStream ? o.dict : o)).filter((o): o is PDFDict => o instanceof PDFDict);
    const cid = dicts.find((d) => d.get(PDFName.of('BaseFont'))?.toString().endsWith('+FontAwesome') && d.get(PDFName.of('Subtype'))?.toString() !== '/Type0')!;
    expect(cid.get(PDFName.of('Subtype'))?.toString()).toBe('/CIDFontType0');
    expect(cid.get(PDFName.of('CIDToGIDMap'))).toBeUndefined();
    const descriptor = doc.context.lookup(cid.get(PDFName.of('FontDescriptor'))) as PDFDict;
    expect(descriptor.get(PDFName.of('FontFile2'))).toBeUndefined();
    const program = doc.context.lookup(descriptor.get(PDFName.of('FontFile3'))) as PDFRawStream;
    expect(program.dict.get(PDFName.of('Subtype'))?.toString()).toBe('/OpenType');
    // Poppler reads it without a "mismatch between font type and embedded font file" warning.
    const run = spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
    expect(run.stderr).not.toMatch(/Mismatch/);
  }, 120_000);

  it('validates payloads and refuses built-in projects, in both languages for bad fonts', async () => {
    await expect(call(IpcChannel.PROJECTS_FONT_BYTES, { projectId: 'doufu', face: 'font:../../etc/passwd' })).rejects.toMatchObject({ code: 'ipc/bad-request' });
    await expect(call(IpcChannel.PROJECTS_ADD_FONT, { projectId: 'doufu', fileName: 'a.ttf', bytes: ttf.toString('base64'), licence: '' })).rejects.toMatchObject({ code: 'projects/read-only' });
    const made = await call<CreatedProject>(IpcChannel.PROJECTS_CREATE, { name: 'Fonts 2', card: { preset: 'poker' } });
    const bad = await dispatch(h, IpcChannel.PROJECTS_ADD_FONT, { projectId: made.summary.id, fileName: 'photo.ttf', bytes: Buffer.from('GIF89a-not-a-font').toString('base64'), licence: '' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'font/not-font', details: { name: 'photo.ttf', message: { zh: expect.stringContaining('不是'), en: expect.stringContaining('not a TrueType') } } } });
  });
});
