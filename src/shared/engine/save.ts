/**
 * Saving and loading matches as JSON. A saved match is its record (seed + options + moves); on
 * load the record is validated field by field and then replayed move by move, so a corrupt,
 * foreign, newer or tampered file is refused with a message saying what is wrong — never a crash
 * and never a half-loaded match.
 */
import { jsonTextTooDeep, tooDeepMessage } from '../util/json-depth';
import { ENGINE_ERRORS, engineError } from './errors';
import { MATCH_FORMAT, MATCH_FORMAT_VERSION, Match, type MatchRecord } from './runner';
import type { BaseMove, EngineError, Game } from './types';

/**
 * The record as JSON text: the header indented, one move per line (diff- and bug-report-friendly).
 * @example writeFile('game.fuqi.json', saveMatch(match))
 */
export function saveMatch<M extends BaseMove, O>(match: Match<unknown, M, unknown, O> | MatchRecord<M, O>): string {
  const rec = match instanceof Match ? match.record() : match;
  const { moves, ...header } = rec;
  const head = JSON.stringify(header, null, 2).replace(/\n}$/, '');
  const body = moves.map((m) => '    ' + JSON.stringify(m)).join(',\n');
  return `${head},\n  "moves": [${moves.length ? '\n' + body + '\n  ' : ''}]\n}\n`;
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Parse and validate a saved match, then replay it. Returns the live match or an error value whose
 * message names the problem (bad JSON, another game, a newer format, other rules, a move that does
 * not replay and its index).
 */
export function loadMatch<S, M extends BaseMove, V, O>(game: Game<S, M, V, O>, text: string): { ok: true; match: Match<S, M, V, O>; warnings: string[] } | EngineError {
  if (jsonTextTooDeep(text) !== undefined) {
    const m = tooDeepMessage('The saved match', 'its text');
    return engineError(ENGINE_ERRORS.CORRUPT, m.zh, m.en);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return engineError(ENGINE_ERRORS.CORRUPT, `文件不是有效的 JSON：${(e as Error).message}`, `The file is not valid JSON: ${(e as Error).message}`);
  }
  if (!isObj(data) || data.format !== MATCH_FORMAT)
    return engineError(ENGINE_ERRORS.CORRUPT, '这不是对局记录文件（缺少 "format": "fuqi-match"）。', 'This is not a saved match (no "format": "fuqi-match").');
  const v = data.formatVersion;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
    return engineError(ENGINE_ERRORS.CORRUPT, '对局记录缺少有效的 formatVersion。', 'The saved match has no valid "formatVersion".');
  if (v > MATCH_FORMAT_VERSION)
    return engineError(ENGINE_ERRORS.NEWER_FORMAT, `该文件由更新版本的程序保存（格式 ${v}，本程序支持 ${MATCH_FORMAT_VERSION}），请更新程序。`, `The file was saved by a newer version of the app (format ${v}; this one reads up to ${MATCH_FORMAT_VERSION}). Update the app to open it.`);
  if (data.game !== game.id)
    return engineError(ENGINE_ERRORS.WRONG_GAME, `该文件是游戏「${String(data.game)}」的对局，不是「${game.name.zh}」。`, `The file is a match of "${String(data.game)}", not of ${game.name.en} (${game.id}).`);
  if (data.rulesVersion !== game.rulesVersion)
    return engineError(
      ENGINE_ERRORS.RULES_VERSION,
      `该对局按规则版本 ${String(data.rulesVersion)} 记录，当前规则版本为 ${game.rulesVersion}，无法准确重放。`,
      `The match was recorded under rules version ${String(data.rulesVersion)}; this app has ${game.rulesVersion}, so its moves would not replay the same game.`,
    );
  if (typeof data.seed !== 'string' || data.seed.length === 0)
    return engineError(ENGINE_ERRORS.CORRUPT, '对局记录缺少随机种子（seed）。', 'The saved match has no "seed" string.');
  const players = data.players;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < game.minPlayers || players > game.maxPlayers)
    return engineError(ENGINE_ERRORS.BAD_SETUP, `玩家人数无效：${String(players)}（应为 ${game.minPlayers}–${game.maxPlayers}）。`, `Invalid "players": ${String(players)} (must be ${game.minPlayers}–${game.maxPlayers}).`);
  const opts = game.parseOptions(data.options);
  if (!opts.ok) return engineError(ENGINE_ERRORS.BAD_SETUP, `规则选项无效：${opts.message.zh}`, `Invalid rule options: ${opts.message.en}`);
  if (!Array.isArray(data.moves)) return engineError(ENGINE_ERRORS.CORRUPT, '对局记录缺少 moves 数组。', 'The saved match has no "moves" array.');
  for (let i = 0; i < data.moves.length; i++) {
    const m = data.moves[i] as unknown;
    if (!isObj(m) || typeof m.type !== 'string' || typeof m.seat !== 'number')
      return engineError(ENGINE_ERRORS.BAD_MOVES, `第 ${i + 1} 步格式错误：每一步都需要 type 和 seat。`, `Move ${i + 1} is malformed: every move needs a "type" string and a "seat" number.`);
  }
  let built: ReturnType<typeof Match.fromMoves<S, M, V, O>>;
  try {
    built = Match.fromMoves(game, { seed: data.seed, players, options: opts.options }, data.moves as M[]);
  } catch (e) {
    return engineError(ENGINE_ERRORS.BAD_MOVES, `重放对局时引擎出错：${(e as Error).message}`, `The engine failed while replaying the match: ${(e as Error).message}`);
  }
  if (!(built instanceof Match)) {
    const { failedAt, error } = built;
    return engineError(
      ENGINE_ERRORS.BAD_MOVES,
      `第 ${failedAt + 1} 步无法重放（${error.code}）：${error.message.zh}。文件可能已损坏或被修改。`,
      `Move ${failedAt + 1} does not replay (${error.code}): ${error.message.en}. The file is damaged or was edited.`,
    );
  }
  return { ok: true, match: built, warnings: opts.warnings };
}

/** Re-derive the state after `step` moves of a record, without building a `Match` (for bug reports and tools). */
export function replayRecord<S, M extends BaseMove, V, O>(game: Game<S, M, V, O>, record: MatchRecord<M, O>, step = record.moves.length): { ok: true; state: S } | EngineError {
  let s = game.setup({ seed: record.seed, players: record.players, options: record.options });
  for (let i = 0; i < step; i++) {
    const r = game.apply(s, record.moves[i]!);
    if (!r.ok) return r;
    s = r.state;
  }
  return { ok: true, state: s };
}
