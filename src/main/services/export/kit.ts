import { rmSync, statSync } from 'node:fs';
import { writeAtomic } from './write';
import { CARD_SIZE_PRESETS, type Card } from '../../../shared/cards/schema';
import type { DrawList } from '../../../shared/cards/draw-list';
import type { PreflightReport as IpcPreflightReport, PrintJobStatus } from '../../../shared/ipc/contract';
import type { PrintRequestResolved } from '../../../shared/ipc/print-request';
import { calibrationPages } from '../../../shared/print/calibration';
import { footerText, sheetMarks } from '../../../shared/print/marks';
import { expandSelection, validatePrintOptions, defaultPrintOptions, type PrintOptions } from '../../../shared/print/options';
import { preflight, type LayoutOverflow, type PreflightFace } from '../../../shared/print/preflight';
import { impose, type Sheet } from '../../../shared/print/sheet';
import { err, ok, type Result } from '../../../shared/util/result';
import { UsageError } from '../../../shared/util/assert';
import type { ProjectStore, LoadedProject } from '../projects';
import { renderCard } from '../render';
import type { AssetService } from './assets';
import type { FontService } from './fonts';
import { writePdf, type PdfPage } from './pdf';
import { writeCardPngs, writeTtsSheet } from './png';
import { checkImages } from './image-check';

/** What an export needs from the services. */
export interface KitDeps {
  projects: ProjectStore;
  fonts: FontService;
  assets: (projectDir: string) => AssetService;
}

/** Where an export writes. */
export interface ExportTargets {
  pdf: string;
  pngDir?: string;
  ttsFile?: string;
}

/** What an export wrote. */
export interface ExportResult {
  files: PrintJobStatus['files'];
  pages: number;
  sheets: number;
  preflight: IpcPreflightReport;
}

interface Prepared {
  project: LoadedProject;
  options: PrintOptions;
  /** One card id per printed copy, in print order. */
  ids: string[];
  faces: Map<string, { card: Card; front: DrawList; back: DrawList; backTemplate: string }>;
  report: IpcPreflightReport;
  sheets: Sheet[];
}

function cardSize(req: PrintRequestResolved, p: LoadedProject): { width: number; height: number } {
  if (req.cardSize === 'project') return { width: p.set.file.card.width, height: p.set.file.card.height };
  if (req.cardSize === 'custom') return req.customSize ?? { width: p.set.file.card.width, height: p.set.file.card.height };
  return { width: CARD_SIZE_PRESETS[req.cardSize].width, height: CARD_SIZE_PRESETS[req.cardSize].height };
}

/**
 * Lay out the selected cards at the requested size and bleed, impose them and run preflight,
 * including reading and decoding every image the faces use (image-check.ts).
 */
