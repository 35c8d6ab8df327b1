import type { DrawList } from '../../../shared/cards/draw-list';
import { paperLabel, paperSize, PAPER_SIZES } from '../../../shared/print/paper';
import { kitCover, type CoverBrand, type KitSection } from '../../../shared/print/zodiac/cover';
import { piecesPage } from '../../../shared/print/dou-laoban/pieces';
import { DL_KIT_PARTS, DouLaobanKitRequest, type DlKitPart, type DouLaobanKitRequestResolved } from '../../../shared/print/dou-laoban/request';
import { scorePage } from '../../../shared/print/dou-laoban/score';
import { err, ok, type Result } from '../../../shared/util/result';
import type { KitDeps } from './kit';
import { kitCardSheets, rememberImageDirs, writeKitPdf } from './kit-parts';
import type { PdfPage } from './pdf';
import { checkTargets } from './place';

/**
 * The 斗老闆 print-and-play kit in one PDF: a cover (parts list with page numbers and how to
 * print each), the 54 cards and the reference cards exactly as the print dialog imposes them
 * (duplex calibration page, fronts with bleed and crop marks, backs aligned after each front),
 * the table pieces (Boss tent card, bid markers, multiplier tracker) and the A5 score pad.
 */

/** The built-in project the kit's cards come from. */
export const DL_KIT_PROJECT = 'dou-laoban';

/** What a kit export wrote. */
export interface DlKitResult {
  pages: number;
  bytes: number;
  sections: KitSection[];
}

/** Parse a kit request, with messages that say what to fix. */
export function resolveDlKitRequest(req: unknown): Result<DouLaobanKitRequestResolved> {
  const r = DouLaobanKitRequest.safeParse(req);
  if (r.success) return ok(r.data);
  const i = r.error.issues[0]!;
  return err('print/bad-request', `Kit option ${i.path.join('.') || '(request)'}: ${i.message}.`, { zh: `套件選項 ${i.path.join('.') || '(request)'} 不正確：${i.message}。` });
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
export async function dlKitPages(deps: KitDeps, req: DouLaobanKitRequestResolved): Promise<Result<{ pages: PdfPage[]; sections: KitSection[]; refDirs: Map<string, string> }>> {
  const m = deps.fonts.measurer;
  const page = paperSize(req.paper, 'portrait');
  const parts = DL_KIT_PARTS.filter((p) => req.parts.includes(p));
  const whole = (list: DrawList): PdfPage => ({ widthMm: list.width, heightMm: list.height, items: [{ list, x: 0, y: 0 }] });
  const refDirs = new Map<string, string>();
  const bodies: { part: DlKitPart; pages: PdfPage[]; detail: string; duplex: boolean }[] = [];
  if (parts.includes('cards')) {
    const sheets = await kitCardSheets(deps, DL_KIT_PROJECT, { paper: req.paper, orientation: req.orientation, duplex: req.duplex, calibration: req.calibration && req.duplex !== 'none' }, { zh: '斗老闆', en: '斗老闆 (Dou Laoban)' });
    if (!sheets.ok) return sheets;
    const { pages, cards: n, perSheet } = sheets.value;
    rememberImageDirs(pages, sheets.value.dir, refDirs);
    const calib = sheets.value.calibration ? '先印第一頁校準頁 print the calibration page first · ' : '';
    bodies.push({ part: 'cards', pages, detail: `${calib}54 張撲克牌（52 張與大怪、小怪）和 9 張提示卡 · ${n} poker-size cards: the 54-card deck and 3 × 3 reference cards (${perSheet} a sheet, backs after each front)`, duplex: req.duplex !== 'none' });
  }
  if (parts.includes('pieces'))
    bodies.push({ part: 'pieces', pages: [whole(piecesPage(page, m))], detail: '老闆帳篷牌、叫分圓片 1× 2× 3×、A6 倍數卡 · Boss tent card, bid markers 1× 2× 3× (30 mm), A6 multiplier tracker', duplex: false });
  if (parts.includes('score')) bodies.push({ part: 'score', pages: [whole(scorePage(page, m))], detail: 'A5 記分表，每局一行，可多印幾張 · A5 score sheet, a row per deal; print as many as you need', duplex: false });
  const sections: KitSection[] = [];
  let next = 2;
  for (const body of bodies) {
    const from = next;
    next += body.pages.length;
    sections.push({ title: TITLES[body.part], detail: body.detail, from, to: next - 1, duplex: body.duplex });
  }
  const cover = kitCover(page, sections, null, PAPER_SIZES[req.paper].label, m, BRAND);
  return ok({ pages: [whole(cover), ...bodies.flatMap((x) => x.pages)], sections, refDirs });
}

/**
 * Write the kit PDF to `file` (atomically; an existing file only with `overwrite`), for the CLI
 * and the tests.
 */
export async function exportDouLaobanKit(
  deps: KitDeps,
  input: unknown,
  file: string,
  opts: { overwrite?: boolean; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Result<DlKitResult>> {
  const r = resolveDlKitRequest(input);
  if (!r.ok) return r;
  const req = r.value;
  const free = checkTargets([{ path: file, kind: 'file' }], opts.overwrite ?? false);
  if (!free.ok) return free;
  const laid = await dlKitPages(deps, req);
  if (!laid.ok) return laid;
  const { pages, sections, refDirs } = laid.value;
  const project = deps.projects.get(DL_KIT_PROJECT);
  if (!project.ok) return project;
  // Every picture is the project's (its icons and files); the pieces' icons resolve there too.
  const written = await writeKitPdf(deps, pages, file, { title: '斗老闆 Dou Laoban — print-and-play kit', subject: `${sections.map((s) => s.title).join(', ')}; ${paperLabel(req.paper, 'portrait')}`, refDirs, fallbackDir: project.value.dir }, opts);
  if (!written.ok) return written;
  return ok({ pages: pages.length, bytes: written.value.bytes, sections });
}
