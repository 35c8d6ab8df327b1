/**
 * The heavy tasks of the app — layout, preflight, export, rulebooks — as functions of the services
 * a worker builds for itself. `export-worker.ts` serves them on a worker thread; `ExportTasks`
 * types them for the pool. Every task answers a Result, so expected failures (a missing project,
 * a preflight error, a cancelled export) cross the thread as values with their code and message.
 */
import type { FontTables, PreflightReport, ProjectFontInfo, RenderedProject, RenderedRulebook, RulebookArg } from '../../../shared/ipc/contract';
import type { PrintRequestResolved } from '../../../shared/ipc/print-request';
import { ok, type Result } from '../../../shared/util/result';
import { workingOn } from '../../../shared/util/working-on';
import { exportKit, preflightKit, type ExportResult, type ExportTargets, type KitDeps } from '../export/kit';
import { renderProject, renderRow, type RenderPage } from '../render';
import { exportZodiacKit, type KitResult } from '../export/zodiac-kit';
import { exportCardKit, type CardKitPlan, type CardKitWritten } from '../export/card-kits';
import type { KitRequestResolved } from '../../../shared/ipc/kit-request';
import { exportRulebook, typesetProjectRulebook, type RulebookRequest } from '../rulebook';
import { readSheetBook, type SheetFormat, type WorkbookTable } from '../sheets';
import { inspectFontBytes, listFonts, type FontFacts } from '../project-fonts';
import { BUILTIN_FACES, fontTables, projectFaces } from '../font-tables';
import type { LabStatus } from '../../../shared/lab';
import { labReportPdf, type LabReportSettings } from '../lab/report';
import { checkCardSave, type CardSaveInput, type CheckedCardSave } from '../card-save';
import { unpackTable, type PackedTable } from '../table-transfer';

/** Every task of the export worker: its input and its answer. */
export type ExportTasks = {
  /** Preflight a print request (what the print dialog shows before Export). */
  preflight: { input: PrintRequestResolved; output: Result<PreflightReport> };
  /** Write a print-and-play kit (PDF, PNGs, TTS sheet) to targets chosen by the main thread. */
  export: { input: { req: PrintRequestResolved; targets: ExportTargets }; output: Result<ExportResult> };
  /** Write a game's print-and-play kit PDF (board tiles, cards, tokens, pieces) to a file chosen by the main thread. */
  'zodiac-kit': { input: { req: KitRequestResolved; file: string }; output: Result<KitResult> };
  /** Write a card game's print-and-play kit PDF (斗老闆, 摸鱼王, 斗十四) to a file chosen by the main thread. */
  'card-kit': { input: { job: Pick<CardKitPlan, 'game' | 'request'>; file: string }; output: Result<CardKitWritten> };
  /** Write a rulebook PDF to a file chosen by the main thread. */
  rulebook: { input: { req: RulebookRequest; file: string }; output: Result<RulebookWritten> };
  /** Lay out one page of a project's cards for the deck view. */
  render: { input: RenderPage & { projectId: string }; output: Result<RenderedProject> };
  /** Lay out one (maybe unsaved) row of a project's cards table for the data page's live preview. */
  'render-row': { input: { projectId: string; columns: string[]; row: string[] }; output: Result<RenderedProject> };
  /** Typeset a rulebook for the preview. */
  'rulebook-render': { input: RulebookArg & { markdown?: string }; output: Result<RenderedRulebook> };
  /** Parse a font to add to a project and embed a few of its glyphs (project-fonts.ts). */
  'inspect-font': { input: { bytes: Uint8Array; name: string }; output: Result<FontFacts> };
  /** Font tables of the bundled faces and a project's own fonts (parsing a project font is heavy). */
  measure: { input: { projectId: string; chars: string }; output: Result<FontTables> };
  /** A project's fonts folder, each font parsed (or why it cannot be used). */
  'list-fonts': { input: { projectId: string }; output: Result<ProjectFontInfo[]> };
  /** Read a spreadsheet to import (XLSX unzipping and parsing can take seconds on a big workbook). */
  'read-sheet': { input: { file: string; bytes: Uint8Array; sheet?: string }; output: Result<WorkbookTable & { format: SheetFormat }> };
  /** Check a big cards table before the main thread writes it: its shape, the file not changed since, the project still loading (card-save.ts). */
  'save-cards': { input: Omit<CardSaveInput, 'table'> & { table: PackedTable }; output: Result<CheckedCardSave> };
  /** Draw a balance-lab run's PDF report (its plots as vectors). */
  'lab-report': { input: { status: LabStatus; settings: LabReportSettings; lang: 'zh' | 'en' }; output: Result<Uint8Array> };
};

