import { describe, expect, it } from 'vitest';
import { artColumn, takesImage } from './target';

describe('where a picked or dropped image is referenced', () => {
  const columns = ['id', 'copies', 'name', 'cost', 'art', 'template', 'back', 'kind'];
  const specs = { cost: { type: 'number' as const }, art: { type: 'image' as const }, kind: { type: 'list' as const, values: ['a'] } };

  it('never the id, copies, template or back column, nor a number or list column', () => {
    for (const c of ['id', 'copies', 'template', 'back', 'cost', 'kind']) expect(takesImage(c, specs), c).toBe(false);
    expect(takesImage('art', specs)).toBe(true);
    expect(takesImage('name', specs)).toBe(true);
  });

  it('the focused column when it takes images, else the first image column, else none', () => {
    expect(artColumn(columns, specs, 4)).toBe(4);
    expect(artColumn(columns, specs, 2)).toBe(2);
    expect(artColumn(columns, specs, 0)).toBe(4);
    expect(artColumn(columns, specs, 3)).toBe(4);
    expect(artColumn(['id', 'cost'], { cost: { type: 'number' } }, 0)).toBeNull();
  });
});
