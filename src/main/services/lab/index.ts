/**
 * The balance lab's runs, by id: the Balance page starts one for a project's game, polls its
 * status (answered at once from the running summaries) and may cancel it. A few ended runs are
 * kept so a late poll still gets the final results.
 */
import { randomUUID } from 'node:crypto';
import type { LabStartArg, LabStatus } from '../../../shared/lab';
import { isLabGame } from '../../../shared/lab';
import { err, ok, type Result } from '../../../shared/util/result';
import type { ProjectStore } from '../projects';
import { resolveLabRun, type LabRequest } from './config';
import { LabJob } from './runner';

export { resolveLabRun, botsOf, MAX_LAB_GAMES, type LabRequest, type LabRun, type AnySimConfig } from './config';
export { LabJob } from './runner';
export { playLabGame } from './play';

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

  constructor(
    private readonly projects: Pick<ProjectStore, 'get'>,
    private readonly workers?: number,
    /** The clock (tests move it). */
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Start a run of `projectId`'s game. */
  start(arg: LabStartArg): Result<{ runId: string }> {
    const p = this.projects.get(arg.projectId);
    if (!p.ok) return p;
    const game = p.value.set.file.game;
    if (!isLabGame(game)) return err('lab/no-game', 'This project plays no game the balance lab knows (斗福, 生肖赛跑, 斗老闆 or a copy of one).', { zh: '这个项目不是平衡实验室认识的游戏（斗福、生肖赛跑、斗老闆或它们的副本）。' });
    const req: LabRequest = { game, players: arg.players, bots: arg.bots.join(','), options: arg.options, games: arg.games, seed: arg.seed, rotate: arg.rotate, searchIterations: arg.searchIterations, workers: this.workers };
    if (arg.vs) req.vs = arg.vs;
    const run = resolveLabRun(req);
    if (!run.ok) return err(run.error.code, run.error.message, { zh: `设置有误：${run.error.message}` });
    this.prune();
    const id = randomUUID();
    this.jobs.set(id, new LabJob(run.value));
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

  cancel(runId: string): boolean {
    return this.jobs.get(runId)?.cancel() ?? false;
  }

  /** Stop every run (the app is quitting). */
  async close(): Promise<void> {
    const all = [...this.jobs.values()];
    for (const j of all) j.cancel();
    await Promise.all(all.map((j) => j.finished));
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
    }
  }
}
