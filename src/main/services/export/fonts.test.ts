import { existsSync, readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { ptToMm } from '../../../shared/util/units';
import { createFontService, postScriptName } from './fonts';

const fonts = createFontService();

describe('font service', () => {
  it('resolves every face to an installed file', () => {
    for (const face of ['sans', 'sans-medium', 'sans-bold', 'brush'] as const) {
      expect(existsSync(fonts.fontFile(face))).toBe(true);
    }
    expect(fonts.fontFile('sans-bold')).toMatch(/noto-sans-sc-chinese-simplified-700-normal\.woff2$/);
    expect(() => fonts.fontFile('serif' as never)).toThrow(/Unknown font face "serif"/);
  });

  it('names faces by family and weight', () => {
    expect(postScriptName('sans')).toBe('NotoSansSC-Regular');
    expect(postScriptName('sans-medium')).toBe('NotoSansSC-Medium');
    expect(postScriptName('brush')).toBe('MaShanZheng-Regular');
  });

  it('measures advance widths without kerning', () => {
    // CJK ideographs are 1 em wide in Noto Sans SC.
    expect(fonts.measurer.width('sans', '福鼠', 10)).toBeCloseTo(2 * ptToMm(10), 9);
    // A = 608, V = 575 units in the 400 weight; kerning would pull "AV" closer.
    expect(fonts.measurer.width('sans', 'AV', 10)).toBeCloseTo(ptToMm(((608 + 575) / 1000) * 10), 9);
    const bold = fonts.measurer.width('sans-bold', 'AV', 10);
    expect(bold).toBeGreaterThan(fonts.measurer.width('sans', 'AV', 10));
    expect(fonts.measurer.width('sans', '', 10)).toBe(0);
  });

  it("reads advances from hmtx exactly as fontkit's advanceWidth gives them, for every face", () => {
    const text = readFileSync('templates/doufu/rules.zh.md', 'utf8') + readFileSync('templates/doufu/rules.en.md', 'utf8') + '①“”‘’…—';
    const cps = [...new Set(text)].map((c) => c.codePointAt(0)!);
    for (const face of ['sans', 'sans-medium', 'sans-bold', 'brush'] as const) {
      const upm = fontkit.create(readFileSync(fonts.fontFile(face))).unitsPerEm;
      for (const cp of cps) {
        const expected = ptToMm((fonts.glyphFor(face, cp).advanceWidth / upm) * 10);
        expect(fonts.measurer.width(face, String.fromCodePoint(cp), 10), `${face} U+${cp.toString(16)}`).toBe(expected);
      }
    }
  });

  it('reports metrics in em', () => {
    const m = fonts.measurer.metrics('sans');
    expect(m.ascent).toBeCloseTo(1.16);
    expect(m.descent).toBeCloseTo(-0.288);
    expect(m.capHeight).toBeCloseTo(0.733);
    const b = fonts.measurer.metrics('brush');
    expect(b.ascent).toBeGreaterThan(0.5);
    expect(b.descent).toBeLessThan(0);
  });

  it('finds missing glyphs', () => {
    expect(fonts.measurer.hasGlyph('sans', '福'.codePointAt(0)!)).toBe(true);
    expect(fonts.measurer.hasGlyph('sans', '①'.codePointAt(0)!)).toBe(false);
    expect(fonts.missingGlyphs('sans', '投鼠①忌器①')).toEqual(['①']);
    expect(fonts.missingGlyphs('brush', '斗老闆')).toEqual(['闆']);
    expect(fonts.missingGlyphs('sans', '斗老闆 ABC')).toEqual([]);
  });

  it('subsets to a small TrueType font with the same advances', async () => {
    const bytes = await fonts.subset('sans', '福鼠 投忌器AV');
    expect([...bytes.subarray(0, 4)]).toEqual([0, 1, 0, 0]); // TrueType sfnt version
    expect(bytes.length).toBeLessThan(20_000);
    const f = fontkit.create(bytes);
    for (const ch of '福鼠投忌器AV ') {
      const cp = ch.codePointAt(0)!;
      expect(f.hasGlyphForCodePoint(cp)).toBe(true);
      expect(f.glyphForCodePoint(cp).advanceWidth).toBe(fonts.glyphFor('sans', cp).advanceWidth);
    }
    expect(f.hasGlyphForCodePoint('猫'.codePointAt(0)!)).toBe(false);
    expect(await fonts.subset('sans', '福鼠 投忌器AV')).toBe(bytes); // cached
  });


  it('subsets several faces side by side, in a fresh service, into sound fonts', async () => {
    // A PDF subsets its faces together. WOFF2 decompressions that overlap corrupt one another
    // (the decompressor hands back a view of memory its next call reuses), so every face here
    // must come back a TrueType font with the right glyph for each character.
    const fresh = createFontService();
    const faces = ['sans', 'brush'] as const;
    const out = await Promise.all(faces.map((f) => fresh.subset(f, '福鼠A')));
    out.forEach((bytes, i) => {
      expect([...bytes.subarray(0, 4)], faces[i]).toEqual([0, 1, 0, 0]);
      const f = fontkit.create(bytes);
      for (const ch of '福鼠A') expect(f.glyphForCodePoint(ch.codePointAt(0)!).advanceWidth).toBe(fresh.glyphFor(faces[i]!, ch.codePointAt(0)!).advanceWidth);
    });
  });

  it('outlines text as SVG path data in mm around the baseline', () => {
    const d = fonts.glyphPath('sans', '福鼠', 10, 5, 20);
    expect(d).toMatch(/^M[\d.]+ [\d.]+/);
    expect(d).not.toMatch(/NaN/);
    const nums = [...d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const em = ptToMm(10);
    for (const [x, y] of nums) {
      expect(x).toBeGreaterThanOrEqual(5 - 0.01);
      expect(x).toBeLessThanOrEqual(5 + 2 * em + 0.01);
      expect(y).toBeGreaterThanOrEqual(20 - 1.16 * em);
      expect(y).toBeLessThanOrEqual(20 + 0.288 * em);
    }
    // Letter spacing shifts the second glyph.
    const spaced = fonts.glyphPath('sans', '福鼠', 10, 5, 20, 2);
    expect(spaced).not.toBe(d);
    expect(fonts.glyphPath('sans', ' ', 10, 0, 0)).toBe('');
  });
});
