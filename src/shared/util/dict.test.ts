import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dict, dictOf, own } from './dict';

/** Every name an ordinary object inherits. */
const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);

describe('dict', () => {
  const schema = dict(z.string().min(1), z.strictObject({ type: z.enum(['text', 'number']) }));
  it('keeps every Object.prototype name as an ordinary entry, __proto__ included, in order', () => {
    const input = JSON.parse(`{${PROTO_NAMES.map((n) => `${JSON.stringify(n)}:{"type":"number"}`).join(',')}}`);
    const out = schema.parse(input);
    expect(Object.getPrototypeOf(out)).toBe(null);
    expect(Object.keys(out)).toEqual(PROTO_NAMES);
    for (const n of PROTO_NAMES) expect(out[n]).toEqual({ type: 'number' });
    expect(JSON.parse(JSON.stringify(out))).toEqual(input);
  });
  it('reports bad entries by their key, __proto__ too', () => {
    const bad = schema.safeParse(JSON.parse('{"a":{"type":"x"},"__proto__":{"type":"y"}}'));
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['a.type']);
    const proto = schema.safeParse(JSON.parse('{"a":{"type":"text"},"__proto__":{"type":"y"}}'));
    expect(proto.error!.issues.map((i) => i.path.join('.'))).toEqual(['__proto__.type']);
    expect(schema.safeParse([]).success).toBe(false);
    expect(schema.safeParse(null).success).toBe(false);
  });
  it('answers objects with no prototype for plain input, with own() reading only own entries', () => {
    const out = schema.parse({ a: { type: 'text' } });
    expect(Object.getPrototypeOf(out)).toBe(null);
    expect(own(out, 'constructor')).toBeUndefined();
    expect(own({}, 'toString')).toBeUndefined();
    const d = dictOf<number>();
    d['__proto__'] = 1;
    expect(Object.keys(d)).toEqual(['__proto__']);
  });
});

describe('image refs named after inherited members', () => {
  it('draw as a missing picture, never as a function', async () => {
    const { drawListToSvg } = await import('../cards/svg');
    const images: Record<string, string> = JSON.parse('{"file:art/a.png":"data:image/png;base64,AA=="}');
    for (const ref of PROTO_NAMES) {
      const svg = drawListToSvg({ width: 10, height: 10, bleed: 0, ops: [{ op: 'image', id: 'art', x: 0, y: 0, w: 5, h: 5, ref }] }, { text: 'text', imageHref: (r) => images[r] });
      expect(svg, ref).not.toMatch(/<image|function|native code/);
    }
  });
});
