import type { AppErrorInfo } from '../util/result';
import { DUPLICATE_ID, type Table, type TableDiff } from './import-diff';

/** Something to know before applying an import, in both interface languages. */
export interface ImportNote {
  /** `import/new-columns`, `import/missing-columns`, `import/no-key`, `import/empty-ids`, `import/no-rows`, `import/duplicate-id`. */
  code: string;
  message: { zh: string; en: string };
}

const quoted = (names: readonly string[], max = 8): { zh: string; en: string } => {
  const shown = names.slice(0, max);
  const more = names.length - shown.length;
  return {
    zh: shown.map((n) => `“${n}”`).join('、') + (more > 0 ? ` 等 ${names.length} 列` : ''),
    en: shown.map((n) => `"${n}"`).join(', ') + (more > 0 ? ` and ${more} more` : ''),
  };
};

/**
 * What a designer should know before applying an import of `incoming` over `current`: columns the
 * file adds or lacks, rows matched by order (no key column), rows without an id (added as new cards),
 * an empty sheet. Pure, so the preview channel and the import dialog word it the same way.
 * @example importNotes(current, incoming, diff).map((n) => n.message.en)
 */
export function importNotes(current: Table, incoming: Table, diff: TableDiff, key = 'id'): ImportNote[] {
  const notes: ImportNote[] = [];
  if (incoming.rows.length === 0)
    notes.push({ code: 'import/no-rows', message: { zh: '文件只有表头，没有卡牌行。', en: 'The file has a header but no rows of cards.' } });
  if (diff.columnsAdded.length > 0) {
    const q = quoted(diff.columnsAdded);
    notes.push({
      code: 'import/new-columns',
      message: { zh: `项目中没有 ${q.zh}，导入时会作为新列添加到末尾。`, en: `The project has no column ${q.en}; importing adds ${diff.columnsAdded.length === 1 ? 'it' : 'them'} at the end.` },
    });
  }
  if (diff.columnsRemoved.length > 0) {
    const q = quoted(diff.columnsRemoved);
    notes.push({
      code: 'import/missing-columns',
      message: {
        zh: `文件中没有 ${q.zh}：这些列保持原值；勾选“删除文件中没有的行和列”才会删除它们。`,
        en: `The file has no column ${q.en}: ${diff.columnsRemoved.length === 1 ? 'it keeps its' : 'they keep their'} values unless "Remove rows and columns not in the file" is on.`,
      },
    });
  }
  if (!diff.key && incoming.rows.length > 0)
    notes.push({
      code: 'import/no-key',
      message: {
        zh: `项目或文件中没有“${key}”列，行按顺序对应（第 1 行对第 1 行）。若行的顺序不同，请先在文件中加上“${key}”列。`,
        en: `The project or the file has no "${key}" column, so rows are matched by their order (row 1 with row 1). If the order differs, add the "${key}" column to the file first.`,
      },
    });
  else if (diff.key) {
    const blank = incoming.rows.filter((r) => (r[diff.key!.incoming] ?? '').trim() === '').length;
    if (blank > 0)
      notes.push({
        code: 'import/empty-ids',
        message: {
          zh: `文件中有 ${blank} 行的“${incoming.columns[diff.key.incoming]}”为空，它们会作为新卡牌添加。`,
          en: `${blank} ${blank === 1 ? 'row' : 'rows'} of the file ${blank === 1 ? 'has' : 'have'} an empty "${incoming.columns[diff.key.incoming]}"; ${blank === 1 ? 'it is' : 'they are'} added as new cards.`,
        },
      });
  }
  return notes;
}

/**
 * A failed diff (two rows with one id) as a note in both languages, naming the table, the lines
 * and the id; other failures keep their English message.
 */
export function diffFailureNote(e: AppErrorInfo): ImportNote {
  if (e.code === DUPLICATE_ID && e.details && typeof e.details === 'object') {
    const d = e.details as { which: 'current' | 'imported'; column: string; id: string; lines: [number, number] };
    const where = d.which === 'current' ? { zh: '项目的卡牌数据', en: 'the project’s cards' } : { zh: '导入的文件', en: 'the imported file' };
    return {
      code: 'import/duplicate-id',
      message: {
        zh: `${where.zh}中第 ${d.lines[0]} 行和第 ${d.lines[1]} 行的“${d.column}”都是“${d.id}”。请让每行的“${d.column}”各不相同，或选择另一个匹配列。`,
        en: `In ${where.en}, lines ${d.lines[0]} and ${d.lines[1]} both have ${d.column} "${d.id}". Give every row its own ${d.column}, or match rows by another column.`,
      },
    };
  }
  return { code: e.code, message: { zh: e.message, en: e.message } };
}
