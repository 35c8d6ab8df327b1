// A project folder may hold a font that is cut short or is not a font at all (a failed download,
// a bad copy, a hostile folder). The font is reported by its file name in both languages, text
// set in it falls back to the bundled face, and the rest of the project still lays out, previews,
// preflights and exports — never a program error such as "Trying to access beyond buffer length".
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { IpcChannel, type PreflightReport, type PrintJobStatus } from '../../shared/ipc/contract';
import { createHandlers } from '../ipc';
import { dispatch } from '../ipc/registry';
import { createServices } from '.';

const FIXTURES = resolve(__dirname, '../../../tests/fixtures/fonts');
const CRASH = /beyond buffer|Cannot read propert|is not a function|undefined|\[object Object\]|RangeError|TypeError/;

/** Broken fonts: a real TTF cut to 2,000 bytes, garbage behind a WOFF2 and an OTF signature, a CFF font cut short. */
function brokenFonts(): Record<string, Buffer> {
  const ttf = readFileSync(join(FIXTURES, 'dejavu-serif-latin.ttf'));
  const otf = readFileSync(join(FIXTURES, 'fontawesome-cff-subset.otf'));
  const garbage = (tag: string, n: number) => {
    const b = Buffer.alloc(n);
    let x = 12345;
    for (let i = 0; i < n; i++) b[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
    b.write(tag, 0, 'latin1');
    return b;
  };
  return {
    'cut.ttf': ttf.subarray(0, 2000),
    'junk.woff2': garbage('wOF2', 4000),
    'junk.otf': garbage('OTTO', 3000),
    'cut.otf': otf.subarray(0, Math.floor(otf.length / 2)),
    'header.ttf': ttf.subarray(0, 12),
  };
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

type Env<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string; details?: unknown } };
const value = <T>(a: unknown): T => {
  const r = a as Env<T>;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

describe('broken project fonts', () => {
  it('are named in both languages, fall back to the bundled face, and the project still renders and exports', async () => {
    const tmp = join(require('node:os').tmpdir(), `fuqi-broken-fonts-${process.pid}`);
    dirs.push(tmp);
    const s = createServices({ mode: 'browser', exportDir: join(tmp, 'exports'), projectsDir: join(tmp, 'projects') });
    const h = createHandlers(s, () => false);
    try {
      const made = value<{ summary: { id: string; dir: string } }>(await dispatch(h, IpcChannel.PROJECTS_CREATE, { name: 'Fonts', card: { preset: 'poker' } }));
      const { id, dir } = made.summary;
      const fonts = brokenFonts();
      mkdirSync(join(dir, 'fonts'), { recursive: true });
      for (const [name, bytes] of Object.entries(fonts)) writeFileSync(join(dir, 'fonts', name), bytes);
      copyFileSync(join(FIXTURES, 'dejavu-serif-latin.ttf'), join(dir, 'fonts', 'good.ttf'));
      const project = JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8'));
      const front = JSON.parse(readFileSync(join(dir, project.templates.front), 'utf8'));
      const names = [...Object.keys(fonts), 'good.ttf'];
      front.layers = [
        ...front.layers,
        ...names.map((f, i) => ({ id: `t${i}`, type: 'text', x: 3, y: 3 + i * 8, w: 55, h: 7, text: `Text in ${f}${f === 'good.ttf' ? '' : ' 福'}`, face: `font:${f}`, size: 8, color: '#000000' })),
      ];
      writeFileSync(join(dir, project.templates.front), JSON.stringify(front));

      // The deck and the preview lay out; the text is drawn in the bundled face instead.
      const page = value<{ cards: { front: { list: unknown } }[]; warnings: { message: string }[] }>(await dispatch(h, IpcChannel.PROJECTS_RENDER, { projectId: id }));
      expect(page.cards.length).toBeGreaterThan(0);
      const drawn = JSON.stringify(page.cards[0]!.front.list);
      for (const f of Object.keys(fonts)) expect(drawn).toContain(`Text in ${f}`);
      for (const w of page.warnings) expect(w.message).not.toMatch(CRASH);

      // The fonts panel lists every file, the broken ones with what is wrong.
      const listed = await dispatch(h, IpcChannel.PROJECTS_FONTS, { projectId: id });
      const listing = value<{ fonts: { file: string; problem?: { zh: string; en: string } }[] }>(listed).fonts;
      expect(listing.map((f) => f.file).sort()).toEqual([...names].sort());
      for (const f of listing) {
        if (f.file === 'good.ttf') expect(f.problem).toBeUndefined();
        else {
          expect(f.problem?.en, f.file).toContain(f.file);
          expect(f.problem?.zh, f.file).toContain(f.file);
        }
      }

      // Preflight names each broken font by file, in both languages, and does not block.
      const pre = value<PreflightReport>(await dispatch(h, IpcChannel.PRINT_PREFLIGHT, { projectId: id }));
      for (const f of Object.keys(fonts)) {
        const issue = pre.issues.find((i) => i.message.en.includes(`fonts/${f}`));
        expect(issue, f).toBeDefined();
        expect(issue!.message.zh).toContain(`fonts/${f}`);
        expect(issue!.message.en).not.toMatch(CRASH);
        expect(issue!.severity).toBe('warning');
      }
      expect(pre.issues.find((i) => i.message.en.includes('good.ttf'))).toBeUndefined();
      expect(pre.blocking).toBe(false);

      // The export goes through, the broken fonts' text set in the bundled face.
      const job = value<{ jobId: string }>(await dispatch(h, IpcChannel.PRINT_START, { projectId: id, duplex: 'none', calibration: false }));
      let st: PrintJobStatus | undefined;
      for (let i = 0; i < 2400; i++) {
        st = value<PrintJobStatus>(await dispatch(h, IpcChannel.PRINT_STATUS, { jobId: job.jobId }));
        if (st.state !== 'running') break;
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(st!.state, JSON.stringify(st)).toBe('done');
      const file = st!.files[0]!.path;
      const pdf = await PDFDocument.load(readFileSync(file));
      expect(pdf.getPageCount()).toBeGreaterThan(0);
      // Every line is printed, the broken fonts' in the bundled face, the good font embedded as itself.
      const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
      if (process.env.FUQI_KEEP_PDF) copyFileSync(file, process.env.FUQI_KEEP_PDF);
      for (const f of Object.keys(fonts)) expect(text).toContain(`Text in ${f} 福`);
      expect(text).toContain('Text in good.ttf');
      const embedded = execFileSync('pdffonts', [file], { encoding: 'utf8' });
      expect(embedded).toMatch(/\+DejaVuSerif/);
      expect(embedded).toMatch(/\+NotoSansSC/);
    } finally {
      await s.workers.close();
    }
  }, 120_000);
});
