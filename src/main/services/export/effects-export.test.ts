// Gradients, drop shadows and images cut to a shape, through the real writers: the PDF carries
// vector shadings (read back from the file) and renders (poppler) the colours the PNG writer paints.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DrawList } from '../../../shared/cards/draw-list';
import { layoutFace } from '../../../shared/cards/layout';
import { CARD_SET_SCHEMA_VERSION, TemplateFile, type CardSet } from '../../../shared/cards/schema';
import { createAssetService } from './assets';
import { createFontService } from './fonts';
import { writePdf } from './pdf';
import { renderListPng } from './png';

const dir = mkdtempSync(join(tmpdir(), 'effects-test-'));
const fonts = createFontService();
const assets = createAssetService({ projectDir: dir });
const RED = '#C23B22';
const BLUE = '#1E6FD9';

const layers = [
  { id: 'bg', type: 'rect', x: 0, y: 0, w: 63, h: 88, fill: '#FFFFFF', bleedExtend: true },
  // Left to right, red to blue, 10..50 mm across.
  { id: 'band', type: 'rect', x: 10, y: 5, w: 40, h: 10, gradient: { type: 'linear', stops: [{ at: 0, color: RED }, { at: 1, color: BLUE }] } },
  { id: 'sun', type: 'ellipse', x: 10, y: 20, w: 20, h: 20, gradient: { type: 'radial', stops: [{ at: 0, color: '#F2C14E' }, { at: 1, color: RED }] } },
  { id: 'panel', type: 'rect', x: 35, y: 22, w: 20, h: 16, radius: 2, fill: '#FFFFFF', shadow: { x: 2, y: 2, blur: 2, color: '#000000', opacity: 0.6 } },
  { id: 'art', type: 'image', x: 10, y: 50, w: 30, h: 30, src: 'file:art/green.png', clip: { shape: 'ellipse' }, shadow: { x: 1, y: 1, blur: 0, color: '#000000', opacity: 0.5 } },
  // A picture cut to another layer's outline: a hidden rounded frame inside the picture's box.
  { id: 'frame', type: 'rect', x: 47, y: 52, w: 11, h: 26, radius: 5, fill: '#000000', hidden: true },
  { id: 'cut', type: 'image', x: 44, y: 48, w: 17, h: 34, src: 'file:art/green.png', clip: { layer: 'frame' } },
];
const set: CardSet = {
  file: { schemaVersion: CARD_SET_SCHEMA_VERSION, id: 't', name: { zh: '测', en: 'T' }, card: { preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 }, cards: 'c.csv', templates: { front: 'f', back: 'b' }, credits: [] },
  cards: [{ id: 'C1', copies: 1, template: 'front', back: 'back', fields: {} }],
  templates: { front: TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'front', layers }), back: TemplateFile.parse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 'back', layers: [] }) },
};
let list: DrawList;
let pdf: Uint8Array;
let pdfPx: { data: Buffer; width: number };
let pngPx: { data: Buffer; width: number };

/** RGB at (x, y) mm of the card's trim box, in an image at 10 px per mm that includes the 3 mm bleed. */
const at = (img: { data: Buffer; width: number }, x: number, y: number): number[] => {
  const i = (Math.round((y + 3) * 10) * img.width + Math.round((x + 3) * 10)) * 3;
  return [...img.data.subarray(i, i + 3)];
};
const rgb = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const close = (got: number[], want: number[], tol: number): void => got.forEach((v, i) => expect(Math.abs(v - want[i]!), `channel ${i} of ${got} against ${want}`).toBeLessThanOrEqual(tol));

beforeAll(async () => {
  mkdirSync(join(dir, 'art'));
  await sharp({ create: { width: 60, height: 60, channels: 3, background: '#2E8B57' } }).png().toFile(join(dir, 'art', 'green.png'));
  list = layoutFace(set, set.cards[0]!, 'front', fonts.measurer).list;
  pdf = await writePdf([{ widthMm: 69, heightMm: 94, items: [{ list, x: 3, y: 3 }] }], { fonts, assets });
  const file = join(dir, 'card.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '254', '-png', '-singlefile', file, join(dir, 'card')]);
  const raw = async (png: Buffer) => {
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width };
  };
  pdfPx = await raw(readFileSync(join(dir, 'card.png')));
  const png = await renderListPng(list, 690, 940, true, { fonts, assets });
  writeFileSync(join(dir, 'card-writer.png'), png);
  pngPx = await raw(png);
}, 60_000);

