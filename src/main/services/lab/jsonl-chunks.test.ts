import { describe, expect, it } from 'vitest';
import { JsonlChunks } from './jsonl-chunks';

describe('JsonlChunks', () => {
  it('puts batches that arrive in any order back in game order', () => {
    const c = new JsonlChunks();
    c.add({ from: 4, to: 6, lines: 'e\nf\n', count: 2 });
    c.add({ from: 0, to: 2, lines: 'a\nb\n', count: 2 });
    c.add({ from: 2, to: 4, lines: 'c\nd\n', count: 2 });
    expect(c.text()).toBe('a\nb\nc\nd\ne\nf\n');
    expect(c.size).toBe(6);
  });

  it('drops the text past its limit, and says so with null', () => {
    const c = new JsonlChunks(5);
    c.add({ from: 0, to: 2, lines: 'a\nb\n', count: 2 });
    c.add({ from: 2, to: 4, lines: 'c\nd\n', count: 2 });
    expect(c.text()).toBe('a\nb\nc\nd\n');
    c.add({ from: 4, to: 6, lines: 'e\nf\n', count: 2 });
    expect(c.text()).toBeNull();
    c.add({ from: 6, to: 7, lines: 'g\n', count: 1 });
    expect(c.text()).toBeNull();
  });

  it('is empty text before any batch', () => {
    expect(new JsonlChunks().text()).toBe('');
  });
});
