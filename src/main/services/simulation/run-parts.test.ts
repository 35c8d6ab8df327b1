// The run flags' shared checks and printed parts: each branch a game's config or summary takes.
import { describe, expect, it } from 'vitest';
import { botsFlag, jsonOnce, optionsFlag, refuse, resolving, searchMsFlag, timeLine } from './run-parts';

const parse = (raw: unknown) => ((raw as { bad?: boolean }).bad ? { ok: false as const, message: { en: 'bad is refused.' } } : { ok: true as const, options: raw as Record<string, unknown>, warnings: ['w'] });
const error = (r: { ok: boolean; error?: { code: string; message: string } }) => (r.ok ? null : r.error);

describe('resolving', () => {
  it('turns the first refusal into the error and passes other exceptions through', () => {
    expect(resolving(() => 7)).toEqual({ ok: true, value: 7 });
    expect(
      error(
        resolving(() => {
          refuse('sim/a', 'first');
          refuse('sim/b', 'second');
        }),
      ),
    ).toEqual({ code: 'sim/a', message: 'first' });
    expect(() =>
      resolving(() => {
        throw new TypeError('a bug');
      }),
    ).toThrow(TypeError);
  });
});

describe('optionsFlag', () => {
  const flag = (o: Parameters<typeof optionsFlag>[0], json?: string, prepare?: (raw: object) => unknown) => resolving(() => optionsFlag(o, parse, { json, object: '{"a":1}' }, prepare));
  it('parses a JSON string or an object, and runs the game parser on what `prepare` makes of it', () => {
    expect(flag('{"a":1}')).toEqual({ ok: true, value: { options: { a: 1 }, warnings: ['w'] } });
    expect(flag(undefined)).toEqual({ ok: true, value: { options: {}, warnings: ['w'] } });
    expect(flag({ a: 2 }, undefined, (raw) => ({ ...raw, mode: 'm' }))).toEqual({ ok: true, value: { options: { a: 2, mode: 'm' }, warnings: ['w'] } });
  });
  it('shows the full example after bad JSON only when there is one', () => {
    expect(error(flag('{', '{"a":1,"b":2}'))?.message).toMatch(/^--options is not valid JSON: .+\. Example: '\{"a":1,"b":2\}'\.$/);
    expect(error(flag('{'))?.message).not.toMatch(/Example/);
    expect(error(flag('[1]'))).toEqual({ code: 'sim/options', message: `--options must be a JSON object, e.g. '{"a":1}'.` });
    expect(error(flag({ bad: true }))).toEqual({ code: 'sim/options', message: 'Invalid rule options: bad is refused.' });
  });
});

describe('the other flags', () => {
  const kinds = ['random', 'heuristic'] as const;
  const isKind = (k: string): k is (typeof kinds)[number] => (kinds as readonly string[]).includes(k);
  it('seats one bot everywhere or one per seat', () => {
    expect(resolving(() => botsFlag(undefined, kinds, isKind, 3))).toEqual({ ok: true, value: ['heuristic', 'heuristic', 'heuristic'] });
    expect(resolving(() => botsFlag('random, heuristic', kinds, isKind, 2))).toEqual({ ok: true, value: ['random', 'heuristic'] });
    expect(error(resolving(() => botsFlag('random,heuristic', kinds, isKind, 3)))?.message).toBe('--bots needs one bot for all seats or one per seat (3); got 2: random,heuristic.');
    expect(error(resolving(() => botsFlag('x', kinds, isKind, 3)))?.message).toBe('Unknown bot "x"; bots are: random, heuristic.');
  });
  it('takes a search time only when positive', () => {
    expect(resolving(() => searchMsFlag(undefined))).toEqual({ ok: true, value: undefined });
    expect(resolving(() => searchMsFlag(5))).toEqual({ ok: true, value: 5 });
    expect(error(resolving(() => searchMsFlag(0)))?.message).toBe('--search-ms must be a positive number (got 0).');
  });
});

describe('printed parts', () => {
  it('writes the time line with the rate whole or as the game asks, and the search time only if searched', () => {
    const t = { ms: 2000, moves: 40, searchDecisions: 0, searchMs: 0 };
    expect(timeLine(t, 5, 'games')).toBe('Time: 2.0 s, 3 games/s, 40 moves');
    expect(timeLine(t, 5, 'games', (x) => x.toFixed(1))).toBe('Time: 2.0 s, 2.5 games/s, 40 moves');
    expect(timeLine({ ...t, searchDecisions: 4, searchMs: 10 }, 5, 'deals')).toBe('Time: 2.0 s, 3 deals/s, 40 moves; search bot 2.50 ms per decision (4 decisions)');
  });
  it('writes an object’s JSON once per object', () => {
    const json = jsonOnce<{ a: number }>();
    const o = { a: 1 };
    expect(json(o)).toBe('{"a":1}');
    o.a = 2; // kept: the same options object is written on every line of a run
    expect(json(o)).toBe('{"a":1}');
    expect(json({ a: 2 })).toBe('{"a":2}');
  });
});
