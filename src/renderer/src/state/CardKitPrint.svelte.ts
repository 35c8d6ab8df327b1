import type { WindowApi } from '../../../shared/ipc/contract';
import type { PaperId } from '../../../shared/print/paper';
import { CARD_KIT_PARTS, type CardKitGame } from '../../../shared/print/card-kits';
import type { CardKitJob } from '../../../shared/print/card-kit-request';
import { ExportJob } from './ExportJob.svelte';

/**
 * The print dialog's "whole game" panel of a card game (斗老闆, 摸鱼王, 斗十四): paper, which
 * parts, how the card backs flip, the calibration page, and the kit's export job. The same
 * request the CLI's `export <game>-kit` builds.
 */
export class CardKitPrintState {
  readonly game: CardKitGame;
  /** The kit's parts in build order (empty: the kit is one piece). */
  readonly allParts: readonly string[];
  paper = $state<PaperId>('a4');
  whole = $state(true);
  parts = $state<Record<string, boolean>>({});
  orientation = $state<'auto' | 'portrait' | 'landscape'>('auto');
  duplex = $state<'long' | 'short' | 'none'>('long');
  calibration = $state(true);

  readonly exporter: ExportJob;
  readonly #api: WindowApi;

  constructor(api: WindowApi, game: CardKitGame) {
    this.#api = api;
    this.game = game;
    this.allParts = CARD_KIT_PARTS[game];
    this.parts = Object.fromEntries(this.allParts.map((p) => [p, true]));
    this.exporter = new ExportJob(api);
  }

  /** The parts chosen, in build order. */
  get chosen(): string[] {
    return this.whole ? [...this.allParts] : this.allParts.filter((p) => this.parts[p]);
  }

  /** Whether the form describes a kit that can be exported. */
  get valid(): boolean {
    return this.allParts.length === 0 || this.chosen.length > 0;
  }

  /** The request the form describes. */
  get request(): CardKitJob {
    const common = { paper: this.paper, orientation: this.orientation, duplex: this.duplex, calibration: this.calibration };
    if (this.game === 'dou-shisi') return { game: this.game, ...common };
    return { game: this.game, ...common, parts: this.chosen } as CardKitJob;
  }

  /** Start the kit export and follow it. */
  async start(): Promise<void> {
    if (!this.valid) return;
    await this.exporter.start(() => this.#api.PRINT_KIT_START(this.request));
  }
}
