// The sandbox bench's measurements, bundled with the engine (see bench/sandbox.ts).
import { Match } from '../src/shared/engine/runner';
import { Rng, seedRng } from '../src/shared/util/rng';
import { readTableFile, sandbox, type TableCardRow } from '../src/shared/games/sandbox';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function time(runs: number, fn: () => void): number {
  for (let i = 0; i < 5; i++) fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    xs.push(performance.now() - t0);
  }
  return median(xs);
}

export function sandboxTimings(cards: number, runs: number) {
  const rows: TableCardRow[] = Array.from({ length: cards }, (_, i) => ({ id: `card-${i}`, fields: { id: `card-${i}`, name: `Card ${i}`, type: i % 2 ? 'a' : 'b' } }));
  const file = JSON.stringify({ format: 'fuqi-table', formatVersion: 1, seats: 4, zones: [{ id: 'deck', kind: 'pile' }, { id: 'hand', kind: 'hand' }, { id: 'table', kind: 'area', layout: 'free' }], cards: [{ zone: 'deck' }] });
  const options = readTableFile(file, rows, ['id', 'name', 'type']).options;
  const open = time(runs, () => {
    const o = readTableFile(file, rows, ['id', 'name', 'type']).options;
    Match.create(sandbox, { seed: 'open', players: 4, options: o });
  });
  const openBase = time(runs, () => {
    const deck: string[] = [];
    for (const r of JSON.parse(JSON.stringify(rows)) as TableCardRow[]) deck.push(r.id);
  });
  const shuffleDeal = time(runs, () => {
    const m = Match.create(sandbox, { seed: 'deal', players: 4, options });
    m.apply({ type: 'shuffle', seat: 0, zone: 'deck' });
    for (let k = 0; k < cards / 4; k++) m.apply({ type: 'deal', seat: 0, from: 'deck', to: 'hand', count: 1 });
  });
  const shuffleDealBase = time(runs, () => {
    const deck = Array.from({ length: cards }, (_, i) => i);
    new Rng(seedRng('deal')).shuffle(deck);
    const hands: number[][] = [[], [], [], []];
    for (let k = 0; deck.length; k++) hands[k % 4]!.push(deck.pop()!);
  });
  const m = Match.create(sandbox, { seed: 'one', players: 4, options });
  const oneMove = time(runs, () => {
    const top = m.state.zones.deck!.at(-1)!;
    sandbox.apply(m.state, { type: 'move', seat: 0, cards: [top], to: 'table', x: 10, y: 10 });
  });
  const oneMoveBase = time(runs, () => {
    const deck = [...m.state.zones.deck!];
    const table = [...m.state.zones.table!];
    table.push(deck.pop()!);
  });
  return { open, openBase, shuffleDeal, shuffleDealBase, oneMove, oneMoveBase };
}
