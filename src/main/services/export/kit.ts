import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Card } from '../../../shared/cards/schema';
import type { DrawList, FontFaceId } from '../../../shared/cards/draw-list';
import type { PreflightReport as IpcPreflightReport, PrintJobStatus } from '../../../shared/ipc/contract';
import type { PrintRequestResolved } from '../../../shared/ipc/print-request';
import { calibrationPages } from '../../../shared/print/calibration';
import { sheetPage, type SheetPage } from '../../../shared/print/sheet-page';
import type { PrintOptions } from '../../../shared/print/options';
import { preflight, type LayoutOverflow, type PreflightFace } from '../../../shared/print/preflight';
import { impose, type Sheet } from '../../../shared/print/sheet';
import { err, ok, type Result } from '../../../shared/util/result';
import { UsageError } from '../../../shared/util/assert';
import type { ProjectStore, LoadedProject } from '../projects';
import { renderCard } from '../render';
import type { AssetService } from './assets';
import { AssetError } from './asset-error';
import type { FontService } from './fonts';
import { writePdf, type PdfPage } from './pdf';
import { writeCardPngs, writeTtsSheet, type NamedFace } from './png';
import { PNG_PRESETS, pngNames } from '../../../shared/print/png-presets';
import { badCardIdError, checkRequest, plannedOutputs, ttsDecks, type CheckedRequest, type ExportTargets } from './check';
import { checkTargets, Staging } from './place';
import { WriteError } from './write';

export type { ExportTargets } from './check';
import { checkImages } from './image-check';

/** What an export needs from the services. */
export interface KitDeps {
  projects: ProjectStore;
  fonts: FontService;
  assets: (projectDir: string) => AssetService;
}

/** What an export wrote. */
export interface ExportResult {
  files: PrintJobStatus['files'];
  pages: number;
  sheets: number;
  preflight: IpcPreflightReport;
}

interface Prepared {
  req: PrintRequestResolved;
  project: LoadedProject;
  options: PrintOptions;
  /** One card id per printed copy, in print order. */
  ids: string[];
  faces: Map<string, { card: Card; front: DrawList; back: DrawList; backTemplate: string }>;
  report: IpcPreflightReport;
  sheets: Sheet[];
}

/** Preflight issues listed at most: the dialog shows a list, and the answer must stay small. */
export const MAX_PREFLIGHT_ISSUES = 500;

/**
 * At most MAX_PREFLIGHT_ISSUES issues, errors kept before warnings, in their order, then one
 * warning counting the rest (a dense table on every card can raise thousands of the same kind).
 */
function capIssues(issues: IpcPreflightReport['issues']): IpcPreflightReport['issues'] {
  if (issues.length <= MAX_PREFLIGHT_ISSUES) return issues;
  const keep = new Set<number>();
  for (const severity of ['error', 'warning'] as const)
    issues.forEach((i, n) => {
      if (i.severity === severity && keep.size < MAX_PREFLIGHT_ISSUES) keep.add(n);
    });
  const more = issues.length - keep.size;
  return [
    ...issues.filter((_, n) => keep.has(n)),
    {
      severity: 'warning',
      code: 'print/more-issues',
      message: { en: `… and ${more} more issues like these, not listed; fix the ones above and check again.`, zh: `……另有 ${more} 个类似问题未列出；请先修正上面的问题，再检查一次。` },
    },
  ];
}

/**
 * Lay out the selected cards at the requested size and bleed, impose them and run preflight,
 * including reading and decoding every image the faces use (image-check.ts).
 */
