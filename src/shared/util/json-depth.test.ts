import { describe, expect, it } from 'vitest';
import { jsonTextTooDeep, MAX_JSON_DEPTH, valueTooDeep } from './json-depth';

describe('JSON depth limits', () => {
  it('finds where a text nests too deep, ignoring brackets inside strings, in one pass', () => {
    expect(jsonTextTooDeep('{"a":[1,{"b":"[[[[[[["}]}', 3)).toBeUndefined();
    expect(jsonTextTooDeep('[[[[1]]]]', 3)).toBe(3);
    const t0 = performance.now();
    expect(jsonTextTooDeep('['.repeat(1_000_000))).toBe(MAX_JSON_DEPTH);
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('finds where a value nests too deep without recursion, and names the path', () => {
    let d: unknown = 1;
    for (let i = 0; i < 100_000; i++) d = { a: d };
    expect(valueTooDeep({ match: { options: d } })).toMatch(/^match\.options(\.a){38}…?$/);
    expect(valueTooDeep([[[[1]]]], 3)).toBe('[0][0][0]');
    expect(valueTooDeep({ a: [[1]] }, 3)).toBeUndefined();
    // Bytes are leaves; a value reached twice is walked once.
    const shared = { x: 1 };
    expect(valueTooDeep({ bytes: new Uint8Array(10), a: shared, b: shared }, 2)).toBeUndefined();
  });

  it('walks a table of two million cells quickly (every IPC payload is checked)', () => {
    const rows = Array.from({ length: 10_000 }, () => Array.from({ length: 200 }, () => 'x'));
    const t0 = performance.now();
    expect(valueTooDeep({ rows })).toBeUndefined();
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
