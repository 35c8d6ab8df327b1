/**
 * Invariants checked after every move by the property test and the fuzz run: token counts within
 * 0–12 (above 12 only while that player is discarding), progress and squares in range, laps the
 * high-water mark of progress and never decreasing, statuses consistent, exactly one winner (or
 * one winning team) when the game is over and none before.
 */
import { squareOf, winnersNow } from './board';
import { decisionOf } from './legal';
import { count, TOKEN_CAP } from './tokens';
import { ZODIACS, type ZrState } from './types';

/** Problems of a state (empty when sound). `prev` (the state before the move) adds the checks across a move. */
export function invariantProblems(s: ZrState, prev?: ZrState): string[] {
  const out: string[] = [];
  const N = s.opts.track_length;
  const discarding = s.stack.filter((f) => f.k === 'discard').map((f) => (f as { seat: number }).seat);
  s.pieces.forEach((p, i) => {
    if (!ZODIACS.includes(p.zodiac)) out.push(`seat ${i}: unknown zodiac ${p.zodiac}`);
    if (p.tok.length !== 6 || p.tok.some((k) => !Number.isInteger(k) || k < 0)) out.push(`seat ${i}: bad token counts ${JSON.stringify(p.tok)}`);
    const n = count(p.tok);
    if (n > TOKEN_CAP && !discarding.includes(i)) out.push(`seat ${i}: ${n} tokens held and not discarding`);
    if (n > TOKEN_CAP + 3) out.push(`seat ${i}: ${n} tokens (more than a single gain can bring over the cap)`);
    const sq = squareOf(s, p.prog);
    if (!Number.isInteger(p.prog) || sq < 0 || sq >= N) out.push(`seat ${i}: square ${sq} out of range`);
    // A rider carried over the line by the winning piece arrives after the win and scores nothing (spec §10).
    const carriedPastWin = s.phase === 'over' && p.attachedTo >= 0;
    if (p.laps < 0 || (!carriedPastWin && p.laps < Math.floor(p.prog / N))) out.push(`seat ${i}: laps ${p.laps} below progress ${p.prog}`);
    if (prev && p.laps < prev.pieces[i]!.laps) out.push(`seat ${i}: laps decreased ${prev.pieces[i]!.laps} → ${p.laps}`);
    if (p.attachedTo === i || (p.attachedTo >= 0 && sq !== squareOf(s, s.pieces[p.attachedTo]!.prog))) out.push(`seat ${i}: attached to ${p.attachedTo} but not on its square`);
    if (p.attachedTo >= 0 && p.zodiac !== 'monkey') out.push(`seat ${i}: attached but not a Monkey`);
  });
  if (s.phase === 'over') {
    if (!s.winners || s.winners.length === 0) out.push('game over without a winner');
    else {
      const teams = new Set(s.winners.map((w) => s.pieces[w]!.team));
      if (teams.size !== 1) out.push(`winners from several teams: ${s.winners}`);
      if (!winnersNow(s, s.winners[0]!)) out.push('the winners did not reach the target');
    }
    if (s.stack.length) out.push('game over with frames left');
  } else {
    if (s.winners) out.push('winners while the game runs');
    if (s.phase === 'play') for (let i = 0; i < s.n; i++) if (winnersNow(s, i)) out.push(`seat ${i} reached the target but the game runs`);
    if (!decisionOf(s)) out.push('no decision pending while the game runs');
  }
  return out;
}
