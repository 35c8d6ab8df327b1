import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { slug } from './user-project-registry';
import { PrintRequest, type PrintRequestResolved } from '../../shared/ipc/print-request';
import { normalizePrintRequest, printRequestProblem } from '../../shared/ipc/print-request-problems';
import type { PreflightReport, PrintJobStatus } from '../../shared/ipc/contract';
import { err, ok, type Result } from '../../shared/util/result';
import type { ProjectStore } from './projects';
import type { FontService } from './export/fonts';
import type { AssetService } from './export/assets';
import { exportKit, preflightKit, type ExportTargets, type KitDeps } from './export/kit';
import { badCardIdError, checkRequest, checkRulebookRequest, plannedOutputs, type CheckedRequest } from './export/check';
import { checkTargets, removeStaleStaging } from './export/place';
import { reserveName, type Reservation } from './export/reserve';
import { ensureDir, WriteError } from './export/write';
import { exportRulebook, type RulebookRequest } from './rulebook';
import { runTask, type ExportPool } from './workers/export-pool';
import { exportZodiacKit, resolveKitRequest } from './export/zodiac-kit';
import type { KitRequestResolved } from '../../shared/ipc/kit-request';
import { exportCardKit, planCardKit, type CardKitPlan } from './export/card-kits';

/** What the print service needs. */
export interface PrintDeps {
  projects: ProjectStore;
  fonts: FontService;
  assets: (projectDir: string) => AssetService;
  exportDir: string;
  /**
   * Worker threads that run preflight and the jobs' work, so the main thread never waits on them.
   * Without one (scripts, some tests) the work runs in this thread.
   */
  pool?: ExportPool;
}

interface Job {
  status: PrintJobStatus;
  abort: AbortController;
  /** When the job finished (ms since the epoch); undefined while it runs. */
  finishedAt?: number;
}

/** What a job's work answers. */
type JobOutcome = Result<{ files: PrintJobStatus['files']; pages: number }>;
/** A job's work: reports progress (0..1), stops when the signal aborts. */
type JobWork = (progress: (f: number) => void, signal: AbortSignal) => Promise<JobOutcome>;

/**
 * Limits of the job table: at most `running` jobs at once (another start answers `print/busy`);
 * finished jobs are kept for `keepMs` and at most `keep` of them, so the table never grows.
 */
export const JOB_LIMITS = { running: 8, keep: 50, keepMs: 15 * 60_000 } as const;

let jobSeq = 0;

/** Run `work`, then give back the reserved name if the job did not fill it (failed or cancelled). */
function reserved(reservation: Reservation, work: JobWork): JobWork {
  return async (progress, signal) => {
    try {
      return await work(progress, signal);
    } finally {
      reservation.release();
    }
  };
}

/**
 * Export jobs for the app: preflight, start, status polling, cancel. The work runs on the export
 * worker threads (`deps.pool`), so IPC never waits on it. File names are chosen here, inside the
 * export folder.
 */
export class PrintService {
  private jobs = new Map<string, Job>();
  private written = new Set<string>();
  constructor(private readonly deps: PrintDeps) {
    // Staging folders of exports that a crash or kill interrupted (never the user's files).
    removeStaleStaging(deps.exportDir);
  }

  private kitDeps(): KitDeps {
    return { projects: this.deps.projects, fonts: this.deps.fonts, assets: this.deps.assets };
  }

  /** Parse and default a request (the IPC layer validated it already; the CLI relies on this). */
  static resolve(req: unknown): Result<PrintRequestResolved> {
    const input = normalizePrintRequest(req);
    const r = PrintRequest.safeParse(input);
    if (r.success) return ok(r.data);
    // Bilingual like every print error: English in `message`, Chinese in `details.zh`.
    const problems = r.error.issues.map((i) => printRequestProblem(i, input));
    return err('print/bad-request', problems.map((p) => p.en).join(' '), { zh: problems.map((p) => p.zh).join(''), problems });
  }

  /** Check a request before exporting: missing glyphs, overflows, safe zone, art resolution. */
  async preflight(req: unknown): Promise<Result<PreflightReport>> {
    const r = PrintService.resolve(req);
    if (!r.ok) return r;
    const id = r.value.projectId;
    // A preflight for options since changed is dropped while it waits: the dialog wants the newest.
    if (this.deps.pool) return runTask(this.deps.pool, 'preflight', r.value, { priority: 'interactive', key: id, supersede: `preflight:${id}`, label: `project "${id}"` });
    return preflightKit(this.kitDeps(), r.value);
  }

