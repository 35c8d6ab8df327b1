/** Interface text for the grid's problems and failures, in the current language. */
import type { CellProblem } from '../../../../shared/cards/table';
import type { AppErrorInfo } from '../../../../shared/util/result';
import { i18n } from '../../i18n/I18n.svelte';
import type { MessageKey } from '../../i18n/catalogue';

/** A validation problem as a sentence naming the row (numbered as the grid numbers it) and column, with the fix. */
export function problemText(p: CellProblem): string {
  return i18n.t(`grid.problem.${p.code}` as MessageKey, {
    row: String(gridRowNumber(p.row)),
    column: p.column,
    value: p.value,
    allowed: (p.allowed ?? []).join('、'),
    first: p.firstRow === undefined ? '' : String(gridRowNumber(p.firstRow)),
  });
}

/** The number the grid shows beside a row (file order, from 1): every message of the data page names rows by it. */
export function gridRowNumber(fileRow: number): number {
  return fileRow + 1;
}

export const ERROR_KEYS: Record<string, MessageKey> = {
  'table/column-name': 'grid.error.column-name',
  'table/view-order': 'grid.error.view-order',
  'table/readonly': 'grid.error.readonly',
};

/** A failed grid action in the interface language (falls back to the model's English message). */
export function errorText(e: AppErrorInfo): string {
  const key = ERROR_KEYS[e.code];
  return key ? i18n.t(key) : i18n.t('grid.error.other', { message: e.message });
}

/** A `#rrggbb` value, which the grid shows with a swatch. */
export function isColour(value: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(value);
}
