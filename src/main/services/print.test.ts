import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PrintJobStatus } from '../../shared/ipc/contract';
import { createAssetService } from './export/assets';
import { createFontService } from './export/fonts';
import { PrintService } from './print';
import { ProjectStore } from './projects';
import { tinyProject } from './tiny-project.test-fixture';

const fonts = createFontService();
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function service(opts: { cards?: string[]; exportDir?: string } = {}) {
  const t = tinyProject({ rulebook: true, ...(opts.cards ? { cards: opts.cards } : {}) });
  roots.push(t.root);
  const exportDir = opts.exportDir ?? join(t.root, 'exports');
  const print = new PrintService({ projects: new ProjectStore(t.root), fonts, assets: (dir) => createAssetService({ projectDir: dir }), exportDir });
  return { ...t, exportDir, print };
}

async function finish(print: PrintService, jobId: string): Promise<PrintJobStatus> {
  for (let i = 0; i < 600; i++) {
    const s = print.status(jobId);
    if (!s.ok) throw new Error(s.error.message);
    if (s.value.state !== 'running') return s.value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`job ${jobId} did not finish`);
}

function jobId(r: ReturnType<PrintService['start']>): string {
  if (!r.ok) throw new Error(r.error.message);
  return r.value.jobId;
}

describe('PrintService names', () => {
  it('two exports started in the same tick get two different files, and both complete', async () => {
    const s = service();
    const a = jobId(s.print.start({ projectId: s.id, duplex: 'none' }));
    const b = jobId(s.print.start({ projectId: s.id, duplex: 'none' }));
    const [sa, sb] = [await finish(s.print, a), await finish(s.print, b)];
    expect([sa.state, sb.state]).toEqual(['done', 'done']);
    expect(sa.files[0]!.path).not.toBe(sb.files[0]!.path);
    expect(readdirSync(s.exportDir).sort()).toEqual(['tiny-a4-simplex-2.pdf', 'tiny-a4-simplex.pdf']);
    for (const f of [sa.files[0]!, sb.files[0]!]) {
      expect(readFileSync(f.path).subarray(0, 5).toString()).toBe('%PDF-');
      expect(statSync(f.path).size).toBe(f.bytes);
    }
    if (process.platform !== 'win32') expect(statSync(s.exportDir).mode & 0o777).toBe(0o700);
  });

  it('two rulebooks started together get two different files too', async () => {
    const s = service();
    const req = { projectId: s.id, lang: 'en' as const, paper: 'a5' as const };
    const [a, b] = [jobId(s.print.startRulebook(req)), jobId(s.print.startRulebook(req))];
    const [sa, sb] = [await finish(s.print, a), await finish(s.print, b)];
    expect([sa.state, sb.state]).toEqual(['done', 'done']);
    expect(readdirSync(s.exportDir).sort()).toEqual(['tiny-rules-en-a5-2.pdf', 'tiny-rules-en-a5.pdf']);
    expect(readFileSync(sb.files[0]!.path).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a cancelled job gives its name back and leaves nothing behind', async () => {
    const s = service();
    const id = jobId(s.print.start({ projectId: s.id, png: true, tts: true }));
    // The reservation: a hidden holder, never an empty file under the real name.
    expect(readdirSync(s.exportDir)).toEqual(['.tiny-a4-duplex-long.pdf.fuqi-holder']);
    s.print.cancel(id);
    expect((await finish(s.print, id)).state).toBe('cancelled');
    expect(readdirSync(s.exportDir)).toEqual([]);
  });

  it('skips a name whose PNG folder exists, and never touches that folder', async () => {
    const s = service();
    mkdirSync(join(s.exportDir, 'tiny-a4-duplex-long-png'), { recursive: true });
    writeFileSync(join(s.exportDir, 'tiny-a4-duplex-long-png', 'mine.txt'), 'mine');
    const st = await finish(s.print, jobId(s.print.start({ projectId: s.id, png: true })));
    expect(st.state).toBe('done');
    expect(st.files.map((f) => f.path.slice(s.exportDir.length + 1))).toEqual(['tiny-a4-duplex-long-2.pdf', 'tiny-a4-duplex-long-2-png']);
    expect(readdirSync(join(s.exportDir, 'tiny-a4-duplex-long-png'))).toEqual(['mine.txt']);
  });
});

describe('PrintService checks the whole request before it answers with a job id', () => {
  it('refuses card ids that cannot be file names when PNGs are asked, writing nothing', async () => {
    const s = service({ cards: ['RAT:FU', 'OX'] });
    const r = s.print.start({ projectId: s.id, png: true });
    expect(!r.ok && r.error.code).toBe('print/bad-card-id');
    expect(!r.ok && r.error.message).toMatch(/RAT:FU/);
    expect(existsSync(s.exportDir) ? readdirSync(s.exportDir) : []).toEqual([]);
    expect((await finish(s.print, jobId(s.print.start({ projectId: s.id })))).state).toBe('done'); // a PDF alone is fine
  });

  it('refuses invalid option combinations and selections', () => {
    const s = service();
    const cases: [Record<string, unknown>, string][] = [
      [{ cardSize: 'custom' }, 'print/bad-request'],
      [{ paper: 'letter', cardSize: 'custom', customSize: { width: 200, height: 280 } }, 'print/invalid-options'],
      [{ cards: ['NOPE'] }, 'print/unknown-cards'],
      [{ duplex: 'sideways' }, 'print/bad-request'],
      [{ projectId: 'nosuch' }, 'projects/not-found'],
    ];
    for (const [extra, code] of cases) {
      const r = s.print.start({ projectId: s.id, ...extra });
      expect(r.ok ? 'a job id' : r.error.code, JSON.stringify(extra)).toBe(code);
    }
    expect(existsSync(s.exportDir) ? readdirSync(s.exportDir) : []).toEqual([]);
  });

  it('refuses a rulebook the project does not have, or on a paper there is none for', () => {
    const s = service();
    const zh = s.print.startRulebook({ projectId: s.id, lang: 'zh', paper: 'a5' });
    expect(!zh.ok && zh.error.code).toBe('rulebook/no-language');
    const a3 = s.print.startRulebook({ projectId: s.id, lang: 'en', paper: 'a3' as 'a4' });
    expect(!a3.ok && a3.error.code).toBe('rulebook/paper');
    expect(existsSync(s.exportDir) ? readdirSync(s.exportDir) : []).toEqual([]);
  });

  it('refuses when the export folder cannot be made, at once', () => {
    const s = service({ exportDir: '/proc/nope/exports' });
    const r = s.print.start({ projectId: s.id });
    expect(!r.ok && r.error.message).toMatch(/Could not create the folder "\/proc\/nope"/);
  });

  it('prints simplex with the calibration page on by default: one calibration page, no back', async () => {
    const s = service();
    const st = await finish(s.print, jobId(s.print.start({ projectId: s.id, duplex: 'none' })));
    expect(st.state).toBe('done');
    expect(st.pages).toBe(2); // the calibration page and one sheet of two cards
  });
});

describe('PrintService start-up', () => {
  it('removes staging folders older than an hour, and nothing else', () => {
    const root = mkdtempSync(join(tmpdir(), 'fuqi-stale-'));
    roots.push(root);
    const dir = join(root, 'exports');
    mkdirSync(dir);
    const old = Date.now() / 1000 - 2 * 3600;
    const make = (name: string, kind: 'dir' | 'file', aged: boolean) => {
      const p = join(dir, name);
      if (kind === 'dir') {
        mkdirSync(p);
        writeFileSync(join(p, 'x'), 'x');
      } else writeFileSync(p, 'x');
      if (aged) utimesSync(p, old, old);
    };
    make('.kit.pdf.fuqi-abc123', 'dir', true); // stale: removed
    make('.kit.pdf.fuqi-def456', 'dir', false); // a running export: kept
    make('.notes.fuqi-ghi789', 'file', true); // a file: kept
    make('kit.pdf.fuqi-jkl012', 'dir', true); // not hidden: not ours
    make('.photos', 'dir', true);
    mkdirSync(join(root, 'elsewhere'));
    writeFileSync(join(root, 'elsewhere', 'keep'), 'k');
    symlinkSync(join(root, 'elsewhere'), join(dir, '.link.fuqi-mno345'));
    new PrintService({ projects: new ProjectStore(tinyProject({ root }).root), fonts, assets: (d) => createAssetService({ projectDir: d }), exportDir: dir });
    expect(readdirSync(dir).sort()).toEqual(['.kit.pdf.fuqi-def456', '.link.fuqi-mno345', '.notes.fuqi-ghi789', '.photos', 'kit.pdf.fuqi-jkl012']);
    expect(readFileSync(join(root, 'elsewhere', 'keep'), 'utf8')).toBe('k');
  });
});
