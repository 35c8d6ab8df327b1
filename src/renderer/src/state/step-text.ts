/**
 * What one history step did, as a short phrase in the interface language ("填充 back 列 11 格",
 * "Fill 11 cells of back"), for the note an undo or redo leaves and for the question asked before
 * undoing a step made on another page.
 */
import type { CardTable, HistoryStep, TableCommand } from '../../../shared/cards/table';
import { i18n } from '../i18n/I18n.svelte';
import { TEMPLATE_KEY } from './step-origin';

const list = (names: readonly string[]): string => names.join(i18n.locale === 'zh' ? '、' : ', ');

/** The column names a set of cells touches, when they are all in one column (else undefined). */
function oneColumn(columns: readonly string[], cols: Iterable<number>): string | undefined {
  const set = new Set(cols);
  return set.size === 1 ? columns[[...set][0]!] : undefined;
}

function cells(n: number, column: string | undefined): string {
  return column === undefined ? i18n.t('step.cells', { n }) : i18n.t('step.cellsOf', { n, column });
}

/** A phrase for `command` (the step's own command, not its inverse), with `columns` the table's header around it. */
export function commandText(command: TableCommand, columns: readonly string[], inverse?: TableCommand): string {
  switch (command.kind) {
    case 'setCells': {
      const h = command.values.length;
      const w = command.values[0]?.length ?? 0;
      if (h * w === 1) return i18n.t('step.edit', { row: command.row + 1, column: columns[command.col] ?? '' });
      return i18n.t('step.paste', { what: cells(h * w, w === 1 ? columns[command.col] : undefined) });
    }
    case 'patch':
      return i18n.t('step.change', { what: cells(command.cells.length, oneColumn(columns, command.cells.map((c) => c.col))) });
    case 'fillDown': {
      const { top, bottom, left, right } = command.range;
      const n = (Math.abs(bottom - top)) * (Math.abs(right - left) + 1);
      return i18n.t('step.fill', { what: cells(n, left === right ? columns[left] : undefined) });
    }
    case 'replaceAll':
      return i18n.t('step.replace', { find: command.find, replace: command.replace });
    case 'insertRows':
      return i18n.t('step.addRows', { n: command.rows.length });
    case 'restoreRows':
      return i18n.t('step.addRows', { n: command.entries.length });
    case 'deleteRows':
      return i18n.t('step.deleteRows', { n: command.indices.length });
    case 'duplicateRows':
      return i18n.t('step.duplicateRows', { n: command.indices.length });
    case 'moveRows':
      return i18n.t('step.moveRows', { n: command.count });
    case 'reorderRows':
    case 'sortFile':
      return i18n.t('step.sort');
    case 'addColumn':
      return i18n.t('step.addColumn', { column: command.name });
    case 'renameColumn':
      return i18n.t('step.renameColumn', { from: columns[command.at] ?? '', column: command.name });
    case 'deleteColumn':
      return i18n.t('step.deleteColumn', { column: inverse?.kind === 'addColumn' ? inverse.name : (columns[command.at] ?? '') });
    case 'moveColumn':
      return i18n.t('step.moveColumn', { column: columns[command.from] ?? '' });
    case 'replaceTable':
      return i18n.t('step.replaceTable');
    case 'batch':
      return command.commands.length === 1 ? commandText(command.commands[0]!, columns) : i18n.t('step.batch', { n: command.commands.length });
    case 'meta': {
      const names = Object.keys(command.set).filter((k) => k.startsWith(TEMPLATE_KEY)).map((k) => k.slice(TEMPLATE_KEY.length));
      if (names.length) return i18n.t('step.template', { name: list(names) });
      return i18n.t('step.settings');
    }
  }
}

/** A phrase for a history step, read against the table as it is now. */
export function stepText(step: HistoryStep, table: CardTable): string {
  return commandText(step.command, table.columns, step.inverse);
}
