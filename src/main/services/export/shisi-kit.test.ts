// The 斗十四 kit: on every paper it has the cover, the duplex calibration page and the 62 cards (52
// number cards, 6 jokers, 4 reference cards) with each back page mirroring its front for the chosen
// flip, and the A5 score sheet; pages are exactly the paper's size, nothing on the cover and no crop mark comes within the
// 5 mm a home printer cannot print. The PDF itself is checked with poppler: page count, size, every
// font an embedded subset, the cards' text.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkOps } from '../../../shared/cards/draw-list';
import { cardCode, deckOf } from '../../../shared/games/dou-shisi/cards';
import { PAPER_IDS } from '../../../shared/print/paper';
import { DS_KIT_FLAGS } from '../../cli-ds-kit';
import { mwKitRequestFromFlags } from '../../cli-mw-kit';
import { cardBoxes, expectCropMarksInside, outside } from './kit-pages.testing';
import { countByCard, expectPaperSized, expectPokerCardsWithBleed, expectPopplerReads, itLandsBacksBehindFronts, kitFixture, kitLayout, sheetFronts } from './kit-test-helpers';
import { dsKitPages, exportShisiKit, resolveDsKitRequest } from './shisi-kit';

const { fonts, deps, dir } = kitFixture('fuqi-dskit-');

const CARDS = 52 + 6 + 4;

const laid = kitLayout(deps, resolveDsKitRequest, dsKitPages);

describe('斗十四 kit', () => {
  it.each(PAPER_IDS)('%s: cover, calibration, 62 cards with backs, every page the paper’s size', async (paper) => {
    const { pages, sections } = await laid({ paper });
    const [cards, score] = sections;
    expect([cards!.title, cards!.from, cards!.to, cards!.duplex]).toEqual(['卡牌与速查牌 Cards and reference cards', 2, pages.length - 1, true]);
    expect([score!.title, score!.from, score!.to, score!.duplex]).toEqual(['记分表 Score sheet', pages.length, pages.length, false]);
    expectPaperSized(pages, paper);
    // Calibration front and back, then a front and a back per sheet, holding every card once per copy.
    const sheets = pages.slice(3, -1);
    const fronts = sheetFronts(sheets);
    expect(fronts).toHaveLength(CARDS);
    const count = countByCard(fronts);
    for (const c of deckOf(0)) expect(count.get(cardCode(c)), cardCode(c)).toBe(1);
    expect(['JK1', 'JK2', 'JK3', 'JK4', 'JK5', 'JK6', 'REF'].map((id) => count.get(id))).toEqual([1, 1, 1, 1, 1, 1, 4]);
    expectPokerCardsWithBleed(sheets[0]!);
    // The cover and the score sheet keep everything inside the printable margin.
    for (const p of [pages[0]!, pages.at(-1)!]) expect(outside(p, fonts)).toEqual([]);
  }, 60_000);

  itLandsBacksBehindFronts(async (duplex, orientation) => {
    const { pages } = await laid({ paper: 'a4', duplex, orientation });
    return pages.slice(3, -1);
  });

  it('auto orientation keeps every crop mark inside the printable margin, on every paper; fronts only without duplex', async () => {
    for (const paper of PAPER_IDS) {
      const { pages } = await laid({ paper, calibration: false });
      const marks = expectCropMarksInside(pages.slice(1, -1), paper);
      expect(marks, paper).toBeGreaterThan(0);
    }
    const simplex = await laid({ paper: 'a3', duplex: 'none' });
    expect(simplex.sections[0]!.duplex).toBe(false);
    expect(simplex.pages.slice(1, -1).flatMap((p) => [...cardBoxes(p).keys()])).toHaveLength(CARDS);
  }, 60_000);

  it('draws the score sheet with a column per player of the default game and a row per hand', async () => {
    const { pages } = await laid({ paper: 'a4' });
    const texts: string[] = [];
    walkOps(pages.at(-1)!.items[0]!.list.ops, (op) => op.op === 'text' && texts.push(op.text));
    expect(texts).toContain('斗十四 记分表');
    expect(texts.filter((t) => /^Player \d$/.test(t))).toEqual(['Player 1', 'Player 2', 'Player 3', 'Player 4']);
    expect(texts.filter((t) => /^\d+$/.test(t))).toEqual(Array.from({ length: 16 }, (_, i) => String(i + 1)));
  });

  it('writes the PDF: page count and size as poppler reads them, all fonts embedded subsets; refuses to overwrite and bad options', async () => {
    const file = join(dir, 'kit.pdf');
    const r = await exportShisiKit(deps, { paper: 'letter' }, file);
    if (!r.ok) throw new Error(r.error.message);
    expectPopplerReads(file, r.value.pages, /Page size:\s+612 x 792 pts \(letter\)/);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    for (const t of ['斗十四', '红点 RED', 'A + K = 14', '加牌 · 仅 6鬼 玩法', '斗十四 速查', 'Dou Shisi']) expect(text, t).toContain(t);
    const again = await exportShisiKit(deps, { paper: 'letter' }, file);
    expect(again.ok ? '' : again.error.message).toMatch(/exists/);
    expect(resolveDsKitRequest({ paper: 'a5' }).ok).toBe(false);
    const bad = resolveDsKitRequest({ parts: ['cards'] });
    expect(bad.ok ? '' : bad.error.message).toMatch(/^Kit option/);
  }, 60_000);

  it('reads the CLI flags (no --parts: the kit is one part), and says what a bad one takes', () => {
    expect(Object.keys(DS_KIT_FLAGS)).not.toContain('parts');
    expect(mwKitRequestFromFlags({ paper: 'Tabloid', duplex: 'short', 'no-calibration': true })).toEqual({ ok: true, value: { paper: 'tabloid', duplex: 'short', calibration: false } });
    const paper = mwKitRequestFromFlags({ paper: 'a5' });
    expect(paper.ok ? '' : paper.error.message).toBe('--paper must be a4, letter, a3, tabloid, not "a5"');
  });
});
