import type { WindowApi } from '../../../shared/ipc/contract';
import { KIT_PARTS, type KitPart } from '../../../shared/ipc/kit-parts';
import type { KitRequest } from '../../../shared/ipc/kit-request';
import type { PaperId } from '../../../shared/print/paper';
import { OVERLAP_LIMITS, SCALE_LIMITS, TILE_LAYOUT } from '../../../shared/print/tiles';
import { ExportJob } from './ExportJob.svelte';

/** Projects that print as part of a game kit, and the kit's game. */
export const KIT_GAMES: Record<string, 'zodiac-race'> = { 'zodiac-race': 'zodiac-race', 'zodiac-race-board': 'zodiac-race' };

/**
 * The print dialog's "whole game" panel: paper, which parts, board scale, token sets and back,
 * and the kit's export job. The same request the CLI's `export zodiac-race-kit` builds.
 */
export class KitPrintState {
  paper = $state<PaperId>('a4');
  whole = $state(true);
  parts = $state<Record<KitPart, boolean>>({ board: true, cards: true, tokens: true, pieces: true, score: true });
  tiling = $state<'auto' | 'whole' | 'tiled'>('auto');
  overlap = $state<number>(TILE_LAYOUT.overlap);
  orientation = $state<'auto' | 'portrait' | 'landscape'>('auto');
  testPage = $state(true);
  autoScale = $state(true);
  scale = $state(100);
  copies = $state(1);
  backOn = $state(false);
  back = $state('#1F5FA8');

  readonly exporter: ExportJob;
  readonly #api: WindowApi;

  constructor(api: WindowApi) {
    this.#api = api;
    this.exporter = new ExportJob(api);
  }

  /** The parts chosen, in build order. */
  readonly chosen: KitPart[] = $derived(this.whole ? [...KIT_PARTS] : KIT_PARTS.filter((p) => this.parts[p]));

  /** Whether the form describes a kit that can be exported. */
  readonly valid = $derived(
    this.chosen.length > 0 &&
      (this.autoScale || (Number.isFinite(this.scale) && this.scale >= SCALE_LIMITS.min && this.scale <= SCALE_LIMITS.max)) &&
      Number.isInteger(this.copies) && this.copies >= 1 && this.copies <= 6 &&
      Number.isFinite(this.overlap) && this.overlap >= OVERLAP_LIMITS.min && this.overlap <= OVERLAP_LIMITS.max &&
      (!this.backOn || /^#[0-9a-fA-F]{6}$/.test(this.back)),
  );

  /** The request the form describes. */
  readonly request: KitRequest = $derived.by(() => ({
    game: 'zodiac-race' as const,
    paper: this.paper,
    parts: this.chosen,
    ...(this.autoScale ? {} : { scale: this.scale }),
    tiling: this.tiling,
    overlap: this.overlap,
    orientation: this.orientation,
    testPage: this.testPage,
    copies: this.copies,
    tokenBack: this.backOn ? this.back : null,
  }));

  /** Start the kit export and follow it. */
  async start(): Promise<void> {
    if (!this.valid) return;
    await this.exporter.start(() => this.#api.PRINT_KIT_START(this.request));
  }
}