  /** The export folder, created owner-only (0700) when missing. */
  private exportFolder(): Result<string> {
    try {
      ensureDir(this.deps.exportDir, 0o700);
      return ok(this.deps.exportDir);
    } catch (e) {
      return err(e instanceof WriteError ? e.code : 'export/write-failed', (e as Error).message);
    }
  }

  /**
   * The start of an output file's name: a user project's English name made file-safe
   * (`solar-terms`), not its internal folder id (`u-solar-terms-22c652d0`); a built-in game's id.
   */
  private fileBase(projectId: string): string {
    if (!projectId.startsWith('u-')) return projectId;
    const p = this.deps.projects.get(projectId);
    if (!p.ok) return projectId;
    const name = this.deps.projects.summary(p.value).name;
    return slug(name.en) || slug(name.zh) || projectId;
  }

  /**
   * Reserve a fresh name in the export folder, `<project>-<paper>-<duplex>[-n].pdf`, with its
   * PNG folder and TTS sheets free too, and check every output before the job starts.
   */
  private target(c: CheckedRequest): Result<{ targets: ExportTargets; reservation: Reservation }> {
    const dir = this.exportFolder();
    if (!dir.ok) return dir;
    const req = c.req;
    const at = (name: string): ExportTargets => ({
      pdf: resolve(dir.value, `${name}.pdf`),
      reservedPdf: true,
      ...(req.png ? { pngDir: resolve(dir.value, `${name}-png`) } : {}),
      ...(req.tts ? { ttsFile: resolve(dir.value, `${name}-tts.png`) } : {}),
    });
    const base = `${this.fileBase(req.projectId)}-${req.paper}-${req.duplex === 'none' ? 'simplex' : `duplex-${req.duplex}`}`;
    const r = reserveName(dir.value, base, '.pdf', (name) => plannedOutputs(c, at(name)).slice(1).map((o) => o.path));
    if (!r.ok) return r;
    const targets = at(r.value.name);
    const free = checkTargets(plannedOutputs(c, targets), false);
    if (!free.ok) {
      r.value.release();
      return free;
    }
    return ok({ targets, reservation: r.value });
  }

  /**
   * Start an export job; poll `status` for progress and the files. The whole request is checked
   * first (options, card size, selection, card ids as file names, the output names): a request
   * that cannot succeed gets an error, never a job id.
   */
  start(req: unknown): Result<{ jobId: string }> {
    const r = PrintService.resolve(req);
    if (!r.ok) return r;
    const busy = this.busy();
    if (!busy.ok) return busy;
    const c = checkRequest(this.deps.projects, r.value);
    if (!c.ok) return c;
    if (c.value.idIssues.length) return badCardIdError(c.value.idIssues);
    const t = this.target(c.value);
    if (!t.ok) return t;
    const { targets, reservation } = t.value;
    return ok({ jobId: this.launch(reserved(reservation, (progress, signal) => this.runExport(r.value, targets, progress, signal))) });
  }

  /** Start a rulebook export job (same status and cancel channels as card exports); checked first like `start`. */
  startRulebook(req: RulebookRequest): Result<{ jobId: string }> {
    const busy = this.busy();
    if (!busy.ok) return busy;
    const p = checkRulebookRequest(this.deps.projects, req);
    if (!p.ok) return p;
    const dir = this.exportFolder();
    if (!dir.ok) return dir;
    const base = `${this.fileBase(req.projectId)}-rules-${req.lang}-${req.paper}${req.booklet ? '-booklet' : ''}`;
    const r = reserveName(dir.value, base, '.pdf');
    if (!r.ok) return r;
    const file = resolve(r.value.file);
    return ok({ jobId: this.launch(reserved(r.value, (progress, signal) => this.runRulebook(req, file, progress, signal))) });
  }

