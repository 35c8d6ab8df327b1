import { describe, expect, it } from 'vitest';
import { frozenCount, loadLayout, saveLayout, type LayoutStore } from './grid-view';

function memory(): LayoutStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

describe('grid layout kept per project', () => {
  it('reads back what was kept, for that project only', () => {
    const s = memory();
    saveLayout('p1', { widths: { name: 420 }, frozenThrough: 'name' }, s);
    expect(loadLayout('p1', s)).toEqual({ widths: { name: 420 }, frozenThrough: 'name' });
    expect(loadLayout('p2', s)).toEqual({ widths: {}, frozenThrough: null });
  });

  it('ignores a value that is not a layout and clamps widths', () => {
    const s = memory();
    s.map.set('fuqi.grid.layout.p', '{not json');
    expect(loadLayout('p', s)).toEqual({ widths: {}, frozenThrough: null });
    s.map.set('fuqi.grid.layout.p', JSON.stringify({ widths: { a: 5, b: 99999, c: 'x', d: 120.4 }, frozenThrough: 3 }));
    expect(loadLayout('p', s)).toEqual({ widths: { a: 48, b: 800, d: 120 }, frozenThrough: null });
  });

  it('freezes up to the named column wherever it moved, none when it is gone', () => {
    expect(frozenCount(['id', 'name', 'cost'], 'name')).toBe(2);
    expect(frozenCount(['name', 'id', 'cost'], 'name')).toBe(1);
    expect(frozenCount(['id', 'cost'], 'name')).toBe(0);
    expect(frozenCount(['id'], null)).toBe(0);
  });
});
