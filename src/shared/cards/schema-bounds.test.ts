import { describe, expect, it } from 'vitest';
import { CARD_SET_SCHEMA_VERSION, TemplateFile } from './schema';

const text = { id: 'name', type: 'text', x: 3, y: 3, w: 57, h: 10, text: 'x', face: 'sans', size: 9, color: '#000000' };
const parse = (layer: Record<string, unknown>) => TemplateFile.safeParse({ schemaVersion: CARD_SET_SCHEMA_VERSION, name: 't', layers: [layer] });

describe('template numbers stay in a range that arithmetic keeps finite', () => {
  it('accepts ordinary lengths and sizes', () => {
    expect(parse(text).success).toBe(true);
    expect(parse({ ...text, x: -10, y: 9999, size: 999, lineHeight: 9 }).success).toBe(true);
  });

  it.each([
    ['y', 1e308, 'use a length from -10000 to 10000 mm'],
    ['x', -20_000, 'use a length from -10000 to 10000 mm'],
    ['w', 1e20, 'use a length from -10000 to 10000 mm'],
    ['size', 1e9, 'use a size of at most 1000 pt'],
    ['lineHeight', 1e6, 'use a line height of at most 10'],
  ])('refuses %s = %s, saying the range', (field, value, message) => {
    const r = parse({ ...text, [field]: value });
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path.includes(field));
    expect(issue?.message).toContain(message);
  });
});
