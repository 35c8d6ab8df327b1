import { describe, expect, it } from 'vitest';
import type { DrawList, DrawOp } from '../cards/draw-list';
import { fakeMeasurer } from './fake-measurer';
import { preflight, PREFLIGHT_CODES, type PreflightFace } from './preflight';

const m = fakeMeasurer({ missing: { brush: '鼠' } });
const card = (ops: DrawOp[]): DrawList => ({ width: 63, height: 88, bleed: 3, ops });
const face = (ops: DrawOp[], cardId = 'RAT-FU', side: 'front' | 'back' = 'front'): PreflightFace => ({ cardId, side, list: card(ops), safe: 3 });
const BG: DrawOp = { op: 'rect', id: 'bg', x: -3, y: -3, w: 69, h: 94, fill: { color: '#c23b22' } };
const text = (t: string, x: number, y: number, extra: Partial<Extract<DrawOp, { op: 'text' }>> = {}): DrawOp => ({
  op: 'text', x, y, text: t, face: 'sans', size: 10, color: '#000000', width: [...t].length * 3.5, ...extra,
});
const images = new Map([
  ['file:art/big.png', { widthPx: 600, heightPx: 480 }],
  ['file:art/small.png', { widthPx: 300, heightPx: 240 }],
]);

describe('preflight', () => {
  it('a clean card has no issues and does not block', () => {
    const r = preflight([face([BG, text('Rat', 5, 10, { id: 'name' }), { op: 'image', id: 'art', x: 6, y: 20, w: 50, h: 40, ref: 'file:art/big.png' }])], m, images);
    expect(r).toEqual({ issues: [], blocking: false });
  });

  it('warns about text outside the safe zone, saying by how much', () => {
    const r = preflight([face([BG, text('Rat', 1, 10, { id: 'name' })])], m);
    expect(r.blocking).toBe(false);
    expect(r.issues).toEqual([
      {
        severity: 'warning', code: 'print/text-outside-safe', cardId: 'RAT-FU', side: 'front', elementId: 'name', key: 'print/text-outside-safe|RAT-FU|front|name|Rat',
        message: {
          en: 'Card RAT-FU (front) (layer “name”): “Rat” reaches 2 mm outside the safe zone (3 mm inside the trim) and may be cut off. Move it inwards or make it smaller.',
          zh: '卡牌 RAT-FU（正面）（图层“name”）：“Rat”超出安全区 2 毫米（安全区为裁切线内 3 毫米），可能被裁掉。请向内移动或缩小。',
        },
      },
    ]);
  });

  it('uses ascent and descent for the vertical extent (baseline 5 mm at 10 pt reaches 1.1 mm above the safe zone)', () => {
    const [i] = preflight([face([BG, text('Rat', 5, 5)])], m).issues;
    expect(i!.message.en).toMatch(/reaches 1\.1 mm outside/); // ascent 0.88 × 3.528 = 3.10 mm: top at 1.90, safe edge at 3
    expect(i!.elementId).toBeUndefined();
  });

  it('follows group rotation: a long line turned 90° about the card centre fits', () => {
    const long = text('x', 1.5, 45, { width: 60, id: 'side' });
    expect(preflight([face([BG, long])], m).issues.map((i) => i.code)).toEqual(['print/text-outside-safe']);
    expect(preflight([face([BG, { op: 'group', id: 'rot', rotate: { deg: 90, cx: 31.5, cy: 44 }, ops: [long] }])], m).issues).toEqual([]);
  });

  it('a missing glyph is an error naming the character, and blocks', () => {
    const r = preflight([face([BG, { op: 'group', id: 'title', ops: [text('子鼠鼠', 10, 20, { face: 'brush' })] }])], m);
    expect(r.blocking).toBe(true);
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({ severity: 'error', code: PREFLIGHT_CODES.GLYPH_MISSING, elementId: 'title' });
    expect(r.issues[0]!.message.en).toBe('Card RAT-FU (front) (layer “title”): the font “brush” has no glyph for “鼠” (U+9F20), which would print as a box. Use another face or replace the character.');
    expect(r.issues[0]!.message.zh).toContain('缺少字符 “鼠” (U+9F20)');
  });

  it('overflow reported by layout is an error; accepted errors stop blocking', () => {
    const r = preflight([face([BG])], m, new Map(), { overflows: [{ cardId: 'RAT-FU', side: 'back', elementId: 'rules' }] });
    expect(r.blocking).toBe(true);
    expect(r.issues[0]).toMatchObject({ severity: 'error', code: 'print/text-overflow', cardId: 'RAT-FU', side: 'back', elementId: 'rules' });
    expect(r.issues[0]!.message.en).toMatch(/layer “rules”: the text does not fit its box/);
    const again = preflight([face([BG])], m, new Map(), { overflows: [{ cardId: 'RAT-FU', side: 'back', elementId: 'rules' }], accepted: new Set([r.issues[0]!.key]) });
    expect(again.blocking).toBe(false);
  });

  it('warns about art below 300 DPI at its printed size, with the pixels it needs', () => {
    const r = preflight([face([BG, { op: 'image', id: 'art', x: 6, y: 20, w: 50, h: 40, ref: 'file:art/small.png' }, { op: 'image', x: 0, y: 0, w: 10, h: 10, ref: 'icon:x' }])], m, images);
    expect(r.blocking).toBe(false);
    expect(r.issues).toHaveLength(1); // the icon has no entry: vector, not checked
    expect(r.issues[0]).toMatchObject({ severity: 'warning', code: 'print/image-low-dpi', elementId: 'art' });
    // 300 px over 50 mm (1.9685 in) = 152.4 DPI; 300 DPI needs 590.6 → 591 × 472.4 → 473 px.
    expect(r.issues[0]!.message.en).toBe(
      'Card RAT-FU (front) (layer “art”): image “file:art/small.png” (300 × 240 px) prints at 152 DPI at 50 × 40 mm; 300 DPI needs 591 × 473 px. Use a larger image or print it smaller.',
    );
  });

  it('warns when nothing covers the bleed box, naming the likely background', () => {
    const r = preflight([face([{ op: 'rect', id: 'bg', x: 0, y: 0, w: 63, h: 88, fill: { color: '#ffffff' } }])], m);
    expect(r.issues).toEqual([expect.objectContaining({ severity: 'warning', code: 'print/bleed-not-covered', elementId: 'bg' })]);
    expect(r.issues[0]!.message.en).toBe(
      'Card RAT-FU (front): nothing covers the 3 mm bleed, so a slightly off cut shows a white edge. Extend the background to x = y = −3 mm, 69 × 94 mm.',
    );
  });

  it('bleed coverage: rounded or unfilled rects do not count; images and clipped groups that cover do', () => {
    const bleed = (ops: DrawOp[]) => preflight([face(ops)], m).issues.some((i) => i.code === 'print/bleed-not-covered');
    expect(bleed([{ ...BG, radius: 3 } as DrawOp])).toBe(true);
    expect(bleed([{ op: 'rect', x: -3, y: -3, w: 69, h: 94, stroke: { color: '#000000', width: 1 } }])).toBe(true);
    expect(bleed([{ op: 'image', x: -3, y: -3, w: 69, h: 94, ref: 'file:bg.png' }])).toBe(false);
    expect(bleed([{ op: 'group', clip: { x: -3, y: -3, w: 69, h: 94 }, ops: [BG] }])).toBe(false);
    expect(bleed([{ op: 'group', clip: { x: 0, y: 0, w: 63, h: 88 }, ops: [BG] }])).toBe(true);
    expect(preflight([{ ...face([]), list: { width: 63, height: 88, bleed: 0, ops: [] } }], m).issues).toEqual([]);
  });

  it('keeps input order across faces and reports every face', () => {
    const r = preflight([face([BG, text('Rat', 1, 10)], 'A'), face([BG, text('鼠', 10, 20, { face: 'brush' })], 'B', 'back')], m);
    expect(r.issues.map((i) => `${i.cardId}/${i.side}/${i.code}`)).toEqual(['A/front/print/text-outside-safe', 'B/back/print/glyph-missing']);
  });
});
