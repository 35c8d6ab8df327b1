/**
 * The balance lab's runs, by id: the Balance page starts one for a project's game, polls its
 * status (answered at once from the running summaries) and may cancel it. A few ended runs are
 * kept so a late poll still gets the final results.
 */
import { randomUUID } from 'node:crypto';
import type { LabStartArg, LabStatus } from '../../../shared/lab';
import { isLabGame } from '../../../shared/lab';
import { JsonlChunks } from './jsonl-chunks';
import { err, ok, type Result } from '../../../shared/util/result';
import type { ProjectStore } from '../projects';
import { resolveLabRun, type LabRequest } from './config';
import { LabJob, labWorkers } from './runner';
import { LAB_SAVED_FORMAT, LAB_SAVED_FORMAT_VERSION, type SavedLabRun } from '../../../shared/lab/saved';
import type { LabRunStore } from './saved-runs';
import { SAVABLE_GAMES } from '../matches';

export { resolveLabRun, labRunSettings, botsOf, MAX_LAB_GAMES, type LabRequest, type LabRun, type AnySimConfig } from './config';
export { LabJob, labWorkers } from './runner';
export { LabWorkerPool, LAB_IDLE_MS } from './pool';
export { JsonlChunks } from './jsonl-chunks';
export { JsonlFile } from './jsonl-file';
export type { LabLines } from './runner';
export { LabRunStore, LAB_RUNS_ERRORS } from './saved-runs';
export { playLabGame } from './play';

/** Games of a run kept for its JSONL export (a bigger run is exported from the CLI's --jsonl). */
export const LAB_KEEP_GAMES = 200_000;

/** A run of this session: what started it, its project's name, its raw games. */
interface RunMeta {
  arg: LabStartArg;
  project: { zh: string; en: string };
  games: JsonlChunks;
}

/** What an export of a run needs: its results, the settings that reproduce it, its project's name. */
export interface LabExportable {
  status: LabStatus;
  arg: LabStartArg;
  project: { zh: string; en: string };
}

/** Ended runs kept for late polls. */
const KEEP_ENDED = 4;
/**
 * A run nobody has polled for this long is stopped (its page was closed or reloaded). Browsers
 * slow a hidden page's timers to one a minute, so this is well above that.
 */
export const ABANDONED_MS = 5 * 60_000;

export class LabService {
  private readonly jobs = new Map<string, LabJob>();
  private readonly polled = new Map<string, number>();
  private readonly meta = new Map<string, RunMeta>();

  constructor(
    private readonly projects: Pick<ProjectStore, 'get'> & Partial<Pick<ProjectStore, 'summary'>>,
    private readonly workers?: number,
    /** The clock (tests move it). */
    private readonly now: () => number = () => Date.now(),
    /** Where every finished or cancelled run is saved (none: runs are not saved). */
    readonly runs?: LabRunStore,
  ) {}

  /** Start a run of `projectId`'s game. */
  start(arg: LabStartArg): Result<{ runId: string }> {
    const p = this.projects.get(arg.projectId);
    if (!p.ok) return p;
    const game = p.value.set.file.game;
    if (!isLabGame(game)) return err('lab/no-game', 'This project plays no game the balance lab knows (斗福, 生肖赛跑, 斗老闆, 摸鱼王, 斗十四 or a copy of one).', { zh: '这个项目不是平衡实验室认识的游戏（斗福、生肖赛跑、斗老闆、摸鱼王、斗十四或它们的副本）。' });
    const req: LabRequest = { game, players: arg.players, bots: arg.bots.join(','), options: arg.options, games: arg.games, seed: arg.seed, rotate: arg.rotate, searchIterations: arg.searchIterations, workers: this.workers, baseline: true };
    if (arg.vs) req.vs = arg.vs;
    const run = resolveLabRun(req);
    if (!run.ok) return err(run.error.code, run.error.message, { zh: `设置有误：${run.error.message}` });
    this.prune();
    const id = randomUUID();
    const name = this.projects.summary?.(p.value).name;
    const meta: RunMeta = { arg, project: { zh: name?.zh || arg.projectId, en: name?.en || arg.projectId }, games: new JsonlChunks(LAB_KEEP_GAMES) };
    this.meta.set(id, meta);
    this.jobs.set(
      id,
      new LabJob(run.value, (b) => meta.games.add(b), (job) => this.save(id, game, arg, job)),
    );
    this.polled.set(id, this.now());
    return ok({ runId: id });
  }

