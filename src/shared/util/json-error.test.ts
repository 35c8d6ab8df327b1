import { describe, expect, it } from 'vitest';
import { jsonErrorAt, jsonProblem } from './json-error';

const errorOf = (text: string): unknown => {
  try {
    JSON.parse(text);
  } catch (e) {
    return e;
  }
  throw new Error('parsed');
};

describe('where a JSON text stops parsing', () => {
  it('counts lines and columns from the position in the engine message', () => {
    const text = '{\n  "name": "front",\n  "layers": [\n    { "id": "a" }\n    { "id": "b" }\n  ]\n}\n';
    expect(jsonErrorAt(text, errorOf(text))).toEqual({ line: 5, column: 5 });
    expect(jsonErrorAt('{\n"a": 1,\n', errorOf('{\n"a": 1,\n'))).toMatchObject({ line: 3 });
    expect(jsonErrorAt('x', new Error('Expected property name (line 7 column 3)'))).toEqual({ line: 7, column: 3 });
  });

  it('says so in both languages, with the place', () => {
    const text = '{\n  "a": 1\n  "b": 2\n}';
    const p = jsonProblem('front.template.json', text, errorOf(text));
    expect(p.zh).toContain('第 3 行第 3 列');
    expect(p.en).toContain('line 3, column 3');
    expect(p).toMatchObject({ line: 3, column: 3 });
  });
});
