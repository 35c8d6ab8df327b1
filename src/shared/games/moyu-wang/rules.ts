/**
 * The rules as steps on a state owned by the caller (mutated in place): the contract's `apply`
 * runs them on a fresh copy, the simulator's live table on its one state. Moves reaching here are
 * already checked (`checkMove`). `ev` collects events, or is null on the fast path.
 */
import type { GameEvent } from '../../engine/types';
import { Rng } from '../../util/rng';
import { BLACK, colourOf } from './cards';
import { bestOf, blackOf, canExcuse, excuseOf, noLeavePick, overtimeColours, rightOf, scoreOf, settlementPick, nextSeat, bounceTarget, type MwMove, type MwEnd, type MwOutcome, type MwState } from './state';

type Ev = GameEvent[] | null;

/** Draw up to `n` cards into a seat's hand from the pile (fewer when it runs out). */
function draw(s: MwState, seat: number, n: number, ev: Ev): void {
  const got: number[] = [];
  const hand = s.hands[seat]!;
  for (let k = 0; k < n && s.draw.length > 0; k++) {
    const c = s.draw.pop()!;
    hand.push(c);
    got.push(c);
  }
  if (got.length === 0) return;
  s.drawLog.push({ round: s.round, seat, cards: got });
  if (ev) ev.push({ type: 'draw', seat, count: got.length, cards: got, reveal: [seat] });
}

const drawUp = (s: MwState, seat: number, ev: Ev) => draw(s, seat, s.options.hand_size - s.hands[seat]!.length, ev);

function anyEmpty(s: MwState): boolean {
  for (const h of s.hands) if (h.length === 0) return true;
  return false;
}

/** Every card played this round. */
function tableCards(s: MwState): number[] {
  const out: number[] = [];
  for (const p of s.plays) for (const c of p.cards) out.push(c);
  return out;
}

/** One play (§4.1); at the end of the play phase, the end check and settlement. */
export function applyPlay(s: MwState, seat: number, cards: number[], ev: Ev): void {
  const hand = s.hands[seat]!;
  for (const c of cards) hand.splice(hand.indexOf(c), 1);
  const sorted = cards.length > 1 ? cards.slice().sort((a, b) => a - b) : cards.slice();
  let value = -1;
  if (colourOf(sorted[0]!) !== BLACK) value = sorted[0]!;
  s.plays.push({ seat, cards: sorted, colour: colourOf(sorted[0]!), value });
  if (ev) ev.push({ type: 'play', seat, cards: sorted, left: hand.length, reveal: 'all', knownBy: [seat] });
  if (s.plays.length < s.players) {
    s.turn = nextSeat(s, seat);
    return;
  }
  // §4.2: an empty hand after the play phase ends the game before settlement.
  if (anyEmpty(s)) return finishRound(s, 'game_end', [], ev);
  const colours = overtimeColours(s.plays, s.options);
  s.overtimeColours = colours;
  const at = settlementPick(s.plays, colours);
  if (at < 0) {
    if (ev) ev.push({ type: 'settle', seat: s.leader, colours, selected: null });
    return noOvertime(s, 'none', ev);
  }
  const sel = s.plays[at]!.seat;
  s.firstSelected = sel;
  if (ev) ev.push({ type: 'settle', seat: sel, colours, selected: sel });
  select(s, sel, null, ev);
}

/** A player is selected: an excuse window if they can answer, else they work overtime. */
function select(s: MwState, seat: number, madeBy: number | null, ev: Ev): void {
  s.selected = { seat, madeBy };
  s.phase = 'excuse';
  s.turn = seat;
  if (!canExcuse(s, seat)) overtime(s, seat, ev);
}

/** The selected player declines to answer: they work overtime. */
export function applyAccept(s: MwState, seat: number, ev: Ev): void {
  if (ev) ev.push({ type: 'accept', seat });
  overtime(s, seat, ev);
}

/** §4.3 g: the selected player takes the round's cards, a marker, draws up and leads next. */
function overtime(s: MwState, seat: number, ev: Ev): void {
  const cards = tableCards(s);
  for (const c of cards) s.piles[seat]!.push(c);
  s.markers[seat]!++;
  if (ev) ev.push({ type: 'overtime', seat, cards, markers: s.markers[seat] });
  drawUp(s, seat, ev);
  s.leader = seat;
  finishRound(s, 'overtime', [seat], ev);
}

