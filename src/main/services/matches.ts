import { randomBytes } from 'node:crypto';
import { jsonTextTooDeep, tooDeepMessage } from '../../shared/util/json-depth';
import { closeSync, constants, existsSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { z } from 'zod';
import { ENGINE_ERRORS, loadMatch, saveMatch, type BaseMove, type EngineError, type Game, type Match, type MatchRecord } from '../../shared/engine';
import { doufu } from '../../shared/games/doufu';
import { zodiacRace } from '../../shared/games/zodiac-race';
import { sandbox } from '../../shared/games/sandbox';
import { douLaoban } from '../../shared/games/dou-laoban';
import { moyuWang } from '../../shared/games/moyu-wang';
import { douShisi } from '../../shared/games/dou-shisi';
import { MatchFileSchema } from '../../shared/ipc/args';
import { SAVE_NAME_MAX, type Bilingual, type LoadedMatch, type MatchFile, type SavedMatchInfo, type TableSeat } from '../../shared/ipc/contract';
import { err, ok, type Result } from '../../shared/util/result';

/** Any game, as the store sees it (it only replays records). */
type AnyGame = Game<any, BaseMove, any, any>;

/** The built-in games whose matches can be saved, by id. */
export const SAVABLE_GAMES: Readonly<Record<string, AnyGame>> = { [doufu.id]: doufu as AnyGame, [zodiacRace.id]: zodiacRace as AnyGame, [douLaoban.id]: douLaoban as AnyGame, [moyuWang.id]: moyuWang as AnyGame, [douShisi.id]: douShisi as AnyGame, [sandbox.id]: sandbox as AnyGame };

/** Saved matches end with this. */
const EXT = '.fuqi.json';
/** A file bigger than this is not a match record (a long 斗福 match is ~100 KB, a 生肖赛跑 race less). */
const MAX_BYTES = 8 * 1024 * 1024;
/** The load list shows at most this many files, newest first. */
const LIST_LIMIT = 200;
const ID = /^[a-z0-9][a-z0-9-]{0,95}$/;
/**
 * Temporary files of a save in progress: `<id>.fuqi.json.<32 hex>.tmp`, and the older
 * `<id>.fuqi.json.<pid>.tmp`. Only files matching these are ever removed by the store.
 */
const TEMP = /^[a-z0-9][a-z0-9-]{0,95}\.fuqi\.json\.(?:[0-9a-f]{32}|\d{1,10})\.tmp$/;
/**
 * A temporary file younger than this may belong to a save another instance of the app (the
 * desktop app and the browser host share the folder) is writing right now, so it is left alone.
 */
const TEMP_GRACE_MS = 60_000;

/** Error codes of the store (engine refusals keep the engine's `match/…` codes). */
export const MATCHES_ERRORS = {
  /** No saved match has that id. */
  NOT_FOUND: 'matches/not-found',
  /** The record names a game this app does not have. */
  UNKNOWN_GAME: 'matches/unknown-game',
  /** The file is too big to be a match record. */
  TOO_BIG: 'matches/too-big',
  /** Writing the file failed. */
  WRITE: 'matches/write-failed',
  /** The file is not a regular file, or could not be read. */
  UNREADABLE: 'matches/unreadable',
  /** The file is not UTF-8 text (UTF-16, or invalid bytes). */
  ENCODING: 'matches/encoding',
  /** The file replays but a field of it is not what a match file holds (a seat, an extra key…). */
  INVALID: 'matches/invalid',
  /** Rename or delete refused: the file is not a match record this app wrote (or cannot be read as one). */
  NOT_OURS: 'matches/not-a-save',
  /** Deleting the file failed. */
  DELETE: 'matches/delete-failed',
} as const;

type Refusal = { code: string; message: Bilingual };

/**
 * Saved matches: JSON files (the engine's record plus the table's seats) in one folder. Main
 * names every file (`doufu-20260101-093000.fuqi.json`); the renderer only ever names a file by
 * the id this store gave it. Every record is replayed with its game's engine before it is
 * written and again when it is read, so a corrupt, foreign, newer or edited file is refused
 * with the engine's message in both languages and never reaches a table.
 */
export class MatchStore {
  readonly #cache = new Map<string, { mtimeMs: number; size: number; info: SavedMatchInfo }>();

  constructor(
    /** The saves folder (created, private to the user, on the first save). */
    readonly dir: string,
    private readonly games: Readonly<Record<string, AnyGame>> = SAVABLE_GAMES,
    private readonly now: () => Date = () => new Date(),
  ) {
    sweepTemps(dir, Date.now());
  }

  /**
   * Save a record as a new file, or over the file `replaces` (a save of the same table). Refuses a
   * record its game does not replay.
   */
  save(file: MatchFile, replaces?: string): Result<SavedMatchInfo> {
    const checked = this.#check(JSON.stringify(file));
    if (!checked.ok) return refuse(checked.error);
    const { match, seats, extra } = checked.value;
    const id = replaces && ID.test(replaces) && existsSync(this.#path(replaces)) ? replaces : this.#freshId(file.game);
    // A save of the same table keeps the name its file was given; a new save has the record's own.
    const name = id === replaces ? (this.#nameOf(id) ?? checked.value.name) : checked.value.name;
    try {
      writeSave(this.#path(id), saveMatch(normalized(match, seats, name, extra) as MatchRecord));
    } catch (e) {
      return err(MATCHES_ERRORS.WRITE, `Could not save ${this.#path(id)}: ${(e as Error).message}. Check that the saves folder is writable.`);
    }
    return ok(this.#info(id, match, seats, name, extra.project));
  }

  /**
   * Give a saved match a name (cleaned by `cleanSaveName`; an empty one removes the name). Only a
   * file that replays as a match record is rewritten (atomically, keeping its date), so a file
   * the app did not write is never changed.
   */
  rename(id: string, rawName: string): Result<SavedMatchInfo> {
    const name = cleanSaveName(rawName);
    if (!name.ok) return refuse(name.error);
    const found = this.#ours(id);
    if (!found.ok) return found;
    const r = this.#read(id);
    if (r.problem || !r.file) return refuse(notOurs(`${id}${EXT}`, r.problem?.message));
    const checked = this.#check(JSON.stringify(r.file));
    if (!checked.ok) return refuse(checked.error);
    const path = this.#path(id);
    const { match, seats, extra } = checked.value;
    try {
      const st = lstatSync(path);
      writeSave(path, saveMatch(normalized(match, seats, name.value || undefined, extra) as MatchRecord));
      utimesSync(path, st.atime, st.mtime);
    } catch (e) {
      return err(MATCHES_ERRORS.WRITE, `Could not rename ${path}: ${(e as Error).message}. Check that the saves folder is writable.`);
    }
    this.#cache.delete(id);
    return ok({ ...this.#info(id, match, seats, name.value || undefined, extra.project), savedAt: r.info.savedAt });
  }

  /**
   * Delete a saved match. Only a regular file of the saves folder, named as the store names saves,
   * whose content says it is a match record (`"format": "fuqi-match"`, even one this version
   * cannot replay) is removed; anything else is refused and left alone.
   */
  delete(id: string): Result<{ id: string }> {
    const found = this.#ours(id);
    if (!found.ok) return found;
    const path = this.#path(id);
    try {
      const st = lstatSync(path);
      if (st.size > MAX_BYTES) return refuse(notOurs(`${id}${EXT}`));
      const text = decodeUtf8(readFileSync(path));
      const head = text.ok ? (JSON.parse(text.value) as { format?: unknown }) : null;
      if (!head || typeof head !== 'object' || head.format !== 'fuqi-match') return refuse(notOurs(`${id}${EXT}`));
    } catch {
      return refuse(notOurs(`${id}${EXT}`));
    }
    try {
      unlinkSync(path);
    } catch (e) {
      return err(MATCHES_ERRORS.DELETE, `Could not delete ${path}: ${(e as Error).message}.`, { message: { zh: `无法删除存档：${(e as Error).message}`, en: `The save could not be deleted: ${(e as Error).message}` } });
    }
    this.#cache.delete(id);
    return ok({ id });
  }

  /** A save id naming an existing regular file of the folder (never a link or a folder). */
  #ours(id: string): Result<true> {
    if (!ID.test(id) || !existsSync(this.#path(id))) return err(MATCHES_ERRORS.NOT_FOUND, `There is no saved match "${id}" in ${this.dir}.`, { message: { zh: `没有名为「${id}」的存档。`, en: `There is no saved match "${id}".` } });
    if (!lstatSync(this.#path(id)).isFile()) return refuse(notOurs(`${id}${EXT}`));
    return ok(true);
  }

  /** The name in a save's file, if it has one (best effort: a file that does not read has none). */
  #nameOf(id: string): string | undefined {
    try {
      return this.#read(id).file?.table?.name;
    } catch {
      return undefined;
    }
  }

  /** Every saved match, newest first; unreadable files are listed with their problem. */
  list(): SavedMatchInfo[] {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith(EXT) && ID.test(n.slice(0, -EXT.length)));
    } catch {
      return []; // no saves folder yet
    }
    const out: SavedMatchInfo[] = [];
    for (const name of names) {
      const id = name.slice(0, -EXT.length);
      try {
        const st = lstatSync(this.#path(id));
        const hit = this.#cache.get(id);
        if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) {
          out.push(hit.info);
          continue;
        }
        const info = this.#read(id).info;
        this.#cache.set(id, { mtimeMs: st.mtimeMs, size: st.size, info });
        out.push(info);
      } catch {
        // Vanished between readdir and stat: not listed.
      }
    }
    return out.sort((a, b) => b.savedAt.localeCompare(a.savedAt) || b.id.localeCompare(a.id)).slice(0, LIST_LIMIT);
  }

  /** Load one saved match by id: its record, replayed and found sound, or the reason it is refused. */
  load(id: string): Result<LoadedMatch> {
    if (!ID.test(id) || !existsSync(this.#path(id))) return err(MATCHES_ERRORS.NOT_FOUND, `There is no saved match "${id}" in ${this.dir}.`, { message: { zh: `没有名为「${id}」的存档。`, en: `There is no saved match "${id}".` } });
    const r = this.#read(id);
    if (r.problem) return refuse(r.problem);
    return ok({ info: r.info, match: r.file!, warnings: r.warnings });
  }

  /**
   * Read, decode, validate and replay one file. Every failure is a problem naming the file;
   * only a file that vanished since it was listed throws (ENOENT from lstat).
   */
  #read(id: string): { info: SavedMatchInfo; file?: MatchFile; warnings: string[]; problem?: Refusal } {
    const path = this.#path(id);
    const name = `${id}${EXT}`;
    const st = lstatSync(path);
    const base = { id, savedAt: st.mtime.toISOString() };
    const bad = (problem: Refusal, head: Partial<SavedMatchInfo> = {}) => {
      const named = { code: problem.code, message: { zh: `存档 ${name}：${problem.message.zh}`, en: `Saved match ${name}: ${problem.message.en}` } };
      return { info: { game: '', seed: '', players: 0, moves: 0, over: false, scores: [], winners: [], ...head, ...base, problem: named }, warnings: [], problem: named };
    };
    if (!st.isFile())
      return bad({ code: MATCHES_ERRORS.UNREADABLE, message: { zh: '不是普通文件（可能是文件夹或链接），无法读取；请删除它。', en: 'It is not a regular file (a folder or a link), so it is not read; remove it.' } });
    if (st.size > MAX_BYTES)
      return bad({ code: MATCHES_ERRORS.TOO_BIG, message: { zh: `文件过大（${st.size} 字节），不是对局记录。`, en: `The file is too big (${st.size} bytes) to be a saved match.` } });
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (e) {
      return bad({ code: MATCHES_ERRORS.UNREADABLE, message: { zh: `无法读取文件：${(e as Error).message}`, en: `The file cannot be read: ${(e as Error).message}. Check its permissions.` } });
    }
    const text = decodeUtf8(bytes);
    if (!text.ok) return bad(text.error);
    const checked = this.#check(text.value);
    if (!checked.ok) return bad(checked.error, headerOf(text.value));
    const { match, seats, warnings, extra } = checked.value;
    const given = checked.value.name;
    return { info: { ...this.#info(id, match, seats, given, extra.project), ...base }, file: normalized(match, seats, given, extra), warnings };
  }

  /**
   * Parse a record's text, check every field with the schema `matches:save` uses, and replay it
   * with its game. The engine speaks first (not a record, newer format, other game or rules), so
   * its messages stay the most specific ones.
   */
  #check(text: string): Result<{ match: Match<unknown, BaseMove, unknown, unknown>; seats?: TableSeat[]; name?: string; warnings: string[]; extra: Pick<NonNullable<MatchFile['table']>, 'project' | 'notes'> }, Refusal> {
    if (jsonTextTooDeep(text) !== undefined) return { ok: false, error: { code: ENGINE_ERRORS.CORRUPT, message: tooDeepMessage('The saved match', 'its text') } };
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      return { ok: false, error: { code: ENGINE_ERRORS.CORRUPT, message: { zh: `文件不是有效的 JSON：${(e as Error).message}`, en: `The file is not valid JSON: ${(e as Error).message}` } } };
    }
    const gameId = typeof data === 'object' && data !== null ? (data as { game?: unknown }).game : undefined;
    const game = typeof gameId === 'string' && Object.hasOwn(this.games, gameId) ? this.games[gameId]! : undefined;
    if (!game) {
      // Not a record at all, or a record of a game this app lacks: the engine words the first case.
      const first = Object.values(this.games)[0]!;
      const r = loadMatch(first, text);
      if (!r.ok && r.code === ENGINE_ERRORS.CORRUPT) return { ok: false, error: r };
      const name = String(gameId);
      return { ok: false, error: { code: MATCHES_ERRORS.UNKNOWN_GAME, message: { zh: `该文件是游戏「${name}」的对局，本程序没有这个游戏。`, en: `The file is a match of "${name}", a game this app does not have.` } } };
    }
    const r = loadMatch(game, text);
    if (!r.ok) return { ok: false, error: r as EngineError };
    const shape = MatchFileSchema.safeParse(data);
    if (!shape.success) return { ok: false, error: invalid(shape.error) };
    const seats = (shape.data as MatchFile).table?.seats;
    const rawName = (shape.data as MatchFile).table?.name;
    const cleaned = rawName === undefined ? undefined : cleanSaveName(rawName);
    if (cleaned && !cleaned.ok) return { ok: false, error: cleaned.error };
    if (seats && seats.length !== r.match.init.players)
      return {
        ok: false,
        error: {
          code: MATCHES_ERRORS.INVALID,
          message: { zh: `table.seats 有 ${seats.length} 个座位，但对局有 ${r.match.init.players} 名玩家；文件已损坏或被修改。`, en: `"table.seats" has ${seats.length} seats for ${r.match.init.players} players; the file is damaged or was edited.` },
        },
      };
    // What a sandbox table keeps with its match (checked by the schema): the project and the playtest's notes.
    const t = (shape.data as MatchFile).table;
    const extra = { ...(t?.project !== undefined ? { project: t.project } : {}), ...(t?.notes?.length ? { notes: t.notes } : {}) };
    return { ok: true, value: { match: r.match as Match<unknown, BaseMove, unknown, unknown>, seats, name: cleaned?.ok ? cleaned.value || undefined : undefined, warnings: r.warnings, extra } };
  }

  #info(id: string, match: Match<unknown, BaseMove, unknown, unknown>, seats: TableSeat[] | undefined, name?: string, project?: string): SavedMatchInfo {
    const status = match.status();
    const info: SavedMatchInfo = {
      id,
      game: match.game.id,
      seed: match.init.seed,
      players: match.init.players,
      moves: match.length,
      savedAt: this.now().toISOString(),
      over: status.over,
      scores: status.scores,
      winners: status.winners,
      draw: status.draw,
    };
    if (seats) info.seats = seats;
    if (name) info.name = name;
    if (project !== undefined) info.project = project;
    return info;
  }

  /** `<game>-<local date>-<time>`, with `-2`, `-3`… when that second already has a save. */
  #freshId(game: string): string {
    const d = this.now();
    const p = (n: number) => String(n).padStart(2, '0');
    const stem = `${game}-${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
    let id = stem;
    for (let k = 2; existsSync(this.#path(id)); k++) id = `${stem}-${k}`;
    return id;
  }

  #path(id: string): string {
    return join(this.dir, `${id}${EXT}`);
  }
}

/** The record as the engine rebuilt it (normalized options and moves), with the checked seats and name. */
function normalized(match: Match<unknown, BaseMove, unknown, unknown>, seats: TableSeat[] | undefined, name?: string, extra: Pick<NonNullable<MatchFile['table']>, 'project' | 'notes'> = {}): MatchFile {
  const record = match.record() as MatchFile;
  if (seats || name || extra.project !== undefined || extra.notes) record.table = {};
  if (seats) record.table!.seats = seats.map((s) => (s.kind === 'bot' && s.level !== undefined ? { kind: 'bot', level: s.level } : { kind: s.kind }));
  if (name) record.table!.name = name;
  if (extra.project !== undefined) record.table!.project = extra.project;
  if (extra.notes) record.table!.notes = extra.notes.map((n) => ({ step: n.step, at: n.at, text: n.text }));
  return record;
}

/**
 * A save's name as the user typed it, made safe to show: control and format characters (line
 * breaks, bidirectional overrides, zero-width marks) dropped, runs of spaces made one, trimmed.
 * Empty means "no name". Longer than SAVE_NAME_MAX characters is refused, never cut silently.
 */
export function cleanSaveName(raw: string): Result<string, Refusal> {
  const name = raw
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const length = [...name].length;
  if (length > SAVE_NAME_MAX)
    return { ok: false, error: { code: MATCHES_ERRORS.INVALID, message: { zh: `名称有 ${length} 个字符，最多 ${SAVE_NAME_MAX} 个；请改短一些。`, en: `The name has ${length} characters; use at most ${SAVE_NAME_MAX}.` } } };
  return ok(name);
}

/** Why a file is not renamed or deleted: it is not a save this app wrote. */
function notOurs(name: string, why?: Bilingual): Refusal {
  return {
    code: MATCHES_ERRORS.NOT_OURS,
    message: {
      zh: `${name} 不是本程序写的对局存档${why ? `（${why.zh}）` : ''}，所以不改动它；请在文件夹中自行处理。`,
      en: `${name} is not a saved match this app wrote${why ? ` (${why.en})` : ''}, so it is left as it is; handle it in the folder yourself.`,
    },
  };
}

/** A schema failure as a refusal naming the field, e.g. `table.seats[0]`. */
function invalid(error: z.ZodError): Refusal {
  const first = error.issues[0]!;
  const where = first.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') || '(top level)';
  return {
    code: MATCHES_ERRORS.INVALID,
    message: { zh: `字段 ${where} 无效（${first.message}）；文件已损坏或被修改。`, en: `"${where}" is invalid (${first.message}); the file is damaged or was edited.` },
  };
}

/**
 * The text of a save: UTF-8, with a leading byte-order mark dropped. UTF-16 (which some editors
 * write on Windows) and invalid bytes are refused with how to fix it, never decoded into garbage.
 */
export function decodeUtf8(bytes: Uint8Array): Result<string, Refusal> {
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes.length >= 2 && (bytes[0] === 0 || bytes[1] === 0));
  const fix = { zh: '请将文件另存为 UTF-8 编码。', en: 'save the file as UTF-8.' };
  if (utf16) return { ok: false, error: { code: MATCHES_ERRORS.ENCODING, message: { zh: `文件是 UTF-16 编码，不是 UTF-8；${fix.zh}`, en: `The file is UTF-16, not UTF-8; ${fix.en}` } } };
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return ok(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return { ok: false, error: { code: MATCHES_ERRORS.ENCODING, message: { zh: `文件含有无效的 UTF-8 字节；${fix.zh}`, en: `The file has bytes that are not valid UTF-8; ${fix.en}` } } };
  }
}

/**
 * Write a save through a temporary file beside it and a rename, so a crash never leaves half a
 * file. The temporary name is random and opened exclusively (`wx`, owner-only), so a file or
 * link planted under a predictable name is never written through; it is synced before the
 * rename. Only the temporary file this call created is removed on failure.
 */
function writeSave(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${randomBytes(16).toString('hex')}.tmp`;
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    try {
      const bytes = Buffer.from(text, 'utf8');
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // Already renamed or gone.
    }
    throw e;
  }
}

/**
 * Remove temporary files that interrupted saves left in the saves folder: only regular files
 * (never links, never folders) whose names match a save's temporary name and that are older than
 * a minute. Best effort: a folder that does not exist yet or a file that cannot be removed is
 * left as it is.
 */
export function sweepTemps(dir: string, now: number): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!TEMP.test(name)) continue;
    const path = join(dir, name);
    try {
      const st = lstatSync(path);
      if (!st.isFile() || now - st.mtimeMs < TEMP_GRACE_MS) continue;
      unlinkSync(path);
      removed.push(name);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}

/** What a refused file's header still says, for the list. */
function headerOf(text: string): Partial<SavedMatchInfo> {
  try {
    const d = JSON.parse(text) as Record<string, unknown>;
    return {
      game: typeof d.game === 'string' ? d.game : '',
      seed: typeof d.seed === 'string' ? d.seed : '',
      players: typeof d.players === 'number' ? d.players : 0,
      moves: Array.isArray(d.moves) ? d.moves.length : 0,
    };
  } catch {
    return {};
  }
}

/** A refusal as a store failure: the English message, with both languages in `details.message`. */
function refuse(r: Refusal): { ok: false; error: { code: string; message: string; details: { message: Bilingual } } } {
  return { ok: false, error: { code: r.code, message: r.message.en, details: { message: r.message } } };
}