/** What a written rulebook reports. */
export interface RulebookWritten {
  pages: number;
  bookPages: number;
  bytes: number;
  warnings: string[];
}

/** The services the tasks run on (a worker builds its own). */
export interface TaskDeps extends KitDeps {
  /** A preview data URL of an image ref of a project folder, or undefined when it cannot be made. */
  dataUrl(ref: string, projectDir: string): Promise<string | undefined>;
}

type Handler<K extends keyof ExportTasks> = (input: ExportTasks[K]['input'], ctx: { signal: AbortSignal; progress(f: number): void }) => Promise<ExportTasks[K]['output']>;

/** The task handlers over `deps`. */
export function exportTaskHandlers(deps: TaskDeps): { [K in keyof ExportTasks]: Handler<K> } {
  return {
    preflight: (req) => preflightKit(deps, req),
    export: ({ req, targets }, ctx) => exportKit(deps, req, targets, { onProgress: ctx.progress, signal: ctx.signal }),
    // The main thread reserved `file`'s name in the export folder (nothing is there yet).
    'zodiac-kit': ({ req, file }, ctx) => exportZodiacKit(deps, req, file, { onProgress: ctx.progress, signal: ctx.signal }),
    'card-kit': ({ job, file }, ctx) => exportCardKit(deps, job, file, { onProgress: ctx.progress, signal: ctx.signal }),
    rulebook: ({ req, file }, ctx) => exportRulebook(deps, req, file, { onProgress: ctx.progress, signal: ctx.signal }),
    render: async ({ projectId, offset, limit }) => {
      const p = deps.projects.get(projectId);
      if (!p.ok) return p;
      return ok(await renderProject(deps.projects, p.value, deps.fonts.forProject(p.value.dir).measurer, (ref) => deps.dataUrl(ref, p.value.dir), { offset, limit }));
    },
    'inspect-font': ({ bytes, name }) => inspectFontBytes(bytes, name),
    measure: async ({ projectId, chars }) => {
      const loc = deps.projects.locate(projectId);
      if (!loc.ok) return loc;
      return ok(fontTables(deps.fonts.forProject(loc.value.dir).measurer, [...BUILTIN_FACES, ...projectFaces(loc.value.dir)], chars));
    },
    'list-fonts': async ({ projectId }) => {
      const loc = deps.projects.locate(projectId);
      if (!loc.ok) return loc;
      return ok(await listFonts(loc.value.dir, inspectFontBytes));
    },
    'lab-report': async ({ status, settings, lang }) => {
      return ok(await labReportPdf(status, settings, lang, deps.fonts));
    },
    'save-cards': async (input) => {
      workingOn('file', input.dir);
      return checkCardSave({ ...input, table: unpackTable(input.table) });
    },
    'read-sheet': ({ file, bytes, sheet }) => {
      workingOn('file', file);
      return readSheetBook(file, bytes, sheet === undefined ? {} : { sheet });
    },
    'render-row': async ({ projectId, columns, row }) => {
      // The row comes with the request: an autosave of the cards file does not reload the project.
      const p = deps.projects.forRow(projectId);
      if (!p.ok) return p;
      return ok(await renderRow(deps.projects, p.value, columns, row, deps.fonts.forProject(p.value.dir).measurer, (ref) => deps.dataUrl(ref, p.value.dir)));
    },
    'rulebook-render': async (req) => {
      const t = typesetProjectRulebook(deps, req);
      if (!t.ok) return t;
      const { book, imageDirs } = t.value;
      const images: Record<string, string> = {};
      for (const [ref, dir] of imageDirs) {
        const url = await deps.dataUrl(ref, dir);
        if (url) images[ref] = url;
      }
      return ok({ pages: book.pages, toc: book.toc, warnings: book.warnings, images });
    },
  };
}
