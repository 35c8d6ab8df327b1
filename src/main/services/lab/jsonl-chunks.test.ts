import { describe, expect, it } from 'vitest';
import { JsonlChunks } from './jsonl-chunks';

describe('JsonlChunks', () => {
  it('puts batches that arrive in any order back in game order', () => {
    const c = new JsonlChunks();
    c.add(4, 'e\nf\n', 2);
    c.add(0, 'a\nb\n', 2);
    c.add(2, 'c\nd\n', 2);
    expect(c.text()).toBe('a\nb\nc\nd\ne\nf\n');
    expect(c.size).toBe(6);
  });

  it('drops the text past its limit, and says so with null', () => {
    const c = new JsonlChunks(5);
    c.add(0, 'a\nb\n', 2);
    c.add(2, 'c\nd\n', 2);
    expect(c.text()).toBe('a\nb\nc\nd\n');
    c.add(4, 'e\nf\n', 2);
    expect(c.text()).toBeNull();
    c.add(6, 'g\n', 1);
    expect(c.text()).toBeNull();
  });

  it('is empty text before any batch', () => {
    expect(new JsonlChunks().text()).toBe('');
  });
});
