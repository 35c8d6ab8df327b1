/**
 * A move frame's walk (spec §8): one square at a time; on each square entered with steps left the
 * windows open in order — the Pig barrier, the Monkey attach choice, the star stop, the passing
 * reactions (Horse H1, Pig P1b). The driver (flow.ts) runs it while it is the top frame.
 */
import { canUse, isStar, moveBack, pushMove, seatsOn, shift, type Ctx } from './board';
import { countPower } from './tally';
import { count } from './tokens';
import type { Frame, ZrState } from './types';

type Move = Extract<Frame, { k: 'move' }>;

/** Walk a move frame; true when it waits for a decision. */
export function stepMove(c: Ctx, f: Move): boolean {
  const s = c.s;
  // The pieces' squares, kept by `shift` (the mover's stays put through the windows of a square: they never move it).
  const at = c.at;
  for (;;) {
    if (f.stop) f.at = 'go'; // bounced or attached while a window was open
    switch (f.at) {
      case 'go': {
        if (f.stop === 'bounce') {
          s.stack.pop();
          const pig = f.bouncePig!;
          c.ev?.push({ type: 'bounce', seat: f.seat, pig, back: f.left });
          if (s.pieces[pig]!.barrier === 1) {
            s.pieces[pig]!.barrier = 2;
            pushMove(c, pig, 6, pig === s.turn.seat, 'P1');
          }
          moveBack(c, f.seat, f.left, 'bounce');
          return false;
        }
        if (f.stop === 'attach' || f.left <= 0) {
          s.stack.pop();
          c.ev?.push({ type: 'moveEnd', seat: f.seat, at: at[f.seat] });
          return false;
        }
        shift(c, f.seat, 1);
        if (s.phase !== 'play') return false;
        f.left--;
        f.walked++;
        const sq = at[f.seat]!;
        // Queues are usually empty: a fresh list only when one is left over (no allocation per step).
        if (f.queue.length) f.queue = [];
        // Alone on the square (most steps of a game): no Pig, Monkey or passing window can open, only
        // the star stop — the windows below, skipped without walking through each.
        if (!othersOn(c, sq, f.seat)) {
          if (!mayStopOnStar(s, f, sq)) continue;
          f.at = 'star';
          if (drawStar(c, f)) continue;
          return true;
        }
        if (f.left > 0 && !(sq === f.from && f.walked < s.opts.track_length)) {
          // Pieces passed on this square (spec §7.12; pieces on the start square are not passed on the
          // first lap): a raised barrier bounces the mover, a Pig may raise one.
          for (let p = 0; p < s.n; p++) {
            if (p === f.seat) continue;
            if (at[p] !== sq) continue;
            const piece = s.pieces[p]!;
            if (piece.barrier > 0) {
              f.stop = 'bounce';
              f.bouncePig = p;
              break;
            }
            if (piece.zodiac === 'pig') f.queue.push(p);
          }
          if (f.stop) continue;
        }
        f.at = 'pig';
        continue;
      }
      case 'pig': {
        while (f.queue.length && !pigMayRaise(s, f.queue[0]!)) f.queue.shift();
        if (f.queue.length) return true;
        f.at = 'monkey';
        // The queue is empty here: it collects the hosts a Monkey mover may ride.
        if (f.ownTurn && canUse(s, f.seat, 'monkey')) {
          for (const i of seatsOn(s, at[f.seat]!, f.seat)) if (s.pieces[i]!.attachedTo < 0) f.queue.push(i);
        }
        continue;
      }
      case 'monkey':
        if (f.queue.length) return true;
        f.at = 'star';
        continue;
      case 'star': {
        if (mayStopOnStar(s, f, at[f.seat]!) && !drawStar(c, f)) return true;
        if (f.at === 'star') f.at = 'passInit';
        continue;
      }
      case 'passInit': {
        let sq = at[f.seat]!;
        if (f.passAt !== undefined) {
          sq = f.passAt;
          f.passAt = undefined;
        }
        f.at = 'pass';
        if (f.queue.length) f.queue = [];
        if (f.left > 0 && !(sq === f.from && f.walked < s.opts.track_length)) {
          const horse = f.ownTurn && canUse(s, f.seat, 'horse');
          for (let y = 0; y < s.n; y++) {
            if (y === f.seat || at[y] !== sq) continue;
            if (horse) f.queue.push(y * 2);
            if (s.pieces[y]!.zodiac === 'pig' && canUse(s, y, 'pig') && count(s.pieces[f.seat]!.tok) > 0) f.queue.push(y * 2 + 1);
          }
        }
        continue;
      }
      case 'pass':
        if (!s.opts.passives_are_activations)
          while (f.queue.length && f.queue[0]! % 2 === 0) {
            f.queue.shift();
            s.turn.bonus++;
            c.ev?.push({ type: 'power', seat: f.seat, power: 'H1', zodiac: 'horse' });
            if (c.tally) countPower(c.tally, 'horse', f.seat);
          }
        while (f.queue.length && f.queue[0]! % 2 === 1 && (!canUse(s, f.queue[0]! >> 1, 'pig') || count(s.pieces[f.seat]!.tok) === 0)) f.queue.shift();
        if (f.queue.length) return true;
        f.at = 'go';
        continue;
    }
  }
}

/** Stop at the star: the rest of the move is forfeited (the `stop` move). */
export function stopAtStar(c: Ctx, f: Move): void {
  c.ev?.push({ type: 'starStop', seat: f.seat, at: c.at[f.seat], forfeit: f.left });
  f.left = 0;
  f.at = 'go';
}

/**
 * A random seat's stop or go at the star it stands on (`f.at` is 'star'), drawn here as its pick
 * would draw it (`Ctx.auto`); false when the seat decides for itself.
 */
function drawStar(c: Ctx, f: Move): boolean {
  const rng = c.auto?.rngs[f.seat];
  if (!rng) return false;
  c.auto!.moves++;
  if (rng.int(2) === 0) stopAtStar(c, f);
  else f.at = 'passInit';
  return true;
}

/** Whether another piece than `seat`'s stands on square `sq`. */
function othersOn(c: Ctx, sq: number, seat: number): boolean {
  const at = c.at;
  for (let i = 0; i < at.length; i++) if (i !== seat && at[i] === sq) return true;
  return false;
}

/** Whether the mover of `f`, on square `sq`, may stop there: a star, on its own turn, with steps left (spec §8, the star stop). */
function mayStopOnStar(s: ZrState, f: Move, sq: number): boolean {
  return f.ownTurn && f.left > 0 && isStar(s, sq) && (s.opts.star_stop === 'any_move' || f.why === 'roll');
}

/** Whether a Pig may raise a barrier now (reactive P1, spec §7.12). */
export function pigMayRaise(s: ZrState, pig: number): boolean {
  const p = s.pieces[pig]!;
  return p.barrier === 0 && canUse(s, pig, 'pig') && count(p.tok) >= 3;
}
