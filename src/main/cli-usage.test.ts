import { describe, expect, it } from 'vitest';
import { BALANCE_USAGE, SIMULATE_USAGE } from './cli-usage';
import { BALANCE_MERGE_FLAGS, BALANCE_RUN_FLAGS } from './cli-balance';
import { parseShard } from '../shared/lab';
import { resolveConfig } from './services/simulation/config';
import { resolveZrConfig } from './services/simulation/zodiac';

describe('simulate help', () => {
  it('names each game’s seat range and search default, as the command applies them', () => {
    expect(SIMULATE_USAGE).toContain('--players N           seats: doufu 2–4, zodiac-race 2–6');
    expect(SIMULATE_USAGE).not.toMatch(/seats, 2–4/);
    const zr = resolveZrConfig({ players: 6 });
    const df = resolveConfig({ players: 4 });
    expect(zr.ok && df.ok).toBe(true);
    if (!zr.ok || !df.ok) return;
    expect(SIMULATE_USAGE).toContain(`default: doufu ${df.value.search.iterations},`);
    expect(SIMULATE_USAGE).toContain(`zodiac-race ${zr.value.search.iterations}; dou-laoban: playouts, 600;`);
    expect(SIMULATE_USAGE).toContain('dou-laoban 3');
    expect(SIMULATE_USAGE).toContain('moyu-wang 2–9');
    expect(SIMULATE_USAGE).toContain('moyu-wang: playouts, 96;');
    expect(SIMULATE_USAGE).toContain('dou-shisi 2–6');
    expect(SIMULATE_USAGE).toContain('dou-shisi: sampled worlds, 60);');
    expect(zr.value.search.iterations).toBe(6);
  });
});

describe('balance help', () => {
  it('names every flag `balance` and `balance merge` accept, and how shards are counted', () => {
    for (const flag of Object.keys(BALANCE_RUN_FLAGS).filter((f) => f !== 'pdf')) expect(BALANCE_USAGE).toContain(`[--${flag}`);
    expect(BALANCE_USAGE).toMatch(/--report FILE .*\n.*; --pdf FILE is the same flag/);
    const merge = BALANCE_USAGE.slice(BALANCE_USAGE.indexOf('npm run cli -- balance merge'));
    for (const flag of Object.keys(BALANCE_MERGE_FLAGS).filter((f) => f !== 'pdf')) expect(merge).toContain(`[--${flag}`);
    expect(BALANCE_USAGE).toMatch(/K counted from 0 to N−1 \(as Kubernetes' \$JOB_COMPLETION_INDEX/);
    expect(parseShard('0/2').ok && !parseShard('2/2').ok).toBe(true);
  });
});
