// One template that uses every template feature (rotation of a layer, a line and a group, a
// group with `when` and opacity, a hidden and a locked layer, inline icons from the template's
// `icons` and the bundled set, bold and colour spans, a bound colour span, a `|rich` value and a
// literal one, justify with line height and shrink-to-fit, cover with a focal point, contain, maps)
// laid out with the real fonts: a recorded draw list per card (golden files), and the PDF of a
// card read back, its rotated shapes where the template puts them to 0.1 mm.
// After an intended change: UPDATE_GOLDEN=1 npx vitest run tests/template-features.test.ts, then review the diff.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { layoutFace } from '../src/shared/cards/layout';
import { migrate } from '../src/shared/cards/migrations';
import { CARD_SET_SCHEMA_VERSION, TemplateFile, type Card, type CardSet } from '../src/shared/cards/schema';
import { templateText } from '../src/shared/cards/serialize';
import { createFontService } from '../src/main/services/export/fonts';
import { createAssetService } from '../src/main/services/export/assets';
import { writePdf } from '../src/main/services/export/pdf';
import { renderListPng } from '../src/main/services/export/png';
import { execFileSync } from 'node:child_process';
import { filledPaths, pdftotext } from './pdf-probe';

const GOLDEN = join(__dirname, 'golden');
const FIXTURE = join(__dirname, 'fixtures/features.template.json');
const fonts = createFontService();

function template(): TemplateFile {
  const m = migrate(JSON.parse(readFileSync(FIXTURE, 'utf8')), 'features');
  if (!m.ok) throw new Error(m.error.message);
  return TemplateFile.parse(m.value);
}

const CARDS: Card[] = [
  { id: 'F1', copies: 1, template: 'front', back: 'back', fields: { name: '福鼠', attr: '福', rules: '**摸两张**，[#1E6FD9]弃一张[/]。其余玩家各摸一张，然后从你开始依次出牌。', note: 'a*b [#000000] {{name}}' } },
  { id: 'J1', copies: 1, template: 'front', back: 'back', fields: { name: '金牛', attr: '金', rules: '无', note: '' } },
];

function cardSet(tpl: TemplateFile): CardSet {
  return {
    file: { schemaVersion: CARD_SET_SCHEMA_VERSION, id: 'features', name: { zh: '特性', en: 'Features' }, card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 }, cards: 'cards.csv', templates: { front: 'features.template.json', back: 'b' }, credits: [] },
    cards: CARDS,
    templates: { front: tpl, back: TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'back', layers: [] }) },
  };
}

