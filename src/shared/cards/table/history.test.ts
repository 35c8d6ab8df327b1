import { describe, expect, it } from 'vitest';
import { History, typingKey } from './history';
import { makeTable, type CardTable } from './table';

const t0 = makeTable(['id', 'name'], [['A', 'one'], ['B', 'two']]);

function must(r: { ok: true; value: CardTable } | { ok: false; error: { message: string } } | undefined): CardTable {
  if (!r) throw new Error('nothing to undo/redo');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('History', () => {
  it('undoes and redoes exactly, counting revisions', () => {
    const h = new History();
    let t = must(h.apply(t0, { kind: 'setCells', row: 0, col: 1, values: [['uno']] }));
    t = must(h.apply(t, { kind: 'deleteRows', indices: [1] }));
    expect(h.revision).toBe(2);
    t = must(h.undo(t));
    expect(t.rows).toEqual([['A', 'uno'], ['B', 'two']]);
    t = must(h.undo(t));
    expect(t).toEqual(t0);
    expect(h.undo(t)).toBeUndefined();
    t = must(h.redo(t));
    t = must(h.redo(t));
    expect(t.rows).toEqual([['A', 'uno']]);
    expect(h.revision).toBe(6);
    expect(h.canRedo).toBe(false);
  });

  it('coalesces consecutive typing in one cell into one step', () => {
    const h = new History();
    let t = t0;
    for (const v of ['t', 'ty', 'typ']) t = must(h.apply(t, { kind: 'setCells', row: 1, col: 1, values: [[v]] }, { coalesceKey: typingKey(1, 1) }));
    expect(h.undoDepth).toBe(1);
    // Another cell starts a new step.
    t = must(h.apply(t, { kind: 'setCells', row: 0, col: 1, values: [['x']] }, { coalesceKey: typingKey(0, 1) }));
    expect(h.undoDepth).toBe(2);
    t = must(h.undo(t));
    t = must(h.undo(t));
    expect(t).toEqual(t0);
    // After seal(), typing in the same cell is a new step.
    t = must(h.apply(t, { kind: 'setCells', row: 1, col: 1, values: [['a']] }, { coalesceKey: typingKey(1, 1) }));
    h.seal();
    t = must(h.apply(t, { kind: 'setCells', row: 1, col: 1, values: [['ab']] }, { coalesceKey: typingKey(1, 1) }));
    expect(h.undoDepth).toBe(2);
    expect(must(h.undo(t)).rows[1][1]).toBe('a');
  });

  it('does not coalesce across an undo', () => {
    const h = new History();
    let t = must(h.apply(t0, { kind: 'setCells', row: 0, col: 0, values: [['X']] }, { coalesceKey: 'k' }));
    t = must(h.undo(t));
    t = must(h.apply(t, { kind: 'setCells', row: 0, col: 0, values: [['Y']] }, { coalesceKey: 'k' }));
    expect(h.undoDepth).toBe(1);
    expect(must(h.undo(t))).toEqual(t0);
  });

  it('keeps at most the limit, dropping the oldest steps', () => {
    const h = new History();
    let t = makeTable(['n'], [['0']]);
    for (let i = 1; i <= 520; i++) t = must(h.apply(t, { kind: 'setCells', row: 0, col: 0, values: [[String(i)]] }));
    expect(h.undoDepth).toBe(500);
    while (h.canUndo) t = must(h.undo(t));
    expect(t.rows[0][0]).toBe('20');
    expect(() => new History(0)).toThrow(RangeError);
  });

  it('records nothing when a command fails', () => {
    const h = new History();
    const r = h.apply(t0, { kind: 'deleteRows', indices: [7] });
    expect(r.ok).toBe(false);
    expect(h.canUndo).toBe(false);
    expect(h.revision).toBe(0);
  });

  it('discards a cancelled draft without leaving it for redo', () => {
    const h = new History();
    let t = must(h.apply(t0, { kind: 'setCells', row: 0, col: 1, values: [['d']] }, { coalesceKey: typingKey(0, 1) }));
    expect(h.openKey).toBe(typingKey(0, 1));
    t = must(h.discardLast(t));
    expect(t).toEqual(t0);
    expect(h.canUndo).toBe(false);
    expect(h.canRedo).toBe(false);
    expect(h.openKey).toBeUndefined();
  });
});
