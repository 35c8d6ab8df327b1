// @vitest-environment node
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { LabAccumulator, PairedAccumulator, type LabGame, type LabHook } from '.';
import { histogramPlot, matrixPlot, pairedPlot, winBySeatPlot } from './plots';

const hook: LabHook<never> = {
  game: 't',
  lengths: { moves: { zh: '步', en: 'Moves' }, turns: { zh: '回合', en: 'Turns' }, rounds: { zh: '局', en: 'Hands' } },
  score: { zh: '分', en: 'Score' },
  groups: {},
  declared: [],
  label: (k) => ({ zh: k, en: k }),
  fromMatch: () => {
    throw new Error('unused');
  },
};

describe('lab plots', () => {
  it('draw SVG without inline styles, with a mark per seat', () => {
    const { document } = parseHTML('<!doctype html><html><body></body></html>');
    const acc = new LabAccumulator(hook);
    const p = new PairedAccumulator();
    for (let i = 0; i < 50; i++) {
      const g: LabGame = { index: i, bots: i % 2 ? ['a', 'b'] : ['b', 'a'], winners: [i % 3 ? 0 : 1], draw: false, capped: false, moves: 10 + (i % 7), turns: 3, rounds: 1, scores: [i % 5, 2], uses: [] };
      acc.add(g);
      p.add(0, g);
      p.add(1, { ...g, winners: [0] });
    }
    const s = acc.summary();
    const win = winBySeatPlot(document, s, 'en', (n) => `Seat ${n + 1}`);
    expect(win).toMatch(/^<svg/);
    expect(win).not.toMatch(/<style|style=/);
    expect(win.match(/<circle/g)).toHaveLength(2);
    expect(win).toContain('Seat 2');
    const hist = histogramPlot(document, s.lengths.moves, 'Moves');
    expect(hist.match(/<rect/g)!.length).toBeGreaterThanOrEqual(7);
    // Axis titles are centred on a row of their own, clear of the last tick's label, without an arrow.
    expect(win).toMatch(/<g transform="translate\(0,37\)" aria-label="x-axis label"><text [^>]*>Win rate \(%\)<\/text>/);
    expect(hist).toMatch(/aria-label="x-axis label"><text [^>]*>Moves<\/text>/);
    // Counts are whole numbers: a short histogram has a tick per game, said without decimals.
    const ticks = [...hist.matchAll(/<text[^>]*y="0.32em">([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(ticks.length).toBeGreaterThan(2);
    expect(ticks.every((t) => /^\d+$/.test(t!))).toBe(true);
    expect(matrixPlot(document, s, 'zh')).toContain('%');
    expect(pairedPlot(document, p.summary(), 'zh', (n) => `座位 ${n + 1}`)).toContain('座位 1');
  });
});
