import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { isWoff2, readCachedSfnt, writeCachedSfnt } from './font-cache';
import { createFontService } from './fonts';
import { ptToMm } from '../../../shared/util/units';

const woff2 = Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(60, 7)]);
const sfnt = Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.alloc(200, 3)]);
const freshDir = (): string => mkdtempSync(join(tmpdir(), 'fuqi-font-cache-'));

describe('font cache', () => {
  it('keeps the TrueType of a WOFF2 file and gives it back', () => {
    const dir = freshDir();
    expect(readCachedSfnt(dir, woff2)).toBeUndefined();
    writeCachedSfnt(dir, woff2, sfnt);
    expect(readCachedSfnt(dir, woff2)?.equals(sfnt)).toBe(true);
    // Another WOFF2 file has its own entry.
    expect(readCachedSfnt(dir, Buffer.concat([woff2, Buffer.from([1])]))).toBeUndefined();
    // No temporary file is left behind.
    expect(readdirSync(join(dir, 'fonts'))).toHaveLength(1);
  });

  it('ignores a damaged or truncated entry', () => {
    const dir = freshDir();
    writeCachedSfnt(dir, woff2, sfnt);
    const [name] = readdirSync(join(dir, 'fonts'));
    const path = join(dir, 'fonts', name!);
    const good = readFileSync(path);
    const flipped = Buffer.from(good);
    flipped[10] ^= 0xff;
    writeFileSync(path, flipped);
    expect(readCachedSfnt(dir, woff2)).toBeUndefined();
    writeFileSync(path, good.subarray(0, 100));
    expect(readCachedSfnt(dir, woff2)).toBeUndefined();
    writeFileSync(path, Buffer.alloc(0));
    expect(readCachedSfnt(dir, woff2)).toBeUndefined();
  });

  it('caches only WOFF2 files, and never fails when it cannot write', () => {
    expect(isWoff2(woff2)).toBe(true);
    expect(isWoff2(sfnt)).toBe(false);
    expect(isWoff2(new Uint8Array(2))).toBe(false);
    const dir = freshDir();
    writeCachedSfnt(dir, sfnt, sfnt);
    expect(readCachedSfnt(dir, sfnt)).toBeUndefined();
    // A file where the cache folder should be: nothing is written and nothing throws.
    const blocked = join(freshDir(), 'blocked');
    writeFileSync(blocked, 'not a folder');
    expect(() => writeCachedSfnt(blocked, woff2, sfnt)).not.toThrow();
    expect(readCachedSfnt(blocked, woff2)).toBeUndefined();
    expect(readCachedSfnt(undefined, woff2)).toBeUndefined();
  });

  it('measures, outlines and subsets the same from the cached face as from the WOFF2 file', async () => {
    const dir = freshDir();
    const text = '福鼠投忌器 AV “quote” ①';
    const cold = createFontService({ cacheDir: dir });
    const first = await cold.subset('sans', text); // decompresses, and keeps the result
    expect(readdirSync(join(dir, 'fonts')).filter((f) => f.endsWith('.ttf'))).toHaveLength(1);

    const warm = createFontService({ cacheDir: dir });
    expect(warm.measurer.width('sans', text, 9)).toBe(cold.measurer.width('sans', text, 9));
    expect(warm.missingGlyphs('sans', text)).toEqual(cold.missingGlyphs('sans', text));
    expect(warm.glyphPath('sans', text, 9, 1, 2)).toBe(cold.glyphPath('sans', text, 9, 1, 2));
    expect(warm.measurer.metrics('sans')).toEqual(cold.measurer.metrics('sans'));
    expect(Buffer.from(await warm.subset('sans', text)).equals(Buffer.from(first))).toBe(true);

    // A damaged entry is ignored: the face is read from its WOFF2 file again.
    const [name] = readdirSync(join(dir, 'fonts'));
    writeFileSync(join(dir, 'fonts', name!), 'garbage');
    const again = createFontService({ cacheDir: dir });
    expect(again.measurer.width('sans', text, 9)).toBe(cold.measurer.width('sans', text, 9));
  });

  it("measures from the cached face table exactly as fontkit reads the face: glyphs of the whole BMP, advances, metrics", () => {
    const dir = freshDir();
    createFontService({ cacheDir: dir }).measurer.width('sans', '福', 9); // makes the tables it needs
    createFontService({ cacheDir: dir }).measurer.width('brush', '福', 9);
    expect(readdirSync(join(dir, 'font-metrics'))).toHaveLength(2);
    const warm = createFontService({ cacheDir: dir });
    for (const face of ['sans', 'brush'] as const) {
      const font = fontkit.create(readFileSync(warm.fontFile(face)));
      const u = font.unitsPerEm;
      expect(warm.measurer.metrics(face)).toEqual({ ascent: font.ascent / u, descent: font.descent / u, capHeight: (font.capHeight || font.ascent) / u });
      const sample: number[] = [];
      for (let cp = 0; cp <= 0xffff; cp++) {
        const has = font.hasGlyphForCodePoint(cp);
        if (warm.measurer.hasGlyph(face, cp) !== has) throw new Error(`${face}: U+${cp.toString(16)} has a glyph: fontkit ${has}`);
        if (cp % 97 === 0 || (has && cp % 13 === 0 && sample.length < 400)) sample.push(cp);
      }
      // Advances (hmtx, as fontkit's advanceWidth gives them), and .notdef's for what is missing.
      for (const cp of sample) expect(warm.measurer.width(face, String.fromCodePoint(cp), 10), `${face} U+${cp.toString(16)}`).toBe(ptToMm((font.glyphForCodePoint(cp).advanceWidth / u) * 10));
    }
    // A damaged table is ignored and made again.
    const [name] = readdirSync(join(dir, 'font-metrics'));
    writeFileSync(join(dir, 'font-metrics', name!), 'garbage');
    expect(createFontService({ cacheDir: dir }).measurer.width('sans', '福A', 9)).toBe(warm.measurer.width('sans', '福A', 9));
    expect(createFontService({ cacheDir: dir }).measurer.width('brush', '福A', 9)).toBe(warm.measurer.width('brush', '福A', 9));
    expect(readFileSync(join(dir, 'font-metrics', name!)).toString()).not.toBe('garbage');
  }, 120_000);
});
