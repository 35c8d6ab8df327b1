// What the print-and-play kit tests share beyond page geometry (kit-pages.testing.ts): the
// template projects and a scratch folder, a kit laid out from a loose request, the sheets' card
// fronts, the finished PDF as poppler reads it, and a print-dialog job run to its end.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { PrintJobStatus } from '../../../shared/ipc/contract';
import { PAPER_IDS, paperSize, type PaperId } from '../../../shared/print/paper';
import type { Result } from '../../../shared/util/result';
import type { PrintService } from '../print';
import { ProjectStore } from '../projects';
import { createAssetService } from './assets';
import { createFontService } from './fonts';
import type { KitDeps } from './kit';
import { cardBoxes, expectBacksBehindFronts, expectCropMarksInside } from './kit-pages.testing';
import type { PdfPage } from './pdf';

/** The template projects, the real fonts, and a scratch folder `tmpPrefix…` removed after the file's tests. */
export function kitFixture(tmpPrefix: string) {
  const fonts = createFontService();
  const deps = { projects: new ProjectStore(resolve(__dirname, '../../../../templates')), fonts, assets: (dir: string) => createAssetService({ projectDir: dir }) };
  const dir = mkdtempSync(join(tmpdir(), tmpPrefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return { fonts, deps, dir };
}

/** Lay a kit out from a loose request (throws with the kit's message if it is refused). */
export function kitLayout<Req, Laid>(deps: KitDeps, resolveRequest: (req: unknown) => Result<Req>, pages: (deps: KitDeps, req: Req) => Promise<Result<Laid>>): (req: object) => Promise<Laid> {
  return async (req) => {
    const r = resolveRequest(req);
    if (!r.ok) throw new Error(r.error.message);
    const l = await pages(deps, r.value);
    if (!l.ok) throw new Error(l.error.message);
    return l.value;
  };
}

/** Every page is exactly the paper's size (either way round). */
export function expectPaperSized(pages: PdfPage[], paper: string): void {
  const size = paperSize(paper as PaperId, 'portrait');
  for (const p of pages) expect([p.widthMm, p.heightMm].sort((a, b) => a - b)).toEqual([size.width, size.height].sort((a, b) => a - b));
}

/** The card keys on the fronts of card sheets laid front, back, front, back … (the sheet count must be even). */
export function sheetFronts(sheets: PdfPage[]): string[] {
  expect(sheets.length % 2).toBe(0);
  return sheets.filter((_, i) => i % 2 === 0).flatMap((p) => [...cardBoxes(p).keys()]);
}

/** How often each card id stands among card keys (`id` or `id#copy`). */
export function countByCard(keys: string[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const k of keys) count.set(k.split('#')[0]!, (count.get(k.split('#')[0]!) ?? 0) + 1);
  return count;
}

/** Each card's art on a sheet covers its 63 × 88 mm trim plus up to 3 mm of bleed on a side (less where cards butt). */
export function expectPokerCardsWithBleed(sheet: PdfPage): void {
  for (const b of cardBoxes(sheet).values()) {
    expect(b.w).toBeGreaterThanOrEqual(63);
    expect(b.w).toBeLessThanOrEqual(69);
    expect(b.h).toBeGreaterThanOrEqual(88);
    expect(b.h).toBeLessThanOrEqual(94);
  }
}

/** The test that on each flip and orientation every back lands exactly behind its front (`sheets`: the card sheets laid so). */
export function itLandsBacksBehindFronts(sheets: (duplex: 'long' | 'short', orientation: 'portrait' | 'landscape') => Promise<PdfPage[]>): void {
  it.each([['long', 'portrait'], ['long', 'landscape'], ['short', 'portrait'], ['short', 'landscape']] as const)('%s-edge flip, %s sheets: every back lands exactly behind its front', async (duplex, orientation) => {
    expectBacksBehindFronts(await sheets(duplex, orientation), duplex, orientation);
  }, 60_000);
}

/**
 * The card sheets of a kit whose first part is `cards`: on each flip every back lands behind its
 * front (letter, the cards alone), and on every paper with auto orientation and no calibration
 * page every crop mark stays inside the printable margin.
 */
export function itPrintsCardSheets(laid: (req: object) => Promise<{ pages: PdfPage[]; sections: { to: number }[] }>): void {
  itLandsBacksBehindFronts(async (duplex, orientation) => {
    const { pages, sections } = await laid({ paper: 'letter', parts: ['cards'], duplex, orientation });
    return pages.slice(3, sections[0]!.to);
  });

  it('auto orientation keeps every crop mark of the card sheets inside the printable margin, on every paper', async () => {
    for (const paper of PAPER_IDS) {
      const { pages, sections } = await laid({ paper, parts: ['cards'], calibration: false });
      const sheets = pages.slice(1, sections[0]!.to);
      const marks = expectCropMarksInside(sheets, paper);
      expect(marks, paper).toBeGreaterThan(0);
    }
  }, 60_000);
}

/** The written PDF as poppler reads it: `pages` pages of `size` (pdfinfo's "Page size"), every font an embedded subset. */
export function expectPopplerReads(file: string, pages: number, size: RegExp): void {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(info).toMatch(new RegExp(`Pages:\\s+${pages}\\n`));
  expect(info).toMatch(size);
  const fontsOut = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  expect(fontsOut.length).toBeGreaterThan(0);
  for (const l of fontsOut) expect(l, l).toMatch(/^[A-Z]{6}\+\S+.*\byes\s+yes\b/);
}

/** Start a kit job as the print dialog does and wait (`polls` × 25 ms at most) until it has finished; it must be done. */
export async function finishedKitJob(print: PrintService, req: unknown, polls = 2400): Promise<PrintJobStatus> {
  const started = print.startKit(req);
  if (!started.ok) throw new Error(started.error.message);
  let status = print.status(started.value.jobId);
  for (let i = 0; i < polls && status.ok && status.value.state === 'running'; i++) {
    await new Promise((r) => setTimeout(r, 25));
    status = print.status(started.value.jobId);
  }
  if (!status.ok) throw new Error(status.error.message);
  if (status.value.state !== 'done') throw new Error(`job ${status.value.state}: ${status.value.error?.message ?? ''}`);
  return status.value;
}
