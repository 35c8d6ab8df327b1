import type { DrawList } from '../../../shared/cards/draw-list';
import { walkOps } from '../../../shared/cards/draw-list';
import { KIT_PARTS, KitRequest, type KitPart, type KitRequestResolved } from '../../../shared/ipc/kit-request';
import { paperLabel, paperSize, PAPER_SIZES } from '../../../shared/print/paper';
import { tilePage } from '../../../shared/print/tile-pages';
import { fitScale, planTiles, type TilePlan } from '../../../shared/print/tiles';
import { kitCover, type KitSection } from '../../../shared/print/zodiac/cover';
import { dieAndScorePage } from '../../../shared/print/zodiac/die-score';
import { standeeSheets } from '../../../shared/print/zodiac/pieces';
import { tokenSheets } from '../../../shared/print/zodiac/tokens';
import { kitTestPage } from '../../../shared/print/zodiac/test-page';
import { TOKENS_PER_VALUE, ZODIACS } from '../../../shared/print/zodiac/parts';
import { err, ok, type Result } from '../../../shared/util/result';
import type { LoadedProject } from '../projects';
import { renderCard } from '../render';
import type { KitDeps } from './kit';
import { kitCardSheets, writeKitPdf } from './kit-parts';
import type { PdfPage } from './pdf';
import { checkTargets } from './place';

/**
 * The 生肖赛跑 print-and-play kit in one PDF, in build order: cover (parts list, page numbers,
 * board assembly map), board (one page or tiles), power cards (fronts and backs), dice tokens,
 * pieces (standees, die net) and the lap-score tracks. Any subset of parts prints the same way.
 */

/** The built-in projects the kit is made from. */
export const KIT_PROJECTS = { board: 'zodiac-race-board', cards: 'zodiac-race' } as const;

/** What a kit export wrote. */
export interface KitResult {
  pages: number;
  bytes: number;
  sections: KitSection[];
  /** The board's tiling, when the board is in the kit. */
  board: TilePlan | null;
}

/** Parse a kit request, with messages that say what to fix. */
export function resolveKitRequest(req: unknown): Result<KitRequestResolved> {
  const r = KitRequest.safeParse(req);
  if (r.success) return ok(r.data);
  const i = r.error.issues[0]!;
  return err('print/bad-request', `Kit option ${i.path.join('.') || '(request)'}: ${i.message}.`);
}

/** The board's draw list (front, with bleed) and its project. */
function boardList(deps: KitDeps): Result<{ project: LoadedProject; list: DrawList }> {
  const p = deps.projects.get(KIT_PROJECTS.board);
  if (!p.ok) return p;
  const card = p.value.set.cards[0];
  if (!card) return err('print/nothing', `The board project ${KIT_PROJECTS.board} has no board row in cards.csv.`);
  const r = renderCard(p.value, card, deps.fonts.measurer, { bleed: p.value.set.file.card.bleed });
  return ok({ project: p.value, list: r.front.list });
}

/** The board scale: the request's, else 100 % tiled (the default on A4/Letter) and the largest one-page fit whole (the default on A3/Tabloid). */
export function boardScale(board: DrawList, req: Pick<KitRequestResolved, 'paper' | 'scale'> & { tiling?: KitRequestResolved['tiling'] }): number {
  if (req.scale !== undefined) return req.scale;
  const tiling = req.tiling ?? 'auto';
  const whole = tiling === 'whole' || (tiling === 'auto' && (req.paper === 'a3' || req.paper === 'tabloid'));
  if (whole) return fitScale(board, req.paper) ?? 100;
  return 100;
}

/**
 * The board's tiling for a request: `whole` must come out as one page (else an error naming the
 * largest one-page scale), `tiled` and `auto` take as many tiles as the scale needs.
 */