describe('the every-feature template', () => {
  it('reads as format 3 and saves back byte-identical (at the lowest format it needs)', () => {
    expect(templateText(template())).toBe(readFileSync(FIXTURE, 'utf8'));
  });

  for (const card of CARDS)
    it(`lays out card ${card.id} as recorded`, () => {
      const set = cardSet(template());
      const r = layoutFace(set, card, 'front', fonts.measurer);
      expect(r.warnings).toEqual([]);
      const text = JSON.stringify(r.list, null, 1) + '\n';
      const file = join(GOLDEN, `features-${card.id}-front.json`);
      if (process.env.UPDATE_GOLDEN) {
        mkdirSync(GOLDEN, { recursive: true });
        writeFileSync(file, text);
      }
      expect(existsSync(file), `${file} is missing; run with UPDATE_GOLDEN=1 and review it`).toBe(true);
      expect(text).toBe(readFileSync(file, 'utf8'));
    });

  it('the recorded lists show every feature', () => {
    const f1 = readFileSync(join(GOLDEN, 'features-F1-front.json'), 'utf8');
    const j1 = readFileSync(join(GOLDEN, 'features-J1-front.json'), 'utf8');
    expect(f1).toMatch(/"id": "ribbon",\n\s+"rotate": \{\n\s+"deg": 30/); // a rotated layer
    expect(f1).toMatch(/"id": "badge",\n\s+"ops"/); // the group, shown for 福…
    expect(j1).not.toContain('"badge"'); // …and not for 金 (when)
    expect(f1).toContain('"deg": -15'); // the group's rotation
    expect(f1).toContain('"opacity": 0.9');
    expect(f1).not.toContain('draft-note'); // hidden
    expect(f1).toContain('"id": "frame"'); // locked: drawn
    expect(f1).toContain('"ref": "icon:fluent-emoji-flat:four-leaf-clover"'); // inline icons
    expect(f1).toContain('"ref": "file:art/coin.png"');
    expect(f1).toMatch(/"fit": "cover",\n\s+"focus": \{\n\s+"x": 0.25,\n\s+"y": 0.8/);
    expect(f1).toContain('"fit": "contain"');
    expect(f1).toContain('"text": "摸两张"'); // a |rich value's bold span…
    expect(f1).toContain('"face": "sans-bold"');
    expect(f1).toContain('"color": "#1E6FD9"'); // …and colour span
    expect(f1).toContain('"color": "#C8102E"'); // a span coloured through a map
    expect(f1).toContain('a*b [#000000] {{name}}'); // a literal value stays literal
    expect(f1).toMatch(/"letterSpacing": /); // justified
  });

  it('prints rotated shapes where the template puts them, to 0.1 mm, read back from the PDF', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'features-'));
    mkdirSync(join(dir, 'art'));
    // The scene: left half red, right half blue, so where its middle lands shows the cover focus.
    const half = { width: 200, height: 200, channels: 3 as const };
    await sharp({ create: { ...half, width: 400, background: '#0000FF' } }).composite([{ input: { create: { ...half, background: '#FF0000' } }, left: 0, top: 0 }]).png().toFile(join(dir, 'art/scene.png'));
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#E0B45A' } }).png().toFile(join(dir, 'art/coin.png'));
    const tpl = template();
    // The group without opacity: a faded group is a form XObject, which the read-back does not enter.
    const badge = tpl.layers.find((l) => l.id === 'badge')!;
    delete badge.opacity;
    const set = cardSet(tpl);
    const list = layoutFace(set, CARDS[0]!, 'front', fonts.measurer).list;
    const at = { x: 20, y: 30 };
    const bytes = await writePdf([{ widthMm: 210, heightMm: 297, items: [{ list, ...at, trimBox: true }] }], { fonts, assets: createAssetService({ projectDir: dir }) });
    const doc = await PDFDocument.load(bytes);
    const paths = filledPaths(doc, 0);
    // Where a box's corners land turned `deg` clockwise about (cx, cy), then placed on the page.
    const turn = (x: number, y: number, deg: number, cx: number, cy: number) => {
      const r = (deg * Math.PI) / 180;
      return { x: cx + (x - cx) * Math.cos(r) - (y - cy) * Math.sin(r), y: cy + (x - cx) * Math.sin(r) + (y - cy) * Math.cos(r) };
    };
    const corners = (x: number, y: number, w: number, h: number) => [
      { x, y },
      { x: x + w, y },
      { x: x + w, y: y + h },
      { x, y: y + h },
    ];
    const expectNear = (got: { x: number; y: number }[], want: { x: number; y: number }[]) => {
      expect(got).toHaveLength(want.length);
      got.forEach((p, i) => {
        expect(Math.abs(p.x - want[i]!.x), `x of corner ${i}: ${p.x} vs ${want[i]!.x}`).toBeLessThan(0.1);
        expect(Math.abs(p.y - want[i]!.y), `y of corner ${i}: ${p.y} vs ${want[i]!.y}`).toBeLessThan(0.1);
      });
    };
    // The ribbon: 36,8 30×6 turned 30° about its centre (51, 11).
    const ribbon = paths.filter((p) => p.fill === '#2A9D8F');
    expect(ribbon).toHaveLength(1);
    expectNear(ribbon[0]!.points, corners(36, 8, 30, 6).map((p) => turn(p.x, p.y, 30, 51, 11)).map((p) => ({ x: p.x + at.x, y: p.y + at.y })));
    // The badge bar: 10,51 10×4 turned 90° about its centre (15, 53), inside the group turned −15°
    // about the centre of its children's bounds: the disc 8,46 14×14 and the bar's turned box 13,48 4×10 → (15, 53).
    const bar = paths.filter((p) => p.fill === '#6B3FA0');
    expect(bar).toHaveLength(1);
    const want = corners(10, 51, 10, 4)
      .map((p) => turn(p.x, p.y, 90, 15, 53))
      .map((p) => turn(p.x, p.y, -15, 15, 53))
      .map((p) => ({ x: p.x + at.x, y: p.y + at.y }));
    expectNear(bar[0]!.points, want);
    // Cover with focus x 0.25: the 2:1 scene is 60 × 30 mm over the 51 mm box, 2.25 mm left of it,
    // so its middle is at 6 − 2.25 + 30 = 33.75 mm (centred it would be at 31.5). Contain: the
    // scene is 12 × 6 mm in the middle of the 12 × 16 portrait box (y 51 to 57). In the PDF and
    // in the PNG alike.
    const pdfFile = join(dir, 'c.pdf');
    writeFileSync(pdfFile, bytes);
    execFileSync('pdftoppm', ['-r', '254', '-png', '-singlefile', pdfFile, pdfFile]);
    const pdfPx = await sharp(readFileSync(`${pdfFile}.png`)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pngPx = await sharp(await renderListPng(list, 690, 940, true, { fonts, assets: createAssetService({ projectDir: dir }) })).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // 10 px per mm in both; the PDF card's trim corner is at (20, 30) mm, the PNG's at the 3 mm bleed.
    const colour = (img: typeof pdfPx, x: number, y: number, ox: number, oy: number) => {
      const i = (Math.round((y + oy) * 10) * img.info.width + Math.round((x + ox) * 10)) * 3;
      const [r, g, b] = [...img.data.subarray(i, i + 3)] as [number, number, number];
      // Within a few levels of each colour (rasterizers round differently).
      const near = (hex: string) => [1, 3, 5].every((k, j) => Math.abs(parseInt(hex.slice(k, k + 2), 16) - [r, g, b][j]!) <= 4);
      return ['#FF0000', '#0000FF', '#F7F1E3'].find(near) ?? `rgb(${r}, ${g}, ${b})`;
    };
    for (const [img, ox, oy] of [[pdfPx, 20, 30], [pngPx, 3, 3]] as const) {
      expect(colour(img, 33.4, 30, ox, oy)).toBe('#FF0000');
      expect(colour(img, 34.1, 30, ox, oy)).toBe('#0000FF');
      expect(colour(img, 49, 53, ox, oy)).toBe('#FF0000'); // contain: inside the scene
      expect(colour(img, 51, 53, ox, oy)).toBe('#0000FF');
      expect(colour(img, 50, 49, ox, oy)).toBe('#F7F1E3'); // above it: the paper
    }
    // The bound title and the rules text are real text in the PDF.
    const file = join(dir, 'f.pdf');
    writeFileSync(file, bytes);
    const words = pdftotext(file, 1).replace(/\s+/g, '');
    expect(words).toContain('福鼠');
    expect(words).toContain('摸两张');
  });
});
