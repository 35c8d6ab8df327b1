import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetService, iconifySvg } from './assets';

const dir = mkdtempSync(join(tmpdir(), 'assets-test-'));
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

  it('rasterizes project files, stretched to the box', async () => {
    const img = await assets.resolve('file:halves.png', 25.4, 25.4, 100);
    expect([img.pxWidth, img.pxHeight]).toEqual([100, 100]);
    expect((await pixel(img.png, 10, 50)).slice(0, 3)).toEqual([255, 0, 0]);
    expect((await pixel(img.png, 90, 50)).slice(0, 3)).toEqual([0, 0, 255]);
    const jpg = await assets.resolve(`file:${join(dir, 'green.jpg')}`, 10, 10);
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
    await expect(assets.resolve('file:missing.png', 10, 10)).rejects.toThrow(/missing\.png, which cannot be read/);
    await expect(assets.resolve('file:doc.pdf', 10, 10)).rejects.toThrow(/unsupported type "\.pdf"/);
    await expect(assets.resolve('http://x/y.png', 10, 10)).rejects.toThrow(/Unknown image ref/);
    await expect(createAssetService().resolve('file:art/a.png', 10, 10)).rejects.toThrow(/relative but no project directory/);
    await expect(assets.resolve('icon:fluent-emoji-flat:rat', 0, 10)).rejects.toThrow(/empty box/);
  });
});
