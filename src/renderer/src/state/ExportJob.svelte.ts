import type { PrintJobStatus, WindowApi } from '../../../shared/ipc/contract';
import { describeError } from './errors';

const POLL_MS = 250;

/**
 * One export job as the UI follows it: start (through whichever channel launches it), poll
 * PRINT_STATUS until it ends, cancel, reveal the written file. Card kits and rulebooks share it,
 * since both report through the same status and cancel channels. Polling is asynchronous, so the
 * window stays responsive; a stale answer (for a job since replaced) is dropped.
 */
export class ExportJob {
  job = $state.raw<PrintJobStatus | null>(null);
  /** Why starting or polling failed (transport or AppError), if it did. */
  error = $state<string | null>(null);
  /** Result of the last "show in folder": false means the host could not (browser mode). */
  shown = $state<boolean | null>(null);

  /** True while an export runs. */
  readonly running = $derived(this.job?.state === 'running');

  readonly #api: WindowApi;
  #pollTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(api: WindowApi) {
    this.#api = api;
  }

  /** Start a job with `launch` (which calls the channel that starts it) and poll it until it ends. */
  async start(launch: () => Promise<{ jobId: string }>): Promise<void> {
    if (this.running) return;
    this.error = null;
    this.shown = null;
    try {
      const { jobId } = await launch();
      this.job = { id: jobId, state: 'running', progress: 0, files: [] };
      this.#poll(jobId);
    } catch (e) {
      this.error = describeError(e);
    }
  }

  #poll(jobId: string): void {
    clearTimeout(this.#pollTimer);
    this.#pollTimer = setTimeout(async () => {
      try {
        const status = await this.#api.PRINT_STATUS({ jobId });
        if (this.job?.id !== jobId) return;
        this.job = status;
        if (status.state === 'running') this.#poll(jobId);
      } catch (e) {
        if (this.job?.id !== jobId) return;
        this.error = describeError(e);
        this.job = { ...this.job, state: 'failed' };
      }
    }, POLL_MS);
  }

  /** Cancel the running export. The next poll reports the final state ("cancelled", or "done" if it finished first). */
  async cancel(): Promise<void> {
    const job = this.job;
    if (!job || job.state !== 'running') return;
    try {
      await this.#api.PRINT_CANCEL({ jobId: job.id });
    } catch (e) {
      this.error = describeError(e);
    }
  }

  /** Reveal a written file; remembers whether the host could. */
  async showInFolder(path: string): Promise<void> {
    try {
      this.shown = (await this.#api.SHELL_SHOW_IN_FOLDER({ path })).shown;
    } catch {
      this.shown = false;
    }
  }

  /** Browser mode: the app runs in a browser, which cannot open the export folder but can download. */
  browser = $state(false);
  #asked = false;

  /** Learn once whether the app runs in browser mode (the panel then offers PDFs as downloads). */
  async learnMode(): Promise<void> {
    if (this.#asked) return;
    this.#asked = true;
    try {
      this.browser = (await this.#api.APP_INFO(null)).mode === 'browser';
    } catch {
      this.browser = false;
    }
  }

  /** Download a PDF the finished job wrote (browser mode), through `save`. */
  async download(path: string, save: (name: string, mime: string, b64: string) => void): Promise<void> {
    const job = this.job;
    if (!job || job.state !== 'done') return;
    try {
      const f = await this.#api.PRINT_FILE({ jobId: job.id, path });
      save(f.fileName, f.mime, f.data);
    } catch (e) {
      this.error = describeError(e);
    }
  }

  /** Forget the finished job, back to the form. */
  reset(): void {
    if (this.running) return;
    this.job = null;
    this.error = null;
    this.shown = null;
  }
}
