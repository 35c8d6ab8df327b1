import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { AssetError, createAssetService, iconifySvg, type AssetErrorKind } from './assets';
import { GIF_1PX, pngHeaderOnly, SVG_UNDEFINED_ENTITY } from './test-images';

const outside = mkdtempSync(join(tmpdir(), 'assets-test-'));
const dir = join(outside, 'project', 'nested');
mkdirSync(join(dir, 'art'), { recursive: true });
const assets = createAssetService({ projectDir: dir });

beforeAll(async () => {
  // A 40×20 PNG: left half red, right half blue.
  const red = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer();
  await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .png()
    .toFile(join(dir, 'halves.png'));
  await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).jpeg().toFile(join(dir, 'green.jpg'));
  writeFileSync(join(dir, 'dot.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#000"/></svg>');
});

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [...data.subarray(i, i + 4)];
}

describe('asset service', () => {
  it('rasterizes an icon at ≥ 300 DPI for its box', async () => {
    const img = await assets.resolve('icon:fluent-emoji-flat:rat', 20, 20);
    expect([img.pxWidth, img.pxHeight]).toEqual([237, 237]); // 20 mm at 300 DPI = 236.2 px
    const meta = await sharp(img.png).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 237, 237, true]);
    const stats = await sharp(img.png).stats();
    expect(stats.channels[3].max).toBe(255); // something is drawn
    expect(stats.channels[3].min).toBe(0); // and the background is transparent
    expect(await assets.resolve('icon:fluent-emoji-flat:rat', 20, 20)).toBe(img); // cached
    const big = await assets.resolve('icon:fluent-emoji-flat:rat', 20, 20, 600);
    expect(big.pxWidth).toBe(473);
  });

  it('resolves aliases with flips', async () => {
    const left = await assets.resolve('icon:fluent-emoji-flat:backhand-index-pointing-left', 10, 10);
    const right = await assets.resolve('icon:fluent-emoji-flat:backhand-index-pointing-right', 10, 10);
    const mirrored = await sharp(left.png).flop().raw().toBuffer();
    const raw = await sharp(right.png).raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < raw.length; i++) diff += Math.abs(raw[i]! - mirrored[i]!);
    expect(diff / raw.length).toBeLessThan(1); // the same picture, mirrored (up to antialiasing)
    expect(iconifySvg({ prefix: 'x', icons: { a: { body: '<path d="M0 0"/>', width: 20, height: 10 } }, aliases: { b: { parent: 'a', rotate: 1 } } }, 'b')).toMatch(
      /width="10" height="20" viewBox="5 -5 10 20"><g transform="rotate\(90 10 5\)">/,
    );
  });

  it('knows no icon named after an inherited member (a cell may name any icon)', () => {
    const set = { prefix: 'x', icons: { a: { body: '<path d="M0 0"/>' } }, aliases: {} };
    for (const name of Object.getOwnPropertyNames(Object.prototype)) expect(iconifySvg(set, name), name).toBeUndefined();
  });

  it('rasterizes project files, stretched to the box', async () => {
    const img = await assets.resolve('file:halves.png', 25.4, 25.4, 100);
    expect([img.pxWidth, img.pxHeight]).toEqual([100, 100]);
    expect((await pixel(img.png, 10, 50)).slice(0, 3)).toEqual([255, 0, 0]);
    expect((await pixel(img.png, 90, 50)).slice(0, 3)).toEqual([0, 0, 255]);
    const jpg = await assets.resolve('file:green.jpg', 10, 10);
    expect((await sharp(jpg.png).metadata()).format).toBe('png');
    const svg = await assets.resolve('file:dot.svg', 25.4, 25.4, 300);
    expect([svg.pxWidth, svg.pxHeight]).toEqual([300, 300]);
    expect(await pixel(svg.png, 150, 150)).toEqual([0, 0, 0, 255]);
    expect((await pixel(svg.png, 2, 2))[3]).toBe(0);
  });

  it('gives the preview SVG markup and data URLs', async () => {
    expect(await assets.svgText('icon:fluent-emoji-flat:rat')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* viewBox="0 0 32 32">/);
    expect(await assets.dataUrl('icon:fluent-emoji-flat:rat')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await assets.dataUrl('file:halves.png')).toMatch(/^data:image\/png;base64,/);
    await expect(assets.svgText('file:halves.png')).rejects.toThrow(/raster image/);
  });

  it('says what is wrong with a bad ref', async () => {
    await expect(assets.resolve('icon:no-such-set:rat', 10, 10)).rejects.toThrow(/Icon set "no-such-set" is not installed.*@iconify-json\/no-such-set/);
    await expect(assets.resolve('icon:fluent-emoji-flat:no-such-icon', 10, 10)).rejects.toThrow(/"no-such-icon" is not in the icon set "fluent-emoji-flat"/);
    await expect(assets.resolve('file:missing.png', 10, 10)).rejects.toThrow(/"file:missing\.png": missing\.png is not in the project folder/);
    await expect(assets.resolve('file:doc.pdf', 10, 10)).rejects.toThrow(/unsupported type "\.pdf"/);
    await expect(assets.resolve('http://x/y.png', 10, 10)).rejects.toThrow(/Unknown image ref/);
    await expect(createAssetService().resolve('file:art/a.png', 10, 10)).rejects.toThrow(/relative but no project folder is known/);
    await expect(assets.resolve('icon:fluent-emoji-flat:rat', 0, 10)).rejects.toThrow(/empty box/);
  });
});