async function prepare(deps: KitDeps, req: PrintRequestResolved): Promise<Result<Prepared>> {
  const pr = deps.projects.get(req.projectId);
  if (!pr.ok) return pr;
  const project = pr.value;
  if (req.cardSize === 'custom' && !req.customSize) return err('print/bad-request', 'Card size "custom" needs a width and height in millimetres.');
  const size = cardSize(req, project);
  const v = validatePrintOptions(
    {
      paper: req.paper,
      bleed: req.bleed,
      marks: req.marks,
      duplex: req.duplex,
      backOffset: req.backOffset,
      calibration: req.calibration,
      card: size,
      selection: { cardIds: req.cards.length ? req.cards : 'all', copies: req.copies === 'set' ? 'as-set' : req.copies },
    },
    defaultPrintOptions({ ...size, bleed: req.bleed }),
  );
  if (!v.ok) return v;
  const options = v.value.options;
  const sel = expandSelection(project.set.cards, options.selection);
  if (sel.unknown.length) return err('print/unknown-cards', `The set has no card ${sel.unknown.map((u) => `"${u}"`).join(', ')}; check the ids (e.g. ${project.set.cards[0]?.id}).`);
  if (sel.ids.length === 0) return err('print/nothing', 'Nothing to print: the selected cards have 0 copies. Select cards or set copies.');

  const faces: Prepared['faces'] = new Map();
  const pfFaces: PreflightFace[] = [];
  const overflows: LayoutOverflow[] = [];
  const extra: IpcPreflightReport['issues'] = [];
  const safe = project.set.file.card.safe * Math.min(size.width / project.set.file.card.width, size.height / project.set.file.card.height);
  for (const id of new Set(sel.ids)) {
    const card = project.set.cards.find((c) => c.id === id)!;
    const r = renderCard(project, card, deps.fonts.measurer, { bleed: options.bleed, size });
    faces.set(id, { card, front: r.front.list, back: r.back.list, backTemplate: card.back });
    pfFaces.push({ cardId: id, side: 'front', list: r.front.list, safe }, { cardId: id, side: 'back', list: r.back.list, safe });
    for (const w of r.warnings) {
      if (w.kind === 'overflow') overflows.push({ cardId: id, side: r.front.list.ops.some((o) => o.id === w.layer) ? 'front' : 'back', elementId: w.layer });
      else extra.push({ severity: 'warning', code: 'print/binding', cardId: id, elementId: w.layer, message: { en: w.message, zh: `${id}：图层“${w.layer}”的数据绑定有误。${w.message}` } });
    }
  }
  // Every image is read and decoded here, so a bad one is an error naming its card and file now, not a failed export later.
  const images = await checkImages(pfFaces, deps.assets(project.dir));
  const pf = preflight(pfFaces, deps.fonts.measurer, images.sizes, { overflows });
  let sheets: Sheet[];
  try {
    sheets = impose(sel.ids, options);
  } catch (e) {
    if (e instanceof UsageError) return err('print/does-not-fit', e.message);
    throw e;
  }
  const calib = options.calibration ? (options.duplex === 'none' ? 1 : 2) : 0;
  const report: IpcPreflightReport = {
    issues: [
      ...v.value.warnings.map((w) => ({ severity: 'warning' as const, code: 'print/option', message: { en: w.message, zh: w.message } })),
      ...pf.issues.map((i) => ({ severity: i.severity, code: i.code, cardId: i.cardId, ...(i.elementId ? { elementId: i.elementId } : {}), message: i.message })),
      ...extra,
      ...images.issues,
    ],
    blocking: pf.blocking || images.issues.some((i) => i.severity === 'error'),
    pages: sheets.length + calib,
    cardsPerSheet: sheets[0] ? sheets[0].grid.cols * sheets[0].grid.rows : 0,
  };
  return ok({ project, options, ids: sel.ids, faces, report, sheets });
}

/** Preflight only: what the print dialog shows before Export. */
export async function preflightKit(deps: KitDeps, req: PrintRequestResolved): Promise<Result<IpcPreflightReport>> {
  const p = await prepare(deps, req);
  return p.ok ? ok(p.value.report) : p;
}

/** The PDF pages: calibration first, then each sheet with its cards, marks and foot line. */
function pages(deps: KitDeps, prep: Prepared): PdfPage[] {
  const { options, ids, faces, sheets, project } = prep;
  const out: PdfPage[] = [];
  const m = deps.fonts.measurer;
  if (options.calibration) {
    const c = calibrationPages({ paper: options.paper, orientation: options.orientation, duplex: options.duplex === 'none' ? 'long' : options.duplex, margin: options.margin }, m);
    out.push({ widthMm: c.front.width, heightMm: c.front.height, items: [{ list: c.front, x: 0, y: 0 }] });
    if (options.duplex !== 'none') out.push({ widthMm: c.back.width, heightMm: c.back.height, items: [{ list: c.back, x: 0, y: 0 }] });
  }
  const name = project.set.file.name;
  for (const sheet of sheets) {
    const items: PdfPage['items'] = sheet.placements.map((pl) => {
      const f = faces.get(ids[pl.itemIndex]!)!;
      return { list: sheet.side === 'front' ? f.front : f.back, x: pl.trim.x, y: pl.trim.y, clip: pl.clip };
    });
    items.push({ list: sheetMarks(sheet, options.marks), x: 0, y: 0 });
    const side = sheet.side === 'front' ? '正面 front' : '背面 back';
    const foot = `${name.zh} ${name.en} · ${sheet.sheetNumber}/${sheet.sheetCount} ${side} · 请以 100% 实际大小打印 print at 100%, not fit to page`;
    items.push({ list: { width: sheet.widthMm, height: sheet.heightMm, bleed: 0, ops: footerText(sheet, foot, m, { marks: options.marks }) }, x: 0, y: 0 });
    out.push({ widthMm: sheet.widthMm, heightMm: sheet.heightMm, items });
  }
  return out;
}

/**
 * Export a print-and-play kit: the PDF (calibration page, card sheets with marks and duplex
 * backs), and optionally per-card PNGs and a Tabletop Simulator sheet. The same function serves
 * the app's export jobs, the CLI and the benchmark.
 */
