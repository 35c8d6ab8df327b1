// tableOf (the playouts' cheap view) must show exactly what the engine's view shows for the fields
// a bot reads, in every kind of position.
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../../util/rng';
import { doufu } from '../game';
import { randomGameOptions } from './soak';
import { tableOf, type Table } from './table';

const FIELDS: (keyof Table)[] = ['seat', 'players', 'opts', 'sideOfSeat', 'phase', 'fushen', 'nirvana', 'fuqi', 'out', 'reshuffleUsed', 'deckCount', 'spreadCount', 'removedCount', 'pool', 'areas', 'yuzhu', 'pending', 'santieSkip', 'santieBonus', 'fujiBan', 'skillUsed', 'turnSeq', 'active', 'hand', 'handCounts', 'step', 'peek', 'discarded'];

describe('bots/table', () => {
  it('tableOf(state, seat) equals the view on every field a bot reads, for every seat', () => {
    const steps = new Set<string>();
    for (let g = 0; g < 40; g++) {
      const r = new Rng(seedRng(`table-${g}`));
      const mode = g % 4 === 3 ? '2v2' : 'ffa';
      const players = mode === '2v2' ? 4 : 2 + (g % 3);
      let s = doufu.setup({ seed: `t${g}`, players, options: randomGameOptions(r, mode) });
      for (let n = 0; n < 400 && s.step.k !== 'over'; n++) {
        if (n % 3 === 0)
          for (let seat = 0; seat < players; seat++) {
            const v = doufu.view(s, seat);
            const t = tableOf(s, seat);
            // One string compare per seat: expect() per field costs more than the engine here.
            const a = JSON.stringify(FIELDS.map((f) => t[f]));
            const b = JSON.stringify(FIELDS.map((f) => v[f]));
            if (a !== b) expect(JSON.parse(a), `seat ${seat} at ${s.step.k}`).toEqual(JSON.parse(b));
          }
        steps.add(s.step.k);
        const seat = doufu.status(s).toAct[0]!;
        const res = doufu.apply(s, r.pick(doufu.legalMoves(s, seat)));
        if (!res.ok) throw new Error(res.code);
        s = res.state;
      }
    }
    expect(steps.size).toBeGreaterThan(8);
  });
});
