import { describe, expect, it } from 'vitest';
import { makeTable, type CardTable } from '../../../../shared/cards/table';
import { GridState, type GridChange } from './grid.svelte';

const table = (): CardTable =>
  makeTable(
    ['id', 'name', 'power'],
    [
      ['RAT', '福鼠', '3'],
      ['OX', '牛', '10'],
      ['TIGER', '虎', '2'],
    ],
  );

function grid(t = table()) {
  const changes: GridChange[] = [];
  const g = new GridState(t, { onchange: (c) => changes.push(c), specs: { power: { type: 'number' } } });
  return { g, changes };
}

const key = (k: string, mods: { shift?: boolean; ctrl?: boolean; alt?: boolean } = {}) => ({
  key: k,
  shiftKey: !!mods.shift,
  ctrlKey: !!mods.ctrl,
  altKey: !!mods.alt,
});

describe('GridState keyboard', () => {
  it('moves like a spreadsheet and clamps at the edges', () => {
    const { g } = grid();
    g.keydown(key('ArrowDown'));
    g.keydown(key('Tab'));
    expect(g.focus).toEqual({ row: 1, col: 1 });
    g.keydown(key('Tab', { shift: true }));
    g.keydown(key('Tab', { shift: true }));
    expect(g.focus).toEqual({ row: 1, col: 0 });
    g.keydown(key('Enter'));
    g.keydown(key('Enter'));
    expect(g.focus).toEqual({ row: 2, col: 0 });
    g.keydown(key('Enter', { shift: true }));
    expect(g.focus).toEqual({ row: 1, col: 0 });
    g.keydown(key('ArrowRight', { ctrl: true }));
    expect(g.focus).toEqual({ row: 1, col: 2 });
    g.keydown(key('Home', { ctrl: true }));
    expect(g.focus).toEqual({ row: 0, col: 0 });
  });

  it('lets Tab leave the grid at the edges and opens the editor for an input method', () => {
    const { g } = grid();
    g.select(0, 2);
    expect(g.keydown(key('Tab'))).toBe('ignored');
    g.select(0, 0);
    expect(g.keydown(key('Tab', { shift: true }))).toBe('ignored');
    expect(g.keydown(key('Process'))).toBe('ignored');
    expect(g.editing).toMatchObject({ row: 0, col: 0, mode: 'enter', draft: '', original: 'RAT' });
    g.input('福');
    g.keydown(key('Enter'));
    expect(g.table.rows[0][0]).toBe('福');
  });

  it('extends the selection with Shift and selects all with Ctrl+A', () => {
    const { g } = grid();
    g.select(0, 0);
    g.keydown(key('ArrowDown', { shift: true }));
    g.keydown(key('ArrowRight', { shift: true }));
    expect(g.selection).toEqual({ top: 0, left: 0, bottom: 1, right: 1 });
    g.select(2, 2, true);
    expect(g.selection).toEqual({ top: 0, left: 0, bottom: 2, right: 2 });
    g.keydown(key('ArrowUp'));
    expect(g.selection).toEqual({ top: 1, left: 2, bottom: 1, right: 2 });
    g.keydown(key('a', { ctrl: true }));
    expect(g.selection).toEqual({ top: 0, left: 0, bottom: 2, right: 2 });
  });

  it('typing replaces the cell, Enter commits and moves down, one undo step per edit', () => {
    const { g, changes } = grid();
    g.select(0, 1);
    g.keydown(key('金'));
    expect(g.editing?.mode).toBe('enter');
    g.input('金鼠');
    g.input('金鼠王');
    expect(g.table.rows[0][1]).toBe('金鼠王');
    g.keydown(key('Enter'));
    expect(g.editing).toBeUndefined();
    expect(g.focus).toEqual({ row: 1, col: 1 });
    expect(changes.length).toBe(3);
    expect(g.history.undoDepth).toBe(1);
    g.keydown(key('z', { ctrl: true }));
    expect(g.table.rows[0][1]).toBe('福鼠');
    g.keydown(key('z', { ctrl: true, shift: true }));
    expect(g.table.rows[0][1]).toBe('金鼠王');
    g.keydown(key('z', { ctrl: true }));
    g.keydown(key('y', { ctrl: true }));
    expect(g.table.rows[0][1]).toBe('金鼠王');
    expect(changes.at(-1)).toMatchObject({ source: 'redo', command: { kind: 'setCells', row: 0, col: 1, values: [['金鼠王']] } });
    g.undo();
    expect(changes.at(-1)).toMatchObject({ source: 'undo', command: { kind: 'setCells', values: [['福鼠']] } });
  });

  it('F2 edits in place (arrows stay in the editor), Escape restores the cell and leaves no history', () => {
    const { g } = grid();
    g.select(1, 2);
    g.keydown(key('F2'));
    expect(g.editing).toMatchObject({ mode: 'edit', draft: '10' });
    expect(g.keydown(key('ArrowLeft'))).toBe('ignored');
    g.input('100');
    expect(g.table.rows[1][2]).toBe('100');
    g.keydown(key('Escape'));
    expect(g.table.rows[1][2]).toBe('10');
    expect(g.canUndo).toBe(false);
    expect(g.canRedo).toBe(false);
    // In "enter" mode an arrow commits and moves.
    g.keydown(key('7'));
    g.keydown(key('ArrowRight'));
    expect(g.table.rows[1][2]).toBe('7');
    expect(g.editing).toBeUndefined();
  });

  it('Delete clears the selection in one step; copy/cut/paste keys are left to the clipboard', () => {
    const { g } = grid();
    g.select(0, 1);
    g.select(1, 2, true);
    g.keydown(key('Delete'));
    expect(g.table.rows.map((r) => r.slice(1))).toEqual([['', ''], ['', ''], ['虎', '2']]);
    g.undo();
    expect(g.table).toEqual(table());
    expect(g.keydown(key('c', { ctrl: true }))).toBe('copy');
    expect(g.keydown(key('x', { ctrl: true }))).toBe('cut');
    expect(g.keydown(key('v', { ctrl: true }))).toBe('paste');
    expect(g.keydown(key('f', { ctrl: true }))).toBe('find');
    expect(g.findOpen).toBe(true);
  });
});