/** The AssetError a promise rejects with. */
async function failure(p: Promise<unknown>): Promise<AssetError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AssetError);
  return e as AssetError;
}

describe('file: refs stay inside the project folder', () => {
  beforeAll(async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer();
    writeFileSync(join(outside, 'secret.png'), png);
    writeFileSync(join(outside, 'project', 'secret.png'), png);
    writeFileSync(join(dir, 'art', 'real.png'), png);
    symlinkSync(join(outside, 'secret.png'), join(dir, 'art', 'linked-out.png'));
    symlinkSync('real.png', join(dir, 'art', 'linked-in.png'));
    execFileSync('mkfifo', [join(dir, 'art', 'pipe.png')]);
    mkdirSync(join(dir, 'art', 'folder.png'));
  });

  it.each([
    ['file:/etc/passwd.png', 'outside', /"file:\/etc\/passwd\.png": \/etc\/passwd\.png is an absolute path/],
    [`file:${join(outside, 'secret.png')}`, 'outside', /is an absolute path/],
    ['file:../../secret.png', 'outside', /"file:\.\.\/\.\.\/secret\.png": \.\.\/\.\.\/secret\.png goes up out of the project folder/],
    ['file:../secret.png', 'outside', /goes up out of the project folder/],
    ['file:art/linked-out.png', 'outside', /art\/linked-out\.png is a link to a file outside the project folder/],
    ['file:art/pipe.png', 'unreadable', /art\/pipe\.png is a named pipe \(FIFO\), not a file/],
    ['file:art/folder.png', 'unreadable', /art\/folder\.png is a folder, not a file/],
  ] as const)('refuses %s', async (ref, kind: AssetErrorKind, text) => {
    for (const call of [() => assets.resolve(ref, 10, 10), () => assets.inspect(ref), () => assets.dataUrl(ref)]) {
      const e = await failure(call());
      expect([e.kind, e.code, e.ref]).toEqual([kind, `asset/${kind}`, ref]);
      expect(e.message).toMatch(text);
      expect(e.text.zh).toContain(ref);
    }
  });

  it('refuses absolute and .. refs even when no project folder is known', async () => {
    expect((await failure(createAssetService().resolve('file:/etc/passwd.png', 10, 10))).kind).toBe('outside');
    expect((await failure(createAssetService().inspect('file:../x.svg'))).kind).toBe('outside');
  });

  it('follows symlinks that stay inside the folder', async () => {
    expect(await assets.inspect('file:art/linked-in.png')).toEqual({ format: 'png', vector: false, widthPx: 8, heightPx: 8 });
    expect((await assets.resolve('file:art/linked-in.png', 10, 10)).pxWidth).toBe(119);
  });
});