  /**
   * Start an export job for the 生肖赛跑 print-and-play kit (the whole game or some parts), named
   * `zodiac-race-kit-<paper>[-parts][-n].pdf` in the export folder.
   */
  startKit(input: unknown): Result<{ jobId: string }> {
    const game = input !== null && typeof input === 'object' ? (input as { game?: unknown }).game : undefined;
    if (game !== undefined && game !== 'zodiac-race') return this.startCardKit(input);
    const r = resolveKitRequest(input);
    if (!r.ok) return r;
    const busy = this.busy();
    if (!busy.ok) return busy;
    for (const id of ['zodiac-race-board', 'zodiac-race']) {
      const p = this.deps.projects.get(id);
      if (!p.ok) return p;
    }
    const dir = this.exportFolder();
    if (!dir.ok) return dir;
    const whole = r.value.parts.length === 5;
    const base = `${r.value.game}-kit-${r.value.paper}${whole ? '' : `-${[...r.value.parts].sort().join('-')}`}`;
    const res = reserveName(dir.value, base, '.pdf');
    if (!res.ok) return res;
    const file = resolve(res.value.file);
    return ok({ jobId: this.launch(reserved(res.value, (progress, signal) => this.runKit(r.value, file, progress, signal))) });
  }

  /**
   * Start an export job for a card game's print-and-play kit (斗老闆, 摸鱼王 or 斗十四: all of it
   * or some parts), named `<game>-kit-<paper>[-parts][-n].pdf` in the export folder.
   */
  private startCardKit(input: unknown): Result<{ jobId: string }> {
    const plan = planCardKit(input);
    if (!plan.ok) return plan;
    const busy = this.busy();
    if (!busy.ok) return busy;
    const p = this.deps.projects.get(plan.value.game);
    if (!p.ok) return p;
    const dir = this.exportFolder();
    if (!dir.ok) return dir;
    const res = reserveName(dir.value, plan.value.base, '.pdf');
    if (!res.ok) return res;
    const file = resolve(res.value.file);
    return ok({ jobId: this.launch(reserved(res.value, (progress, signal) => this.runCardKit(plan.value, file, progress, signal))) });
  }

  /** A card kit's work: on a worker thread when there is a pool. */
  private async runCardKit(plan: CardKitPlan, file: string, progress: (f: number) => void, signal: AbortSignal): Promise<JobOutcome> {
    const job = { game: plan.game, request: plan.request };
    const res = this.deps.pool
      ? await runTask(this.deps.pool, 'card-kit', { job, file }, { onProgress: progress, signal, key: plan.game, label: `the ${plan.game} kit` })
      : await exportCardKit(this.kitDeps(), job, file, { onProgress: progress, signal });
    return res.ok ? ok({ files: [{ path: file, bytes: res.value.bytes, kind: 'pdf' as const }], pages: res.value.pages }) : res;
  }

  /** A game kit's work: on a worker thread when there is a pool. */
  private async runKit(req: KitRequestResolved, file: string, progress: (f: number) => void, signal: AbortSignal): Promise<JobOutcome> {
    // The name is reserved (nothing is there): the kit is written beside it and renamed into place.
    const res = this.deps.pool
      ? await runTask(this.deps.pool, 'zodiac-kit', { req, file }, { onProgress: progress, signal, key: req.game, label: `the ${req.game} kit` })
      : await exportZodiacKit(this.kitDeps(), req, file, { onProgress: progress, signal });
    return res.ok ? ok({ files: [{ path: file, bytes: res.value.bytes, kind: 'pdf' as const }], pages: res.value.pages }) : res;
  }

  /** A kit export's work: on a worker thread when there is a pool. */
  private async runExport(req: PrintRequestResolved, targets: ExportTargets, progress: (f: number) => void, signal: AbortSignal): Promise<JobOutcome> {
    const res = this.deps.pool
      ? await runTask(this.deps.pool, 'export', { req, targets }, { onProgress: progress, signal, key: req.projectId, label: `project "${req.projectId}"` })
      : await exportKit(this.kitDeps(), req, targets, { onProgress: progress, signal });
    return res.ok ? ok({ files: res.value.files, pages: res.value.pages }) : res;
  }

  /** A rulebook export's work: on a worker thread when there is a pool. */
  private async runRulebook(req: RulebookRequest, file: string, progress: (f: number) => void, signal: AbortSignal): Promise<JobOutcome> {
    const res = this.deps.pool
      ? await runTask(this.deps.pool, 'rulebook', { req, file }, { onProgress: progress, signal, key: req.projectId, label: `the rulebook of project "${req.projectId}"` })
      : await exportRulebook(this.kitDeps(), req, file, { onProgress: progress, signal });
    return res.ok ? ok({ files: [{ path: file, bytes: res.value.bytes, kind: 'pdf' as const }], pages: res.value.pages }) : res;
  }