/** Nobody works overtime: the round's cards are discarded, the same leader leads again. */
function noOvertime(s: MwState, outcome: MwOutcome, ev: Ev): void {
  for (const c of tableCards(s)) s.discard.push(c);
  finishRound(s, outcome, [], ev);
}

/** An excuse (§5), already checked playable. */
export function applyExcuse(s: MwState, seat: number, card: number, target: number | undefined, ev: Ev): void {
  const hand = s.hands[seat]!;
  hand.splice(hand.indexOf(card), 1);
  s.discard.push(card);
  const e = excuseOf(card, s.options)!;
  s.excuses.push(target === undefined ? { seat, card, excuse: e } : { seat, card, excuse: e, target });
  if (ev) ev.push({ type: 'excuse', seat, card, excuse: e, ...(target === undefined ? {} : { target }), reveal: 'all', knownBy: [seat] });
  switch (e) {
    case 'not_me':
      return select(s, rightOf(s, seat), seat, ev);
    case 'he_can':
      return select(s, target!, seat, ev);
    case 'its_you':
      return select(s, bounceTarget(s)!, seat, ev);
    case 'no_leave': {
      const at = noLeavePick(s.plays, s.options);
      return select(s, s.plays[at]!.seat, seat, ev);
    }
    case 'stop':
      return noOvertime(s, 'stop', ev);
    case 'hustle': {
      for (let k = 1; k < s.players && s.draw.length > 0; k++) draw(s, (seat + k) % s.players, 3, ev);
      if (s.options.hustle_overtime) return overtime(s, seat, ev);
      return noOvertime(s, 'escaped', ev);
    }
    case 'help_me': {
      const r = new Rng(s.rng);
      const cards = r.shuffle(tableCards(s));
      s.rng = r.state();
      // Dealt one at a time, the helper first, until both have as many; an odd card left over is the asker's.
      const mine: number[] = [];
      const theirs: number[] = [];
      const half = Math.floor(cards.length / 2);
      for (let i = 0; i < cards.length; i++) (i < 2 * half && i % 2 === 0 ? theirs : mine).push(cards[i]!);
      for (const c of mine) s.piles[seat]!.push(c);
      for (const c of theirs) s.piles[target!]!.push(c);
      s.markers[seat]!++;
      if (s.options.help_me_markers === 'both') s.markers[target!]!++;
      if (ev) ev.push({ type: 'help', seat, target, cards: mine, helperCards: theirs, reveal: 'all' });
      drawUp(s, seat, ev);
      drawUp(s, target!, ev);
      s.leader = seat;
      return finishRound(s, 'help', [seat, target!], ev);
    }
    case 'blank':
      throw new Error('the Blank Excuse has no effect and cannot be played');
  }
}

/** The round is over: record it, then the end checks (§4.4) or the next round. */
function finishRound(s: MwState, outcome: MwOutcome, overtime: number[], ev: Ev): void {
  s.rounds.push({ round: s.round, leader: s.plays[0]!.seat, plays: s.plays, overtimeColours: s.overtimeColours, selected: s.firstSelected, excuses: s.excuses, overtime, outcome });
  s.selected = null;
  // Cards of a round ended before settlement are out of play, like a round without overtime.
  if (outcome === 'game_end') for (const c of tableCards(s)) s.discard.push(c);
  s.plays = [];
  s.excuses = [];
  if (anyEmpty(s)) return endGame(s, 'empty', ev);
  for (const m of s.markers) if (m >= s.options.overtime_limit) return endGame(s, 'overtime', ev);
  s.round++;
  s.overtimeColours = [];
  s.firstSelected = null;
  s.phase = 'play';
  s.turn = s.leader;
  if (ev) ev.push({ type: 'round', seat: s.leader, round: s.round });
}

