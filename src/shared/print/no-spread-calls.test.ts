import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Spreading an array into a call passes every element as an argument on the stack: ten million
// lines of a bound cell overflowed it (`ops.push(...out)`). Layout and print code builds arrays
// from user data of any size, so it appends with loops and folds maxima with reduce.
const SPREAD_CALL = /\.(push|unshift|splice)\(\s*\.\.\.|Math\.(max|min)\([^)]*\.\.\./;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

describe('layout and print code', () => {
  it('never spreads an array into a call', () => {
    const root = join(__dirname, '..');
    const hits: string[] = [];
    for (const file of [...sources(join(root, 'cards')), ...sources(join(root, 'print'))])
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => SPREAD_CALL.test(line) && hits.push(`${file.slice(root.length + 1)}:${i + 1}: ${line.trim()}`));
    expect(hits).toEqual([]);
  });
});
