/**
 * The data grid's keyboard, as in a spreadsheet: arrows, Tab and Enter move, Ctrl/Cmd+arrows jump
 * to the edges, typing opens the cell editor, and the clipboard and find keys are reported back
 * for the component to act on (it owns the DOM).
 */
import type { GridState } from './grid.svelte';
import type { KeyInput, KeyOutcome } from './grid-types';

/**
 * Handle a key like a spreadsheet. Returns what happened; `copy`, `cut` and `paste` mean the
 * component should use the clipboard (navigator.clipboard), `find` / `replace` that the find bar
 * opened.
 */
export function keydown(grid: GridState, k: KeyInput): KeyOutcome {
  const mod = !!(k.ctrlKey || k.metaKey);
  const key = k.key.length === 1 ? k.key.toLowerCase() : k.key;
  if (mod && !k.altKey) {
    switch (key) {
      case 'z':
        if (k.shiftKey) grid.redo();
        else grid.undo();
        return 'handled';
      case 'y':
        grid.redo();
        return 'handled';
      case 'f':
        grid.openFind(false);
        return 'find';
      case 'h':
        grid.openFind(true);
        return 'replace';
      case 'c':
        return grid.editing ? 'ignored' : 'copy';
      case 'x':
        return grid.editing ? 'ignored' : 'cut';
      case 'v':
        return grid.editing ? 'ignored' : 'paste';
    }
  }
  if (grid.editing) return editingKey(grid, k);
  if (mod && !k.altKey) {
    switch (key) {
      case 'd':
        grid.fillDown();
        return 'handled';
      case 'a':
        grid.selectAll();
        return 'handled';
      case 'ArrowUp':
        grid.select(0, grid.focus.col, k.shiftKey);
        return 'handled';
      case 'ArrowDown':
        grid.select(grid.rowCount - 1, grid.focus.col, k.shiftKey);
        return 'handled';
      case 'ArrowLeft':
      case 'Home':
        grid.select(key === 'Home' ? 0 : grid.focus.row, 0, k.shiftKey);
        return 'handled';
      case 'ArrowRight':
      case 'End':
        grid.select(key === 'End' ? grid.rowCount - 1 : grid.focus.row, grid.colCount - 1, k.shiftKey);
        return 'handled';
    }
    return 'ignored';
  }
  switch (k.key) {
    case 'ArrowUp':
      grid.move(-1, 0, k.shiftKey);
      return 'handled';
    case 'ArrowDown':
      grid.move(1, 0, k.shiftKey);
      return 'handled';
    case 'ArrowLeft':
      grid.move(0, -1, k.shiftKey);
      return 'handled';
    case 'ArrowRight':
      grid.move(0, 1, k.shiftKey);
      return 'handled';
    case 'Tab':
      // At the edge Tab leaves the grid, so keyboard users are never trapped in it.
      if (k.shiftKey ? grid.focus.col === 0 : grid.focus.col >= grid.colCount - 1) return 'ignored';
      grid.move(0, k.shiftKey ? -1 : 1);
      return 'handled';
    case 'Enter':
      grid.move(k.shiftKey ? -1 : 1, 0);
      return 'handled';
    case 'Home':
      grid.select(grid.focus.row, 0, k.shiftKey);
      return 'handled';
    case 'End':
      grid.select(grid.focus.row, grid.colCount - 1, k.shiftKey);
      return 'handled';
    case 'PageDown':
      grid.move(grid.pageSize, 0, k.shiftKey);
      return 'handled';
    case 'PageUp':
      grid.move(-grid.pageSize, 0, k.shiftKey);
      return 'handled';
    case 'F2':
      grid.startEdit('edit');
      return 'handled';
    case 'Delete':
    case 'Backspace':
      grid.clearSelection();
      return 'handled';
    case 'Escape':
      if (grid.findOpen) grid.closeFind();
      else grid.anchor = grid.focus;
      return 'handled';
  }
  if (k.key === 'Process' && !grid.readonly) {
    // An input method (pinyin, zhuyin…) is composing: open an empty editor for the composed text
    // and let the key through to it.
    grid.startEdit('enter', '');
    return 'ignored';
  }
  if (k.key.length === 1 && !k.altKey && !grid.readonly) {
    grid.startEdit('enter', k.key);
    return 'handled';
  }
  return 'ignored';
}

function editingKey(grid: GridState, k: KeyInput): KeyOutcome {
  const e = grid.editing!;
  switch (k.key) {
    case 'Escape':
      grid.cancelEdit();
      return 'handled';
    case 'Enter':
      if (k.altKey) {
        // A line break inside the cell, as Alt+Enter does in spreadsheets; the editor inserts it.
        return 'ignored';
      }
      grid.commitEdit();
      grid.move(k.shiftKey ? -1 : 1, 0);
      return 'handled';
    case 'Tab':
      grid.commitEdit();
      grid.move(0, k.shiftKey ? -1 : 1);
      return 'handled';
    case 'ArrowUp':
    case 'ArrowDown':
    case 'ArrowLeft':
    case 'ArrowRight':
      if (e.mode === 'edit') return 'ignored';
      grid.commitEdit();
      grid.move(k.key === 'ArrowUp' ? -1 : k.key === 'ArrowDown' ? 1 : 0, k.key === 'ArrowLeft' ? -1 : k.key === 'ArrowRight' ? 1 : 0);
      return 'handled';
    case 'F2':
      grid.editing = { ...e, mode: e.mode === 'edit' ? 'enter' : 'edit' };
      return 'handled';
  }
  return 'ignored';
}
