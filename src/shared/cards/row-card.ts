/**
 * One row of a cards table (as the data grid holds it, possibly unsaved and not yet valid) as a
 * `Card` the layout can draw, for the live preview. Lenient where the loader is strict: an empty
 * id, odd copies or an unknown template are drawn anyway (with the default template) and reported
 * as warnings, so the preview keeps up while the designer types.
 */
import type { Card } from './schema';
import { matchRule, type TemplateRule } from './template-rules';

const RESERVED = new Set(['id', 'copies', 'template', 'back']);

/** What to say about a row the loader would refuse, in English (the preview lists it with the layout warnings). */
export interface RowWarning {
  cardId: string;
  layer: string;
  message: string;
}

/**
 * The card of a row: `id`, `copies`, `template`, `back` from their columns, every other column a
 * field. `templates` are the template names the project has.
 * @example rowCard(['id', 'name'], ['A-1', '春'], new Set(['front', 'back'])).card.fields // { name: '春' }
 */
export function rowCard(columns: readonly string[], row: readonly string[], templates: ReadonlySet<string>, rules?: readonly TemplateRule[]): { card: Card; warnings: RowWarning[] } {
  const warnings: RowWarning[] = [];
  const cell = (name: string): string => {
    const i = columns.indexOf(name);
    return i >= 0 ? (row[i] ?? '') : '';
  };
  const id = cell('id').trim();
  const cardId = id || '(no id)';
  if (!id) warnings.push({ cardId, layer: '', message: 'The card has no id yet; give it a unique id before it can be saved.' });
  const copiesText = cell('copies').trim();
  const copies = copiesText === '' ? 1 : Number(copiesText);
  const copiesOk = Number.isInteger(copies) && copies >= 0 && copies <= 999;
  if (!copiesOk) warnings.push({ cardId, layer: '', message: `copies "${copiesText}" is not a whole number from 0 to 999.` });
  const pick = (name: 'template' | 'back', fallback: string): string => {
    const t = cell(name).trim() || fallback;
    if (templates.has(t)) return t;
    warnings.push({ cardId, layer: '', message: `${name} "${t}" is not a template of this project (have: ${[...templates].join(', ')}); drawn with "${fallback}".` });
    return fallback;
  };
  // No template named on the row: the first of the project's rules its fields meet chooses.
  let ruled: { template: string; back?: string } | undefined;
  if (rules?.length && !cell('template').trim()) {
    const scope: Record<string, string> = Object.create(null);
    columns.forEach((c, i) => (scope[c] = row[i] ?? ''));
    const m = matchRule(rules, scope);
    for (const e of m.errors) warnings.push({ cardId, layer: '', message: `templateRules[${e.index}]: ${e.error.en} (${e.error.zh})` });
    if (m.rule) ruled = m.rule;
  }
  const template = pick('template', ruled && templates.has(ruled.template) ? ruled.template : 'front');
  const back = pick('back', ruled?.back && templates.has(ruled.back) ? ruled.back : 'back');
  // Null-prototype, as the loader makes them: a column named `constructor` is a field like any other.
  const fields: Record<string, string> = Object.create(null);
  columns.forEach((c, i) => {
    if (!RESERVED.has(c)) fields[c] = row[i] ?? '';
  });
  return { card: { id: cardId, copies: copiesOk ? copies : 1, template, back, fields }, warnings };
}