describe('GridState clipboard', () => {
  it('copies the selection as TSV', () => {
    const { g } = grid(makeTable(['a', 'b'], [['x\ty', '"q"'], ['1', '2']]));
    g.selectAll();
    expect(g.copyText()).toBe('"x\ty"\t"""q"""\r\n1\t2');
  });

  it('paste at a cell grows the table with rows and columns, as one undo step', () => {
    const { g, changes } = grid();
    g.select(2, 1);
    expect(g.paste('鼠\t1\tnew\r\n"两\n行"\t2\tx\r\n')).toBe(true);
    expect(g.table.columns).toEqual(['id', 'name', 'power', 'column_4']);
    expect(g.table.rows).toEqual([
      ['RAT', '福鼠', '3', ''],
      ['OX', '牛', '10', ''],
      ['TIGER', '鼠', '1', 'new'],
      ['', '两\n行', '2', 'x'],
    ]);
    expect(g.selection).toEqual({ top: 2, left: 1, bottom: 3, right: 3 });
    expect(changes).toHaveLength(1);
    g.undo();
    expect(g.table).toEqual(table());
    g.redo();
    expect(g.table.rows).toHaveLength(4);
  });

  it('a single pasted value fills the whole selection; cut clears what it copies', () => {
    const { g } = grid();
    g.select(0, 2);
    g.select(2, 2, true);
    g.paste('5');
    expect(g.table.rows.map((r) => r[2])).toEqual(['5', '5', '5']);
    g.select(0, 0);
    expect(g.cut()).toBe('RAT');
    expect(g.table.rows[0][0]).toBe('');
  });

  it('pastes into the rows a sorted view shows, not file order', () => {
    const { g } = grid();
    g.setSort('power', 'asc'); // TIGER 2, RAT 3, OX 10
    g.select(0, 0);
    g.paste('T\r\nR');
    expect(g.table.rows.map((r) => r[0])).toEqual(['R', 'OX', 'T']);
  });
});

describe('GridState rows, columns and views', () => {
  it('fills down with Ctrl+D', () => {
    const { g } = grid();
    g.select(0, 1);
    g.select(2, 2, true);
    g.keydown(key('d', { ctrl: true }));
    expect(g.table.rows.map((r) => r.slice(1))).toEqual([['福鼠', '3'], ['福鼠', '3'], ['福鼠', '3']]);
    g.undo();
    expect(g.table).toEqual(table());
  });

  it('inserts, duplicates, moves and deletes rows, each undoable', () => {
    const { g } = grid();
    g.select(1, 0);
    g.insertRows('above');
    expect(g.table.rows.map((r) => r[0])).toEqual(['RAT', '', 'OX', 'TIGER']);
    expect(g.focus.row).toBe(1);
    g.undo();
    g.select(0, 0);
    g.duplicateRows();
    expect(g.table.rows.map((r) => r[0])).toEqual(['RAT', 'RAT', 'OX', 'TIGER']);
    g.undo();
    g.select(0, 0);
    g.moveRows(1);
    expect(g.table.rows.map((r) => r[0])).toEqual(['OX', 'RAT', 'TIGER']);
    expect(g.focus.row).toBe(1);
    g.deleteRows();
    expect(g.table.rows.map((r) => r[0])).toEqual(['OX', 'TIGER']);
    g.undo();
    g.undo();
    expect(g.table).toEqual(table());
  });

  it('adds, renames, moves and deletes columns; the view follows a renamed column', () => {
    const { g } = grid();
    g.setSort('power', 'desc');
    g.renameColumn(2, 'attack');
    expect(g.sort).toEqual({ column: 'attack', direction: 'desc' });
    expect(g.order).toEqual([1, 0, 2]);
    expect(g.renameColumn(2, 'id')).toBe(false);
    expect(g.error?.code).toBe('table/column-name');
    g.addColumn();
    expect(g.table.columns).toEqual(['id', 'name', 'attack', 'column_4']);
    g.moveColumn(3, 0);
    expect(g.table.columns[0]).toBe('column_4');
    g.deleteColumn(0);
    expect(g.table.columns).toEqual(['id', 'name', 'attack']);
  });

  it('sorts and filters as a view; "sort the file" writes the order and undoes', () => {
    const { g } = grid();
    g.setFilter('name', 'contains', '鼠');
    expect(g.order).toEqual([0]);
    expect(g.isFileOrder).toBe(false);
    expect(g.moveRows(1)).toBe(false);
    g.setFilter('name', 'contains', '');
    g.setSort('power', 'asc');
    expect(g.order).toEqual([2, 0, 1]);
    expect(g.table).toEqual(table());
    g.sortFile();
    expect(g.table.rows.map((r) => r[0])).toEqual(['TIGER', 'RAT', 'OX']);
    expect(g.sort).toBeUndefined();
    g.undo();
    expect(g.table).toEqual(table());
  });

  it('offers the allowed values of a list column', () => {
    const g = new GridState(table(), { specs: { name: { type: 'list', values: ['鼠', '牛'] } } });
    expect(g.optionsOf(1)).toEqual(['鼠', '牛']);
    expect(g.optionsOf(0)).toBeUndefined();
    expect(g.problem(0, 1)?.code).toBe('list');
  });

  it('marks invalid cells with the problem', () => {
    const { g } = grid();
    g.select(0, 2);
    g.keydown(key('x'));
    g.keydown(key('Enter'));
    expect(g.problem(0, 2)?.code).toBe('number');
    expect(g.problem(0, 2)?.line).toBe(2);
  });
});

