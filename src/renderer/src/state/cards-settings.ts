/**
 * The project settings as the data page edits them: settings changes are `meta` commands in the
 * cards history (so one undo takes back a table edit or a settings edit alike), and column types
 * follow their columns through renames.
 */
import type { ColumnTypeDto, ProjectSettings } from '../../../shared/ipc/contract';
import type { CardTable, TableCommand } from '../../../shared/cards/table';
import { dictOf } from '../../../shared/util/dict';
import { TEMPLATE_KEY } from './step-origin';

/** Deep equality of plain JSON values. */
export const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The settings as they are written: column types only for `columns` the table has, and never the default `text`. */
export function settingsForColumns(settings: ProjectSettings | null, columns: readonly string[]): ProjectSettings | null {
  if (!settings) return null;
  const kept: ProjectSettings['columns'] = dictOf(Object.entries(settings.columns).filter(([name, spec]) => columns.includes(name) && spec.type !== 'text'));
  return { ...settings, columns: kept };
}

/**
 * The command that changes settings fields (run it through the grid, so it joins the history):
 * `set` holds the new values, `was` the current ones.
 */
export function settingsCommand(s: ProjectSettings | null, patch: Partial<ProjectSettings>): TableCommand | undefined {
  if (!s) return undefined;
  const set: Record<string, unknown> = {};
  const was: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) {
    const old = s[k as keyof ProjectSettings];
    if (sameJson(old, v)) continue;
    set[k] = v;
    was[k] = old;
  }
  return Object.keys(set).length ? { kind: 'meta', set, was } : undefined;
}

/** The command that sets one column's type (see `settingsCommand`). */
export function columnTypeCommand(s: ProjectSettings | null, column: string, spec: ColumnTypeDto): TableCommand | undefined {
  if (!s) return undefined;
  const columns = dictOf(Object.entries(s.columns));
  if (spec.type === 'text') delete columns[column];
  else columns[column] = spec.type === 'list' ? { type: 'list', values: [...(spec.values ?? [])] } : { type: spec.type };
  return settingsCommand(s, { columns });
}

/** The settings keys of a meta step (template keys left out). */
export function settingsPart(set: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(set)) if (!k.startsWith(TEMPLATE_KEY)) out[k] = v;
  return out;
}

/** Rename the column types along with renamed columns (in the command, or its batch). */
export function carryColumnTypes(settings: ProjectSettings, before: CardTable, command: TableCommand): ProjectSettings {
  const renames: { from: string; to: string }[] = [];
  let cols = [...before.columns];
  const walk = (c: TableCommand): void => {
    if (c.kind === 'renameColumn') {
      const from = cols[c.at];
      if (from !== undefined && from !== c.name.trim()) renames.push({ from, to: c.name.trim() });
      cols[c.at] = c.name.trim();
    } else if (c.kind === 'addColumn') cols.splice(c.at, 0, c.name);
    else if (c.kind === 'deleteColumn') cols.splice(c.at, 1);
    else if (c.kind === 'moveColumn') {
      const [x] = cols.splice(c.from, 1);
      cols.splice(c.to, 0, x!);
    } else if (c.kind === 'batch') c.commands.forEach(walk);
  };
  walk(command);
  if (renames.length === 0) return settings;
  let columns = settings.columns;
  for (const { from, to } of renames) {
    if (!Object.hasOwn(columns, from)) continue;
    const next = dictOf(Object.entries(columns));
    next[to] = next[from]!;
    delete next[from];
    columns = next;
  }
  return columns === settings.columns ? settings : { ...settings, columns };
}
