// What a card export does when nothing is chosen: the layout keeps every crop mark inside the
// printable margin on the papers home printers take, the way people write a paper (`A4`) is
// accepted, and a paper the cards cannot print on is refused in both languages with the fix.
import { describe, expect, it } from 'vitest';
import { createServices } from '.';
import { preflightKit } from './export/kit';
import { PrintService } from './print';

const services = createServices({ mode: 'cli' });
const deps = { projects: services.projects, fonts: services.fonts, assets: services.assets.forProject };

describe('the default card export layout', () => {
  it('turns the page to keep the crop marks inside the margin (auto is the default)', () => {
    const r = PrintService.resolve({ projectId: 'doufu' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.orientation).toBe('auto');
  });

  for (const paper of ['a4', 'letter', 'a3', 'tabloid'] as const)
    for (const bleed of [0, 3])
      it(`斗福 on ${paper} with ${bleed} mm bleed: no crop mark or bleed runs into the margin`, async () => {
        const r = PrintService.resolve({ projectId: 'doufu', paper, bleed, calibration: false });
        if (!r.ok) throw new Error(r.error.message);
        const report = await preflightKit(deps, r.value);
        if (!report.ok) throw new Error(report.error.message);
        expect(report.value.issues.filter((i) => i.code === 'print/option').map((i) => i.message.en)).toEqual([]);
        // Portrait Letter and A4 put the marks 0–4.7 mm from the edge; landscape keeps them inside.
        if (bleed === 3 && (paper === 'a4' || paper === 'letter')) expect(report.value.orientation).toBe('landscape');
      });
});

describe('a card size whose crop marks fit on neither orientation', () => {
  it('the print dialog\'s preflight names the size, the paper and the fixes, in both languages', async () => {
    const r = PrintService.resolve({ projectId: 'doufu', cardSize: 'custom', customSize: { width: 66, height: 92 }, calibration: false });
    if (!r.ok) throw new Error(r.error.message);
    const report = await preflightKit(deps, r.value);
    if (!report.ok) throw new Error(report.error.message);
    const marks = report.value.issues.filter((i) => i.code === 'print/option');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.severity).toBe('warning');
    expect(marks[0]!.message.en).toMatch(/^A 66 × 92 mm card with 3 mm bleed leaves no room for crop marks inside the 5 mm margin on A4 either way round .* To fix it: print on bigger paper: A3 portrait/);
    expect(marks[0]!.message.zh).toMatch(/^66 × 92 毫米、出血 3 毫米的牌，在 A4 纸上无论纵向还是横向.*解决办法：换用更大的纸：A3 纵向/);
  });
});

describe('paper as people write it', () => {
  it('accepts capitals and spaces (`--paper A4`, `Letter `)', () => {
    const a = PrintService.resolve({ projectId: 'doufu', paper: 'A4' });
    const b = PrintService.resolve({ projectId: 'doufu', paper: ' Letter ', duplex: 'LONG' });
    expect(a.ok && a.value.paper).toBe('a4');
    expect(b.ok && [b.value.paper, b.value.duplex]).toEqual(['letter', 'long']);
  });

  it('refuses a rulebook paper for cards in English and Chinese, saying where it prints', () => {
    const r = PrintService.resolve({ projectId: 'doufu', paper: 'a5' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('print/bad-request');
    expect(r.error.message).toMatch(/^Card sheets print on a4, letter, a3, tabloid, not "a5": A5 and half letter are rulebook papers/);
    expect((r.error.details as { zh: string }).zh).toMatch(/^卡牌页只能用 a4、letter、a3、tabloid 打印.*规则书/);
    expect(r.error.message).not.toMatch(/Invalid option|expected one of/);
  });

  it('names every wrong option with its bounds or choices', () => {
    const r = PrintService.resolve({ projectId: 'doufu', bleed: 9, duplex: 'sideways' });
    if (r.ok) throw new Error('accepted');
    expect(r.error.message).toBe('Bleed 9 is too large: the most is 6. Duplex cannot be "sideways": choose one of none, long, short.');
    expect((r.error.details as { zh: string }).zh).toBe('出血 9 太大：最大为 6。双面打印不能是 "sideways"：请选择 none、long、short 之一。');
  });
});