describe('inspect decodes and sizes an image once, before any export', () => {
  beforeAll(() => {
    writeFileSync(join(dir, 'art', 'text.png'), 'this is not a picture\n');
    writeFileSync(join(dir, 'art', 'huge.png'), pngHeaderOnly(30000, 30000));
    writeFileSync(join(dir, 'art', 'truncated.png'), pngHeaderOnly(200, 200));
    writeFileSync(join(dir, 'art', 'entity.svg'), SVG_UNDEFINED_ENTITY);
    writeFileSync(join(dir, 'art', 'anim.png'), GIF_1PX);
  });

  it('knows formats and pixel sizes', async () => {
    expect(await assets.inspect('file:halves.png')).toEqual({ format: 'png', vector: false, widthPx: 40, heightPx: 20 });
    expect(await assets.inspect('file:green.jpg')).toEqual({ format: 'jpeg', vector: false, widthPx: 10, heightPx: 10 });
    expect(await assets.inspect('file:dot.svg')).toMatchObject({ format: 'svg', vector: true });
    expect(await assets.inspect('icon:fluent-emoji-flat:rat')).toMatchObject({ format: 'svg', vector: true, widthPx: 32, heightPx: 32 });
  });

  it.each([
    ['file:art/text.png', 'not-image', /"file:art\/text\.png" is not a readable image/],
    ['file:art/truncated.png', 'not-image', /"file:art\/truncated\.png" is not a readable image/],
    ['file:art/huge.png', 'too-large', /"file:art\/huge\.png" is 30000 × 30000 px \(900 megapixels\), over the limit of 100 megapixels/],
    ['file:art/entity.svg', 'not-image', /"file:art\/entity\.svg" is not a readable image \(.*Entity 'nope' not defined/],
    ['file:art/anim.png', 'unsupported', /holds a gif image, not PNG, JPEG or WebP/],
    ['file:art/rat.gif', 'unsupported', /unsupported type "\.gif"/],
    ['file:art/none.png', 'missing', /art\/none\.png is not in the project folder/],
    ['icon:fluent-emoji-flat:no-such-icon', 'missing', /"no-such-icon" is not in the icon set/],
    ['https://example.com/a.png', 'unknown', /Unknown image ref/],
  ] as const)('refuses %s', async (ref, kind: AssetErrorKind, text) => {
    const e = await failure(assets.inspect(ref));
    expect([e.kind, e.ref]).toEqual([kind, ref]);
    expect(e.message).toMatch(text);
    expect(e.text.zh).toContain(ref);
    // The export path fails the same way, never with a bare library message.
    const r = await failure(assets.resolve(ref, 20, 20));
    expect([r.kind, r.ref]).toEqual([kind, ref]);
  });

  it('refuses an image box over the limit, or empty', async () => {
    const e = await failure(assets.resolve('icon:fluent-emoji-flat:rat', 1e6, 1e6));
    expect([e.kind, e.message]).toEqual(['box', 'Image "icon:fluent-emoji-flat:rat" has a box of 1000000 × 1000000 mm, over the limit of 1200 mm a side; make the layer smaller.']);
    expect((await failure(assets.resolve('icon:fluent-emoji-flat:rat', Number.NaN, 10))).kind).toBe('box');
  });

  it('names where the ref is used when asked', () => {
    const e = new AssetError('missing', 'file:a.png', { en: 'gone', zh: '没有' }).at({ en: 'Card RAT (front), layer "art"', zh: '卡牌 RAT（正面），图层“art”' });
    expect([e.code, e.message, e.text.zh]).toEqual(['asset/missing', 'Card RAT (front), layer "art": gone', '卡牌 RAT（正面），图层“art”：没有']);
  });
});
