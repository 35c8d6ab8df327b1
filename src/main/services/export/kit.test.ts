import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PrintService } from '../print';
import { ProjectStore } from '../projects';
import { tinyProject } from '../tiny-project.test-fixture';
import { createAssetService } from './assets';
import { createFontService } from './fonts';
import { exportKit, preflightKit, type ExportTargets } from './kit';

const fonts = createFontService();
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function setup(cards?: string[]) {
  const t = tinyProject(cards ? { cards } : {});
  roots.push(t.root);
  const out = join(t.root, 'out');
  mkdirSync(out);
  const deps = { projects: new ProjectStore(t.root), fonts, assets: (dir: string) => createAssetService({ projectDir: dir }) };
  const run = (req: Record<string, unknown>, targets: ExportTargets, opts: Parameters<typeof exportKit>[3] = {}) => {
    const r = PrintService.resolve({ projectId: t.id, duplex: 'long', calibration: false, ...req });
    if (!r.ok) throw new Error(r.error.message);
    return exportKit(deps, r.value, targets, opts);
  };
  return { ...t, out, deps, run };
}

/** Every file under `dir` with its content, to compare before and after. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p, `${rel}${e.name}/`);
      else out[`${rel}${e.name}`] = readFileSync(p, 'latin1');
    }
  };
  walk(dir, '');
  return out;
}

describe('exportKit never harms files it did not create', () => {
  it('--png on a folder of the user’s files with a card id "RAT:FU": refused before writing, everything intact', async () => {
    const t = setup(['RAT:FU', 'OX']);
    const png = join(t.out, 'cards');
    mkdirSync(png);
    writeFileSync(join(png, 'holiday.jpg'), 'my photo');
    writeFileSync(join(t.out, 'kit.pdf'), 'my earlier kit');
    const before = snapshot(t.out);
    for (const overwrite of [false, true]) {
      const r = await t.run({ png: true }, { pdf: join(t.out, 'kit.pdf'), pngDir: png, overwrite });
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.code).toBe('print/bad-card-id');
      expect(!r.ok && r.error.message).toMatch(/Card "RAT:FU" cannot be exported as images: .*":"/);
      expect(snapshot(t.out)).toEqual(before);
    }
  });

  it('shows such an id as a preflight error naming the card, in both languages', async () => {
    const t = setup(['RAT:FU', 'CON', 'ok', 'OK']);
    const r = PrintService.resolve({ projectId: t.id, png: true });
    if (!r.ok) throw new Error(r.error.message);
    const rep = await preflightKit(t.deps, r.value);
    if (!rep.ok) throw new Error(rep.error.message);
    const bad = rep.value.issues.filter((i) => i.code === 'print/bad-card-id');
    expect(bad.map((i) => i.cardId)).toEqual(['RAT:FU', 'CON', 'OK']);
    expect(bad.every((i) => i.severity === 'error' && i.message.zh.length > 0)).toBe(true);
    expect(bad[1]!.message.en).toMatch(/device name on Windows/);
    expect(rep.value.blocking).toBe(true);
    // Without image output the ids never become file names: no such issue.
    const pdfOnly = PrintService.resolve({ projectId: t.id });
    const rep2 = pdfOnly.ok ? await preflightKit(t.deps, pdfOnly.value) : pdfOnly;
    expect(rep2.ok && rep2.value.issues.some((i) => i.code === 'print/bad-card-id')).toBe(false);
    // Nor on a Tabletop Simulator sheet, whose files are named after the sheet, not the cards.
    const ttsOnly = PrintService.resolve({ projectId: t.id, tts: true });
    const rep3 = ttsOnly.ok ? await preflightKit(t.deps, ttsOnly.value) : ttsOnly;
    expect(rep3.ok && rep3.value.issues.some((i) => i.code === 'print/bad-card-id')).toBe(false);
  });

  it('--tts deck.png where deck.png is a folder: a clear error, deck-1.png and deck-back.png untouched', async () => {
    const t = setup();
    mkdirSync(join(t.out, 'deck.png'));
    writeFileSync(join(t.out, 'deck.png', 'inside.txt'), 'mine');
    writeFileSync(join(t.out, 'deck-1.png'), 'mine 1');
    writeFileSync(join(t.out, 'deck-back.png'), 'my back');
    const before = snapshot(t.out);
    const r = await t.run({ tts: true }, { pdf: join(t.out, 'kit.pdf'), ttsFile: join(t.out, 'deck.png') });
    expect(!r.ok && r.error.code).toBe('export/target');
    expect(!r.ok && r.error.message).toMatch(/deck\.png" is a folder, but this output is a file/);
    expect(!r.ok && r.error.message).toMatch(/deck-back\.png" already exists/);
    expect(snapshot(t.out)).toEqual(before);
  });

  it('refuses an existing PDF unless overwrite is asked', async () => {
    const t = setup();
    const pdf = join(t.out, 'kit.pdf');
    writeFileSync(pdf, 'mine');
    const r = await t.run({}, { pdf });
    expect(!r.ok && r.error.code).toBe('export/target');
    expect(readFileSync(pdf, 'utf8')).toBe('mine');
    const o = await t.run({}, { pdf, overwrite: true });
    expect(o.ok).toBe(true);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(readdirSync(t.out)).toEqual(['kit.pdf']);
  });

  it('a cancelled export with overwrite leaves the old PDF and the folder’s other files exactly as they were', async () => {
    const t = setup();
    const pdf = join(t.out, 'kit.pdf');
    const png = join(t.out, 'cards');
    mkdirSync(png);
    writeFileSync(join(png, 'holiday.jpg'), 'my photo');
    writeFileSync(join(png, 'A-front.png'), 'old A');
    writeFileSync(pdf, 'my earlier kit');
    const before = snapshot(t.out);
    const abort = new AbortController();
    // Cancel once the PDF is done and the PNGs are being written.
    const r = await t.run({ png: true, tts: true }, { pdf, pngDir: png, ttsFile: join(t.out, 'deck.png'), overwrite: true }, { signal: abort.signal, onProgress: (f) => f > 0.75 && abort.abort() });
    expect(!r.ok && r.error.code).toBe('print/cancelled');
    expect(snapshot(t.out)).toEqual(before);
  });

  it('writes the PDF, the PNGs into an existing folder (keeping other files) and the TTS sheets', async () => {
    const t = setup();
    const png = join(t.out, 'cards');
    mkdirSync(png);
    writeFileSync(join(png, 'holiday.jpg'), 'my photo');
    const r = await t.run({ png: true, tts: true }, { pdf: join(t.out, 'kit.pdf'), pngDir: png, ttsFile: join(t.out, 'deck.png'), overwrite: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(readdirSync(png).sort()).toEqual(['A-back.png', 'A-front.png', 'B-back.png', 'B-front.png', 'holiday.jpg']);
    expect(readdirSync(t.out).sort()).toEqual(['cards', 'deck-back.png', 'deck.png', 'kit.pdf']);
    expect(r.value.files.map((f) => [f.kind, f.path.slice(t.out.length + 1)])).toEqual([
      ['pdf', 'kit.pdf'],
      ['png-dir', 'cards'],
      ['tts', 'deck.png'],
      ['tts', 'deck-back.png'],
    ]);
    expect(r.value.files.every((f) => f.bytes > 0)).toBe(true);
    expect(existsSync(join(png, 'holiday.jpg'))).toBe(true);
  });
});

describe('orientation of the card sheets', () => {
  it('auto turns poker cards on A4 to landscape: the preview, the report and the PDF pages agree, and no crop-mark warning is left', async () => {
    const t = setup();
    const pre = async (orientation: string) => {
      const r = PrintService.resolve({ projectId: t.id, orientation });
      if (!r.ok) throw new Error(r.error.message);
      const rep = await preflightKit(t.deps, r.value);
      if (!rep.ok) throw new Error(rep.error.message);
      return rep.value;
    };
    const portrait = await pre('portrait');
    expect([portrait.orientation, portrait.cardsPerSheet]).toEqual(['portrait', 9]);
    expect(portrait.issues.some((i) => i.code === 'print/option' && /crop marks/.test(i.message.en))).toBe(true);
    const auto = await pre('auto');
    expect([auto.orientation, auto.cardsPerSheet]).toEqual(['landscape', 8]);
    expect(auto.issues.filter((i) => i.code === 'print/option')).toEqual([]);
    expect(auto.preview!.front!.width).toBe(297);
    expect(auto.preview!.front!.height).toBe(210);
    const file = join(t.out, 'auto.pdf');
    const res = await t.run({ orientation: 'auto' }, { pdf: file });
    expect(res.ok).toBe(true);
    // Every page of the PDF (MediaBox in points) is A4 landscape.
    const boxes = [...readFileSync(file, 'latin1').matchAll(/\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(boxes.length).toBeGreaterThan(0);
    for (const [w, h] of boxes) expect([Math.round(w!), Math.round(h!)]).toEqual([842, 595]);
    expect(PrintService.resolve({ projectId: t.id, orientation: 'sideways' }).ok).toBe(false);
  });
});
