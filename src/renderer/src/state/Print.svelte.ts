import type { PreflightReport, WindowApi } from '../../../shared/ipc/contract';
import type { PrintRequest } from '../../../shared/ipc/print-request';
import type { DeckState } from './Deck.svelte';
import { ExportJob } from './ExportJob.svelte';

/** Card size choices of the print dialog, in menu order. */
export const CARD_SIZES = ['project', 'poker', 'poker-in', 'bridge', 'mini', 'tarot', 'square', 'custom'] as const;
/** A card size choice. */
export type CardSizeChoice = (typeof CARD_SIZES)[number];

/** Numeric limits of the form; the same as the zod schema in shared/ipc/print-request.ts. */
export const LIMITS = {
  bleed: { min: 0, max: 6 },
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
  cardSize = $state<CardSizeChoice>('project');
  customWidth = $state(63);
  customHeight = $state(88);
  bleed = $state(3);
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

  report = $state.raw<PreflightReport | null>(null);
  preflightError = $state<string | null>(null);
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
      inRange(this.offsetX, LIMITS.offset) &&
      inRange(this.offsetY, LIMITS.offset) &&
      (this.cardSize !== 'custom' || (inRange(this.customWidth, LIMITS.width) && inRange(this.customHeight, LIMITS.height))) &&
      (this.copiesMode === 'set' || (Number.isInteger(this.copiesEach) && inRange(this.copiesEach, LIMITS.copies))),
  );

  /** The request the options describe (cards in deck order when printing a selection). */
  readonly request: PrintRequest = $derived.by(() => ({
    projectId: this.projectId,
    paper: this.paper,
    cardSize: this.cardSize,
    ...(this.cardSize === 'custom' ? { customSize: { width: this.customWidth, height: this.customHeight } } : {}),
    bleed: this.bleed,
    marks: this.marks,
    duplex: this.duplex,
    backOffset: { x: this.offsetX, y: this.offsetY },
    calibration: this.calibration,
    cards: this.which === 'selected' ? this.#deck.cards.filter((c) => this.#deck.selected.has(c.id)).map((c) => c.id) : [],
    copies: this.copiesMode === 'set' ? 'set' : this.copiesEach,
    png: this.png,
    tts: this.tts,
    acceptPreflight: this.acceptPreflight,
  }));

  /** The request minus the acceptance box, whose toggling needs no new preflight. */
  readonly preflightKey = $derived(JSON.stringify({ ...this.request, acceptPreflight: false }));

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
    this.checking = true;
    try {
      const report = await this.#api.PRINT_PREFLIGHT({ ...this.request, acceptPreflight: false });
      if (seq !== this.#preflightSeq) return;
      this.report = report;
      this.preflightError = null;
      if (!report.blocking) this.acceptPreflight = false;
    } catch (e) {
      if (seq !== this.#preflightSeq) return;
      this.report = null;
      this.preflightError = e instanceof Error ? e.message : String(e);
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
