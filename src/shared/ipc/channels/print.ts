/** Printing: preflight and export jobs (cards, kits, rulebooks), their progress and files, and the rulebook's source and preview. */
import type { DrawList } from '../../cards/draw-list';
import type { AppErrorInfo } from '../../util/result';
import type { PrintRequest } from '../print-request';
import type { KitRequest } from '../kit-request';
import type { CardKitJob } from '../../print/card-kit-request';

/** The print channels: `domain:verb` names by key. */
export const PRINT_CHANNELS = {
  /** Run preflight for a print request. */
  PRINT_PREFLIGHT: 'print:preflight',
  /** Start an export job; returns its id. */
  PRINT_START: 'print:start',
  /** Start an export job for a game's whole print-and-play kit (or some of its parts); returns its id. */
  PRINT_KIT_START: 'print:kit-start',
  /** Progress / result of an export job. */
  PRINT_STATUS: 'print:status',
  /** Cancel an export job. */
  PRINT_CANCEL: 'print:cancel',
  /** The bytes of a PDF a finished export job wrote (browser mode offers it as a download). */
  PRINT_FILE: 'print:file',
  /** A project's rulebook, typeset into pages (draw lists) for the preview. */
  RULEBOOK_RENDER: 'rulebook:render',
  /** Start a rulebook PDF export job (progress and cancel through print:status / print:cancel). */
  RULEBOOK_START: 'rulebook:start',
  /** A project's Markdown rules in one language, with the revision to send back with a save. */
  RULEBOOK_SOURCE: 'rulebook:source',
  /** Write a project's Markdown rules in one language (atomically; refused when the file changed since). */
  RULEBOOK_SAVE_SOURCE: 'rulebook:save-source',
} as const;

/** One preflight finding. */
export interface PreflightIssue {
  severity: 'error' | 'warning';
  code: string;
  cardId?: string;
  elementId?: string;
  message: { en: string; zh: string };
}

/** The preflight result: findings, and whether export is blocked until they are fixed or accepted. */
export interface PreflightReport {
  issues: PreflightIssue[];
  blocking: boolean;
  /** Pages the PDF will have, and sheets of cards. */
  pages: number;
  cardsPerSheet: number;
  /** The orientation the sheets print in (what `auto` chose). */
  orientation: 'portrait' | 'landscape';
  /**
   * The first sheet's pages as the PDF draws them (cards, marks, foot line; page coordinates, bleed 0),
   * for the dialog's preview: its back is null without duplex. `sheets` counts the physical sheets.
   */
  preview?: { front: DrawList | null; back: DrawList | null; sheets: number };
}

/** State of an export job. */
export interface PrintJobStatus {
  id: string;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  /** 0..1 */
  progress: number;
  /** Files written (PDF first). */
  files: { path: string; bytes: number; kind: 'pdf' | 'png-dir' | 'tts' }[];
  pages?: number;
  error?: AppErrorInfo;
}

/** Which rulebook to typeset. */
export interface RulebookArg {
  projectId: string;
  lang: 'zh' | 'en';
  paper: 'a4' | 'a5' | 'letter' | 'half-letter';
}

/** One language's Markdown rules of a project, as the Rules page edits them. */
export interface RulebookSource {
  lang: 'zh' | 'en';
  /** The file, relative to the project folder (`rules.zh.md`). */
  file: string;
  /** Empty when the file is not there yet. */
  text: string;
  /** sha1 of the file, or `missing`: send it back with the next save. */
  revision: string;
  /** False for the built-in games (read-only). */
  editable: boolean;
}

/** A typeset rulebook for the preview. */
export interface RenderedRulebook {
  pages: DrawList[];
  toc: { level: number; title: string; page: number }[];
  /** What the author should fix (unresolved figures, missing glyphs…). */
  warnings: string[];
  images: Record<string, string>;
}

/** The arguments and results of the print channels. */
export interface PrintInvokeMap {
  [PRINT_CHANNELS.PRINT_PREFLIGHT]: (arg: PrintRequest) => PreflightReport;
  [PRINT_CHANNELS.PRINT_START]: (arg: PrintRequest) => { jobId: string };
  [PRINT_CHANNELS.PRINT_KIT_START]: (arg: KitRequest | CardKitJob) => { jobId: string };
  [PRINT_CHANNELS.PRINT_STATUS]: (arg: { jobId: string }) => PrintJobStatus;
  [PRINT_CHANNELS.PRINT_CANCEL]: (arg: { jobId: string }) => { cancelled: boolean };
  [PRINT_CHANNELS.PRINT_FILE]: (arg: { jobId: string; path: string }) => { fileName: string; mime: string; data: string };
  [PRINT_CHANNELS.RULEBOOK_RENDER]: (arg: RulebookArg & { markdown?: string }) => RenderedRulebook;
  [PRINT_CHANNELS.RULEBOOK_START]: (arg: RulebookArg & { booklet: boolean }) => { jobId: string };
  [PRINT_CHANNELS.RULEBOOK_SOURCE]: (arg: { projectId: string; lang: 'zh' | 'en' }) => RulebookSource;
  [PRINT_CHANNELS.RULEBOOK_SAVE_SOURCE]: (arg: { projectId: string; lang: 'zh' | 'en'; text: string; baseRevision: string }) => { revision: string };
}
