import { describe, expect, it } from 'vitest';
import { Match } from '../../../../../shared/engine';
import { zodiacRace } from '../../../../../shared/games/zodiac-race/game';
import { DEFAULT_OPTIONS } from '../../../../../shared/games/zodiac-race/options';
import type { ZrMove } from '../../../../../shared/games/zodiac-race/types';
import { CATALOGUES } from '../../../i18n/catalogue';
import { pieceHint, pieceHintKey, type PieceClick } from './hints';

/** A 3-player race after everyone chose an animal (seat 0 to play). */
function race() {
  const m = Match.create(zodiacRace, { seed: 'hints', players: 3, options: DEFAULT_OPTIONS });
  for (const [seat, zodiac] of [[0, 'ox'], [1, 'tiger'], [2, 'dog']] as const) expect(m.apply({ type: 'choose', seat, zodiac } as ZrMove).ok).toBe(true);
  return m;
}

const click = (over: Partial<PieceClick>): PieceClick => ({ seat: 0, viewer: 0, replay: false, deciding: true, lit: [], ...over });

describe('生肖赛跑 hints for a click on a piece that does nothing', () => {
  it('says why, for each situation', () => {
    const m = race();
    const v = m.view(0);
    expect(pieceHintKey(v, click({}))).toBe('zr.hint.rollFirst');
    expect(pieceHintKey(v, click({ seat: 2 }))).toBe('zr.hint.otherPiece');
    expect(pieceHintKey(v, click({ lit: [1, 2] }))).toBe('zr.hint.pickLit');
    expect(pieceHintKey(v, click({ deciding: false, viewer: 1 }))).toBe('zr.hint.notYours');
    expect(pieceHintKey(v, click({ viewer: null }))).toBe('zr.hint.notYours');
    expect(pieceHintKey(v, click({ replay: true }))).toBe('zr.hint.replay');
    expect(m.apply({ type: 'roll', seat: 0 }).ok).toBe(true);
    const after = m.view(0);
    // After the roll the seat may be asked something else first (a star, a passive…).
    expect(pieceHintKey(after, click({}))).toBe(after.decision?.kind === 'main' ? 'zr.hint.rolled' : 'zr.hint.answerFirst');
    expect(pieceHintKey({ ...after, phase: 'over' }, click({}))).toBe('zr.hint.over');
  });

  it('fills the names in both languages', () => {
    const v = race().view(0);
    expect(pieceHint(v, click({ lit: [1, 2] }))).toEqual({ zh: '这一步只能选亮起的棋子：座位 2、座位 3。', en: 'Pick one of the lit pieces: Seat 2, Seat 3.' });
    expect(pieceHint(v, click({ seat: 1 })).en).toBe(CATALOGUES.en['zr.hint.otherPiece'].replace('{piece}', 'Seat 2'));
    expect(pieceHint(v, click({ deciding: false, viewer: 2 })).zh).toBe('现在是座位 1 在决定，请稍候。');
  });
});
