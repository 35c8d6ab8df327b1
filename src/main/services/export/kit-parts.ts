import { walkOps } from '../../../shared/cards/draw-list';
import { PrintRequest } from '../../../shared/ipc/print-request';
import type { PaperId } from '../../../shared/print/paper';
import { err, ok, type Result } from '../../../shared/util/result';
import { AssetError } from './asset-error';
import { checkRequest } from './check';
import { cardSheetPages, prepareCardSheets, type KitDeps } from './kit';
import { writePdf, type PdfPage } from './pdf';
import { checkTargets } from './place';
import { WriteError, writeAtomic } from './write';

/**
 * What every game's print-and-play kit shares: a project's cards imposed exactly as the print
 * dialog does it (the card-sheet part of a kit), and writing the kit's pages to one PDF with each
 * picture resolved in the folder of the project that drew it.
 */

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
  try {
    writeAtomic(file, bytes);
  } catch (e) {
    if (e instanceof WriteError) return err(e.code, e.message);
    throw e;
  }
  return ok({ bytes: bytes.length });
}
