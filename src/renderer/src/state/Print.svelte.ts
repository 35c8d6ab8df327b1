import type { PreflightReport, WindowApi } from '../../../shared/ipc/contract';
import type { PrintRequest } from '../../../shared/ipc/print-request';
import type { PngPresetId } from '../../../shared/print/png-presets';
import type { DeckState } from './Deck.svelte';
import { ExportJob } from './ExportJob.svelte';
import { i18n } from '../i18n/I18n.svelte';

/** An error's message in the UI's language: print errors carry the Chinese text in `details.zh`. */
export function errorText(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const zh = (e as { details?: { zh?: unknown } }).details?.zh;
  return i18n.locale === 'zh' && typeof zh === 'string' ? zh : e.message;
}

/** Card size choices of the print dialog, in menu order. */
export const CARD_SIZES = ['project', 'poker', 'poker-in', 'bridge', 'mini', 'tarot', 'square', 'custom'] as const;
/** A card size choice. */
export type CardSizeChoice = (typeof CARD_SIZES)[number];

/** Numeric limits of the form; the same as the zod schema in shared/ipc/print-request.ts. */
export const LIMITS = {
  bleed: { min: 0, max: 6 },
  margin: { min: 0, max: 30 },
  gutter: { min: 0, max: 20 },
  offset: { min: -10, max: 10 },
  width: { min: 20, max: 200 },
  height: { min: 20, max: 280 },
  copies: { min: 1, max: 20 },
} as const;

const PREFLIGHT_DEBOUNCE_MS = 300;

/** Whether `v` is a finite number within a limit. */
export function inRange(v: number, lim: { min: number; max: number }): boolean {
  return Number.isFinite(v) && v >= lim.min && v <= lim.max;
}

/**
 * The print dialog of one project: the options the user chose, the latest preflight report and
 * the export job. Preflight and the job are asynchronous and cancellable, so the window stays
 * responsive; a stale preflight answer (for options since changed) is dropped.
 */
export class PrintState {
  paper = $state<'a4' | 'letter' | 'a3' | 'tabloid'>('a4');
  orientation = $state<'auto' | 'portrait' | 'landscape'>('auto');
  cardSize = $state<CardSizeChoice>('project');
  customWidth = $state(63);
  customHeight = $state(88);
  bleed = $state(3);
  margin = $state(5);
  gutterMode = $state<'auto' | 'fixed'>('auto');
  gutter = $state(0);
  cardCode = $state(false);
  pngPreset = $state<PngPresetId>('300dpi');
  marks = $state<'crop' | 'lines' | 'none'>('crop');
  duplex = $state<'none' | 'long' | 'short'>('long');
  offsetX = $state(0);
  offsetY = $state(0);
  calibration = $state(true);
  which = $state<'all' | 'selected'>('all');
  copiesMode = $state<'set' | 'each'>('set');
  copiesEach = $state(1);
  png = $state(false);
  tts = $state(false);
  acceptPreflight = $state(false);

  /** The latest preflight answer and the options it answers (`preflightKey` then). */
  #answer = $state.raw<{ key: string; report: PreflightReport | null; error: unknown } | null>(null);
  checking = $state(false);

  /** The export job (progress, cancel, files), shared in shape with the rulebook's. */
  readonly exporter: ExportJob;

  #preflightSeq = 0;
  #preflightTimer: ReturnType<typeof setTimeout> | undefined;

  readonly projectId: string;
  readonly #api: WindowApi;
  readonly #deck: DeckState;

  constructor(api: WindowApi, projectId: string, deck: DeckState) {
    this.#api = api;
    this.projectId = projectId;
    this.#deck = deck;
    this.exporter = new ExportJob(api);
  }

