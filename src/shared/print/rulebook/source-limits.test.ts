import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Lexer } from 'marked';
import { describe, expect, it, vi } from 'vitest';
import { fakeMeasurer } from '../../cards/test-measurer';
import { PROJECT_LIMITS } from '../../cards/limits';
import { typesetRulebook } from './index';
import { parseRulebook } from './parse';
import { checkRulebookSource, RulebookSourceError } from './source-limits';

const N = PROJECT_LIMITS.markdownNesting;
const tooDeep = (line: number) => `line ${line}: block quotes and lists are nested more than ${N} deep (the limit); remove some of the leading ">" markers or list indentation on that line.`;
/** What parseRulebook throws for a source, or 'ok'. */
function refusal(md: string): string {
  try {
    parseRulebook(md);
    return 'ok';
  } catch (e) {
    expect(e).toBeInstanceOf(RulebookSourceError);
    return (e as Error).message;
  }
}
const timed = <T>(f: () => T): T => {
  const t0 = Date.now();
  const r = f();
  expect(Date.now() - t0).toBeLessThan(2000);
  return r;
};

describe('rulebook sources nested too deeply', () => {
  it('refuses 20,000 nested ">" with a message naming the line, before marked overflows', () => {
    const md = `# Rules\n\nIntro.\n${'>'.repeat(20_000)} deep\n`;
    expect(timed(() => refusal(md))).toBe(tooDeep(4));
    expect(() => typesetRulebook(md, { paper: 'a5', lang: 'en', title: 'T', runningTitle: 'T' }, { measurer: fakeMeasurer })).toThrow(RulebookSourceError);
  });

  it('refuses lists nested on one line, by indentation, and mixed with quotes', () => {
    expect(timed(() => refusal(`${'- '.repeat(20_000)}x`))).toBe(tooDeep(1));
    expect(timed(() => refusal(`${'1. '.repeat(20_000)}x`))).toBe(tooDeep(1));
    expect(timed(() => refusal(`${'- > '.repeat(10_000)}x`))).toBe(tooDeep(1));
    const indented = Array.from({ length: 3000 }, (_, i) => `${' '.repeat(2 * i)}- item ${i}`).join('\n');
    expect(timed(() => refusal(indented))).toBe(tooDeep(N + 1));
    const tabbed = Array.from({ length: 3000 }, (_, i) => `${'\t'.repeat(i)}- item ${i}`).join('\n');
    expect(timed(() => refusal(tabbed))).toBe(tooDeep(N + 1));
    const quoted = Array.from({ length: 100 }, (_, i) => `> ${' '.repeat(2 * i)}- item ${i}`).join('\n');
    expect(timed(() => refusal(quoted))).toBe(tooDeep(N));
    // Lazy continuation lines between items do not hide the depth.
    const lazy = Array.from({ length: 3000 }, (_, i) => `${' '.repeat(2 * i)}- item ${i}\nlazy text`).join('\n');
    expect(timed(() => refusal(lazy))).toBe(tooDeep(2 * N + 1));
  });

  it(`reads nesting up to ${N} levels, rules, code and real rulebooks`, () => {
    expect(refusal(`${'> '.repeat(N)}deep enough`)).toBe('ok');
    expect(refusal(Array.from({ length: N }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n'))).toBe('ok');
    expect(refusal(Array.from({ length: N }, (_, i) => `${'    '.repeat(i)}- item ${i}`).join('\n\n'))).toBe('ok');
    expect(refusal(`${'* '.repeat(40)}\n\n${'- '.repeat(40)}\n\n---\n`)).toBe('ok'); // rules, not items
    expect(refusal(`\`\`\`\n${'> '.repeat(100)}\n${'- '.repeat(100)}x\n\`\`\`\n\n~~~~\n${'>'.repeat(50)}\n~~~~\n`)).toBe('ok');
    expect(refusal(`text\n\n        ${'- '.repeat(100)}x\n`)).toBe('ok'); // indented code
    const root = join(__dirname, '../../../..');
    for (const f of ['templates/doufu/rules.zh.md', 'templates/doufu/rules.en.md', 'templates/zodiac-race/rules.zh.md', 'templates/zodiac-race/rules.en.md', 'templates/dou-laoban/rules.zh.md', 'templates/dou-laoban/rules.en.md', 'templates/moyu-wang/rules.zh.md', 'templates/moyu-wang/rules.en.md', 'templates/dou-shisi/rules.zh.md', 'templates/dou-shisi/rules.en.md', 'src/shared/print/rulebook/sample.md'])
      expect([f, checkRulebookSource(readFileSync(join(root, f), 'utf8'))]).toEqual([f, undefined]);
  });

  it('refuses emphasis nested too deeply, naming the line, before marked spends seconds on it', () => {
    const deep = (n: number, c = '*') => `${`${c}a `.repeat(n)}x${c.repeat(n)}`;
    const msg = (line: number) => `line ${line}: emphasis (* _ ~) in this paragraph is nested more than ${4 * N} deep by this line (the limit); close the "*", "_" or "~" markers you open, or remove some.`;
    expect(timed(() => refusal(`# Rules\n\nFine *text*.\n\n${deep(20_000)}\n\nAfter.\n`))).toBe(msg(5));
    expect(timed(() => refusal(`Para\n${deep(20_000, '~~')}`))).toBe(msg(2));
    expect(timed(() => refusal(`Para\n    ${deep(20_000, '__')}`))).toBe(msg(2)); // a continuation line, indented
    expect(refusal(deep(4 * N))).toBe('ok');
    // Ordinary emphasis, however much of it, opens and closes.
    expect(refusal(Array.from({ length: 5000 }, (_, i) => `**福${i}** *em* snake_case_name a*b*c ~~del~~ 2 * 3`).join(' '))).toBe('ok');
  });

  it('turns a stack overflow in marked into a RulebookSourceError', () => {
    const lex = vi.spyOn(Lexer.prototype, 'lex').mockImplementation(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    try {
      expect(refusal('# Rules')).toBe('is nested too deeply to read (emphasis, links, quotes or lists inside each other); simplify the nesting.');
    } finally {
      lex.mockRestore();
    }
  });

  it(`refuses a source over ${PROJECT_LIMITS.fileBytes / 1024 / 1024} MiB, counting UTF-8 bytes`, () => {
    const ascii = 'a'.repeat(PROJECT_LIMITS.fileBytes);
    expect(checkRulebookSource(ascii)).toBeUndefined();
    expect(checkRulebookSource(`${ascii}a`)?.message).toBe('is 16.0 MiB; the limit for a rulebook source is 16 MiB. Split it or remove what it does not need.');
    const cjk = '福'.repeat(PROJECT_LIMITS.fileBytes / 3 + 1); // 3 bytes each
    expect(checkRulebookSource(cjk)?.message).toMatch(/^is 16\.0 MiB; the limit/);
  });
});
