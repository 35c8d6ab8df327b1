/**
 * What the 生肖赛跑 table says when a click on a piece does nothing: as at the 斗福 table
 * (features/table/model/hints.ts), every click either acts or explains, in one sentence, why not
 * and what would work instead. Pure: from the view, the person at the screen and the prompt's
 * level to a text in both languages.
 */
import { CATALOGUES, type MessageKey } from '../../../i18n/catalogue';
import { seatName } from '../../table/model/log';
import type { ZrView } from '../../../../../shared/games/zodiac-race/view';
import type { Text } from './prompt';

/** The hints, by catalogue key. */
export type PieceHintKey = 'zr.hint.over' | 'zr.hint.replay' | 'zr.hint.notYours' | 'zr.hint.pickLit' | 'zr.hint.rollFirst' | 'zr.hint.rolled' | 'zr.hint.otherPiece' | 'zr.hint.answerFirst';

/** A catalogue message in both languages, its `{placeholders}` filled per language. */
export function bothLanguages(key: MessageKey, params: Record<string, Text> = {}): Text {
  const fill = (lang: 'zh' | 'en') => CATALOGUES[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name]?.[lang] ?? whole);
  return { zh: fill('zh'), en: fill('en') };
}

/** What the table knows about a click on a piece. */
export interface PieceClick {
  /** The piece clicked. */
  seat: number;
  /** The person at the screen (null: nobody, or behind the curtain). */
  viewer: number | null;
  /** The table is showing a replay. */
  replay: boolean;
  /** Whether the person at the screen has a decision now. */
  deciding: boolean;
  /** Seats the prompt's level lights (a click on one of them picks it). */
  lit: readonly number[];
}

/**
 * The hint's key for a click on a piece that picks nothing.
 * @example pieceHintKey(view, { seat: 0, viewer: 0, replay: false, deciding: true, lit: [] }) // 'zr.hint.rollFirst' before the roll
 */
export function pieceHintKey(view: ZrView, c: PieceClick): PieceHintKey {
  if (c.replay) return 'zr.hint.replay';
  if (view.phase === 'over') return 'zr.hint.over';
  if (!c.deciding || c.viewer === null) return 'zr.hint.notYours';
  if (c.lit.length) return 'zr.hint.pickLit';
  if (view.decision?.kind !== 'main') return 'zr.hint.answerFirst';
  if (c.seat !== c.viewer) return 'zr.hint.otherPiece';
  return view.turn.rolled ? 'zr.hint.rolled' : 'zr.hint.rollFirst';
}

/** The hint for a click on a piece that picks nothing, in both languages. */
export function pieceHint(view: ZrView, c: PieceClick): Text {
  const key = pieceHintKey(view, c);
  const list = (seats: readonly number[]): Text => ({ zh: seats.map((s) => seatName(s).zh).join('、'), en: seats.map((s) => seatName(s).en).join(', ') });
  const who = view.decision ? seatName(view.decision.seat) : { zh: '', en: '' };
  return bothLanguages(key, { piece: seatName(c.seat), who, lit: list(c.lit) });
}
