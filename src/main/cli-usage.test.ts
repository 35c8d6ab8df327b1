import { describe, expect, it } from 'vitest';
import { SIMULATE_USAGE } from './cli-usage';
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
