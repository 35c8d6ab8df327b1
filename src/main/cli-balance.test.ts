// `npm run cli -- balance …` end to end: an A/B of 斗老闆 on paired seeds prints both summaries and
// B − A, and --json writes the whole result; --shard K/N runs merged with `balance merge` write the
// same JSON (but for timing), CSV and report as one run; bad input ends with a message and exit code 2.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LabRunFile, LabStatus } from '../shared/lab';

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
    // The settings first, the options in the Balance page's words; measures and seats by name.
    expect(r.stdout).toMatch(/^Dou Laoban: 3 players \(Random, Random, Random\), 12 games, seed 3$/m);
    expect(r.stdout).toMatch(/^Options B: .*Spring factor: ×3/m);
    expect(r.stdout).toMatch(/^ {2}Seat 1 Random /m);
    expect(r.stdout).toMatch(/^ {2}Seat 1 win rate /m);
    const st = JSON.parse(readFileSync(out, 'utf8')) as LabStatus;
    expect(st).toMatchObject({ state: 'done', game: 'dou-laoban', done: 12 });
    expect(st.paired!.pairs).toBe(12);
    // Only the spring factor differs, and it changes scores, never who plays what: the plays are the same.
    expect(st.paired!.measures.find((m) => m.key === 'moves')).toMatchObject({ mean: 0, sd: 0 });
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('set,section,key,name_zh,name_en,value,count,of,lo,hi');
    // Machines read the key; people read the names (the game's own word for moves).
    expect(lines).toContain(`B-A,paired,moves,步數,Moves,0,,12,0,0`);
    expect(lines).toContain(`B-A,paired,win:0,座位 1 胜率,Seat 1 win rate,0,,12,0,0`);
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
    // A --jsonl file that cannot be written is refused before any game is played: nothing else is written.
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, 'x');
    const jsonl = cli(['balance', 'zodiac-race', '--games', '5000', '--bots', 'heuristic', '--json', join(dir, 'never.json'), '--jsonl', join(blocker, 'games.jsonl')]);
    expect(jsonl.status).toBe(2);
    expect(jsonl.stderr).toMatch(/error: .*not-a-folder" is a file, not a folder; choose another place to write/);
    expect(jsonl.stdout).not.toMatch(/games\/s/);
    expect(existsSync(join(dir, 'never.json'))).toBe(false);
  }, 60_000);

  it('--shard K/N runs merged by `balance merge` write what one run on the same seeds writes', () => {
    const common = ['balance', 'dou-laoban', '--options', '{"deals":1}', '--vs', '{"deals":1,"spring_factor":3}', '--games', '10', '--bots', 'random,heuristic,random', '--rotate', '--seed', 'm', '--workers', '1'];
    const one = cli([...common, '--json', join(dir, 'one.json'), '--csv', join(dir, 'one.csv'), '--jsonl', join(dir, 'one.jsonl')]);
    expect(one.status, one.stderr).toBe(0);
    for (const k of [0, 1, 2]) {
      const r = cli([...common, '--shard', `${k}/3`, '--json', join(dir, `shard-${k}.json`), '--jsonl', join(dir, `shard-${k}.jsonl`)]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Shard ${k}/3: games ${[0, 3, 6][k]}–${[2, 5, 9][k]} of 10 \\(seeds m/`, 'm'));
    }
    const shard0 = JSON.parse(readFileSync(join(dir, 'shard-0.json'), 'utf8')) as LabRunFile;
    // A shard says which shard of what run it is.
    expect(shard0).toMatchObject({ format: 'fuqi-balance-run', version: 1, shard: { index: 0, count: 3, from: 0, to: 3 }, games: 3, done: 3, run: { game: 'dou-laoban', games: 10, seed: 'm', players: 3, bots: ['random', 'heuristic', 'random'], rotate: true, options: { deals: 1 }, vs: { deals: 1, spring_factor: 3 } } });
    const m = cli(['balance', 'merge', join(dir, 'shard-2.json'), join(dir, 'shard-0.json'), join(dir, 'shard-1.json'), '--json', join(dir, 'merged.json'), '--csv', join(dir, 'merged.csv'), '--report', join(dir, 'merged.pdf')]);
    expect(m.status, m.stderr).toBe(0);
    expect(m.stdout).toMatch(/^Merged 3 shards: 10 games of dou-laoban, seed m, A\/B on paired seeds$/m);
    expect(m.stdout).toMatch(/B − A on 10 paired seeds/);
    expect(m.stdout).toMatch(/^report {2}/m);
    const timing = ({ elapsedMs: _e, gamesPerSec: _g, etaMs: _t, workers: _w, merged: _m, ...rest }: LabRunFile) => rest;
    const merged = JSON.parse(readFileSync(join(dir, 'merged.json'), 'utf8')) as LabRunFile;
    expect(timing(merged)).toEqual(timing(JSON.parse(readFileSync(join(dir, 'one.json'), 'utf8')) as LabRunFile));
    expect(merged.merged!.shards.map((s) => s.index)).toEqual([0, 1, 2]);
    expect(readFileSync(join(dir, 'merged.csv'), 'utf8')).toBe(readFileSync(join(dir, 'one.csv'), 'utf8'));
    expect(readFileSync(join(dir, 'merged.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    // The shards' games, concatenated in shard order, are the run's games.
    expect([0, 1, 2].map((k) => readFileSync(join(dir, `shard-${k}.jsonl`), 'utf8')).join('')).toBe(readFileSync(join(dir, 'one.jsonl'), 'utf8'));

    // Merge refuses what is not the complete set of one run's shards, saying what to do.
    const refuse = (files: string[], re: RegExp) => {
      const r = cli(['balance', 'merge', ...files.map((f) => join(dir, f))]);
      expect(r.status, r.stdout).toBe(2);
      expect(r.stderr).toMatch(re);
      expect(r.stderr).toMatch(/^错误：/);
    };
    refuse(['shard-0.json', 'shard-2.json'], /error: 1 of 3 shards missing: 1\/3\. Run them \(the same command with --shard 1\/3/);
    const other = cli([...common.map((a) => (a === 'm' ? 'n' : a)), '--shard', '1/3', '--json', join(dir, 'other.json')]);
    expect(other.status, other.stderr).toBe(0);
    refuse(['shard-0.json', 'other.json', 'shard-2.json'], /other\.json is not a shard of the same run as .*shard-0\.json: seed of option set A "m" vs "n"/);
    writeFileSync(join(dir, 'cut.json'), readFileSync(join(dir, 'shard-1.json'), 'utf8').slice(0, 200));
    refuse(['shard-0.json', 'cut.json', 'shard-2.json'], /cut\.json is not valid JSON at line \d+, column \d+ .*run that shard again/);
    writeFileSync(join(dir, 'newer.json'), JSON.stringify({ ...shard0, version: 2 }));
    refuse(['newer.json'], /newer\.json was written by a newer Fuqi Workshop \(run file version 2; this one reads version 1\)/);
    refuse(['nowhere.json'], /no file ".*nowhere\.json"/);
    refuse([], /name the shard files to merge/);
  }, 180_000);

  it('says what is wrong with --shard and --report', () => {
    const bad = (args: string[], re: RegExp) => {
      const r = cli(['balance', 'zodiac-race', '--games', '4', ...args]);
      expect(r.status, r.stdout).toBe(2);
      expect(r.stderr).toMatch(re);
    };
    bad(['--shard', '4/4', '--json', join(dir, 'x.json')], /--shard 4\/4: shards count from 0, so with 4 shards K is 0 to 3 \(for the last shard write 3\/4/);
    bad(['--shard', 'two/4', '--json', join(dir, 'x.json')], /--shard "two\/4" is not K\/N/);
    bad(['--shard', '0/5', '--json', join(dir, 'x.json')], /5 shards of 4 games would leave shards with no game/);
    bad(['--shard', '0/2'], /--shard 0\/2 needs --json FILE/);
    bad(['--report', join(dir, 'a.pdf'), '--pdf', join(dir, 'b.pdf')], /--pdf is another name for --report; give one of them/);
  }, 60_000);
});

