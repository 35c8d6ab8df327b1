import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINE_ERRORS, loadMatch, saveMatch, type BaseMove, type EngineError, type Game, type Match, type MatchRecord } from '../../shared/engine';
import { doufu } from '../../shared/games/doufu';
import type { Bilingual, LoadedMatch, MatchFile, SavedMatchInfo, TableSeat } from '../../shared/ipc/contract';
import { err, ok, type Result } from '../../shared/util/result';
import { writeAtomic } from './export/write';

/** Any game, as the store sees it (it only replays records). */
type AnyGame = Game<any, BaseMove, any, any>;

/** The built-in games whose matches can be saved, by id. */
export const SAVABLE_GAMES: Readonly<Record<string, AnyGame>> = { [doufu.id]: doufu as AnyGame };

/** Saved matches end with this. */
const EXT = '.fuqi.json';
/** A file bigger than this is not a match record (a long 斗福 match is ~100 KB). */
const MAX_BYTES = 8 * 1024 * 1024;
/** The load list shows at most this many files, newest first. */
const LIST_LIMIT = 200;
const ID = /^[a-z0-9][a-z0-9-]{0,95}$/;

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
    /** The saves folder (created on the first save). */
    readonly dir: string,
    private readonly games: Readonly<Record<string, AnyGame>> = SAVABLE_GAMES,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Save a record as a new file, or over the file `replaces` (a save of the same table). Refuses a
   * record its game does not replay.
   */
  save(file: MatchFile, replaces?: string): Result<SavedMatchInfo> {
    const checked = this.#check(JSON.stringify(file));
    if (!checked.ok) return refuse(checked.error);
    const { match, seats } = checked.value;
    const record: MatchRecord & { table?: { seats: TableSeat[] } } = match.record();
    if (seats) record.table = { seats };
    const id = replaces && ID.test(replaces) && existsSync(this.#path(replaces)) ? replaces : this.#freshId(file.game);
    try {
      writeAtomic(this.#path(id), new TextEncoder().encode(saveMatch(record as MatchRecord)));
    } catch (e) {
      return err(MATCHES_ERRORS.WRITE, (e as Error).message);
    }
    return ok(this.#info(id, match, seats));
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
        const st = statSync(this.#path(id));
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

  #read(id: string): { info: SavedMatchInfo; file?: MatchFile; warnings: string[]; problem?: Refusal } {
    const path = this.#path(id);
    const st = statSync(path);
    const base = { id, savedAt: st.mtime.toISOString() };
    const bad = (problem: Refusal, head: Partial<SavedMatchInfo> = {}) => ({
      info: { game: '', seed: '', players: 0, moves: 0, over: false, scores: [], winners: [], ...head, ...base, problem },
      warnings: [],
      problem,
    });
    if (st.size > MAX_BYTES)
      return bad({ code: MATCHES_ERRORS.TOO_BIG, message: { zh: `文件过大（${st.size} 字节），不是对局记录。`, en: `The file is too big (${st.size} bytes) to be a saved match.` } });
    const text = readFileSync(path, 'utf8');
    const checked = this.#check(text);
    if (!checked.ok) return bad(checked.error, headerOf(text));
    const { match, seats, warnings } = checked.value;
    const file = JSON.parse(text) as MatchFile;
    return { info: { ...this.#info(id, match, seats), ...base }, file, warnings };
  }

  /** Parse a record's text and replay it with its game. */
  #check(text: string): Result<{ match: Match<unknown, BaseMove, unknown, unknown>; seats?: TableSeat[]; warnings: string[] }, Refusal> {
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
    return { ok: true, value: { match: r.match as Match<unknown, BaseMove, unknown, unknown>, seats: seatsOf(data, r.match.init.players), warnings: r.warnings } };
  }

  #info(id: string, match: Match<unknown, BaseMove, unknown, unknown>, seats: TableSeat[] | undefined): SavedMatchInfo {
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
    };
    if (seats) info.seats = seats;
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

/** The seats saved with a record, if they are well-formed and one per player. */
function seatsOf(data: unknown, players: number): TableSeat[] | undefined {
  const seats = (data as { table?: { seats?: unknown } }).table?.seats;
  if (!Array.isArray(seats) || seats.length !== players) return undefined;
  const ok = seats.every((s) => typeof s === 'object' && s !== null && ((s as TableSeat).kind === 'human' || (s as TableSeat).kind === 'bot'));
  return ok ? seats.map((s: TableSeat) => (s.kind === 'bot' && typeof s.level === 'string' ? { kind: 'bot', level: s.level } : { kind: s.kind })) : undefined;
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
