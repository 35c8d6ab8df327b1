/**
 * Seeded random-play checker (test support, not game surface): plays random legal moves over
 * 2 / 3 / 4 players and 2v2 with random rule options and checks, after every move, the 48-card
 * invariant, that nothing throws, that legal moves are canonical and belong to the acting seat
 * only, that alternative legal moves apply, that random illegal moves are refused as values, that
 * sampled input states are never mutated (they are frozen), that views never show another seat's
 * hand or the deck, that every declaration settles as spec §5.7 says, and that sampled matches
 * replay from seed + moves. Throws on the first violation with the match, the move number and the
 * move. Used by property.test.ts (2,000 hands; the 100,000-hand run is bots/soak.test.ts).
 */
import { Rng, seedRng } from '../../util/rng';
import { doufu } from './game';
import { invariantProblems } from './invariant';
import { canon, isMoveType, sameMove } from './legal';
import { OPTION_INFO, OPTION_KEYS } from './options';
import { settlementProblems } from './settlement-oracle';
import { ALL_CODES } from './state';
import type { DoufuGameOptions, DoufuMove, DoufuState } from './types';
import type { DoufuView } from './view';

/** What `fuzz` did. */
export interface FuzzStats {
  hands: number;
  matches: number;
  steps: number;
  refused: number;
  alternatives: number;
  replays: number;
  /** Declarations whose settlement was checked against spec §5.7 (settlement-oracle.ts). */
  settlements: number;
  byMode: Record<string, number>;
  ms: number;
}

/** Random rule options: each key keeps its default half the time. */
export function randomOptions(r: Rng, mode: 'ffa' | '2v2'): DoufuGameOptions {
  const o: Record<string, unknown> = { mode };
  for (const k of OPTION_KEYS) {
    const acc = OPTION_INFO[k].accepts;
    o[k] = r.int(2) === 0 ? OPTION_INFO[k].default : Array.isArray(acc) ? r.pick(acc) : 1 + r.int(3);
  }
  return o as unknown as DoufuGameOptions;
}