  /** Whether every number in the form is within its limits. */
  readonly valid = $derived(
    inRange(this.bleed, LIMITS.bleed) &&
      inRange(this.margin, LIMITS.margin) &&
      (this.gutterMode === 'auto' || inRange(this.gutter, LIMITS.gutter)) &&
      inRange(this.offsetX, LIMITS.offset) &&
      inRange(this.offsetY, LIMITS.offset) &&
      (this.cardSize !== 'custom' || (inRange(this.customWidth, LIMITS.width) && inRange(this.customHeight, LIMITS.height))) &&
      (this.copiesMode === 'set' || (Number.isInteger(this.copiesEach) && inRange(this.copiesEach, LIMITS.copies))),
  );

  /** The request the options describe (cards in deck order when printing a selection). */
  readonly request: PrintRequest = $derived.by(() => ({
    projectId: this.projectId,
    paper: this.paper,
    orientation: this.orientation,
    cardSize: this.cardSize,
    ...(this.cardSize === 'custom' ? { customSize: { width: this.customWidth, height: this.customHeight } } : {}),
    bleed: this.bleed,
    margin: this.margin,
    gutter: this.gutterMode === 'auto' ? 'auto' : this.gutter,
    cardCode: this.cardCode,
    marks: this.marks,
    duplex: this.duplex,
    backOffset: { x: this.offsetX, y: this.offsetY },
    calibration: this.calibration,
    cards: this.which === 'selected' ? this.#deck.cards.filter((c) => this.#deck.selected.has(c.id)).map((c) => c.id) : [],
    copies: this.copiesMode === 'set' ? 'set' : this.copiesEach,
    png: this.png,
    pngPreset: this.pngPreset,
    tts: this.tts,
    acceptPreflight: this.acceptPreflight,
  }));

  /** The request minus the acceptance box, whose toggling needs no new preflight. */
  readonly preflightKey = $derived(JSON.stringify({ ...this.request, acceptPreflight: false }));

  /**
   * The preflight report (page counts, issues, the sheet preview) for the options as they are
   * now; null while the options have changed since the last answer, so nothing stale is shown.
   */
  get report(): PreflightReport | null {
    return this.#answer?.key === this.preflightKey ? this.#answer.report : null;
  }
  /** The preflight failure for the options as they are now, if it failed. */
  get preflightError(): string | null {
    return this.#answer?.key === this.preflightKey && this.#answer.error != null ? errorText(this.#answer.error) : null;
  }

  /** True while an export runs. */
  get running(): boolean {
    return this.exporter.running;
  }
  /** Blocking preflight errors not yet accepted. */
  readonly blocked = $derived(!!this.report?.blocking && !this.acceptPreflight);
  /** Whether Export can start now. */
  readonly canExport = $derived(this.valid && !this.running && !this.blocked && !this.checking && this.report !== null);

  /** Run preflight after the options stop changing for a moment. */
  schedulePreflight(): void {
    clearTimeout(this.#preflightTimer);
    if (!this.valid) return;
    this.checking = true;
    this.#preflightTimer = setTimeout(() => void this.preflight(), PREFLIGHT_DEBOUNCE_MS);
  }

  /** Run preflight now. */
  async preflight(): Promise<void> {
    clearTimeout(this.#preflightTimer);
    const seq = ++this.#preflightSeq;
    const key = this.preflightKey;
    this.checking = true;
    try {
      const report = await this.#api.PRINT_PREFLIGHT({ ...this.request, acceptPreflight: false });
      // A slow answer for older options never overwrites a newer one.
      if (seq !== this.#preflightSeq) return;
      this.#answer = { key, report, error: null };
      if (!report.blocking) this.acceptPreflight = false;
    } catch (e) {
      if (seq !== this.#preflightSeq) return;
      this.#answer = { key, report: null, error: e ?? 'unknown error' };
    } finally {
      if (seq === this.#preflightSeq) this.checking = false;
    }
  }

  /** Start an export and poll it until it ends. */
  async start(): Promise<void> {
    if (!this.canExport) return;
    await this.exporter.start(() => this.#api.PRINT_START(this.request));
  }
}
