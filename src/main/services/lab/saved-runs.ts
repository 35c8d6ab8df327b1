/**
 * Saved balance-lab runs: one JSON file per run (`<run id>.lab-run.json`) in a folder per project
 * under the app's own `balance-runs` folder, never in the project folder (built-in projects are
 * read-only, and a project folder is not the app's to write). Files are written atomically (a
 * fresh temporary file renamed into place) and private to the user. Reading checks every file
 * against the saved-run schema: a damaged, foreign or newer-format file is listed with its problem
 * in both languages, and never opened.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { jsonTextTooDeep } from '../../../shared/util/json-depth';
import { LAB_SAVED_FORMAT, LAB_SAVED_FORMAT_VERSION, LAB_RUN_NAME_MAX, SavedLabRunSchema, savedRunInfo, type SavedLabRun, type SavedLabRunInfo } from '../../../shared/lab/saved';
import { err, ok, type Result } from '../../../shared/util/result';
import { cleanSaveName, decodeUtf8 } from '../matches';
import { ensureDir, writeAtomic } from '../export/write';

/** Saved runs end with this. */
const EXT = '.lab-run.json';
/** A run file is a few hundred KB at most (histograms of long games); bigger is not ours. */
const MAX_BYTES = 16 * 1024 * 1024;
/** The list shows at most this many runs of a project, newest first. */
export const LAB_RUNS_LIST_LIMIT = 200;
const PROJECT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const RUN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The temporary file of a save in progress (`writeAtomic`): `<run>.lab-run.json.<32 hex>.tmp`. */
const TEMP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.lab-run\.json\.[0-9a-f]{32}\.tmp$/;
/** A younger temporary file may be a save another instance of the app is writing right now. */
const TEMP_GRACE_MS = 60_000;

/** Error codes of the store. */
export const LAB_RUNS_ERRORS = {
  NOT_FOUND: 'lab-runs/not-found',
  /** The file is not a saved run this version reads (damaged, edited, newer). */
  INVALID: 'lab-runs/invalid',
  NEWER: 'lab-runs/newer-format',
  WRITE: 'lab-runs/write-failed',
  NOT_OURS: 'lab-runs/not-a-run',
} as const;

type Problem = NonNullable<SavedLabRunInfo['problem']>;
type Read = { ok: true; run: SavedLabRun } | { ok: false; problem: Problem; head: Partial<SavedLabRunInfo> };

/** A refusal: the English message, with both languages in `details.message`. */
function refuse(p: Problem): { ok: false; error: { code: string; message: string; details: { message: Problem['message'] } } } {
  return { ok: false, error: { code: p.code, message: p.message.en, details: { message: p.message } } };
}

const notFound = (id: string): Problem => ({ code: LAB_RUNS_ERRORS.NOT_FOUND, message: { zh: `没有这个保存的测试（${id}），可能已被删除。`, en: `There is no saved run "${id}"; it may have been deleted.` } });

export class LabRunStore {
  readonly #cache = new Map<string, { mtimeMs: number; size: number; info: SavedLabRunInfo }>();

  constructor(
    /** The `balance-runs` folder (created, private to the user, on the first save). */
    readonly dir: string,
  ) {}

