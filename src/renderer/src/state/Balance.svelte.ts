/**
 * The Balance page's state for one project: the form (players, a bot per seat, option sets A and
 * B, games, seed) and the run it follows. A run polls `lab:status` (answered at once from the
 * running summaries), so partial results show while the workers play, and the window never waits
 * on a game. The state lives per project for the session: leaving the page and coming back finds
 * the run still there.
 */
import type { LabExportArg, LabExportResult, WindowApi } from '../../../shared/ipc/contract';
import { download as downloadFile } from '../features/data/import/file-bytes';
import { changedOptions, labForm, type LabForm, type LabGameId, type LabStatus } from '../../../shared/lab';
import { describeError } from './errors';
import { i18n } from '../i18n/I18n.svelte';
import type { MessageKey } from '../i18n/catalogue';

const POLL_MS = 300;
type Value = string | number | boolean;

export class BalanceLab {
  readonly form: LabForm;
  players = $state(0);
  bots = $state<string[]>([]);
  rotate = $state(false);
  searchIterations = $state(64);
  games = $state(200);
  seed = $state('1');
  optionsA = $state<Record<string, Value>>({});
  optionsB = $state<Record<string, Value>>({});
  compare = $state(false);
  /** The precision (± points) the A/B sample size is suggested for. */
  precision = $state(2);

  status = $state.raw<LabStatus | null>(null);
  error = $state<string | null>(null);
  starting = $state(false);
  readonly running = $derived(this.starting || this.status?.state === 'running');

  /** The export being written, and the last one written. */
  exporting = $state<LabExportArg['kind'] | null>(null);
  exported = $state.raw<{ result: LabExportResult; downloaded: boolean } | null>(null);
  #runId: string | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly api: WindowApi,
    readonly projectId: string,
    readonly game: LabGameId,
  ) {
    this.form = labForm(game);
    this.players = this.form.defaultPlayers;
    this.bots = new Array<string>(this.players).fill(this.form.defaultBot);
    const defaults = Object.fromEntries(this.form.options.map((o) => [o.key, o.default]));
    this.optionsA = { ...defaults };
    this.optionsB = { ...defaults };
  }

  /** Change the player count, keeping the bots of the seats that stay. */
  setPlayers(n: number): void {
    this.players = n;
    this.bots = Array.from({ length: n }, (_, i) => this.bots[i] ?? this.bots[0] ?? this.form.defaultBot);
  }

  /** What is wrong with the form, as a catalogue key; null when it can run. */
  problem(): MessageKey | null {
    const whole = (n: unknown, max: number) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= max;
    if (!whole(this.games, 1_000_000)) return 'lab.bad.games';
    if (!this.seed || this.seed.length > 200) return 'lab.bad.seed';
    if (this.bots.includes('search') && !whole(this.searchIterations, 100_000)) return 'lab.bad.strength';
    return null;
  }

  /** Start a run: option set A alone, or A and B on paired seeds. */
  async run(ab: boolean): Promise<void> {
    if (this.running) return;
    const bad = this.problem();
    this.error = bad ? i18n.t(bad) : null;
    if (bad) return;
    this.starting = true;
    try {
      const { runId } = await this.api.LAB_START({
        projectId: this.projectId,
        players: this.players,
        bots: this.bots.slice(),
        options: changedOptions(this.form, this.optionsA),
        ...(ab ? { vs: changedOptions(this.form, this.optionsB) } : {}),
        games: this.games,
        seed: this.seed,
        rotate: this.rotate,
        ...(this.bots.includes('search') ? { searchIterations: this.searchIterations } : {}),
      });
      this.#runId = runId;
      this.status = null;
      this.exported = null;
      await this.#poll(runId);
    } catch (e) {
      this.error = describeError(e);
    } finally {
      this.starting = false;
    }
  }

  /** Stop the run; its games stay in the results. */
  async cancel(): Promise<void> {
    const id = this.#runId;
    if (!id) return;
    try {
      await this.api.LAB_CANCEL({ runId: id });
      await this.#poll(id);
    } catch (e) {
      this.error = describeError(e);
    }
  }

  /**
   * Export the ended run as a PDF report (in the interface's language), CSV or JSONL into the
   * export folder; in browser mode the file is also offered as a download.
   */
  async export(kind: LabExportArg['kind'], download: boolean): Promise<void> {
    const id = this.#runId;
    if (!id || this.running || this.exporting) return;
    this.exporting = kind;
    this.exported = null;
    this.error = null;
    try {
      const result = await this.api.LAB_EXPORT({ runId: id, kind, lang: i18n.locale, ...(download ? { download: true } : {}) });
      if (result.data) downloadFile(result.fileName, result.mime, result.data);
      this.exported = { result, downloaded: !!result.data };
    } catch (e) {
      this.error = describeError(e);
    } finally {
      this.exporting = null;
    }
  }

  async #poll(id: string): Promise<void> {
    clearTimeout(this.#timer);
    try {
      const s = await this.api.LAB_STATUS({ runId: id });
      if (id !== this.#runId) return;
      this.status = s;
      if (s.state === 'running') this.#timer = setTimeout(() => void this.#poll(id), POLL_MS);
    } catch (e) {
      if (id === this.#runId) this.error = describeError(e);
    }
  }
}

const labs = new Map<string, BalanceLab>();

/** The Balance state of a project (one per project for the session). */
export function balanceLabFor(api: WindowApi, projectId: string, game: LabGameId): BalanceLab {
  const key = `${projectId}\u0000${game}`;
  let lab = labs.get(key);
  if (!lab) labs.set(key, (lab = new BalanceLab(api, projectId, game)));
  return lab;
}
