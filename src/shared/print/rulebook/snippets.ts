/**
 * Markdown the Rules page inserts when the author picks cards: a row of card figures, or a table
 * of the cards' fields. Pure text builders; what they write is ordinary rulebook Markdown (see
 * README "Markdown conventions"), so the author can edit it like anything typed.
 */

/** A card as the picker offers it: its id, a caption and its fields by column. */
export interface PickedCard {
  id: string;
  caption: string;
  fields: Record<string, string>;
}

/** Text safe inside `![…]`: no brackets that would end it, no line breaks. */
function altText(s: string): string {
  return s.replace(/[\r\n]+/g, ' ').replace(/([[\]\\])/g, '\\$1').trim();
}

/** A figure ref as a Markdown link destination: in angle brackets when the id has spaces or parentheses. */
function destination(ref: string): string {
  return /[\s()<>]/.test(ref) ? `<${ref.replace(/[<>]/g, '')}>` : ref;
}

/**
 * Figures of `cards` (fronts, or backs with `face: 'back'`) in one paragraph, which the typesetter
 * sets as one row; `width` is each figure's share of the column (default: 35 % for one card, else
 * shared out, at least 18 %).
 * @example figureMarkdown([{ id: 'card-1', caption: '春', fields: {} }]) // '![春](card:card-1 "35%")'
 */
export function figureMarkdown(cards: readonly PickedCard[], opts: { face?: 'front' | 'back'; width?: number } = {}): string {
  if (cards.length === 0) return '';
  const prefix = opts.face === 'back' ? 'back' : 'card';
  const width = opts.width ?? (cards.length === 1 ? 35 : Math.max(18, Math.floor(96 / cards.length)));
  return cards.map((c) => `![${altText(c.caption)}](${destination(`${prefix}:${c.id}`)} "${Math.round(width)}%")`).join(' ');
}

/** A table cell: pipes escaped, line breaks as spaces. */
function cell(s: string): string {
  return s.replace(/\r?\n/g, ' ').replace(/\\/g, '\\\\').replace(/\|/g, '\\|').trim();
}

/**
 * A GFM table of `cards`, one row each, with the `columns` picked (headers as the data names them).
 * @example tableMarkdown([{ id: 'a', caption: 'A', fields: { name: 'A', cost: '2' } }], ['name', 'cost'])
 * // '| name | cost |\n| --- | --- |\n| A | 2 |'
 */
export function tableMarkdown(cards: readonly PickedCard[], columns: readonly string[]): string {
  if (cards.length === 0 || columns.length === 0) return '';
  const head = `| ${columns.map(cell).join(' | ')} |`;
  const rule = `| ${columns.map(() => '---').join(' | ')} |`;
  const rows = cards.map((c) => `| ${columns.map((col) => cell(col === 'id' ? c.id : (c.fields[col] ?? ''))).join(' | ')} |`);
  return [head, rule, ...rows].join('\n');
}
