import type { z } from 'zod';
import { walkOps, type DrawList } from '../../../shared/cards/draw-list';
import { PrintRequest } from '../../../shared/ipc/print-request';
import { paperLabel, paperSize, PAPER_SIZES, type PaperId } from '../../../shared/print/paper';
import { kitCover, type CoverBrand, type KitSection } from '../../../shared/print/zodiac/cover';
import { err, ok, type Result } from '../../../shared/util/result';
import { AssetError } from './asset-error';
import { checkRequest } from './check';
import { cardSheetPages, prepareCardSheets, type KitDeps } from './kit';
import { writePdf, type PdfPage } from './pdf';
import { checkTargets } from './place';
import { writeAtomicResult } from './write';

/**
 * What every game's print-and-play kit shares: a project's cards imposed exactly as the print
 * dialog does it (the card-sheet part of a kit), and writing the kit's pages to one PDF with each
 * picture resolved in the folder of the project that drew it.
 */

/** How a kit's card sheets print (the print dialog's options for them). */
export interface KitSheetOptions {
  paper: PaperId;
  orientation: 'auto' | 'portrait' | 'landscape';
  duplex: 'long' | 'short' | 'none';
  calibration: boolean;
}

/** One part of a kit: its pages and the cover's line about it. */
export interface KitBody {
  title: string;
  pages: PdfPage[];
  detail: string;
  /** Its pages print double-sided. */
  duplex: boolean;
}

/** A kit laid out: every page (the cover first), the cover's sections, and the folder of each image. */
export interface LaidKit {
  pages: PdfPage[];
  sections: KitSection[];
  refDirs: Map<string, string>;
}

/** What a kit export wrote. */
export interface KitWritten {
  pages: number;
  bytes: number;
  sections: KitSection[];
}

/** A draw list as a page of its own size. */
export const wholePage = (list: DrawList): PdfPage => ({ widthMm: list.width, heightMm: list.height, items: [{ list, x: 0, y: 0 }] });

/** Parse a kit request, with messages that say which option to fix. */
export function parseKitRequest<T extends z.ZodType>(schema: T, req: unknown): Result<z.output<T>> {
  const r = schema.safeParse(req);
  if (r.success) return ok(r.data);
  const i = r.error.issues[0]!;
  const where = i.path.join('.') || '(request)';
  return err('print/bad-request', `Kit option ${where}: ${i.message}.`, { zh: `套件选项 ${where} 不正确：${i.message}。` });
}

/**
 * A kit's card-sheet part: the project's cards imposed as the print dialog does it, their images'
 * folder remembered in `refDirs`; `detail` writes the cover's line from the sheets' numbers.
 */
export async function cardSheetsBody(
  deps: KitDeps,
  projectId: string,
  sheet: KitSheetOptions,
  name: { zh: string; en: string },
  title: string,
  detail: (s: { cards: number; perSheet: number; calibration: boolean }) => string,
  refDirs: Map<string, string>,
): Promise<Result<KitBody>> {
  const options = { paper: sheet.paper, orientation: sheet.orientation, duplex: sheet.duplex, calibration: sheet.calibration && sheet.duplex !== 'none' };
  const sheets = await kitCardSheets(deps, projectId, options, name);
  if (!sheets.ok) return sheets;
  rememberImageDirs(sheets.value.pages, sheets.value.dir, refDirs);
  return ok({ title, pages: sheets.value.pages, detail: detail(sheets.value), duplex: sheet.duplex !== 'none' });
}

/** Put a kit together: the cover (its sections numbered from page 2) before the parts' pages. */
export function assembleKit(deps: KitDeps, paper: PaperId, bodies: KitBody[], refDirs: Map<string, string>, brand: CoverBrand): LaidKit {
  const sections: KitSection[] = [];
  let next = 2;
  for (const body of bodies) {
    const from = next;
    next += body.pages.length;
    sections.push({ title: body.title, detail: body.detail, from, to: next - 1, duplex: body.duplex });
  }
  const cover = kitCover(paperSize(paper, 'portrait'), sections, null, PAPER_SIZES[paper].label, deps.fonts.measurer, brand);
  return { pages: [wholePage(cover), ...bodies.flatMap((b) => b.pages)], sections, refDirs };
}

/**
 * Lay out a card game's kit and write it to `file` (atomically; an existing file only with
 * `overwrite`); pictures resolve in the folder of the project that drew them, else in the kit's
 * own project.
 */
