import { describe, expect, it } from 'vitest';
import { AppError, type PreflightReport, type WindowApi } from '../../../shared/ipc/contract';
import type { PrintRequest } from '../../../shared/ipc/print-request';
import type { DeckState } from './Deck.svelte';
import { PrintState } from './Print.svelte';

/** A fake main whose preflight answers resolve when the test says, in any order. */
function fakeMain() {
  const calls: { req: PrintRequest; resolve: (r: PreflightReport) => void; reject: (e: unknown) => void }[] = [];
  const api = {
    PRINT_PREFLIGHT: (req: PrintRequest) => new Promise<PreflightReport>((resolve, reject) => calls.push({ req, resolve, reject })),
  } as unknown as WindowApi;
  const deck = { cards: [], selected: new Set<string>() } as unknown as DeckState;
  return { calls, print: new PrintState(api, 'doufu', deck) };
}
const report = (pages: number, margin: number): PreflightReport => ({
  issues: [],
  blocking: false,
  pages,
  cardsPerSheet: 9,
  orientation: 'portrait',
  preview: { front: { width: 210, height: 297, bleed: 0, ops: [{ op: 'rect', id: `m${margin}`, x: margin, y: margin, w: 1, h: 1 }] }, back: null, sheets: pages },
});

describe('PrintState preflight', () => {
  it('a slow answer for old settings never overwrites the answer for newer ones', async () => {
    const { calls, print } = fakeMain();
    const old = print.preflight(); // margin 5
    print.margin = 8;
    const fresh = print.preflight();
    expect(calls.map((c) => c.req.margin)).toEqual([5, 8]);
    calls[1]!.resolve(report(12, 8));
    await fresh;
    calls[0]!.resolve(report(14, 5)); // the old request answers last
    await old;
    expect(print.report?.pages).toBe(12);
    expect(print.report?.preview?.front?.ops[0]).toMatchObject({ id: 'm8' });
    expect(print.checking).toBe(false);
  });

  it('shows no report, page count or preview for settings changed since the last answer', async () => {
    const { calls, print } = fakeMain();
    const p = print.preflight();
    calls[0]!.resolve(report(14, 5));
    await p;
    expect(print.report?.pages).toBe(14);
    print.gutterMode = 'fixed';
    print.gutter = 2;
    expect(print.report).toBeNull(); // stale: the answer was for auto gutters
    print.gutterMode = 'auto';
    expect(print.report?.pages).toBe(14); // the same settings again: the answer holds
  });

  it('a failure is shown in the interface language (print errors carry Chinese in details.zh), only for its settings', async () => {
    const { calls, print } = fakeMain();
    const p = print.preflight();
    calls[0]!.reject(new AppError('print/nothing', 'Nothing to print.', { zh: '没有可打印的内容。' }));
    await p;
    expect(['没有可打印的内容。', 'Nothing to print.']).toContain(print.preflightError);
    print.margin = 4;
    expect(print.preflightError).toBeNull();
  });

  it('sends the margin, gutter, card code and PNG preset; an out-of-range margin makes the form invalid', () => {
    const { print } = fakeMain();
    print.margin = 4.2;
    print.gutterMode = 'fixed';
    print.gutter = 3;
    print.cardCode = true;
    print.pngPreset = 'poker-825x1125';
    expect(print.request).toMatchObject({ margin: 4.2, gutter: 3, cardCode: true, pngPreset: 'poker-825x1125' });
    print.margin = 31;
    expect(print.valid).toBe(false);
  });
});