describe('effects in the PDF', () => {
  it('writes gradients as vector shadings (axial and radial) painted with sh', async () => {
    const doc = await PDFDocument.load(pdf);
    const res = doc.getPage(0).node.Resources()!;
    const shadings = res.lookup(PDFName.of('Shading'), PDFDict);
    const types = shadings.keys().map((k) => (shadings.lookup(k, PDFDict).lookup(PDFName.of('ShadingType'), PDFNumber)).asNumber());
    expect(types.sort()).toEqual([2, 3]);
    const contents = doc.getPage(0).node.Contents();
    const stream = (contents instanceof PDFArray ? doc.context.lookup(contents.get(0)) : contents) as PDFRawStream;
    const ops = inflateSync(stream.getContents()).toString('latin1');
    expect(ops.match(/\/Sh\d+ sh/g)).toHaveLength(2);
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/ShadingType 2/);
  });

  it('renders a linear gradient with its end colours at its ends and their mix halfway', () => {
    close(at(pdfPx, 10.3, 10), rgb(RED), 6);
    close(at(pdfPx, 49.7, 10), rgb(BLUE), 6);
    close(at(pdfPx, 30, 10), rgb(RED).map((v, i) => (v + rgb(BLUE)[i]!) / 2), 4);
  });

  it('renders a radial gradient from the centre colour to the edge colour', () => {
    close(at(pdfPx, 20, 30), rgb('#F2C14E'), 4);
    close(at(pdfPx, 29.6, 30), rgb(RED), 8);
  });

  it('paints a blurred shadow under its layer, and cuts an image to an ellipse over a sharp shadow', () => {
    const under = at(pdfPx, 56, 39); // right of and below the panel: in its shadow
    expect(under[0]).toBeLessThan(200);
    close(at(pdfPx, 45, 30), [255, 255, 255], 1); // the panel itself
    close(at(pdfPx, 25, 65), rgb('#2E8B57'), 3); // the picture's centre
    close(at(pdfPx, 11, 51), [255, 255, 255], 1); // its box's corner, outside the ellipse
    close(at(pdfPx, 40.5, 65.5), [128, 128, 128], 6); // the sharp shadow beyond the ellipse's right edge
  });

  it('cuts an image to another layer\'s outline (a rounded rectangle) with a vector clip', async () => {
    close(at(pdfPx, 52.5, 65), rgb('#2E8B57'), 3); // inside the frame
    close(at(pdfPx, 47.5, 65), rgb('#2E8B57'), 3); // just inside its left edge
    close(at(pdfPx, 45, 60), [255, 255, 255], 1); // in the picture's box, left of the frame
    close(at(pdfPx, 52.5, 50), [255, 255, 255], 1); // above the frame
    close(at(pdfPx, 47.4, 52.4), [255, 255, 255], 1); // outside the frame's rounded corner
    const doc = await PDFDocument.load(pdf);
    const contents = doc.getPage(0).node.Contents();
    const stream = (contents instanceof PDFArray ? doc.context.lookup(contents.get(0)) : contents) as PDFRawStream;
    // The frame's rounded outline as a clipping path (W n), the picture drawn inside it: vector, no raster mask.
    expect(inflateSync(stream.getContents()).toString('latin1')).toMatch(/52 52 m\n53 52 l\n55\.7614 52 58 54\.2386 58 57 c\n[^]*?47 54\.2386 49\.2386 52 52 52 c\nh\nW n\nq\n17 0 0 -34 44 82 cm\n\/Im\d+ Do/);
  });

  it('matches the PNG writer at the ends of the gradients and in the shadows', () => {
    for (const [x, y] of [[10.3, 10], [49.7, 10], [30, 10], [20, 30], [56, 39], [55.5, 38.5], [40.5, 65.5], [25, 65], [11, 51], [52.5, 65], [45, 60], [47.4, 52.4]] as const) close(at(pngPx, x, y), at(pdfPx, x, y), 10);
  });
});