/** §7: scores, the base winners; in role mode §9's conditions (and the vote when the Boss wins). */
function endGame(s: MwState, reason: 'empty' | 'overtime', ev: Ev): void {
  const seats = Array.from({ length: s.players }, (_, k) => k);
  const scores = seats.map((k) => scoreOf(s, k));
  const black = seats.map((k) => blackOf(s, k));
  const pool = reason === 'empty' ? seats.filter((k) => s.hands[k]!.length === 0) : seats;
  const base = bestOf(pool, scores, black);
  if (s.roles && base.includes(s.roles.indexOf('boss'))) {
    s.phase = 'vote';
    s.pendingBase = base;
    s.votes = s.roles.map(() => null);
    s.turn = seats.find((k) => s.roles![k] !== 'boss')!;
    s.end = { reason, scores, black, base, winners: [] };
    if (ev) ev.push({ type: 'vote_start', seat: s.roles.indexOf('boss'), reason, scores, base });
    return;
  }
  s.end = { reason, scores, black, base, winners: base };
  if (s.roles) roleResult(s, base, null);
  finishGame(s, ev);
}

function finishGame(s: MwState, ev: Ev): void {
  s.phase = 'over';
  s.turn = -1;
  if (ev) ev.push({ type: 'end', seat: s.end!.winners[0] ?? 0, ...s.end, hands: s.hands, roles: s.roles, reveal: 'all' });
}

/** §9: the winners by role, given the base winners and (when the Boss won) the players voted out. */
function roleResult(s: MwState, base: readonly number[], votedOut: number[] | null): void {
  const roles = s.roles!;
  const boss = roles.indexOf('boss');
  const oldHand = roles.indexOf('old_hand');
  const winners = new Set<number>();
  let side: MwEnd['side'];
  const ohWins = oldHand >= 0 && base.includes(oldHand);
  if (ohWins) winners.add(oldHand);
  if (base.includes(boss)) {
    const secretaries = roles.flatMap((r, k) => (r === 'secretary' ? [k] : []));
    if (secretaries.every((k) => votedOut!.includes(k))) {
      roles.forEach((r, k) => r === 'employee' && winners.add(k));
      side = ohWins ? 'employees_and_old_hand' : 'employees';
    } else {
      winners.add(boss);
      for (const k of secretaries) if (!votedOut!.includes(k)) winners.add(k);
      side = ohWins ? 'boss_and_old_hand' : 'boss';
    }
  } else if (ohWins) side = 'old_hand';
  else {
    roles.forEach((r, k) => r === 'employee' && winners.add(k));
    side = 'employees';
  }
  s.end = { ...s.end!, winners: [...winners].sort((a, b) => a - b), side, ...(votedOut ? { votedOut } : {}) };
}

/** A secret vote (§9); when every non-Boss player has voted, the count and the result. */
export function applyVote(s: MwState, seat: number, target: number, ev: Ev): void {
  s.votes![seat] = target;
  if (ev) ev.push({ type: 'vote', seat });
  const roles = s.roles!;
  const waiting = s.votes!.findIndex((v, k) => v === null && roles[k] !== 'boss');
  if (waiting >= 0) {
    s.turn = waiting;
    return;
  }
  const tally = roles.map(() => 0);
  for (const v of s.votes!) if (v !== null) tally[v]!++;
  const cut = roles.filter((r) => r === 'secretary').length;
  const order = tally.map((n, k) => [n, k] as const).filter(([, k]) => roles[k] !== 'boss').sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  // The top `cut` by votes; a tie straddling the cut-off votes none of the tied players out.
  const votedOut: number[] = [];
  if (cut > 0 && order.length > 0) {
    const edge = order[Math.min(cut, order.length) - 1]![0];
    const above = order.filter(([n]) => n > edge);
    const atEdge = order.filter(([n]) => n === edge);
    for (const [, k] of above) votedOut.push(k);
    if (above.length + atEdge.length <= cut) for (const [, k] of atEdge) votedOut.push(k);
  }
  votedOut.sort((a, b) => a - b);
  if (ev) ev.push({ type: 'votes', seat, votes: [...s.votes!], votedOut, reveal: 'all' });
  roleResult(s, s.pendingBase!, votedOut);
  finishGame(s, ev);
}

/** Apply a checked move in place. */
export function applyInPlace(s: MwState, m: MwMove, ev: Ev): void {
  if (m.type === 'play') applyPlay(s, m.seat, m.cards, ev);
  else if (m.type === 'accept') applyAccept(s, m.seat, ev);
  else if (m.type === 'excuse') applyExcuse(s, m.seat, m.card, m.target, ev);
  else applyVote(s, m.seat, m.target, ev);
}
