// The 斗老闆 kit: on every paper it has the cover, the duplex calibration page, the 63 cards
// (54 and 3 × 3 reference cards) with each back page mirroring its front for the chosen flip, the
// pieces page and the score pad; pages are exactly the paper's size and nothing (marks, bleed,
// text) comes within the 5 mm a home printer cannot print. The PDF itself is checked with poppler.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkOps } from '../../../shared/cards/draw-list';
import { PAPER_IDS, paperSize } from '../../../shared/print/paper';
import { BOMB_TRACK, PIECES, piecesLayout } from '../../../shared/print/dou-laoban/pieces';
import { SCORE_SHEET, scoreSheetBox } from '../../../shared/print/dou-laoban/score';
import { dlKitRequestFromFlags } from '../../cli-dl-kit';
import { PrintService } from '../print';
import { IPC_ARGS } from '../../../shared/ipc/args';
import { IpcChannel } from '../../../shared/ipc/contract';
import { readFileSync } from 'node:fs';
import { dlKitPages, exportDouLaobanKit, resolveDlKitRequest } from './dou-laoban-kit';
import type { PdfPage } from './pdf';
import { outside } from './kit-pages.testing';
import { expectPaperSized, expectPopplerReads, finishedKitJob, itPrintsCardSheets, kitFixture, kitLayout, sheetFronts } from './kit-test-helpers';

const { fonts, deps, dir } = kitFixture('fuqi-dlkit-');

const CARDS = 54 + 9;

const laid = kitLayout(deps, resolveDlKitRequest, dlKitPages);

