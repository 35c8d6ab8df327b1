// The print options of issue 11's audit through the real pipeline on 斗福: the TTS export puts the
// reference cards (another back) on a sheet of their own, every PNG is opaque RGB, the print-shop
// preset gives 825 × 1125 px, the card code prints only when asked, and preflight answers with
// the first sheet's pages exactly as the PDF draws them.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../src/main/services';
import { exportKit, preflightKit } from '../src/main/services/export/kit';
import { PrintService } from '../src/main/services/print';
import { walkOps, type DrawList } from '../src/shared/cards/draw-list';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-print-opts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const services = createServices({ mode: 'cli', exportDir: dir });
const deps = { projects: services.projects, fonts: services.fonts, assets: services.assets.forProject };
const CARDS = ['RAT-FU', 'RAT-Y1', 'REF-1', 'REF-2'];

function request(extra: Record<string, unknown>) {
  const r = PrintService.resolve({ projectId: 'doufu', cards: CARDS, calibration: false, ...extra });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const texts = (l: DrawList | null) => {
  const out: string[] = [];
  if (l) walkOps(l.ops, (o) => void (o.op === 'text' && out.push(o.text)));
  return out;
};

describe('斗福 print options', () => {
  it('TTS: the reference cards get their own sheet and back instead of a warning; every sheet is RGB without alpha', async () => {
    const tts = join(dir, 'deck.png');
    const r = await exportKit(deps, request({ tts: true }), { pdf: join(dir, 'a.pdf'), ttsFile: tts });
    if (!r.ok) throw new Error(r.error.message);
    const files = r.value.files.filter((f) => f.kind === 'tts').map((f) => f.path).sort();
    expect(files).toEqual([join(dir, 'deck-back.png'), join(dir, 'deck-reference-back-back.png'), join(dir, 'deck-reference-back.png'), tts].sort());
    expect(r.value.preflight.issues.map((i) => i.code)).not.toContain('print/tts-backs');
    const ref = await sharp(join(dir, 'deck-reference-back.png')).metadata();
    expect([ref.width, ref.height]).toEqual([2 * 409, 571]); // two reference cards side by side
    for (const f of files) {
      const m = await sharp(f).metadata();
      expect([m.channels, m.hasAlpha], f).toEqual([3, false]);
    }
  }, 60_000);

  it('print-shop preset: per-card PNGs of exactly 825 × 1125 px (poker 2.5 × 3.5 in with 1/8 in bleed at 300 DPI), RGB without alpha', async () => {
    const png = join(dir, 'shop');
    const r = await exportKit(deps, request({ png: true, pngPreset: 'poker-825x1125', cards: ['RAT-FU'] }), { pdf: join(dir, 'b.pdf'), pngDir: png });
    if (!r.ok) throw new Error(r.error.message);
    for (const side of ['front', 'back']) {
      const m = await sharp(join(png, `RAT-FU-${side}.png`)).metadata();
      expect([m.width, m.height, m.hasAlpha]).toEqual([825, 1125, false]);
    }
  }, 60_000);

  for (const [preset, size, files] of [
    ['makeplayingcards-poker', [822, 1122], ['back-001.png', 'back-002.png', 'front-001.png', 'front-002.png']],
    ['printerstudio-poker', [822, 1122], ['back-001.png', 'back-002.png', 'front-001.png', 'front-002.png']],
    ['thegamecrafter-poker', [825, 1125], ['RAT-FU-back.png', 'RAT-FU-front.png', 'RAT-Y1-back.png', 'RAT-Y1-front.png']],
  ] as const)
    it(`${preset}: the shop's pixel size at 300 DPI, its file names in deck order, RGB without alpha`, async () => {
      const png = join(dir, preset);
      const r = await exportKit(deps, request({ png: true, pngPreset: preset, cards: ['RAT-FU', 'RAT-Y1'] }), { pdf: join(dir, `${preset}.pdf`), pngDir: png });
      if (!r.ok) throw new Error(r.error.message);
      expect(readdirSync(png).sort()).toEqual([...files]);
      for (const f of files) {
        const m = await sharp(join(png, f)).metadata();
        expect([m.width, m.height, m.hasAlpha, m.density]).toEqual([...size, false, 300]);
      }
      // Numbered files keep the deck's order: front-001 is the first card asked for (RAT-FU, whose
      // front and back differ from RAT-Y1's), and its back is back-001.
      if (files[0] === 'back-001.png') {
        const a = await sharp(join(png, 'front-001.png')).raw().toBuffer();
        const tgc = join(dir, 'order-check');
        const one = await exportKit(deps, request({ png: true, pngPreset: preset, cards: ['RAT-FU'] }), { pdf: join(dir, `${preset}-1.pdf`), pngDir: tgc });
        if (!one.ok) throw new Error(one.error.message);
        expect((await sharp(join(tgc, 'front-001.png')).raw().toBuffer()).equals(a)).toBe(true);
        rmSync(tgc, { recursive: true, force: true });
      }
    }, 60_000);

  it('preflight carries the first sheet front and back as drawn; card ids and "1/2" print only as an optional code', async () => {
    const plain = await preflightKit(deps, request({ duplex: 'long', margin: 6, gutter: 2, orientation: 'portrait' }));
    if (!plain.ok) throw new Error(plain.error.message);
    const p = plain.value.preview!;
    expect(p.sheets).toBe(1);
    expect(p.front).toMatchObject({ width: 210, height: 297, bleed: 0 });
    expect(p.back).not.toBeNull();
    expect(texts(p.front).join(' ')).toContain('福鼠');
    expect(texts(p.front)).not.toContain('RAT-Y1 1/2');
    expect(texts(p.front).join(' ')).not.toMatch(/RAT-FU|1\/2/);
    const coded = await preflightKit(deps, request({ duplex: 'none', cardCode: true }));
    if (!coded.ok) throw new Error(coded.error.message);
    expect(texts(coded.value.preview!.front)).toContain('RAT-Y1 1/2');
    expect(coded.value.preview!.back).toBeNull();
    const code = (() => {
      let size = 0;
      walkOps(coded.value.preview!.front!.ops, (o) => void (o.op === 'text' && o.text === 'RAT-Y1 1/2' && (size = o.size)));
      return size;
    })();
    expect(code).toBeLessThanOrEqual(4); // tiny: a print shop's code, not game text
  }, 60_000);

  it('the margin and gutter options reach the imposition, and option warnings come in both languages', async () => {
    // Portrait Letter: the marks above and below the grid run into the margin (the default turns the page).
    const r = await preflightKit(deps, request({ paper: 'letter', orientation: 'portrait' }));
    if (!r.ok) throw new Error(r.error.message);
    const warn = r.value.issues.filter((i) => i.code === 'print/option');
    expect(warn.length).toBeGreaterThan(0);
    for (const w of warn) expect(w.message.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(warn.every((w) => w.message.zh !== w.message.en)).toBe(true);
    const bad = PrintService.resolve({ projectId: 'doufu', margin: 40 });
    expect(bad.ok).toBe(false);
  }, 60_000);
});
