// `npm run cli -- simulate …` end to end: a tiny run writes JSONL and prints the summary; bad rule
// options are shown with the game parser's message and exit code 2; --help says --games counts matches.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = (args: string[]) => spawnSync(process.execPath, ['scripts/cli.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });

describe('cli simulate', () => {
  it('plays, writes one JSON line per hand and prints the summary', () => {
    const out = join(dir, 'runs.jsonl');
    const r = cli(['simulate', 'doufu', '--players', '3', '--games', '4', '--seed', '9', '--bots', 'random,heuristic,heuristic', '--out', out, '--workers', '2']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Win rate per seat \(95% Wilson interval\):/);
    expect(r.stdout).toMatch(/seat 1 heuristic/);
    expect(r.stdout).toMatch(/搭子 in the declarer's settlement/);
    expect(r.stdout).toMatch(/Skill use/);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(r.stdout).toContain(`(${lines.length} hands)`);
    for (const l of lines) expect(JSON.parse(l).game).toBe('doufu');
  }, 120_000);

  it('shows the game parser\'s message for bad --options and exits with 2', () => {
    const r = cli(['simulate', 'doufu', '--games', '1', '--options', '{"shuangyun_value":5}']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/error: Invalid rule options: .*shuangyun_value must be 2 or 1 \(got 5\)/s);
  }, 60_000);

  it('simulate dou-laoban writes one JSON line per deal and the 斗老闆 summary', () => {
    const out = join(dir, 'dl.jsonl');
    const r = cli(['simulate', 'dou-laoban', '--games', '3', '--seed', '5', '--bots', 'random,heuristic,heuristic', '--options', '{"deals":2}', '--out', out, '--workers', '1']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Boss wins: \d+ \/ \d+/);
    expect(r.stdout).toMatch(/Wins by bot and role \(95% Wilson interval\):/);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(r.stdout).toContain(`(${lines.length} deals)`);
    for (const l of lines) {
      const rec = JSON.parse(l);
      expect(rec.game).toBe('dou-laoban');
      expect(rec.scores.reduce((a: number, b: number) => a + b, 0)).toBe(0);
    }
    const bad = cli(['simulate', 'dou-laoban', '--games', '1', '--players', '4']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/error: dou-laoban is played by exactly 3 players/);
  }, 120_000);

  it('simulate dou-shisi writes one JSON line per hand and the 斗十四 summary', () => {
    const out = join(dir, 'ds.jsonl');
    const r = cli(['simulate', 'dou-shisi', '--games', '3', '--seed', '5', '--bots', 'random,heuristic,heuristic,heuristic', '--options', '{"hands":2}', '--out', out, '--workers', '1']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Per seat \(wins with 95% Wilson interval/);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(r.stdout).toContain('(6 hands)');
    for (const l of lines) {
      const rec = JSON.parse(l);
      expect(rec.game).toBe('dou-shisi');
      expect(rec.payments.reduce((a: number, b: number) => a + b, 0)).toBe(0);
    }
    const bad = cli(['simulate', 'dou-shisi', '--games', '1', '--players', '6']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/error: dou-shisi is played by 2–5 players, or 6 with 6 jokers/);
  }, 120_000);

  it('simulate zodiac-race writes one JSON line per game and the zodiac summary', () => {
    const out = join(dir, 'zr.jsonl');
    const r = cli(['simulate', 'zodiac-race', '--players', '2', '--games', '3', '--seed', '4', '--bots', 'random,heuristic', '--options', '{"target_points":3}', '--out', out, '--workers', '1']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Win rate per starting zodiac \(95% Wilson interval\):/);
    expect(r.stdout).toMatch(/Game length \(turns\)/);
    expect(r.stdout).toMatch(/Power use/);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(JSON.parse(l).game).toBe('zodiac-race');
  }, 120_000);

  it.each([
    [['--bots', 'clever'], /error: Unknown bot "clever"; bots are: random, heuristic, search/],
    [['--options', '{bad json'], /error: --options is not valid JSON/],
    // Players out of range, team sizes and the other refusals: zodiac.test.ts (same messages, no process each).
  ])('simulate zodiac-race %j exits 2 with a clear message', (args, message) => {
    const r = cli(['simulate', 'zodiac-race', '--games', '1', ...args]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  }, 60_000);

  it('--help says that --games counts matches', () => {
    const text = execFileSync(process.execPath, ['scripts/cli.mjs', '--help'], { encoding: 'utf8' });
    expect(text).toMatch(/--games N\s+number of MATCHES/);
    expect(text).toMatch(/--workers N/);
  }, 60_000);
});
