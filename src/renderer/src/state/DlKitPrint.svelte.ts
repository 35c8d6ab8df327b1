import type { WindowApi } from '../../../shared/ipc/contract';
import type { PaperId } from '../../../shared/print/paper';
import { DL_KIT_PARTS, type DlKitPart } from '../../../shared/print/dou-laoban/parts';
import type { DouLaobanKitJob } from '../../../shared/print/dou-laoban/request';
import { ExportJob } from './ExportJob.svelte';

/**
 * The print dialog's "whole game" panel of 斗老闆: paper, which parts, how the card backs flip,
 * the calibration page, and the kit's export job. The same request the CLI's
 * `export dou-laoban-kit` builds.
 */
export class DlKitPrintState {
  paper = $state<PaperId>('a4');
  whole = $state(true);
  parts = $state<Record<DlKitPart, boolean>>({ cards: true, pieces: true, score: true });
  orientation = $state<'auto' | 'portrait' | 'landscape'>('auto');
  duplex = $state<'long' | 'short' | 'none'>('long');
  calibration = $state(true);

  readonly exporter: ExportJob;
  readonly #api: WindowApi;

  constructor(api: WindowApi) {
    this.#api = api;
    this.exporter = new ExportJob(api);
  }

  /** The parts chosen, in build order. */
  readonly chosen: DlKitPart[] = $derived(this.whole ? [...DL_KIT_PARTS] : DL_KIT_PARTS.filter((p) => this.parts[p]));

  /** Whether the form describes a kit that can be exported. */
  readonly valid = $derived(this.chosen.length > 0);

  /** The request the form describes. */
  readonly request: DouLaobanKitJob = $derived.by(() => ({
    game: 'dou-laoban' as const,
    paper: this.paper,
    parts: this.chosen,
    orientation: this.orientation,
    duplex: this.duplex,
    calibration: this.calibration,
  }));

  /** Start the kit export and follow it. */
  async start(): Promise<void> {
    if (!this.valid) return;
    await this.exporter.start(() => this.#api.PRINT_KIT_START(this.request));
  }
}
