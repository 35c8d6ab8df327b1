// `isLegal` (apply's check, decided from the state) must agree with the list: a canonical move is
// legal iff it is in `legalMoves`. Checked on random positions of every table shape and several
// option sets, for every legal move and for many near misses (other seats, cards, fields, indexes).
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../util/rng';
import { doufu } from './game';
import { randomOptions } from './fuzz';
import { canon, isLegal, legalMoves, sameMove } from './legal';
import { ALL_CODES } from './state';
import type { DoufuGameOptions, DoufuMove, DoufuState } from './types';

const TYPES: DoufuMove['type'][] = ['chooseFirst', 'reshuffle', 'declare', 'decline', 'accept', 'draw', 'eat', 'stack', 'pass', 'skill', 'arrange', 'pick', 'chooseAttr', 'steal', 'skipSteal', 'swap', 'skipSwap', 'flip'];

/** Near misses built from what is on the table. */
function candidates(r: Rng, s: DoufuState, legal: DoufuMove[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = (legal.length <= 40 ? legal : Array.from({ length: 40 }, () => r.pick(legal))).map((m) => ({ ...m }));
  const seat = legal[0]!.seat;
  const onTable = [...s.pool.flat(), ...s.hands.flat(), ...s.areas.flat().map((c) => c.code)];
  const card = () => (r.int(4) === 0 ? r.pick(ALL_CODES) : onTable.length ? r.pick(onTable) : r.pick(ALL_CODES));
  const anySeat = () => r.int(s.n);
  for (let i = 0; i < 30; i++) {
    const base = legal.length && r.int(2) === 0 ? { ...r.pick(legal) } : { type: r.pick(TYPES), seat };
    const m = base as Record<string, unknown>;
    switch (r.int(10)) {
      case 0:
        m.seat = anySeat();
        break;
      case 1:
        m.card = card();
        break;
      case 2:
        m.take = card();
        break;
      case 3:
        m.split = r.pick([true, false, undefined, 1, 'yes']);
        break;
      case 4:
        m.index = r.pick([-1, 0, 1, 2, s.spread.length - 1, s.spread.length, 0.5, '0', -0]);
        break;
      case 5:
        m.give = card();
        break;
      case 6:
        m.attr = r.pick(['金', '紫气', '福', '双运', '运', '红气']);
        break;
      case 7:
        m.first = r.pick([0, 1, 2, 3, -1, '0']);
        break;
      case 8:
        m.target = r.int(s.n + 1) - 1;
        m.take = card();
        break;
      default:
        m.card = [card()];
        break;
    }
    out.push(m);
    if (m.type === 'skill') {
      // Skills have many optional fields: drop one, or add one a different activation would have.
      const k = { ...m };
      const f = r.pick(['imitate', 'annul', 'target', 'target2', 'take', 'take2', 'index']);
      if (k[f] !== undefined && r.int(2) === 0) delete k[f];
      else k[f] = f === 'target' || f === 'target2' ? anySeat() : f === 'index' ? r.int(6) : card();
      out.push(k);
    }
  }
  return out;
}

/** canon's field copy as first written (a loop over the canonical field list), to check the spelled-out one. */
const FIELDS: Record<string, readonly string[]> = {
  chooseFirst: ['first'], eat: ['card', 'take', 'split'], stack: ['card'], skill: ['card', 'imitate', 'annul', 'target', 'target2', 'take', 'take2', 'index'],
  arrange: ['top', 'bottom'], pick: ['take'], chooseAttr: ['card', 'attr'], steal: ['card'], swap: ['give', 'take'], flip: ['index'],
};
function canonRef(s: DoufuState, m: Record<string, unknown>): unknown {
  const out: Record<string, unknown> = { type: m.type, seat: m.seat };
  for (const f of FIELDS[m.type as string] ?? []) if (m[f] !== undefined && !(f === 'split' && m[f] === false)) out[f] = m[f];
  if (m.type === 'eat' && !out.split && typeof out.take === 'string') {
    const e = s.pool.find((x) => x.includes(out.take as string));
    if (e && e.length > 1) out.take = e[0];
  }
  if (m.type === 'skill' && typeof out.target === 'number' && typeof out.target2 === 'number' && out.target > out.target2) {
    const x: Record<string, unknown> = { ...out, target: out.target2, target2: out.target, take: out.take2, take2: out.take };
    const o: Record<string, unknown> = { type: x.type, seat: x.seat };
    for (const f of FIELDS.skill!) if (x[f] !== undefined) o[f] = x[f];
    return o;
  }
  return out;
}

describe('isLegal agrees with legalMoves', () => {
  it('on random positions, for legal moves and near misses', () => {
    let compared = 0;
    let legalSeen = 0;
    const sets: Partial<DoufuGameOptions>[] = [{}, { santie_splittable: true, fushe_swap_rule: 'any_cards', gift_target_may_decline: true }];
    for (let g = 0; g < 20; g++) {
      const r = new Rng(seedRng(`legality-${g}`));
      const mode: 'ffa' | '2v2' = g % 4 === 3 ? '2v2' : 'ffa';
      const players = mode === '2v2' ? 4 : 2 + (g % 3);
      const options = g % 3 === 2 ? randomOptions(r, mode) : { ...doufu.defaultOptions, ...sets[g % 2], mode };
      let s = doufu.setup({ seed: `legality-${g}`, players, options });
      for (let step = 0; step < 300 && !doufu.status(s).over; step++) {
        const seat = doufu.status(s).toAct[0]!;
        const legal = doufu.legalMoves(s, seat);
        const lists = Array.from({ length: s.n }, (_, o) => (o === seat ? legal : legalMoves(s, o)));
        for (const raw of candidates(r, s, legal)) {
          if (typeof raw.seat !== 'number' || raw.seat < 0 || raw.seat >= s.n) continue;
          const m = canon(s, raw);
          if (JSON.stringify(m) !== JSON.stringify(canonRef(s, raw)) || Object.keys(m).join() !== Object.keys(canonRef(s, raw) as object).join())
            throw new Error(`canon(${JSON.stringify(raw)}) = ${JSON.stringify(m)}, expected ${JSON.stringify(canonRef(s, raw))}`);
          const expected = lists[m.seat]!.some((x) => sameMove(x, m));
          if (legalMoves(s, m.seat, m).some((x) => sameMove(x, m)) !== expected) throw new Error(`legalMoves(like) disagrees on ${JSON.stringify(m)}`);
          if (isLegal(s, m) !== expected) throw new Error(`isLegal(${JSON.stringify(m)}) = ${!expected} at ${JSON.stringify(s.step)}`);
          compared++;
          if (expected) legalSeen++;
        }
        const res = doufu.apply(s, r.pick(legal));
        if (!res.ok) throw new Error(res.code);
        s = res.state;
      }
    }
    expect(compared).toBeGreaterThan(100_000);
    expect(legalSeen).toBeGreaterThan(compared / 5);
  });
});