function fail(msg: string): never {
  throw new Error(msg);
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

const TYPES: DoufuMove['type'][] = ['chooseFirst', 'reshuffle', 'declare', 'decline', 'accept', 'draw', 'eat', 'stack', 'pass', 'skill', 'arrange', 'pick', 'chooseAttr', 'steal', 'skipSteal', 'swap', 'skipSwap', 'flip'];

/** A random move that is probably illegal: garbage, a legal move by the wrong seat, or random fields. */
function junk(r: Rng, s: DoufuState, legal: DoufuMove[]): unknown {
  const card = () => r.pick(ALL_CODES);
  const seat = legal[0]!.seat;
  switch (r.int(6)) {
    case 0:
      return r.pick([null, 42, 'draw', [], { type: 'fly', seat: 0 }, { type: 'draw' }, { type: 'draw', seat: 'x' }, { type: 'draw', seat: 9 }]);
    case 1:
      return { ...r.pick(legal), seat: (seat + 1 + r.int(s.n - 1)) % s.n };
    case 2:
      return { type: 'eat', seat, card: card(), take: card() };
    case 3:
      return { type: 'skill', seat, card: card(), target: r.int(5) - 1, take: card(), index: r.int(4) };
    case 4:
      return { type: r.pick(TYPES), seat, card: card(), take: card(), give: card(), index: r.int(60), first: r.int(4), attr: '金', top: [card()], bottom: [] };
    default:
      return { type: 'swap', seat, give: card(), take: 5 };
  }
}

/** Card codes a view shows. */
function visible(v: DoufuView): Set<string> {
  const out = new Set<string>([...v.pool.flat(), ...v.areas.flat().map((c) => c.code), ...(v.hand ?? []), ...(v.peek?.hand ?? [])]);
  const st = v.step as Record<string, unknown>;
  for (const k of ['cards', 'options']) if (Array.isArray(st[k])) for (const c of st[k] as string[]) out.add(c);
  for (const k of ['card', 'flipped']) if (typeof st[k] === 'string') out.add(st[k] as string);
  if (v.discarded) out.add(v.discarded);
  return out;
}

/** A seat's view shows no other seat's hand (except a 福牛 peek) and no hidden deck/spread card. */
export function checkView(s: DoufuState, seat: number): void {
  const v = doufu.view(s, seat);
  const seen = visible(v);
  const st = s.step;
  const own = s.dogged?.seat === seat ? [s.dogged.card] : []; // its own 福狗 discard, wherever it went since
  for (let o = 0; o < s.n; o++) {
    if (o === seat || (st.k === 'ox' && st.seat === seat && st.target === o)) continue;
    for (const c of s.hands[o]!) if (!own.includes(c) && seen.has(c)) fail(`seat ${seat} sees ${c} in seat ${o}'s hand at ${JSON.stringify(st)}`);
  }
  const peeked = st.k === 'arrange' && st.seat === seat ? st.cards : [];
  for (const c of [...s.deck, ...s.spread]) if (!peeked.includes(c) && !own.includes(c) && seen.has(c)) fail(`seat ${seat} sees hidden ${c}`);
  if (v.handCounts.some((k, i) => k !== s.hands[i]!.length)) fail('hand counts differ');
}

/**
 * Play random matches until `hands` hands are done. `lean` skips every check but the invariant
 * and the refusal of the chosen moves (for long runs).
 */
export function fuzz(opts: { hands: number; seed?: string; lean?: boolean; maxHandsPerMatch?: number }): FuzzStats {
  const t0 = Date.now();
  const stats: FuzzStats = { hands: 0, matches: 0, steps: 0, refused: 0, alternatives: 0, replays: 0, settlements: 0, byMode: {}, ms: 0 };
  const maxHands = opts.maxHandsPerMatch ?? 30;
  for (let g = 0; stats.hands < opts.hands; g++) {
    const r = new Rng(seedRng(`${opts.seed ?? 'fuzz'}-${g}`));
    const mode = g % 4 === 3 ? '2v2' : 'ffa';
    const players = mode === '2v2' ? 4 : 2 + (g % 3);
    const options = randomOptions(r, mode);
    const seed = `match-${g}`;
    let s = doufu.setup({ seed, players, options });
    const moves: DoufuMove[] = [];
    const where = () => `match ${g} (${players}p ${mode}, options ${JSON.stringify(options)}), move ${moves.length}`;
    let steps = 0;
    while (!doufu.status(s).over && s.handsDone < maxHands) {
      const status = doufu.status(s);
      if (status.toAct.length === 0) fail(`${where()}: nobody may act`);
      const seat = status.toAct[0]!;
      const legal = doufu.legalMoves(s, seat);
      if (legal.length === 0) fail(`${where()}: seat ${seat} has no legal move`);
      if (!opts.lean) extraChecks(r, s, seat, legal, status.toAct, steps, stats, where);
      const move = r.pick(legal);
      const res = doufu.apply(s, move);
      if (!res.ok) fail(`${where()}: legal ${JSON.stringify(move)} refused: ${res.code}`);
      for (const ev of res.events)
        if (ev.type === 'declare') {
          const wrong = settlementProblems(s, ev);
          if (wrong.length) fail(`${where()}: the settlement of ${JSON.stringify(move)} breaks §5.7: ${wrong.join('; ')}`);
          stats.settlements++;
        }
      s = res.state;
      moves.push(move);
      steps++;
      const bad = invariantProblems(s);
      if (bad.length) fail(`${where()} after ${JSON.stringify(move)}: ${bad.join('; ')}`);
    }
    stats.hands += s.handsDone;
    stats.steps += steps;
    stats.matches++;
    stats.byMode[`${players}p-${mode}`] = (stats.byMode[`${players}p-${mode}`] ?? 0) + s.handsDone;
    if (!opts.lean && g % 25 === 0) {
      let t = doufu.setup({ seed, players, options });
      for (const m of moves) {
        const rr = doufu.apply(t, m);
        if (!rr.ok) fail(`replay of match ${g} diverged at a refused move`);
        t = rr.state;
      }
      if (JSON.stringify(t) !== JSON.stringify(s)) fail(`replay of match ${g} ended in another state`);
      stats.replays++;
    }
  }
  stats.ms = Date.now() - t0;
  return stats;
}

function extraChecks(r: Rng, s: DoufuState, seat: number, legal: DoufuMove[], toAct: number[], step: number, stats: FuzzStats, where: () => string): void {
  if (step % 3 === 0) for (const m of legal) if (!sameMove(canon(s, m as unknown as Record<string, unknown>), m)) fail(`${where()}: non-canonical ${JSON.stringify(m)}`);
  if (step % 7 === 0) for (let o = 0; o < s.n; o++) if (!toAct.includes(o) && doufu.legalMoves(s, o).length) fail(`${where()}: seat ${o} has moves out of turn`);
  if (step % 11 === 0) checkView(s, r.int(s.n));
  // Alternatives: up to 40 legal moves every 30th step (福蛇 with any_cards can offer over a thousand), one every 3rd.
  const alts = step % 30 === 0 ? (legal.length <= 40 ? legal : Array.from({ length: 40 }, () => r.pick(legal))) : step % 3 === 0 ? [r.pick(legal)] : [];
  for (const m of alts) {
    const alt = doufu.apply(s, m);
    if (!alt.ok) fail(`${where()}: legal ${JSON.stringify(m)} refused: ${alt.code}`);
    const bad = invariantProblems(alt.state);
    if (bad.length) fail(`${where()} after ${JSON.stringify(m)}: ${bad.join('; ')}`);
    stats.alternatives++;
  }
  if (r.int(3) === 0) {
    const bad = junk(r, s, legal);
    const b = bad as Record<string, unknown>;
    const wellFormed = typeof bad === 'object' && bad !== null && isMoveType(b.type) && Number.isInteger(b.seat) && (b.seat as number) >= 0 && (b.seat as number) < s.n;
    const isLegal = wellFormed && doufu.legalMoves(s, b.seat as number).some((m) => sameMove(m, canon(s, b)));
    if (!isLegal) {
      const res = doufu.apply(s, bad as DoufuMove);
      if (res.ok) fail(`${where()}: junk ${JSON.stringify(bad)} accepted`);
      if (!(typeof res.code === 'string' && res.message.zh.length > 0 && res.message.en.length > 0)) fail(`${where()}: refusal without a message`);
      stats.refused++;
    }
  }
  if (step % 25 === 0) deepFreeze(s); // apply on a frozen state throws if it mutates its input
}