export function boardPlan(board: DrawList, req: Pick<KitRequestResolved, 'paper' | 'scale' | 'tiling' | 'overlap'>): Result<TilePlan> {
  const label = PAPER_SIZES[req.paper].label;
  if (req.tiling === 'whole' && req.scale === undefined && fitScale(board, req.paper) === null)
    return err('print/board-whole', `The board does not fit one ${label} page even at 40 %; print it tiled.`, { zh: `棋盘即使缩小到 40% 也放不进一页 ${label}；请分块打印。` });
  const plan = planTiles(board, req.paper, boardScale(board, req), req.overlap, { tightSides: req.tiling === 'whole' });
  if (req.tiling === 'whole' && plan.tiles.length > 1) {
    const fit = fitScale(board, req.paper, { tightSides: true });
    return err('print/board-whole', `At ${plan.scale} % the board needs ${plan.tiles.length} ${label} pages; on one page it fits at ${fit} % at most. Lower the scale or print it tiled.`, {
      zh: `比例 ${plan.scale}% 时棋盘需要 ${plan.tiles.length} 页 ${label}；放在一页上最大比例为 ${fit}%。请减小比例或分块打印。`,
    });
  }
  return ok(plan);
}

/** The board part alone: its tiling and pages (used by the kit and by tests). */
export function boardPages(board: DrawList, plan: TilePlan, measurer: KitDeps['fonts']['measurer']): DrawList[] {
  return plan.tiles.map((t) => tilePage(board, plan, t, { name: '生肖赛跑 棋盘 Zodiac Race board' }, measurer));
}

const TEST_TITLE = '打印测试页 Print test page';

const TITLES: Record<KitPart, string> = {
  board: '棋盘 Board',
  cards: '生肖效果牌 Zodiac power cards',
  tokens: '骰子代币 Dice tokens',
  pieces: '棋子与骰子 Pieces and die',
  score: '计分条 Lap-score tracks',
};

