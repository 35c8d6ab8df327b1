import { describe, expect, it } from 'vitest';
import { fakeMeasurer } from '../../../../shared/cards/test-measurer';
import type { FontTables } from '../../../../shared/ipc/contract';
import { layoutEditorFace, TEMPLATE_WARNING } from './face';
import type { TemplateJson } from './layers';
import { charsOf, TableMeasurer } from './measurer';

const geometry = { width: 63, height: 88, bleed: 3, safe: 3 };
const card = { id: 'c1', copies: 1, template: 'front', back: 'back', fields: { name: '福鼠', art: 'icon:fluent-emoji-flat:rat', badge: '' } };
const tpl = (layers: TemplateJson['layers']): TemplateJson => ({ schemaVersion: 2, name: 'front', maps: {}, layers });

describe('the editor face', () => {
  it('lays out the template with the row: bound text, images collected', () => {
    const f = layoutEditorFace(tpl([
      { id: 'title', type: 'text', x: 5, y: 5, w: 53, h: 10, text: '{{name}}', face: 'sans', size: 12, color: '#000000' },
      { id: 'pic', type: 'image', x: 10, y: 20, w: 20, h: 20, src: '{{art}}' },
    ]), card, geometry, fakeMeasurer);
    expect(f.list.ops.find((o) => o.op === 'text')).toMatchObject({ text: '福鼠', id: 'title' });
    expect([...f.refs]).toEqual(['icon:fluent-emoji-flat:rat']);
    expect(f.warnings.size).toBe(0);
  });

  it('a layer the schema refuses is left out and reported on that layer only; unknown columns, overflow and the safe zone too', () => {
    const f = layoutEditorFace(tpl([
      { id: 'bad', type: 'rect', x: 5, y: 5, w: -1, h: 10, fill: '#FFFFFF' },
      { id: 'ok', type: 'rect', x: 5, y: 5, w: 10, h: 10, fill: 'orange' as string },
      { id: 'typo', type: 'text', x: 1, y: 50, w: 5, h: 3, text: '{{nmae}} 很长很长很长的文字', face: 'sans', size: 12, color: '#000000', fit: 'wrap' },
    ]), card, geometry, fakeMeasurer);
    expect(f.warnings.get('bad')?.[0]).toMatch(/^w:/);
    expect(f.warnings.get('ok')?.[0]).toMatch(/colour|#C23B22/);
    const typo = f.warnings.get('typo')!.join(' ');
    expect(typo).toMatch(/column "nmae"/);
    expect(typo).toMatch(/does not fit/);
    expect(typo).toMatch(/safe zone/);
    expect(f.list.ops.some((o) => o.id === 'bad')).toBe(false);
  });

  it('hidden layers are not drawn, conditions follow the row, rotated layers turn about their centre', () => {
    const f = layoutEditorFace(tpl([
      { id: 'gone', type: 'rect', x: 5, y: 5, w: 10, h: 10, fill: '#FFFFFF', hidden: true },
      { id: 'badge', type: 'ellipse', x: 5, y: 5, w: 10, h: 10, fill: '#C8102E', when: 'badge' },
      { id: 'turned', type: 'rect', x: 10, y: 20, w: 20, h: 10, fill: '#000000', rotation: 30 },
    ]), card, geometry, fakeMeasurer);
    expect(f.list.ops.some((o) => o.id === 'gone' || o.id === 'badge')).toBe(false);
    const withBadge = layoutEditorFace(tpl([{ id: 'badge', type: 'ellipse', x: 5, y: 5, w: 10, h: 10, fill: '#C8102E', when: 'badge' }]), { ...card, fields: { ...card.fields, badge: '新' } }, geometry, fakeMeasurer);
    expect(withBadge.list.ops).toHaveLength(1);
    const json = JSON.stringify(f.list.ops);
    expect(json).toMatch(/"deg":30,"cx":20,"cy":25/);
    expect(f.list.ops[0]).toMatchObject({ op: 'group', id: 'turned' });
  });

  it('a group keeps the children that pass; the bad child is reported on itself', () => {
    const f = layoutEditorFace(tpl([
      { id: 'g', type: 'group', rotation: 90, layers: [
        { id: 'fine', type: 'rect', x: 5, y: 5, w: 10, h: 10, fill: '#FFFFFF' },
        { id: 'broken', type: 'rect', x: 5, y: 5, w: 0, h: 10, fill: '#FFFFFF' },
      ] },
    ]), card, geometry, fakeMeasurer);
    expect(f.warnings.get('broken')?.[0]).toMatch(/^w:/);
    expect(f.warnings.has('g')).toBe(false);
    expect(f.list.ops).toHaveLength(1);
    expect(f.list.ops[0]).toMatchObject({ op: 'group', id: 'g', rotate: { deg: 90, cx: 10, cy: 10 } });
    expect(JSON.stringify(f.list.ops)).toContain('"id":"fine"');
    expect(JSON.stringify(f.list.ops)).not.toContain('"id":"broken"');
  });

  it('inline icons come from the template\'s icons map; a bad map entry is a template warning', () => {
    const base = tpl([{ id: 'rules', type: 'text', x: 5, y: 40, w: 53, h: 20, text: 'Luck {{icon:luck}} +1', face: 'sans', size: 9, color: '#000000' }]);
    const f = layoutEditorFace({ ...base, icons: { luck: 'file:art/luck.png' } }, card, geometry, fakeMeasurer);
    expect([...f.refs]).toEqual(['file:art/luck.png']);
    expect(f.warnings.size).toBe(0);
    const bad = layoutEditorFace({ ...base, icons: { 'no good': 'file:x.png' } }, card, geometry, fakeMeasurer);
    expect(bad.warnings.get(TEMPLATE_WARNING)?.[0]).toMatch(/icon names/);
    expect(bad.warnings.get('rules')?.join(' ')).toMatch(/icon "luck"/);
  });

  it('a raster image below 300 DPI at its printed size is reported on its layer; vector and sharp ones are not', () => {
    const layers: TemplateJson['layers'] = [
      { id: 'small', type: 'image', x: 5, y: 5, w: 50.8, h: 25.4, src: 'file:art/small.png', fit: 'cover' },
      { id: 'sharp', type: 'image', x: 5, y: 40, w: 25.4, h: 25.4, src: 'file:art/big.png' },
      { id: 'icon', type: 'image', x: 35, y: 40, w: 25.4, h: 25.4, src: 'icon:fluent-emoji-flat:rat' },
    ];
    const pixels = {
      // Cover: 300 × 300 px over a 2 × 1 in box prints 2 × 2 in: 150 DPI.
      'file:art/small.png': { widthPx: 300, heightPx: 300, vector: false },
      'file:art/big.png': { widthPx: 300, heightPx: 300, vector: false },
      'icon:fluent-emoji-flat:rat': { widthPx: 32, heightPx: 32, vector: true },
    };
    const f = layoutEditorFace(tpl(layers), card, geometry, fakeMeasurer, pixels);
    expect(f.warnings.get('small')?.[0]).toMatch(/prints at 150 DPI at 50\.8 × 50\.8 mm; 300 DPI needs 600 × 600 px/);
    expect(f.warnings.has('sharp')).toBe(false);
    expect(f.warnings.has('icon')).toBe(false);
    // Sizes not known yet: nothing said.
    expect(layoutEditorFace(tpl(layers), card, geometry, fakeMeasurer).warnings.size).toBe(0);
  });

  it('missing glyphs are reported on the layer', () => {
    const f = layoutEditorFace(tpl([{ id: 't', type: 'text', x: 5, y: 5, w: 53, h: 10, text: '①', face: 'sans', size: 12, color: '#000000' }]), card, geometry, fakeMeasurer);
    expect(f.warnings.get('t')?.[0]).toMatch(/no glyph for "①"/);
  });
});

describe('the table measurer', () => {
  const tables = (widths: Record<string, number>, missing = ''): FontTables => {
    const face = { ascent: 1.16, descent: -0.29, capHeight: 0.73, widths, missing };
    return { sans: face, 'sans-medium': face, 'sans-bold': face, brush: face, latin: face, 'latin-medium': face, 'latin-bold': face };
  };

  it('measures with the widths main sent, estimates the rest and asks for them', () => {
    const m = new TableMeasurer();
    m.add(tables({ A: 0.6 }));
    // 72 pt = 25.4 mm: one em is 25.4 mm.
    expect(m.width('sans', 'A', 72)).toBeCloseTo(0.6 * 25.4);
    expect(m.width('sans', 'A福', 72)).toBeCloseTo(1.6 * 25.4);
    expect(m.takeWanted()).toBe('福');
    expect(m.takeWanted()).toBe('');
    m.add(tables({ 福: 0.98 }, '①'));
    expect(m.width('sans', 'A福', 72)).toBeCloseTo(1.58 * 25.4);
    expect(m.hasGlyph('sans', '①'.codePointAt(0)!)).toBe(false);
    expect(m.metrics('brush')).toEqual({ ascent: 1.16, descent: -0.29, capHeight: 0.73 });
  });

  it('asks for ASCII and every character of the texts, once', () => {
    const c = charsOf('福福\n鼠');
    expect(c).toContain('A');
    expect([...c].filter((x) => x === '福')).toHaveLength(1);
    expect(c).not.toContain('\n');
  });
});