describe('斗老闆 kit', () => {
  it.each(PAPER_IDS)('%s: cover, calibration, 63 cards with backs, pieces and score pad, every page the paper’s size', async (paper) => {
    const { pages, sections } = await laid({ paper });
    const [cards, pieces, score] = sections;
    expect(sections.map((s) => s.title)).toEqual(['撲克牌與提示卡 Cards and reference cards', '桌上配件 Table pieces', '記分表 Score sheet']);
    expect([cards!.from, cards!.duplex, pieces!.from, pieces!.to, score!.from, score!.to]).toEqual([2, true, cards!.to + 1, cards!.to + 1, cards!.to + 2, cards!.to + 2]);
    expect(pages).toHaveLength(score!.to);
    expectPaperSized(pages, paper);
    // Calibration front and back, then a front and a back per sheet, holding all 63 cards once.
    const sheets = pages.slice(3, cards!.to);
    const fronts = sheetFronts(sheets);
    expect(fronts).toHaveLength(CARDS);
    for (const id of ['3S', 'TS', '2C', 'SJ', 'BJ', 'REF-1#0', 'REF-3#2']) expect(fronts.some((k) => k === id || k === `${id}#0` || k.startsWith(id)), id).toBe(true);
    // The cover, pieces and score pages keep everything inside the printable margin.
    for (const p of [pages[0]!, pages.at(-2)!, pages.at(-1)!]) expect(outside(p, fonts)).toEqual([]);
  }, 60_000);

  itPrintsCardSheets(laid);

  it('draws the pieces of spec §13 at their sizes: 2 × 50 mm tent card, three 30 mm bid discs, an A6 tracker with ×1 … ×256, an A5 score pad', async () => {
    for (const paper of PAPER_IDS) {
      const page = paperSize(paper, 'portrait');
      const lay = piecesLayout(page);
      expect([lay.tent.w, lay.tent.h]).toEqual([PIECES.tent.w, 100]);
      expect(lay.discs.map((d) => [d.bid, 2 * d.r])).toEqual([[1, 30], [2, 30], [3, 30]]);
      expect([lay.tracker.w, lay.tracker.h]).toEqual([105, 148]);
      // No two pieces overlap.
      const boxes = [{ x0: lay.tent.x, x1: lay.tent.x + lay.tent.w, y0: lay.tent.y, y1: lay.tent.y + lay.tent.h }, { x0: lay.tracker.x, x1: lay.tracker.x + lay.tracker.w, y0: lay.tracker.y, y1: lay.tracker.y + lay.tracker.h }, ...lay.discs.map((d) => ({ x0: d.cx - d.r, x1: d.cx + d.r, y0: d.cy - d.r, y1: d.cy + d.r }))];
      boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => expect(a.x1 + 2 <= b.x0 || b.x1 + 2 <= a.x0 || a.y1 + 2 <= b.y0 || b.y1 + 2 <= a.y0, `${paper} ${i}`).toBe(true)));
      const s = scoreSheetBox(page);
      expect([s.w, s.h]).toEqual([148, 210]);
    }
    expect(BOMB_TRACK).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
    const { pages } = await laid({ paper: 'a4', parts: ['pieces', 'score'] });
    const texts = (p: PdfPage) => p.items.flatMap((it) => { const t: string[] = []; walkOps(it.list.ops, (o) => o.op === 'text' && t.push(o.text)); return t; });
    const pieces = texts(pages[1]!);
    for (const t of ['老闆', '1×', '2×', '3×', '×256', '×2', '叫分', '炸彈／火箭', '春天／返春']) expect(pieces, t).toContain(t);
    const score = texts(pages[2]!);
    expect(score.filter((t) => /^\d+$/.test(t))).toEqual(Array.from({ length: SCORE_SHEET.deals }, (_, i) => String(i + 1)));
    expect(score.join(' ')).toMatch(/老闆贏：老闆 \+2U，員工各 −U/);
  });

  it('writes the PDF: page count and A4 size as poppler reads them, all fonts embedded subsets; refuses to overwrite and bad options', async () => {
    const file = join(dir, 'kit.pdf');
    const r = await exportDouLaobanKit(deps, { paper: 'a4' }, file);
    if (!r.ok) throw new Error(r.error.message);
    expectPopplerReads(file, r.value.pages, /Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    const again = await exportDouLaobanKit(deps, { paper: 'a4' }, file);
    expect(again.ok ? '' : again.error.message).toMatch(/exists/);
    expect(resolveDlKitRequest({ paper: 'a5' }).ok).toBe(false);
    const bad = resolveDlKitRequest({ parts: ['board'] });
    expect(bad.ok ? '' : bad.error.message).toMatch(/^Kit option parts\.0: /);
  }, 60_000);

  it('the print dialog’s job writes the same bytes as the CLI for the same request; the IPC schema tells it from the 生肖赛跑 kit', async () => {
    const req = { game: 'dou-laoban', paper: 'letter', parts: ['pieces', 'score'] } as const;
    const cliFile = join(dir, 'cli-dl.pdf');
    const cli = await exportDouLaobanKit(deps, req, cliFile);
    if (!cli.ok) throw new Error(cli.error.message);
    const print = new PrintService({ ...deps, exportDir: join(dir, 'exports') });
    const job = await finishedKitJob(print, req);
    expect(job.files[0]!.path).toMatch(/dou-laoban-kit-letter-pieces-score\.pdf$/);
    expect(readFileSync(job.files[0]!.path).equals(readFileSync(cliFile))).toBe(true);
    expect(job.pages).toBe(3); // the cover, the pieces and the score sheet
    const bad = print.startKit({ game: 'dou-laoban', paper: 'a5' });
    expect(bad.ok ? '' : bad.error.message).toMatch(/^Kit option paper: /);
    const schema = IPC_ARGS[IpcChannel.PRINT_KIT_START];
    expect(schema.safeParse(req).success).toBe(true);
    expect(schema.safeParse({ paper: 'a4', parts: ['tokens'] }).success).toBe(true); // 生肖赛跑's, as before
    expect(schema.safeParse({ game: 'dou-laoban', parts: ['tokens'] }).success).toBe(false);
  }, 60_000);

  it('reads the command line’s flags, naming the flag when a value is wrong', () => {
    expect(dlKitRequestFromFlags({ paper: 'A4', parts: 'pieces,score', duplex: 'short', 'no-calibration': true })).toEqual({ ok: true, value: { paper: 'a4', parts: ['pieces', 'score'], duplex: 'short', calibration: false } });
    const bad = dlKitRequestFromFlags({ parts: 'cards,board' });
    expect(bad.ok ? '' : bad.error.message).toBe('--parts takes all or a list of cards, pieces, score (got "cards,board")');
    const paper = dlKitRequestFromFlags({ paper: 'a5' });
    expect(paper.ok ? '' : paper.error.message).toMatch(/^--paper must be a4, letter, a3, tabloid/);
  });
});
