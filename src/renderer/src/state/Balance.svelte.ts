/**
 * The Balance page's state for one project: the form (players, a bot per seat, option sets A and
 * B, games, seed) and the run it follows. A run polls `lab:status` (answered at once from the
 * running summaries), so partial results show while the workers play, and the window never waits
 * on a game. The state lives per project for the session: leaving the page and coming back finds
 * the run still there.
 */
import type { LabExportArg, LabExportResult, WindowApi } from '../../../shared/ipc/contract';
import { download as downloadFile } from '../features/data/import/file-bytes';
import { changedOptions, labForm, type LabForm, type LabGameId, type LabStatus, type SavedLabRun, type SavedLabRunInfo } from '../../../shared/lab';
import { describeError } from './errors';
import { labOptionsSaidOnPage } from '../features/balance/lab-options';
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

  /** The project's saved runs (newest first), how many older ones the list leaves off, and its error. */
  runs = $state.raw<SavedLabRunInfo[] | null>(null);
  runsMore = $state(0);
  runsError = $state<string | null>(null);
  runsBusy = $state(false);
  /** The saved run shown (opened from the list), or null for the run of this page. */
  opened = $state.raw<Pick<SavedLabRun, 'id' | 'name' | 'savedAt' | 'settings'> | null>(null);
  /** The saved run whose settings were just put into the form. */
  loaded = $state.raw<Pick<SavedLabRun, 'id' | 'name' | 'savedAt'> | null>(null);

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
      this.opened = null;
      this.loaded = null;
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
      // The project lets main export a saved run from its file once the run has left its memory.
      const said = kind === 'pdf' ? { said: labOptionsSaidOnPage(this.game, this.form.options, i18n) } : {};
      const result = await this.api.LAB_EXPORT({ runId: id, projectId: this.projectId, kind, lang: i18n.locale, ...said, ...(download ? { download: true } : {}) });
      if (result.data) downloadFile(result.fileName, result.mime, result.data);
      this.exported = { result, downloaded: !!result.data };
    } catch (e) {
      this.error = describeError(e);
    } finally {
      this.exporting = null;
    }
  }

  /** Fetch the project's saved runs. */
  async refreshRuns(): Promise<void> {
    try {
      const r = await this.api.LAB_RUNS_LIST({ projectId: this.projectId });
      this.runs = r.runs;
      this.runsMore = r.more;
      this.runsError = null;
    } catch (e) {
      this.runsError = describeError(e);
    }
  }

  async #saved<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.runsBusy) return null;
    this.runsBusy = true;
    this.runsError = null;
    try {
      return await work();
    } catch (e) {
      this.runsError = describeError(e);
      return null;
    } finally {
      this.runsBusy = false;
    }
  }

  /** Show a saved run's results exactly as they were when it ended (nothing is played again). */
  async open(id: string): Promise<boolean> {
    if (this.running) return false;
    const run = await this.#saved(() => this.api.LAB_RUNS_OPEN({ projectId: this.projectId, id }));
    if (!run || this.running) return false;
    clearTimeout(this.#timer);
    this.#runId = run.id;
    this.status = run.status;
    this.exported = null;
    this.error = null;
    this.opened = { id: run.id, savedAt: run.savedAt, settings: run.settings, ...(run.name ? { name: run.name } : {}) };
    return true;
  }

  /** Put a saved run's settings into the form, so Run plays it again (same settings and seed: the same games). */
  async rerun(id: string): Promise<boolean> {
    if (this.running) return false;
    const run = await this.#saved(() => this.api.LAB_RUNS_OPEN({ projectId: this.projectId, id }));
    if (!run || this.running) return false;
    const st = run.settings;
    const defaults = Object.fromEntries(this.form.options.map((o) => [o.key, o.default]));
    const known = (o: Record<string, Value>) => Object.fromEntries(Object.entries(o).filter(([k]) => k in defaults));
    this.players = Math.min(this.form.maxPlayers, Math.max(this.form.minPlayers, st.players));
    this.bots = Array.from({ length: this.players }, (_, i) => st.bots[i] ?? st.bots[0] ?? this.form.defaultBot);
    this.games = st.games;
    this.seed = st.seed;
    this.rotate = st.rotate ?? false;
    if (st.searchIterations) this.searchIterations = st.searchIterations;
    this.optionsA = { ...defaults, ...known(st.options) };
    this.optionsB = { ...defaults, ...known(st.vs ?? {}) };
    this.compare = st.vs !== undefined;
    this.error = null;
    this.loaded = { id: run.id, savedAt: run.savedAt, ...(run.name ? { name: run.name } : {}) };
    return true;
  }

  /** Name a saved run (empty removes the name). */
  async rename(id: string, name: string): Promise<boolean> {
    const info = await this.#saved(() => this.api.LAB_RUNS_RENAME({ projectId: this.projectId, id, name }));
    if (!info) return false;
    this.runs = (this.runs ?? []).map((r) => (r.id === id ? info : r));
    if (this.opened?.id === id) this.opened = { ...this.opened, name: info.name };
    if (this.loaded?.id === id) this.loaded = { ...this.loaded, name: info.name };
    return true;
  }

  /** Delete a saved run (the page asked first). */
  async remove(id: string): Promise<boolean> {
    const done = await this.#saved(() => this.api.LAB_RUNS_DELETE({ projectId: this.projectId, id }));
    if (!done) return false;
    this.runs = (this.runs ?? []).filter((r) => r.id !== id);
    // The results shown were that run's: they go with it.
    if (this.opened?.id === id) {
      this.opened = null;
      this.status = null;
      this.exported = null;
      this.#runId = null;
    }
    if (this.loaded?.id === id) this.loaded = null;
    return true;
  }

  async #poll(id: string): Promise<void> {
    clearTimeout(this.#timer);
    try {
      const s = await this.api.LAB_STATUS({ runId: id });
      if (id !== this.#runId) return;
      this.status = s;
      if (s.state === 'running') this.#timer = setTimeout(() => void this.#poll(id), POLL_MS);
      // An ended run has just been saved: list it.
      else void this.refreshRuns();
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