  status(runId: string): Result<LabStatus> {
    const job = this.jobs.get(runId);
    if (job) this.polled.set(runId, this.now());
    this.stopAbandoned();
    if (!job) return err('lab/unknown-run', `No balance run "${runId}" (it ended long ago or the app restarted); start it again.`, { zh: `没有这个平衡测试（已结束太久或程序已重启）；请重新开始。` });
    return ok(job.status());
  }

  /**
   * Save an ended run (done or cancelled, with games played) with the settings that reproduce
   * it. A failed save is logged: the run's results stay on the page and can still be exported.
   */
  private save(id: string, game: string, arg: LabStartArg, job: LabJob): void {
    const status = job.status();
    if (!this.runs || (status.state !== 'done' && status.state !== 'cancelled') || status.a.games === 0) return;
    const { projectId, ...rest } = arg;
    const settings = rest as SavedLabRun['settings'];
    const rulesVersion = SAVABLE_GAMES[game]?.rulesVersion;
    const run: SavedLabRun = { format: LAB_SAVED_FORMAT, formatVersion: LAB_SAVED_FORMAT_VERSION, id, projectId, game, savedAt: new Date(this.now()).toISOString(), ...(rulesVersion ? { rulesVersion } : {}), settings, status };
    const r = this.runs.save(run);
    if (!r.ok) console.error('[lab] the run was not saved:', r.error.message);
  }

  /** An ended run's results and settings, for an export: a run of this session, or a saved run of `projectId`. */
  exportable(runId: string, projectId?: string): Result<LabExportable> {
    const job = this.jobs.get(runId);
    const meta = this.meta.get(runId);
    if ((!job || !meta) && projectId && this.runs) {
      const saved = this.runs.open(projectId, runId);
      if (!saved.ok) return saved;
      const p = this.projects.get(projectId);
      const name = p.ok ? this.projects.summary?.(p.value).name : undefined;
      const { settings, status } = saved.value;
      return ok({ status, arg: { projectId, ...settings }, project: { zh: name?.zh || projectId, en: name?.en || projectId } });
    }
    if (!job || !meta) return err('lab/unknown-run', `No balance run "${runId}" (it ended long ago or the app restarted); run it again to export it.`, { zh: '没有这个平衡测试（已结束太久或程序已重启）；请重新运行后再导出。' });
    if (!job.ended) return err('lab/running', 'The run is still going; export it once it has finished or been cancelled.', { zh: '测试仍在进行；请等它完成或取消后再导出。' });
    return ok({ status: job.status(), arg: meta.arg, project: meta.project });
  }

  /** Every game an ended run played, as JSONL (a saved run keeps its aggregates, not its games). */
  jsonl(runId: string, projectId?: string): Result<string> {
    const ex = this.exportable(runId, projectId);
    if (!ex.ok) return ex;
    const meta = this.meta.get(runId);
    if (!meta) return err('lab/no-games', 'A saved run keeps its results, not each game; re-run it (same settings, same seed: the same games) to export its JSONL.', { zh: '保存的测试只保留结果，不保留每一局；请重新运行（同样的设置和种子得到同样的对局）后再导出 JSONL。' });
    const games = meta.games.text();
    if (games === null) return err('lab/too-many-games', `This run played more than ${LAB_KEEP_GAMES} games, too many to keep; export its games with the command line's --jsonl.`, { zh: `这次测试超过 ${LAB_KEEP_GAMES} 局，无法全部保留；请用命令行的 --jsonl 导出每局数据。` });
    return ok(games);
  }

  cancel(runId: string): boolean {
    return this.jobs.get(runId)?.cancel() ?? false;
  }

  /** Stop every run (the app is quitting). */
  async close(): Promise<void> {
    const all = [...this.jobs.values()];
    for (const j of all) j.cancel();
    await Promise.all(all.map((j) => j.finished));
    await labWorkers.close();
  }

  /** Stop runs whose page stopped polling them. */
  private stopAbandoned(): void {
    const now = this.now();
    for (const [id, job] of this.jobs) if (!job.ended && now - (this.polled.get(id) ?? now) > ABANDONED_MS) job.cancel();
  }

  private prune(): void {
    this.stopAbandoned();
    const ended = [...this.jobs.entries()].filter(([, j]) => j.ended);
    for (const [id] of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED + 1))) {
      this.jobs.delete(id);
      this.polled.delete(id);
      this.meta.delete(id);
    }
  }
}
