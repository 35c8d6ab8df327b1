import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fontkit } from './pdf-font';
import { createFontService, FONT_FILES } from './fonts';
import { hmtxAdvances, metricsSfnt } from './woff2-metrics';
import type { FontFaceId } from '../../../shared/cards/draw-list';

describe('the measuring tables cut out of a WOFF2 face', () => {
  const fonts = createFontService({ cacheDir: null });

  it.each(Object.keys(FONT_FILES) as FontFaceId[])('%s: the same map, advances and metrics as fontkit reads from the whole file', (face) => {
    const bytes = readFileSync(fonts.fontFile(face));
    const small = metricsSfnt(bytes)!;
    expect(small.length).toBeLessThan(bytes.length);
    const whole = fontkit().create(bytes);
    const cut = fontkit().create(small);
    expect(cut.characterSet).toEqual(whole.characterSet);
    for (const k of ['unitsPerEm', 'ascent', 'descent', 'capHeight', 'numGlyphs'] as const) expect(cut[k], k).toBe(whole[k]);
    const m = (f: typeof whole) => (f as unknown as { hmtx: { metrics: { length: number; get(i: number): { advance: number } } } }).hmtx.metrics;
    expect(m(cut).length).toBe(m(whole).length);
    const raw = hmtxAdvances(small)!;
    expect(raw.length).toBe(m(whole).length);
    for (let id = 0; id < m(whole).length; id += 7) {
      expect(m(cut).get(id).advance).toBe(m(whole).get(id).advance);
      expect(raw[id]).toBe(m(whole).get(id).advance);
    }
  });

  it('leaves anything but a plain WOFF2 file to fontkit', () => {
    expect(metricsSfnt(new Uint8Array(10))).toBeUndefined();
    expect(metricsSfnt(Buffer.from('wOF2'.padEnd(60, '\0')))).toBeUndefined();
    const bytes = readFileSync(fonts.fontFile('sans'));
    expect(metricsSfnt(bytes.subarray(0, 400))).toBeUndefined();
  });
});
