// The 摸鱼王 kit: on every paper it has the cover, the duplex calibration page, the 119 cards (the
// 101-card deck, 9 role cards, 9 reference cards) with each back page mirroring its front for the
// chosen flip, and the 19 overtime markers; pages are exactly the paper's size and nothing on the
// cover and marker pages comes within the 5 mm a home printer cannot print. The PDF itself is
// checked with poppler: page count, size, every font an embedded subset.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkOps } from '../../../shared/cards/draw-list';
import { PAPER_IDS } from '../../../shared/print/paper';
import { MARKER_COUNT, MARKER_LAYOUT } from '../../../shared/print/moyu-wang/markers';
import { mwKitRequestFromFlags } from '../../cli-mw-kit';
import { exportMoyuKit, mwKitPages, resolveMwKitRequest } from './moyu-kit';
import { outside } from './kit-pages.testing';
import { countByCard, expectPaperSized, expectPokerCardsWithBleed, expectPopplerReads, itPrintsCardSheets, kitFixture, kitLayout, sheetFronts } from './kit-test-helpers';

const { fonts, deps, dir } = kitFixture('fuqi-mwkit-');

const CARDS = 101 + 9 + 9;

const laid = kitLayout(deps, resolveMwKitRequest, mwKitPages);

describe('摸鱼王 kit', () => {
  it.each(PAPER_IDS)('%s: cover, calibration, 119 cards with backs and 19 markers, every page the paper’s size', async (paper) => {
    const { pages, sections } = await laid({ paper });
    const [cards, markers] = sections;
    expect(sections.map((s) => s.title)).toEqual(['卡牌、身份牌与速查牌 Cards, role and reference cards', '加班标记 Overtime markers']);
    expect([cards!.from, cards!.duplex, markers!.from, markers!.to, markers!.duplex]).toEqual([2, true, cards!.to + 1, cards!.to + 1, false]);
    expect(pages).toHaveLength(markers!.to);
    expectPaperSized(pages, paper);
    // Calibration front and back, then a front and a back per sheet, holding every card once per copy.
    const sheets = pages.slice(3, cards!.to);
    const fronts = sheetFronts(sheets);
    expect(fronts).toHaveLength(CARDS);
    const count = countByCard(fronts);
    for (let n = 0; n <= 100; n++) expect(count.get(String(n).padStart(2, '0')), `card ${n}`).toBe(1);
    expect([count.get('ROLE-BOSS'), count.get('ROLE-SECRETARY'), count.get('ROLE-OLDHAND'), count.get('ROLE-EMPLOYEE'), count.get('REF')]).toEqual([1, 2, 1, 5, 9]);
    expectPokerCardsWithBleed(sheets[0]!);
    // The cover and the marker page keep everything inside the printable margin.
    for (const p of [pages[0]!, pages.at(-1)!]) expect(outside(p, fonts)).toEqual([]);
  }, 60_000);

  itPrintsCardSheets(laid);

  it('draws the 19 overtime markers as 25 mm chips with cut circles that never overlap', async () => {
    for (const paper of PAPER_IDS) {
      const { pages } = await laid({ paper, parts: ['markers'] });
      const cuts: { cx: number; cy: number; r: number }[] = [];
      const texts: string[] = [];
      walkOps(pages[1]!.items[0]!.list.ops, (op) => {
        if (op.op === 'ellipse' && op.id === 'cut') cuts.push({ cx: op.cx, cy: op.cy, r: op.rx });
        if (op.op === 'text') texts.push(op.text);
      });
      expect(cuts).toHaveLength(MARKER_COUNT);
      for (const c of cuts) expect(2 * c.r).toBe(MARKER_LAYOUT.diameter);
      cuts.forEach((a, i) => cuts.slice(i + 1).forEach((b) => expect(Math.hypot(a.cx - b.cx, a.cy - b.cy)).toBeGreaterThan(2 * (a.r + MARKER_LAYOUT.bleed))));
      expect(texts.filter((t) => t === '加班')).toHaveLength(MARKER_COUNT);
    }
  });

  it('writes the PDF: page count and size as poppler reads them, all fonts embedded subsets (no missing glyph); refuses to overwrite and bad options', async () => {
    const file = join(dir, 'kit.pdf');
    const r = await exportMoyuKit(deps, { paper: 'a4' }, file);
    if (!r.ok) throw new Error(r.error.message);
    expectPopplerReads(file, r.value.pages, /Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    for (const t of ['摸鱼王', '不是我', '放假 HOLIDAY', '老油条', '加班']) expect(text, t).toContain(t);
    const again = await exportMoyuKit(deps, { paper: 'a4' }, file);
    expect(again.ok ? '' : again.error.message).toMatch(/exists/);
    expect(resolveMwKitRequest({ paper: 'a5' }).ok).toBe(false);
    const bad = resolveMwKitRequest({ parts: ['board'] });
    expect(bad.ok ? '' : bad.error.message).toMatch(/^Kit option parts\.0: /);
  }, 60_000);

  it('reads the CLI flags, and says what a bad one takes', () => {
    expect(mwKitRequestFromFlags({ paper: 'A3', duplex: 'short', 'no-calibration': true, parts: 'markers' })).toEqual({ ok: true, value: { paper: 'a3', duplex: 'short', calibration: false, parts: ['markers'] } });
    const bad = mwKitRequestFromFlags({ parts: 'cards,dice' });
    expect(bad.ok ? '' : bad.error.message).toBe('--parts takes all or a list of cards, markers (got "cards,dice")');
    const paper = mwKitRequestFromFlags({ paper: 'a5' });
    expect(paper.ok ? '' : paper.error.message).toBe('--paper must be a4, letter, a3, tabloid, not "a5"');
  });
});