export async function exportKit(
  deps: KitDeps,
  req: PrintRequestResolved,
  targets: ExportTargets,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Result<ExportResult>> {
  const prep = await prepare(deps, req);
  if (!prep.ok) return prep;
  const { report, project } = prep.value;
  if (report.blocking && !req.acceptPreflight) {
    const errors = report.issues.filter((i) => i.severity === 'error');
    return err('print/preflight', `Preflight found ${errors.length} error(s), e.g. ${errors[0]?.message.en} Fix them, or accept them to export anyway.`, report);
  }
  const progress = opts.onProgress ?? (() => {});
  const assets = deps.assets(project.dir);
  const made: string[] = [];
  const share = { pdf: req.png || req.tts ? 0.7 : 1, png: req.png && req.tts ? 0.15 : 0.3, tts: req.png && req.tts ? 0.15 : 0.3 };
  try {
    const pdfPages = pages(deps, prep.value);
    const bytes = await writePdf(pdfPages, {
      fonts: deps.fonts,
      assets,
      title: `${project.set.file.name.zh} ${project.set.file.name.en} — print and play`,
      subject: `${prep.value.ids.length} cards, ${req.paper.toUpperCase()}, duplex ${req.duplex}`,
      missingGlyphs: req.acceptPreflight ? 'notdef' : 'error',
      onProgress: (d, t) => progress((d / t) * share.pdf),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    opts.signal?.throwIfAborted();
    writeAtomic(targets.pdf, bytes);
    made.push(targets.pdf);
    const files: ExportResult['files'] = [{ path: targets.pdf, bytes: bytes.length, kind: 'pdf' }];
    const distinct = [...prep.value.faces.entries()];
    let done = share.pdf;
    if (targets.pngDir) {
      made.push(targets.pngDir);
      const list = distinct.flatMap(([id, f]) => [
        { name: `${id}-front`, list: f.front },
        { name: `${id}-back`, list: f.back },
      ]);
      const written = await writeCardPngs(list, targets.pngDir, { fonts: deps.fonts, assets, onProgress: (d, t) => progress(done + (d / t) * share.png), ...(opts.signal ? { signal: opts.signal } : {}) });
      files.push({ path: targets.pngDir, bytes: written.reduce((a, w) => a + statSync(w.file).size, 0), kind: 'png-dir' });
      done += share.png;
    }
    if (targets.ttsFile) {
      const base = targets.ttsFile.replace(/\.png$/i, '');
      made.push(targets.ttsFile, `${base}-back.png`, ...Array.from({ length: 20 }, (_, i) => `${base}-${i + 1}.png`));
      // A TTS deck has one back: take the most common back template, and the cards that use it.
      const counts = new Map<string, number>();
      for (const id of prep.value.ids) counts.set(prep.value.faces.get(id)!.backTemplate, (counts.get(prep.value.faces.get(id)!.backTemplate) ?? 0) + 1);
      const back = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
      const ids = prep.value.ids.filter((id) => prep.value.faces.get(id)!.backTemplate === back);
      const sample = prep.value.faces.get(ids[0]!)!;
      const r = await writeTtsSheet(
        ids.map((id) => ({ name: id, list: prep.value.faces.get(id)!.front })),
        sample.back,
        targets.ttsFile,
        { fonts: deps.fonts, assets, ...(opts.signal ? { signal: opts.signal } : {}) },
      );
      for (const s of r.sheets) files.push({ path: s.file, bytes: statSync(s.file).size, kind: 'tts' });
      files.push({ path: r.back.file, bytes: statSync(r.back.file).size, kind: 'tts' });
      const skipped = prep.value.ids.length - ids.length;
      if (skipped)
        report.issues.push({ severity: 'warning', code: 'print/tts-backs', message: { en: `${skipped} card(s) with another back are not on the Tabletop Simulator sheet (a TTS deck has one back).`, zh: `${skipped} 张背面不同的牌未放入 Tabletop Simulator 牌图（一副 TTS 牌只有一种背面）。` } });
    }
    progress(1);
    return ok({ files, pages: pdfPages.length, sheets: prep.value.sheets.filter((s) => s.side === 'front').length, preflight: report });
  } catch (e) {
    // Leave nothing half-made behind: a cancelled or failed export removes what it wrote.
    for (const f of made) rmSync(f, { recursive: true, force: true });
    if (opts.signal?.aborted) return err('print/cancelled', 'The export was cancelled; nothing was written.');
    throw e;
  }
}
