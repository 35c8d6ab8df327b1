import { describe, expect, it } from 'vitest';
import { compileOps, ellipsePath, num, rectPath, rgb, svgPathToPdf, type ContentResources } from './pdf-content';

const res: ContentResources = {
  font: (face) => `F_${face}`,
  encode: (_face, text) => `<${[...text].map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0')).join('')}>`,
  image: () => 'Im1',
  gs: (ca, CA) => `GS_${ca}_${CA}`,
  shading: (g) => `Sh_${g.kind}`,
  shadow: (op) => `Sd_${op.id}`,
  form: (build) => `Fm(${build(res)})`,
};

describe('PDF content compiler', () => {
  it('formats numbers without exponents or trailing zeros', () => {
    expect([num(10), num(0.5), num(-0.00001), num(1 / 3), num(1e-7, 8), num(123456789)]).toEqual(['10', '0.5', '0', '0.3333', '0.0000001', '123456789']);
    expect(() => num(NaN)).toThrow(/coordinate is NaN/);
  });

  it('converts colours and names a bad one', () => {
    expect(rgb('#ff8000')).toBe('1 0.502 0');
    expect(() => rgb('red', 'title')).toThrow(/Colour "red" of element "title" is not #rrggbb/);
  });

  it('converts SVG paths, relative and quadratic included', () => {
    expect(svgPathToPdf('M1 2 L3 4 H5 V6 Z')).toBe('1 2 m\n3 4 l\n5 4 l\n5 6 l\nh');
    expect(svgPathToPdf('m1 1 l2 0 2 2 z')).toBe('1 1 m\n3 1 l\n5 3 l\nh');
    expect(svgPathToPdf('M0 0 Q3 3 6 0')).toBe('0 0 m\n2 2 4 2 6 0 c');
    expect(svgPathToPdf('M0 0 C1 1 2 2 3 3')).toBe('0 0 m\n1 1 2 2 3 3 c');
    expect(() => svgPathToPdf('M0 0 A1 1 0 0 1 2 2', 'arc')).toThrow(/Path "arc" uses the SVG command "A".*M L H V C Q Z/);
    expect(() => svgPathToPdf('M0')).toThrow(/malformed near "end"/);
  });

  it('draws rounded rects and ellipses as closed paths', () => {
    expect(rectPath(1, 2, 3, 4)).toBe('1 2 3 4 re');
    const r = rectPath(0, 0, 10, 10, 2).split('\n');
    expect(r[0]).toBe('2 0 m');
    expect(r.filter((l) => l.endsWith(' c'))).toHaveLength(4);
    expect(r.at(-1)).toBe('h');
    expect(rectPath(0, 0, 4, 2, 5)).toContain('1 0 m'); // radius clamped to half the short side
    expect(ellipsePath(5, 5, 2, 1).split('\n')[0]).toBe('7 5 m');
  });

  it('compiles text upright with letter spacing and opacity, and groups', () => {
    const t = compileOps([{ op: 'text', x: 1, y: 2, text: '福', face: 'sans', size: 72, color: '#000000', width: 25.4, letterSpacing: 0.5, opacity: 0.5 }], res);
    expect(t).toBe('q\n/GS_0.5_0.5 gs\n0 0 0 rg\nBT\n/F_sans 25.4 Tf\n0.5 Tc\n1 0 0 -1 1 2 Tm\n<798f> Tj\nET\nQ');
    const g = compileOps([{ op: 'group', rotate: { deg: 90, cx: 1, cy: 1 }, clip: { x: 0, y: 0, w: 2, h: 2 }, opacity: 0.5, ops: [{ op: 'line', x1: 0, y1: 0, x2: 1, y2: 1, stroke: { color: '#ffffff', width: 0.1, dash: [1, 0.5] } }] }], res);
    expect(g).toBe('q\n0 1 -1 0 2 0 cm\n0 0 2 2 re\nW n\n/GS_0.5_0.5 gs\n/Fm(q\n1 1 1 RG\n0.1 w\n[1 0.5] 0 d\n0 0 m 1 1 l\nS\nQ) Do\nQ');
    expect(compileOps([{ op: 'rect', x: 0, y: 0, w: 1, h: 1, stroke: { color: '#000000', width: 0 } }], res)).toBe('');
  });
});