  /** Save a run (a new file, or over the run of the same id). */
  save(run: SavedLabRun): Result<SavedLabRunInfo> {
    if (!PROJECT.test(run.projectId) || !RUN.test(run.id)) return err(LAB_RUNS_ERRORS.INVALID, `A run of project "${run.projectId}" with id "${run.id}" cannot be saved.`);
    const checked = SavedLabRunSchema.safeParse(JSON.parse(JSON.stringify(run)));
    if (!checked.success) return err(LAB_RUNS_ERRORS.INVALID, `The run does not match the saved-run format: ${checked.error.issues[0]?.message}`);
    try {
      ensureDir(this.dir, 0o700);
      ensureDir(this.#folder(run.projectId), 0o700);
      writeAtomic(this.#path(run.projectId, run.id), new TextEncoder().encode(JSON.stringify(run)), 0o600);
    } catch (e) {
      return err(LAB_RUNS_ERRORS.WRITE, `Could not save the balance run in ${this.dir}: ${(e as Error).message}. Check that the folder is writable.`, { message: { zh: `无法保存平衡测试：${(e as Error).message}`, en: `The balance run could not be saved: ${(e as Error).message}` } });
    }
    return ok(savedRunInfo(run));
  }

  /** A project's saved runs, newest first (unreadable files listed with their problem), and how many older ones were left off. */
  list(projectId: string): { runs: SavedLabRunInfo[]; more: number } {
    if (!PROJECT.test(projectId)) return { runs: [], more: 0 };
    let all: string[];
    try {
      all = readdirSync(this.#folder(projectId));
    } catch {
      return { runs: [], more: 0 }; // no runs saved yet
    }
    this.#sweep(projectId, all);
    const names = all.filter((n) => n.endsWith(EXT) && RUN.test(n.slice(0, -EXT.length)));
    const out: SavedLabRunInfo[] = [];
    for (const name of names) {
      const id = name.slice(0, -EXT.length);
      const path = this.#path(projectId, id);
      try {
        const st = lstatSync(path);
        const hit = this.#cache.get(path);
        if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) {
          out.push(hit.info);
          continue;
        }
        const r = this.#read(projectId, id);
        const info: SavedLabRunInfo = r.ok ? savedRunInfo(r.run) : { ...emptyInfo(id, st.mtime.toISOString()), ...r.head, id, problem: r.problem };
        this.#cache.set(path, { mtimeMs: st.mtimeMs, size: st.size, info });
        out.push(info);
      } catch {
        // Vanished between readdir and stat: not listed.
      }
    }
    out.sort((a, b) => b.savedAt.localeCompare(a.savedAt) || b.id.localeCompare(a.id));
    return { runs: out.slice(0, LAB_RUNS_LIST_LIMIT), more: Math.max(0, out.length - LAB_RUNS_LIST_LIMIT) };
  }

  /** One saved run, whole, or why it cannot be opened. */
  open(projectId: string, id: string): Result<SavedLabRun> {
    if (!this.#exists(projectId, id)) return refuse(notFound(id));
    const r = this.#read(projectId, id);
    return r.ok ? ok(r.run) : refuse(r.problem);
  }

  /** Give a saved run a name (cleaned like a saved match's; empty removes it). Its date (in the file) stays. */
  rename(projectId: string, id: string, rawName: string): Result<SavedLabRunInfo> {
    const name = cleanSaveName(rawName);
    if (!name.ok) return refuse(name.error);
    if ([...name.value].length > LAB_RUN_NAME_MAX) return refuse({ code: LAB_RUNS_ERRORS.INVALID, message: { zh: `名称最多 ${LAB_RUN_NAME_MAX} 个字符。`, en: `Use a name of at most ${LAB_RUN_NAME_MAX} characters.` } });
    if (!this.#exists(projectId, id)) return refuse(notFound(id));
    const r = this.#read(projectId, id);
    if (!r.ok) return refuse({ code: LAB_RUNS_ERRORS.NOT_OURS, message: { zh: `${r.problem.message.zh} 所以不改动它。`, en: `${r.problem.message.en} It is left as it is.` } });
    const run: SavedLabRun = { ...r.run };
    if (name.value) run.name = name.value;
    else delete run.name;
    const path = this.#path(projectId, id);
    try {
      writeAtomic(path, new TextEncoder().encode(JSON.stringify(run)), 0o600);
    } catch (e) {
      return err(LAB_RUNS_ERRORS.WRITE, `Could not rename ${path}: ${(e as Error).message}.`, { message: { zh: `无法改名：${(e as Error).message}`, en: `The run could not be renamed: ${(e as Error).message}` } });
    }
    return ok(savedRunInfo(run));
  }

  /**
   * Delete a saved run: only a regular file of the project's folder (the app's own) named as the
   * store names runs, readable or not (a damaged or newer-format run can be removed from the list).
   */
  delete(projectId: string, id: string): Result<{ id: string }> {
    if (!this.#exists(projectId, id)) return refuse(notFound(id));
    const path = this.#path(projectId, id);
    try {
      unlinkSync(path);
    } catch (e) {
      return err(LAB_RUNS_ERRORS.WRITE, `Could not delete ${path}: ${(e as Error).message}.`, { message: { zh: `无法删除：${(e as Error).message}`, en: `The run could not be deleted: ${(e as Error).message}` } });
    }
    this.#cache.delete(path);
    return ok({ id });
  }

  /** Remove temporary files a crash left mid-save: only regular files with a save's temporary name, older than a minute. */
  #sweep(projectId: string, names: string[]): void {
    const now = Date.now();
    for (const name of names) {
      if (!TEMP.test(name)) continue;
      const path = join(this.#folder(projectId), name);
      try {
        const st = lstatSync(path);
        if (st.isFile() && now - st.mtimeMs >= TEMP_GRACE_MS) unlinkSync(path);
      } catch {
        // Gone already.
      }
    }
  }

  /** A run id naming an existing regular file of the project's folder (never a link or a folder). */
  #exists(projectId: string, id: string): boolean {
    if (!PROJECT.test(projectId) || !RUN.test(id)) return false;
    try {
      return lstatSync(this.#path(projectId, id)).isFile();
    } catch {
      return false;
    }
  }

  /** Read and check one file; every failure is a problem naming what is wrong and what to do. */
  #read(projectId: string, id: string): Read {
    const bad = (code: string, zh: string, en: string, head: Partial<SavedLabRunInfo> = {}): Read => ({ ok: false, problem: { code, message: { zh: `保存的测试 ${id}：${zh}`, en: `Saved run ${id}: ${en}` } }, head });
    let text: string;
    try {
      const bytes = readRegular(this.#path(projectId, id));
      if (bytes === null) return bad(LAB_RUNS_ERRORS.INVALID, '不是普通文件或过大，不读取；请删除它。', 'it is not a regular file, or too big, so it is not read; delete it.');
      const t = decodeUtf8(bytes);
      if (!t.ok) return bad(t.error.code, t.error.message.zh, t.error.message.en);
      text = t.value;
    } catch (e) {
      return bad(LAB_RUNS_ERRORS.INVALID, `无法读取：${(e as Error).message}`, `it cannot be read (${(e as Error).message}); check its permissions.`);
    }
    if (jsonTextTooDeep(text) !== undefined) return bad(LAB_RUNS_ERRORS.INVALID, '文件嵌套过深，已损坏。', 'it is nested too deeply to be a saved run; it is damaged.');
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      return bad(LAB_RUNS_ERRORS.INVALID, `不是有效的 JSON（${(e as Error).message}），文件已损坏；可以删除它。`, `it is not valid JSON (${(e as Error).message}); the file is damaged, delete it.`);
    }
    const head = headOf(data);
    const d = data as { format?: unknown; formatVersion?: unknown };
    if (typeof data !== 'object' || data === null || d.format !== LAB_SAVED_FORMAT) return bad(LAB_RUNS_ERRORS.INVALID, '不是平衡测试的存档。', 'it is not a saved balance run.', head);
    if (typeof d.formatVersion === 'number' && d.formatVersion > LAB_SAVED_FORMAT_VERSION)
      return bad(LAB_RUNS_ERRORS.NEWER, `由更新版本的程序保存（格式 ${d.formatVersion}），本版本无法打开；请更新程序。`, `it was saved by a newer version of the app (format ${d.formatVersion}); update the app to open it.`, head);
    const r = SavedLabRunSchema.safeParse(data);
    if (!r.success) {
      const first = r.error.issues[0]!;
      const where = first.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') || '(top level)';
      return bad(LAB_RUNS_ERRORS.INVALID, `字段 ${where} 无效（${first.message}），文件已损坏或被修改。`, `"${where}" is invalid (${first.message}); the file is damaged or was edited.`, head);
    }
    if (r.data.id !== id || r.data.projectId !== projectId) return bad(LAB_RUNS_ERRORS.INVALID, '文件的编号或项目与文件名不符，已被移动或修改。', 'its id or project does not match its file name; it was moved or edited.', head);
    return { ok: true, run: r.data as SavedLabRun };
  }

  #folder(projectId: string): string {
    return join(this.dir, projectId);
  }

  #path(projectId: string, id: string): string {
    return join(this.dir, projectId, `${id}${EXT}`);
  }
}

/** A regular file's bytes (never through a link), or null when it is not one or is too big. */
function readRegular(path: string): Buffer | null {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_BYTES) return null;
    const buf = Buffer.alloc(st.size);
    for (let at = 0; at < st.size; ) {
      const n = readSync(fd, buf, at, st.size - at, at);
      if (n === 0) break;
      at += n;
    }
    return buf;
  } finally {
    closeSync(fd);
  }
}

function emptyInfo(id: string, savedAt: string): SavedLabRunInfo {
  return { id, savedAt, game: '', state: 'done', done: 0, games: 0, players: 0, bots: [], seed: '', ab: false, seat0: null, shift: null };
}

/** What a refused file still says about itself, for the list. */
function headOf(data: unknown): Partial<SavedLabRunInfo> {
  if (typeof data !== 'object' || data === null) return {};
  const d = data as Record<string, unknown>;
  const s = (typeof d.settings === 'object' && d.settings !== null ? d.settings : {}) as Record<string, unknown>;
  return {
    ...(typeof d.savedAt === 'string' && !Number.isNaN(Date.parse(d.savedAt)) ? { savedAt: new Date(d.savedAt).toISOString() } : {}),
    ...(typeof d.game === 'string' ? { game: d.game.slice(0, 64) } : {}),
    ...(typeof s.games === 'number' ? { games: s.games } : {}),
    ...(typeof s.seed === 'string' ? { seed: s.seed.slice(0, 200) } : {}),
  };
}
