// `npm run cli -- balance …` end to end: an A/B of 斗老闆 on paired seeds prints both summaries and
// B − A, and --json writes the whole result; bad input ends with a message and exit code 2.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LabStatus } from '../shared/lab';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-balance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = (args: string[]) => spawnSync(process.execPath, ['scripts/cli.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });

describe('cli balance', () => {
  it('plays A and B on paired seeds and prints B − A; --json holds the whole result', () => {
    const b = join(dir, 'b.json');
    writeFileSync(b, JSON.stringify({ deals: 1, spring_factor: 3 }));
    const out = join(dir, 'out.json');
    const csv = join(dir, 'out.csv');
    const jsonl = join(dir, 'games.jsonl');
    const pdf = join(dir, 'report.pdf');
    const r = cli(['balance', 'dou-laoban', '--options', '{"deals":1}', '--vs', b, '--games', '12', '--bots', 'random', '--seed', '3', '--workers', '2', '--json', out, '--csv', csv, '--jsonl', jsonl, '--pdf', pdf, '--lang', 'zh']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^A: 12 games/m);
    expect(r.stdout).toMatch(/^B: 12 games/m);
    expect(r.stdout).toMatch(/First player: /);
    expect(r.stdout).toMatch(/Combos \(uses, per game/);
    expect(r.stdout).toMatch(/B − A on 12 paired seeds/);
    const st = JSON.parse(readFileSync(out, 'utf8')) as LabStatus;
    expect(st).toMatchObject({ state: 'done', game: 'dou-laoban', done: 12 });
    expect(st.paired!.pairs).toBe(12);
    // Only the spring factor differs, and it changes scores, never who plays what: the plays are the same.
    expect(st.paired!.measures.find((m) => m.key === 'moves')).toMatchObject({ mean: 0, sd: 0 });
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('set,section,key,name_zh,name_en,value,count,of,lo,hi');
    expect(lines).toContain(`B-A,paired,moves,moves,moves,0,,12,0,0`);
    expect(lines.some((l) => l.startsWith('A,win,seat0,'))).toBe(true);
    // Every game of both sets, in order, each as the lab counted it.
    const games = readFileSync(jsonl, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { set: string; index: number; moves: number; winners: number[] });
    expect(games.map((g) => `${g.set}${g.index}`)).toEqual(Array.from({ length: 12 }, (_, i) => [`A${i}`, `B${i}`]).flat());
    expect(games.filter((g) => g.set === 'A').reduce((a, g) => a + g.moves, 0) / 12).toBeCloseTo(st.a.lengths.moves.mean);
    const report = readFileSync(pdf);
    expect(report.subarray(0, 5).toString()).toBe('%PDF-');
    expect(r.stdout).toMatch(/^report {2}/m);
  }, 120_000);

  it('ends with a message and exit code 2 on bad input', () => {
    const r = cli(['balance', 'chess']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/error: The balance lab has no game "chess"/);
    const bad = cli(['balance', 'doufu', '--vs', '{"shuangyun_value":5}', '--games', '1']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/Option set B: Invalid rule options/);
    const lang = cli(['balance', 'doufu', '--games', '1', '--pdf', join(dir, 'x.pdf'), '--lang', 'fr']);
    expect(lang.status).toBe(2);
    expect(lang.stderr).toMatch(/--lang fr: write zh or en/);
  }, 60_000);
});