async function prepare(deps: KitDeps, checked: CheckedRequest): Promise<Result<Prepared>> {
  const { project, options } = checked;
  // Project fonts are tried before the layout: one that cannot be embedded is set in the bundled face throughout.
  await deps.fonts.ready((JSON.stringify(project.set.templates).match(/font:[^"\\]+/g) ?? []) as FontFaceId[]);
  const size = options.card;
  const sel = { ids: checked.ids };
  const faces: Prepared['faces'] = new Map();
  const pfFaces: PreflightFace[] = [];
  const overflows: LayoutOverflow[] = [];
  const extra: IpcPreflightReport['issues'] = [];
  const safe = project.set.file.card.safe * Math.min(size.width / project.set.file.card.width, size.height / project.set.file.card.height);
  for (const id of new Set(sel.ids)) {
    const card = project.set.cards.find((c) => c.id === id)!;
    const r = renderCard(project, card, deps.fonts.measurer, { bleed: options.bleed, size, printCode: options.cardCode });
    faces.set(id, { card, front: r.front.list, back: r.back.list, backTemplate: card.back });
    pfFaces.push({ cardId: id, side: 'front', list: r.front.list, safe }, { cardId: id, side: 'back', list: r.back.list, safe });
    for (const w of r.warnings) {
      if (w.kind === 'overflow') overflows.push({ cardId: id, side: r.front.list.ops.some((o) => o.id === w.layer) ? 'front' : 'back', elementId: w.layer });
      else extra.push({ severity: 'warning', code: 'print/binding', cardId: id, elementId: w.layer, message: { en: w.message, zh: `${id}：图层“${w.layer}”的数据绑定有误。${w.message}` } });
    }
  }
  // A project font that cannot be used was measured, and is drawn, as the bundled face: a missing
  // one is an error naming the file (the template names a font the project lacks); a damaged one
  // a warning (its text prints in the bundled face).
  for (const e of deps.fonts.problems())
    extra.push({ severity: e.kind === 'missing' ? 'error' : 'warning', code: 'print/font', message: { en: `${e.message}.`.replace(/\.\.$/, '.'), zh: e.zh } });
  // Every image is read and decoded here, so a bad one is an error naming its card and file now, not a failed export later.
  const images = await checkImages(pfFaces, deps.assets(project.dir));
  const pf = preflight(pfFaces, deps.fonts.measurer, images.sizes, { overflows });
  let sheets: Sheet[];
  try {
    sheets = impose(sel.ids, options);
  } catch (e) {
    if (e instanceof UsageError) return err('print/does-not-fit', e.message, { zh: `这些牌在所选纸张的页边距内放不下（${options.card.width} × ${options.card.height} 毫米，页边距 ${options.margin} 毫米）。请转换纸张方向、换用更大的纸张或减小页边距。` });
    throw e;
  }
  const calib = options.calibration ? (options.duplex === 'none' ? 1 : 2) : 0;
  const report: IpcPreflightReport = {
    issues: capIssues([
      ...checked.idIssues,
      ...checked.warnings.map((w) => ({ severity: 'warning' as const, code: 'print/option', message: { en: w.message, zh: w.zh } })),
      ...pf.issues.map((i) => ({ severity: i.severity, code: i.code, cardId: i.cardId, ...(i.elementId ? { elementId: i.elementId } : {}), message: i.message })),
      ...extra,
      ...images.issues,
    ]),
    blocking: pf.blocking || checked.idIssues.length > 0 || images.issues.some((i) => i.severity === 'error') || extra.some((i) => i.severity === 'error'),
    pages: sheets.length + calib,
    cardsPerSheet: sheets[0] ? sheets[0].grid.cols * sheets[0].grid.rows : 0,
    orientation: options.orientation,
  };
  const prep: Prepared = { req: checked.req, project, options, ids: sel.ids, faces, report, sheets };
  // The first sheet's pages exactly as the PDF draws them, for the dialog's preview.
  const first = sheets.filter((s) => s.sheetNumber === 1).map((s) => composeSheet(deps, prep, s).list);
  report.preview = { front: first[0] ?? null, back: first[1] ?? null, sheets: sheets.filter((s) => s.side === 'front').length };
  return ok(prep);
}

/** The foot line of a sheet, in parts the foot text can spread between marks. */
function footParts(prep: Prepared, sheet: Sheet): string[] {
  const name = prep.project.set.file.name;
  const side = sheet.side === 'front' ? '正面 front' : '背面 back';
  return [`${name.zh} ${name.en} · ${sheet.sheetNumber}/${sheet.sheetCount} ${side}`, '请以 100% 实际大小打印', 'print at 100%, not fit to page'];
}

/** One sheet page composed (cards, marks, foot line): the list the PDF and the preview both draw. */
function composeSheet(deps: KitDeps, prep: Prepared, sheet: Sheet): SheetPage {
  const face = (i: number, side: Sheet['side']) => {
    const f = prep.faces.get(prep.ids[i]!)!;
    return side === 'front' ? f.front : f.back;
  };
  return sheetPage(sheet, face, { marks: prep.options.marks, footer: footParts(prep, sheet), measurer: deps.fonts.measurer });
}

/** Preflight only: what the print dialog shows before Export. */
export async function preflightKit(deps: KitDeps, req: PrintRequestResolved): Promise<Result<IpcPreflightReport>> {
  const c = checkRequest(deps.projects, req);
  if (!c.ok) return c;
  const p = await prepare({ ...deps, fonts: deps.fonts.forProject(c.value.project.dir) }, c.value);
  return p.ok ? ok(p.value.report) : p;
}

/** The PDF pages: calibration first, then each sheet with its cards, marks and foot line. */
function pages(deps: KitDeps, prep: Prepared): PdfPage[] {
  const { options, ids, faces, sheets, project } = prep;
  const out: PdfPage[] = [];
  const m = deps.fonts.measurer;
  if (options.calibration) {
    const c = calibrationPages({ paper: options.paper, orientation: options.orientation, duplex: options.duplex, margin: options.margin }, m);
    out.push({ widthMm: c.front.width, heightMm: c.front.height, items: [{ list: c.front, x: 0, y: 0 }] });
    if (c.back) out.push({ widthMm: c.back.width, heightMm: c.back.height, items: [{ list: c.back, x: 0, y: 0 }] });
  }
  for (const sheet of sheets) {
    const page = composeSheet(deps, prep, sheet);
    const whole = (ops: DrawList['ops']): DrawList => ({ width: sheet.widthMm, height: sheet.heightMm, bleed: 0, ops });
    // Each card is its own item, so a message about one of its images names the card.
    const items: PdfPage['items'] = page.cards.map((c) => {
      const id = faces.get(ids[c.itemIndex]!)!.card.id;
      const side = sheet.side === 'front' ? { en: 'front', zh: '正面' } : { en: 'back', zh: '背面' };
      return { list: whole([c.op]), x: 0, y: 0, label: { en: `Card ${id} (${side.en})`, zh: `卡牌 ${id}（${side.zh}）` } };
    });
    items.push({ list: whole([...page.marks, ...page.footer]), x: 0, y: 0 });
    out.push({ widthMm: sheet.widthMm, heightMm: sheet.heightMm, items });
  }
  return out;
}

/**
 * Export a print-and-play kit: the PDF (calibration page, card sheets with marks and duplex
 * backs), and optionally per-card PNGs and a Tabletop Simulator sheet. The same function serves
 * the app's export jobs, the CLI and the benchmark.
 *
 * Every output is checked before anything is written (a folder where a file is wanted, an
 * existing output without `targets.overwrite`), then written into a staging folder beside it and
 * moved into place at the end. A failed or cancelled export removes only its staging folder and
 * what it moved into place itself, and puts back anything it replaced.
 */
export async function exportKit(
  deps: KitDeps,
  req: PrintRequestResolved,
  targets: ExportTargets,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Result<ExportResult>> {
  const checked = checkRequest(deps.projects, req);
  if (!checked.ok) return checked;
  deps = { ...deps, fonts: deps.fonts.forProject(checked.value.project.dir) };
  if (checked.value.idIssues.length) return badCardIdError(checked.value.idIssues);
  const outputs = plannedOutputs(checked.value, targets);
  const early = checkTargets(outputs, targets.overwrite ?? false);
  if (!early.ok) return early;
  const prep = await prepare(deps, checked.value);
  if (!prep.ok) return prep;
  const { report, project } = prep.value;
  if (report.blocking && !req.acceptPreflight) {
    const errors = report.issues.filter((i) => i.severity === 'error');
    return err('print/preflight', `Preflight found ${errors.length} error(s), e.g. ${errors[0]?.message.en} Fix them, or accept them to export anyway.`, report);
  }
  const staged = Staging.open(outputs, { overwrite: targets.overwrite ?? false });
  if (!staged.ok) return staged;
  const staging = staged.value;
  try {
    const r = await writeKit(deps, prep.value, staging, targets, { ...opts, accept: req.acceptPreflight });
    staging.commit();
    // Sizes as placed: the staged paths are gone now.
    const files: ExportResult['files'] = r.files.map((f) => ({ ...f, bytes: f.kind === 'png-dir' ? r.pngEntries.reduce((a, n) => a + statSync(join(f.path, n)).size, 0) : statSync(f.path).size }));
    opts.onProgress?.(1);
    return ok({ files, pages: r.pages, sheets: prep.value.sheets.filter((s) => s.side === 'front').length, preflight: report });
  } catch (e) {
    staging.abort();
    if (opts.signal?.aborted) return err('print/cancelled', 'The export was cancelled; nothing was written.');
    if (e instanceof WriteError) return err(e.code, e.message);
    // Preflight reports unusable images; an export told to go on anyway stops here, naming the image.
    if (e instanceof AssetError) return err(`print/image-${e.kind}`, `The export stopped: ${e.message}`);
    throw e;
  }
}

/**
 * The per-card PNGs: each card's front and back under the preset's names, laid out again at the
 * preset's card size and bleed when it has one (a print shop's poker card: 2.5 × 3.5 in with its
 * bleed, which at 300 DPI is exactly the shop's pixel size).
 */
function pngFaceList(deps: KitDeps, prep: Prepared): NamedFace[] {
  const preset = PNG_PRESETS[prep.req.pngPreset];
  return [...prep.faces.entries()].flatMap(([id, f], i) => {
    const names = pngNames(preset.naming, id, i);
    const faces = preset.card ? renderCard(prep.project, f.card, deps.fonts.measurer, { bleed: preset.card.bleed, size: preset.card, printCode: prep.options.cardCode }) : null;
    return [
      { name: names.front, list: faces ? faces.front.list : f.front },
      { name: names.back, list: faces ? faces.back.list : f.back },
    ];
  });
}

/** Write every output of the job into the staging folder; returns the final paths. */
async function writeKit(
  deps: KitDeps,
  prep: Prepared,
  staging: Staging,
  targets: ExportTargets,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal; accept: boolean },
): Promise<{ files: ExportResult['files']; pages: number; pngEntries: string[] }> {
  const { project, report } = prep;
  const req = { png: !!targets.pngDir, tts: !!targets.ttsFile };
  const progress = opts.onProgress ?? (() => {});
  const assets = deps.assets(project.dir);
  const signal = opts.signal ? { signal: opts.signal } : {};
  const share = { pdf: req.png || req.tts ? 0.7 : 1, png: req.png && req.tts ? 0.15 : 0.3, tts: req.png && req.tts ? 0.15 : 0.3 };
  const pdfPages = pages(deps, prep);
  const bytes = await writePdf(pdfPages, {
    fonts: deps.fonts,
    assets,
    title: `${project.set.file.name.zh} ${project.set.file.name.en} — print and play`,
    subject: `${prep.ids.length} cards, ${prep.options.paper.toUpperCase()}, duplex ${prep.options.duplex}`,
    missingGlyphs: opts.accept ? 'notdef' : 'error',
    onProgress: (d, t) => progress((d / t) * share.pdf),
    ...signal,
  });
  opts.signal?.throwIfAborted();
  writeFileSync(staging.path(targets.pdf), bytes, { flag: 'wx' });
  const files: ExportResult['files'] = [{ path: targets.pdf, bytes: bytes.length, kind: 'pdf' }];
  let done = share.pdf;
  let pngEntries: string[] = [];
  if (targets.pngDir) {
    const list = pngFaceList(deps, prep);
    const dir = staging.path(targets.pngDir);
    await writeCardPngs(list, dir, { fonts: deps.fonts, assets, onProgress: (d, t) => progress(done + (d / t) * share.png), ...signal });
    pngEntries = readdirSync(dir);
    files.push({ path: targets.pngDir, bytes: 0, kind: 'png-dir' });
    done += share.png;
  }
  if (targets.ttsFile) {
    // One deck per back (a TTS deck has one back): 斗福's reference cards get their own sheet.
    for (const deck of ttsDecks(project, prep.ids, staging.path(targets.ttsFile))) {
      const r = await writeTtsSheet(
        deck.ids.map((id) => ({ name: id, list: prep.faces.get(id)!.front })),
        prep.faces.get(deck.ids[0]!)!.back,
        deck.file,
        { fonts: deps.fonts, assets, ...signal },
      );
      const placed = (staged: string) => join(dirname(targets.ttsFile!), basename(staged));
      for (const s of [...r.sheets, r.back]) files.push({ path: placed(s.file), bytes: 0, kind: 'tts' });
    }
  }
  return { files, pages: pdfPages.length, pngEntries };
}

/** Card sheets for another export (the 生肖赛跑 kit puts its power cards between the board and the tokens). */
export { prepare as prepareCardSheets, pages as cardSheetPages };
export type { Prepared as PreparedCardSheets };
