import { paperSize } from '../../../shared/print/paper';
import { ShisiKitRequest, type ShisiKitRequestResolved } from '../../../shared/print/dou-shisi/request';
import { dsScorePage } from '../../../shared/print/dou-shisi/score';
import type { CoverBrand } from '../../../shared/print/zodiac/cover';
import { ok, type Result } from '../../../shared/util/result';
import type { KitDeps } from './kit';
import { assembleKit, cardSheetsBody, parseKitRequest, wholePage, writeCardKit, type KitWritten, type LaidKit } from './kit-parts';

/**
 * The 斗十四 print-and-play kit in one PDF: a cover (what is inside, page numbers, how to print),
 * then the project's cards exactly as the print dialog imposes them: the duplex calibration page,
 * the 52 number cards, the 6 jokers (4 for the default deck, 2 extra for the 6-joker game, marked
 * on their faces) and 4 reference cards (Chinese front, English back), with bleed and crop marks,
 * each back page aligned behind its front; and an A5 score sheet.
 */

/** The built-in project the kit's cards come from. */
export const DS_KIT_PROJECT = 'dou-shisi';

export { ShisiKitRequest, type ShisiKitRequestResolved } from '../../../shared/print/dou-shisi/request';

/** What a kit export wrote. */
export type DsKitResult = KitWritten;

/** Parse a kit request, with messages that say what to fix. */
export function resolveDsKitRequest(req: unknown): Result<ShisiKitRequestResolved> {
  return parseKitRequest(ShisiKitRequest, req);
}

const BRAND: CoverBrand = {
  title: '斗十四',
  subtitle: 'Dou Shisi · 打印组装套件 print-and-play kit',
  color: '#7A1F1A',
  titleFace: 'brush',
  words: { contents: '内容', page: '页', duplex: '双面打印（长边翻转）', simplex: '单面打印' },
  notes:
    '请以 100% 实际大小打印（不要“适合页面”）。卡牌建议用 250–300 gsm 卡纸。每张数字牌中间的圆标是它的红点：红牌是实心红圆和白字，黑牌是空心圆和“0”，黑白打印也一眼分得清；底部写着与它相加等于十四的牌。默认 4 张鬼；标着“加牌 · 仅 6鬼”的 2 张只在 6鬼玩法里加入，双鬼玩法只用标着“每副牌都有”的 2 张。速查牌正面中文、背面英文，牌背与牌堆不同。' +
    'Print at 100 % (not "fit to page"). Use 250–300 gsm card. The disc in the middle of each number card is its red points: a solid red disc with a white number on red cards, an open disc with 0 on black ones, plain in black and white too; the foot names the card it pairs with to 14. The default deck has 4 jokers; the 2 marked "Extra: 6-joker deck only" join only for the 6-joker game, and the 2-joker game keeps the 2 marked "In every deck". Reference cards are Chinese on the front, English on the back, and never mix into the deck.',
  caption: '斗十四 Dou Shisi — 福器工坊 Fuqi Workshop · 规则 rules: 《斗十四的游戏规则》，后半部分为补全 (completed where the text is cut off)',
};

/** Lay out the kit: every page and the cover's sections. */
export async function dsKitPages(deps: KitDeps, req: ShisiKitRequestResolved): Promise<Result<LaidKit>> {
  const refDirs = new Map<string, string>();
  const cards = await cardSheetsBody(
    deps,
    DS_KIT_PROJECT,
    req,
    { zh: '斗十四', en: '斗十四 (Dou Shisi)' },
    '卡牌与速查牌 Cards and reference cards',
    ({ cards: n, perSheet, calibration }) =>
      `${calibration ? '先印第一页校准页 print the calibration page first · ' : ''}52 张数字牌、4 张鬼、2 张 6鬼加牌、4 张速查牌 · ${n} poker-size cards: 52 number cards, 4 jokers, 2 extra jokers for the 6-joker game and 4 reference cards (${perSheet} a sheet, backs after each front)`,
    refDirs,
  );
  if (!cards.ok) return cards;
  const score = dsScorePage(paperSize(req.paper, 'portrait'), deps.fonts.measurer);
  const scoreBody = { title: '记分表 Score sheet', pages: [wholePage(score)], detail: 'A5 记分表，每手一行，可多印几张 · A5 score sheet, a row per hand; print as many as you need', duplex: false };
  return ok(assembleKit(deps, req.paper, [cards.value, scoreBody], refDirs, BRAND));
}

/** Write the kit PDF to `file` (atomically; an existing file only with `overwrite`), for the CLI, the print dialog and the tests. */
export async function exportShisiKit(
  deps: KitDeps,
  input: unknown,
  file: string,
  opts: { overwrite?: boolean; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Result<DsKitResult>> {
  const r = resolveDsKitRequest(input);
  if (!r.ok) return r;
  return writeCardKit(deps, DS_KIT_PROJECT, () => dsKitPages(deps, r.value), file, { title: '斗十四 Dou Shisi — print-and-play kit', paper: r.value.paper }, opts);
}