export async function writeCardKit(
  deps: KitDeps,
  projectId: string,
  layout: () => Promise<Result<LaidKit>>,
  file: string,
  meta: { title: string; paper: PaperId },
  opts: { overwrite?: boolean; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Result<KitWritten>> {
  const free = checkTargets([{ path: file, kind: 'file' }], opts.overwrite ?? false);
  if (!free.ok) return free;
  const laid = await layout();
  if (!laid.ok) return laid;
  const { pages, sections, refDirs } = laid.value;
  const project = deps.projects.get(projectId);
  if (!project.ok) return project;
  const subject = `${sections.map((s) => s.title).join(', ')}; ${paperLabel(meta.paper, 'portrait')}`;
  const written = await writeKitPdf(deps, pages, file, { title: meta.title, subject, refDirs, fallbackDir: project.value.dir }, opts);
  if (!written.ok) return written;
  return ok({ pages: pages.length, bytes: written.value.bytes, sections });
}

/** A built-in project's card sheets for a kit, or a bilingual error naming the game to fix. */
export async function kitCardSheets(
  deps: KitDeps,
  projectId: string,
  sheet: { paper: PaperId; orientation: 'auto' | 'portrait' | 'landscape'; duplex: 'long' | 'short' | 'none'; calibration: boolean },
  name: { zh: string; en: string },
): Promise<Result<{ pages: PdfPage[]; cards: number; perSheet: number; calibration: boolean; dir: string }>> {
  const pr = PrintRequest.parse({ projectId, ...sheet, calibration: sheet.calibration });
  const c = checkRequest(deps.projects, pr);
  if (!c.ok) return c;
  const prep = await prepareCardSheets(deps, c.value);
  if (!prep.ok) return prep;
  if (prep.value.report.blocking) {
    const e = prep.value.report.issues.find((i) => i.severity === 'error');
    return err('print/preflight', `The ${name.en} cards do not pass preflight: ${e?.message.en ?? ''} Fix the ${projectId} cards first.`, { zh: `${name.zh}的牌未通过印前检查：${e?.message.zh ?? ''} 请先修正 ${projectId} 的牌。` });
  }
  return ok({ pages: cardSheetPages(deps, prep.value), cards: prep.value.ids.length, perSheet: prep.value.report.cardsPerSheet, calibration: pr.calibration, dir: prep.value.project.dir });
}

/** Remember the project folder of every image the pages draw (the first folder seen wins). */
export function rememberImageDirs(pages: PdfPage[], dir: string, into: Map<string, string>): void {
  for (const p of pages) for (const i of p.items) walkOps(i.list.ops, (op) => op.op === 'image' && !into.has(op.ref) && into.set(op.ref, dir));
}

/**
 * Write a kit's pages to `file` atomically (an existing file only with `overwrite`); images resolve
 * in `refDirs`' folder for their ref, else in `fallbackDir`.
 */
export async function writeKitPdf(
  deps: KitDeps,
  pages: PdfPage[],
  file: string,
  meta: { title: string; subject: string; refDirs: Map<string, string>; fallbackDir: string },
  opts: { overwrite?: boolean; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Result<{ bytes: number }>> {
  const free = checkTargets([{ path: file, kind: 'file' }], opts.overwrite ?? false);
  if (!free.ok) return free;
  const dirOf = (ref: string) => deps.assets(meta.refDirs.get(ref) ?? meta.fallbackDir);
  const assets = { resolve: (ref: string, w: number, h: number, dpi?: number) => dirOf(ref).resolve(ref, w, h, dpi), inspect: (ref: string) => dirOf(ref).inspect(ref) };
  let bytes: Uint8Array;
  try {
    bytes = await writePdf(pages, {
      fonts: deps.fonts,
      assets,
      title: meta.title,
      subject: meta.subject,
      onProgress: (d, n) => opts.onProgress?.(d / n),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (e) {
    if (opts.signal?.aborted) return err('print/cancelled', 'The export was cancelled; nothing was written.', { zh: '导出已取消，没有写入任何文件。' });
    if (e instanceof AssetError) return err(`print/image-${e.kind}`, `The kit could not be drawn: ${e.message}`);
    throw e;
  }
  const written = writeAtomicResult(file, bytes);
  if (!written.ok) return written;
  return ok({ bytes: bytes.length });
}