describe('GridState find and replace', () => {
  it('finds matches in view order, wraps, and replaces one or all', () => {
    const { g } = grid(makeTable(['id', 'name'], [['A', 'rat'], ['B', 'Rat king'], ['C', 'ox']]));
    g.openFind(true);
    g.findText = 'rat';
    expect(g.matches).toEqual([{ row: 0, col: 1 }, { row: 1, col: 1 }]);
    g.select(2, 0);
    g.findNext();
    expect(g.focus).toEqual({ row: 0, col: 1 });
    g.findNext(true);
    expect(g.focus).toEqual({ row: 1, col: 1 });
    g.replaceText = 'mouse';
    g.replaceCurrent();
    expect(g.table.rows[1][1]).toBe('mouse king');
    expect(g.focus).toEqual({ row: 0, col: 1 });
    g.undo();
    expect(g.replaceAll()).toBe(2);
    expect(g.table.rows.map((r) => r[1])).toEqual(['mouse', 'mouse king', 'ox']);
    g.undo();
    g.matchCase = true;
    g.wholeCell = true;
    expect(g.matches).toEqual([{ row: 0, col: 1 }]);
  });
});

describe('GridState and its owner', () => {
  it('keeps the editor open when the owner hands back an equal copy, and reloads a changed table', () => {
    const { g } = grid();
    g.select(0, 1);
    g.keydown(key('a'));
    g.setTable(JSON.parse(JSON.stringify(g.table)) as CardTable);
    expect(g.editing).toBeDefined();
    g.input('ab');
    expect(g.history.undoDepth).toBe(1);
    g.select(2, 2);
    const reloaded = makeTable(['id', 'name'], [['RAT', '鼠']]);
    g.setTable(reloaded);
    expect(g.table).toBe(reloaded);
    expect(g.focus).toEqual({ row: 0, col: 1 });
  });
});

describe('GridState from a blank project', () => {
  it('pasting into an empty table creates the columns and rows', () => {
    const { g } = grid(makeTable([], []));
    expect(g.paste('id\tname\r\nRAT\t鼠\r\n')).toBe(true);
    expect(g.table.columns).toEqual(['column_1', 'column_2']);
    expect(g.table.rows).toEqual([['id', 'name'], ['RAT', '鼠']]);
    g.undo();
    expect(g.table).toEqual(makeTable([], []));
  });

  it('adds columns and rows by typing', () => {
    const { g } = grid(makeTable([], []));
    g.addColumn(0, 'id');
    g.appendRow();
    g.keydown(key('A'));
    g.keydown(key('Enter'));
    g.appendRow();
    g.keydown(key('B'));
    g.keydown(key('Tab'));
    expect(g.table.rows).toEqual([['A'], ['B']]);
    expect(g.history.undoDepth).toBe(5);
  });

  it('refuses edits when read-only and says why', () => {
    const g = new GridState(table(), { readonly: true });
    g.select(0, 0);
    expect(g.keydown(key('x'))).toBe('ignored');
    expect(g.editing).toBeUndefined();
    g.keydown(key('Delete'));
    expect(g.table).toEqual(table());
    expect(g.error?.code).toBe('table/readonly');
    expect(g.paste('a')).toBe(false);
  });
});