  /**
   * The bytes of a PDF that finished job `jobId` wrote, for browser mode's download: only a file
   * the job itself lists (never another path), at most 200 MB.
   */
  file(jobId: string, path: string): Result<{ fileName: string; mime: string; data: string }> {
    const job = this.jobs.get(jobId);
    const f = job?.status.state === 'done' ? job.status.files.find((x) => x.path === path && x.kind === 'pdf') : undefined;
    if (!f) return err('print/no-file', `${path} is not a PDF this export wrote; export again.`);
    if (f.bytes > 200 * 1024 * 1024) return err('print/too-large', `${path} is over 200 MB; open it from the export folder instead.`);
    try {
      return ok({ fileName: basename(path), mime: 'application/pdf', data: readFileSync(path).toString('base64') });
    } catch (e) {
      return err('print/no-file', `${path} cannot be read (${(e as Error).message}); export again.`);
    }
  }

  /** `print/busy` when JOB_LIMITS.running jobs are running already. */
  private busy(): Result<void> {
    const running = [...this.jobs.values()].filter((j) => j.status.state === 'running').length;
    if (running < JOB_LIMITS.running) return ok(undefined);
    return err('print/busy', `${running} exports are running already, the most at once; wait for one to finish or cancel one, then start this export again.`);
  }

  /** Forget finished jobs older than JOB_LIMITS.keepMs, then the oldest finished ones beyond JOB_LIMITS.keep. */
  private prune(now: number): void {
    const finished = [...this.jobs.entries()].filter(([, j]) => j.finishedAt !== undefined);
    let over = finished.length - JOB_LIMITS.keep;
    // Map order is start order, so the first finished entries are the oldest jobs.
    for (const [id, j] of finished) {
      if (now - j.finishedAt! > JOB_LIMITS.keepMs || over > 0) {
        this.jobs.delete(id);
        over--;
      }
    }
  }

  /**
   * Run `work` as a job. It starts on the next turn of the event loop, so the IPC answer (the job
   * id) goes out first, and it never blocks a handler.
   */
  private launch(work: JobWork): string {
    this.prune(Date.now());
    const id = `job-${++jobSeq}-${Date.now().toString(36)}`;
    const job: Job = { status: { id, state: 'running', progress: 0, files: [] }, abort: new AbortController() };
    this.jobs.set(id, job);
    void new Promise<void>((res) => setImmediate(res))
      .then(() => work((f) => job.status.state === 'running' && (job.status.progress = f), job.abort.signal))
      .then((res) => {
        if (!res.ok) {
          const cancelled = res.error.code === 'print/cancelled' || res.error.code === 'worker/cancelled' || job.abort.signal.aborted;
          // A task that threw in its worker is a bug, not something the user did: say it failed.
          const error = res.error.code === 'worker/failed' ? { code: 'print/failed', message: `The export failed: ${res.error.message}` } : res.error;
          job.status = { ...job.status, state: cancelled ? 'cancelled' : 'failed', error };
          return;
        }
        for (const f of res.value.files) this.written.add(f.path);
        job.status = { ...job.status, state: 'done', progress: 1, files: res.value.files, pages: res.value.pages };
      })
      .catch((e: unknown) => {
        if (job.abort.signal.aborted) {
          job.status = { ...job.status, state: 'cancelled', error: { code: 'print/cancelled', message: 'The export was cancelled; nothing was written.' } };
          return;
        }
        console.error('[print] export failed', e);
        job.status = { ...job.status, state: 'failed', error: { code: 'print/failed', message: `The export failed: ${(e as Error).message}` } };
      })
      .finally(() => (job.finishedAt = Date.now()));
    return id;
  }

  /** The state of a job. */
  status(id: string): Result<PrintJobStatus> {
    const j = this.jobs.get(id);
    return j ? ok({ ...j.status, files: [...j.status.files] }) : err('print/no-job', `No export job "${id}"; start one first.`);
  }

  /** Ask a running job to stop; true when it was running. */
  cancel(id: string): boolean {
    const j = this.jobs.get(id);
    if (!j || j.status.state !== 'running') return false;
    j.abort.abort();
    return true;
  }

  /** Whether this service wrote `path` (only such files may be revealed in the file manager). */
  wrote(path: string): boolean {
    return this.written.has(resolve(path));
  }
}
