import { paperSize } from '../../../shared/print/paper';
import type { CoverBrand } from '../../../shared/print/zodiac/cover';
import { piecesPage } from '../../../shared/print/dou-laoban/pieces';
import { DL_KIT_PARTS, DouLaobanKitRequest, type DlKitPart, type DouLaobanKitRequestResolved } from '../../../shared/print/dou-laoban/request';
import { scorePage } from '../../../shared/print/dou-laoban/score';
import { ok, type Result } from '../../../shared/util/result';
import type { KitDeps } from './kit';
import { assembleKit, cardSheetsBody, parseKitRequest, wholePage, writeCardKit, type KitBody, type KitWritten, type LaidKit } from './kit-parts';

/**
 * The 斗老闆 print-and-play kit in one PDF: a cover (parts list with page numbers and how to
 * print each), the 54 cards and the reference cards exactly as the print dialog imposes them
 * (duplex calibration page, fronts with bleed and crop marks, backs aligned after each front),
 * the table pieces (Boss tent card, bid markers, multiplier tracker) and the A5 score pad.
 */

/** The built-in project the kit's cards come from. */
export const DL_KIT_PROJECT = 'dou-laoban';

/** What a kit export wrote. */
export type DlKitResult = KitWritten;

/** Parse a kit request, with messages that say what to fix. */
export function resolveDlKitRequest(req: unknown): Result<DouLaobanKitRequestResolved> {
  return parseKitRequest(DouLaobanKitRequest, req);
}

const TITLES: Record<DlKitPart, string> = {
  cards: '撲克牌與提示卡 Cards and reference cards',
  pieces: '桌上配件 Table pieces',
  score: '記分表 Score sheet',
};

const BRAND: CoverBrand = {
  title: '斗老闆',
  subtitle: 'Dou Laoban · 列印組裝套件 print-and-play kit',
  color: '#1F3A5F',
  titleFace: 'sans-bold',
  words: { contents: '內容', page: '頁', duplex: '雙面列印（長邊翻轉）', simplex: '單面列印' },
  notes:
    '請以 100% 實際大小列印（不要「符合頁面」）。撲克牌建議用 250–300 gsm 卡紙，或直接用一副普通撲克牌，只印提示卡和配件。另需：約 3 枚小方塊或硬幣作倍數卡上的標記。' +
    'Print at 100 % (not "fit to page"). Use 250–300 gsm card for the cards, or play with an ordinary deck and print only the reference cards and pieces. You also need about 3 small cubes or coins for the tracker.',
  caption: '斗老闆 Dou Laoban — 福器工坊 Fuqi Workshop · 遊戲 game: 華仁網路科技有限公司',
};

/** Lay out the kit: every page and the cover's sections. */
export async function dlKitPages(deps: KitDeps, req: DouLaobanKitRequestResolved): Promise<Result<LaidKit>> {
  const m = deps.fonts.measurer;
  const page = paperSize(req.paper, 'portrait');
  const parts = DL_KIT_PARTS.filter((p) => req.parts.includes(p));
  const refDirs = new Map<string, string>();
  const bodies: KitBody[] = [];
  if (parts.includes('cards')) {
    const cards = await cardSheetsBody(deps, DL_KIT_PROJECT, req, { zh: '斗老闆', en: '斗老闆 (Dou Laoban)' }, TITLES.cards, ({ cards: n, perSheet, calibration }) => `${calibration ? '先印第一頁校準頁 print the calibration page first · ' : ''}54 張撲克牌（52 張與大怪、小怪）和 9 張提示卡 · ${n} poker-size cards: the 54-card deck and 3 × 3 reference cards (${perSheet} a sheet, backs after each front)`, refDirs);
    if (!cards.ok) return cards;
    bodies.push(cards.value);
  }
  if (parts.includes('pieces'))
    bodies.push({ title: TITLES.pieces, pages: [wholePage(piecesPage(page, m))], detail: '老闆帳篷牌、叫分圓片 1× 2× 3×、A6 倍數卡 · Boss tent card, bid markers 1× 2× 3× (30 mm), A6 multiplier tracker', duplex: false });
  if (parts.includes('score')) bodies.push({ title: TITLES.score, pages: [wholePage(scorePage(page, m))], detail: 'A5 記分表，每局一行，可多印幾張 · A5 score sheet, a row per deal; print as many as you need', duplex: false });
  return ok(assembleKit(deps, req.paper, bodies, refDirs, BRAND));
}

/**
 * Write the kit PDF to `file` (atomically; an existing file only with `overwrite`), for the CLI,
 * the print dialog and the tests. Every picture is the project's (its icons and files); the
 * pieces' icons resolve there too.
 */
export async function exportDouLaobanKit(
  deps: KitDeps,
  input: unknown,
  file: string,
  opts: { overwrite?: boolean; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Result<DlKitResult>> {
  const r = resolveDlKitRequest(input);
  if (!r.ok) return r;
  return writeCardKit(deps, DL_KIT_PROJECT, () => dlKitPages(deps, r.value), file, { title: '斗老闆 Dou Laoban — print-and-play kit', paper: r.value.paper }, opts);
}