/** Lay out the kit: every page's draw list (or the card sheets' page items) and the cover's sections. */
export async function kitPages(deps: KitDeps, req: KitRequestResolved): Promise<Result<{ pages: PdfPage[]; sections: KitSection[]; plan: TilePlan | null; refDirs: Map<string, string> }>> {
  const m = deps.fonts.measurer;
  const page = paperSize(req.paper, 'portrait');
  const parts = KIT_PARTS.filter((p) => req.parts.includes(p));
  const whole = (list: DrawList): PdfPage => ({ widthMm: list.width, heightMm: list.height, items: [{ list, x: 0, y: 0 }] });
  const refDirs = new Map<string, string>();
  const remember = (lists: DrawList[], dir: string) => lists.forEach((l) => walkOps(l.ops, (op) => op.op === 'image' && !refDirs.has(op.ref) && refDirs.set(op.ref, dir)));
  const bodies: { part: KitPart | 'test'; pages: PdfPage[]; detail: string; duplex: boolean }[] = [];
  if (req.testPage)
    bodies.push({
      part: 'test',
      pages: [whole(kitTestPage(page, m).list)],
      detail: '先单独打印这一页：尺子应为 100 毫米，方块 50 × 50 毫米 · print this page first, alone: the ruler must measure 100 mm, the square 50 × 50 mm',
      duplex: false,
    });
  let plan: TilePlan | null = null;
  let board: DrawList | null = null;
  const b = boardList(deps);
  if (!b.ok) return b;
  board = b.value.list;
  remember([board], b.value.project.dir);
  if (parts.includes('board')) {
    const planned = boardPlan(board, req);
    if (!planned.ok) return planned;
    plan = planned.value;
    const size = `${Math.round(plan.extent.width - 2 * plan.trim.x)} × ${Math.round(plan.extent.height - 2 * plan.trim.y)} mm`;
    const detail = plan.tiles.length === 1
      ? `一页，比例 ${plan.scale}% · one page at ${plan.scale}% (${size}, ${plan.orientation})`
      : `${plan.tiles.length} 块拼成 ${size} · ${plan.tiles.length} tiles (${plan.cols} × ${plan.rows}, ${plan.orientation}) at ${plan.scale}%, glued into one ${size} board`;
    bodies.push({ part: 'board', pages: boardPages(board, plan, m).map(whole), detail, duplex: false });
  }
  if (parts.includes('cards')) {
    // Card sheets go on the kit's paper, exactly as the print dialog imposes them.
    const sheets = await kitCardSheets(deps, KIT_PROJECTS.cards, { paper: req.paper, orientation: req.orientation, duplex: req.duplex, calibration: false }, { zh: '生肖效果', en: 'power' });
    if (!sheets.ok) return sheets;
    const { pages, cards: n, perSheet, dir } = sheets.value;
    remember(pages.flatMap((p) => p.items.map((i) => i.list)), dir);
    bodies.push({ part: 'cards', pages, detail: `${n} 张扑克尺寸卡牌，每个生肖一张 · ${n} poker-size cards, one per zodiac (${perSheet} a sheet)`, duplex: req.duplex !== 'none' });
  }
  if (parts.includes('tokens')) {
    const lists = tokenSheets(page, { copies: req.copies, back: req.tokenBack }, m);
    const each = TOKENS_PER_VALUE * req.copies;
    bodies.push({ part: 'tokens', pages: lists.map(whole), detail: `${each * 6} 个 20 mm 圆形代币，1–6 每种 ${each} 个 · ${each * 6} round 20 mm tokens, ${each} of each value 1–6 (1 and 4 red, 2 3 5 6 blue)${req.tokenBack ? `, backs ${req.tokenBack}` : ''}`, duplex: req.tokenBack !== null });
  }
  if (parts.includes('pieces')) {
    const lists = [...standeeSheets(page, req.players, m), dieAndScorePage(page, req.players, m, { die: true, score: parts.includes('score') })];
    remember(lists, b.value.project.dir);
    bodies.push({ part: 'pieces', pages: lists.map(whole), detail: `${req.players * ZODIACS.length} 个立牌（${req.players} 种玩家颜色 × 12 生肖）和一个 20 mm 骰子展开图 · ${req.players * ZODIACS.length} standees (${req.players} player colours × 12 zodiacs) and a 20 mm die net`, duplex: false });
  }
  if (parts.includes('score')) {
    const detail = `${req.players} 条 0–10 计分条与计分标记，代替十面骰 · ${req.players} lap-score tracks 0–10 with markers, in place of the ten-sided dice`;
    // With the pieces, the tracks share the die net's page.
    if (parts.includes('pieces')) bodies.push({ part: 'score', pages: [], detail, duplex: false });
    else bodies.push({ part: 'score', pages: [whole(dieAndScorePage(page, req.players, m, { die: false, score: true }))], detail, duplex: false });
  }
  const sections: KitSection[] = [];
  let next = 2;
  for (const body of bodies) {
    const from = body.pages.length ? next : next - 1;
    next += body.pages.length;
    sections.push({ title: body.part === 'test' ? TEST_TITLE : TITLES[body.part], detail: body.detail, from, to: next - 1, duplex: body.duplex });
  }
  const label = `${PAPER_SIZES[req.paper].label}`;
  const cover = kitCover(page, sections, plan && board ? { list: board, plan } : null, label, m);
  return ok({ pages: [whole(cover), ...bodies.flatMap((x) => x.pages)], sections, plan, refDirs });
}

/**
 * Write the kit PDF to `file` (atomically; an existing file only with `overwrite`). The same
 * function serves the CLI, the print dialog's job (on an export worker) and the tests.
 */
export async function exportZodiacKit(
  deps: KitDeps,
  input: unknown,
  file: string,
  opts: { overwrite?: boolean; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Result<KitResult>> {
  const r = resolveKitRequest(input);
  if (!r.ok) return r;
  const req = r.value;
  const free = checkTargets([{ path: file, kind: 'file' }], opts.overwrite ?? false);
  if (!free.ok) return free;
  const laid = await kitPages(deps, req);
  if (!laid.ok) return laid;
  const { pages, sections, plan, refDirs } = laid.value;
  const fallback = deps.projects.get(KIT_PROJECTS.board);
  if (!fallback.ok) return fallback;
  // Each image resolves in the folder of the project whose list uses it (the board's star, the cards' art).
  const written = await writeKitPdf(deps, pages, file, { title: '生肖赛跑 Zodiac Race — print-and-play kit', subject: `${sections.map((s) => s.title).join(', ')}; ${paperLabel(req.paper, 'portrait')}`, refDirs, fallbackDir: fallback.value.dir }, opts);
  if (!written.ok) return written;
  return ok({ pages: pages.length, bytes: written.value.bytes, sections, board: plan });
}
