import { paperSize } from '../../../shared/print/paper';
import { markerSheets, MARKER_COUNT } from '../../../shared/print/moyu-wang/markers';
import { MoyuKitRequest, MW_KIT_PARTS, type MoyuKitRequestResolved, type MwKitPart } from '../../../shared/print/moyu-wang/request';
import type { CoverBrand } from '../../../shared/print/zodiac/cover';
import { ok, type Result } from '../../../shared/util/result';
import type { KitDeps } from './kit';
import { assembleKit, cardSheetsBody, parseKitRequest, wholePage, writeCardKit, type KitBody, type KitWritten, type LaidKit } from './kit-parts';

/**
 * The 摸鱼王 print-and-play kit in one PDF: a cover (parts list with page numbers and how to print
 * each), the project's cards exactly as the print dialog imposes them (duplex calibration page,
 * the 101 cards, role cards and reference cards with bleed and crop marks, each back page aligned
 * behind its front), and the 19 overtime markers.
 */

/** The built-in project the kit's cards come from. */
export const MW_KIT_PROJECT = 'moyu-wang';

/** What a kit export wrote. */
export type MwKitResult = KitWritten;

/** Parse a kit request, with messages that say what to fix. */
export function resolveMwKitRequest(req: unknown): Result<MoyuKitRequestResolved> {
  return parseKitRequest(MoyuKitRequest, req);
}

const TITLES: Record<MwKitPart, string> = {
  cards: '卡牌、身份牌与速查牌 Cards, role and reference cards',
  markers: '加班标记 Overtime markers',
};

const BRAND: CoverBrand = {
  title: '摸鱼王',
  subtitle: 'King of Slackers · 打印组装套件 print-and-play kit',
  color: '#1D5E6A',
  titleFace: 'brush',
  words: { contents: '内容', page: '页', duplex: '双面打印（长边翻转）', simplex: '单面打印' },
  notes:
    '请以 100% 实际大小打印（不要“适合页面”）。卡牌建议用 250–300 gsm 卡纸。颜色不靠色彩区分：每张牌都有数字、星期字和图案（红：圆点，黄：方块，绿：菱形，蓝：圆环，紫：十字，棕：双横条，彩色：带横线的圆），黑白打印也能玩。身份牌和速查牌的背面与牌堆不同，不会混进牌堆。' +
    'Print at 100 % (not "fit to page"). Use 250–300 gsm card. Colours never rely on hue alone: every card carries its number, a weekday glyph and a pattern (red dots, yellow squares, green diamonds, blue rings, purple crosses, brown double bars, rainbow barred circles), so a black-and-white print plays too. Role and reference cards have their own backs and never mix into the deck.',
  caption: '摸鱼王！ King of Slackers — 福器工坊 Fuqi Workshop · 设计 design: 红桃3',
};

/** Lay out the kit: every page and the cover's sections. */
export async function mwKitPages(deps: KitDeps, req: MoyuKitRequestResolved): Promise<Result<LaidKit>> {
  const parts = MW_KIT_PARTS.filter((p) => req.parts.includes(p));
  const refDirs = new Map<string, string>();
  const bodies: KitBody[] = [];
  if (parts.includes('cards')) {
    const cards = await cardSheetsBody(
      deps,
      MW_KIT_PROJECT,
      req,
      { zh: '摸鱼王', en: '摸鱼王 (King of Slackers)' },
      TITLES.cards,
      ({ cards: n, perSheet, calibration }) =>
        `${calibration ? '先印第一页校准页 print the calibration page first · ' : ''}101 张牌（50 张工作牌、20 张棕色周末牌、10 张彩色请假牌、21 张黑色借口牌）、9 张身份牌、9 张速查牌 · ${n} poker-size cards: the 101-card deck, 9 role cards and 9 reference cards (${perSheet} a sheet, backs after each front)`,
      refDirs,
    );
    if (!cards.ok) return cards;
    bodies.push(cards.value);
  }
  if (parts.includes('markers')) {
    const lists = markerSheets(paperSize(req.paper, 'portrait'), deps.fonts.measurer);
    bodies.push({ title: TITLES.markers, pages: lists.map(wholePage), detail: `${MARKER_COUNT} 个 25 mm 加班标记，9 人 × 2 + 1 · ${MARKER_COUNT} overtime markers, 25 mm (9 players × 2 + 1)`, duplex: false });
  }
  return ok(assembleKit(deps, req.paper, bodies, refDirs, BRAND));
}

/**
 * Write the kit PDF to `file` (atomically; an existing file only with `overwrite`), for the CLI,
 * the print dialog and the tests. The markers' clock is an icon like the cards' pictures:
 * everything resolves in the project's folder.
 */
export async function exportMoyuKit(
  deps: KitDeps,
  input: unknown,
  file: string,
  opts: { overwrite?: boolean; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Result<MwKitResult>> {
  const r = resolveMwKitRequest(input);
  if (!r.ok) return r;
  return writeCardKit(deps, MW_KIT_PROJECT, () => mwKitPages(deps, r.value), file, { title: '摸鱼王 King of Slackers — print-and-play kit', paper: r.value.paper }, opts);
}
