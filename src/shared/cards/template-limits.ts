/**
 * The size limits of a template, checked on its raw JSON before the schema (which recurses into
 * groups) or layout (whose cost grows with table cells, text and shrink-to-fit tries) see it. A
 * template is a small file, yet one of 650 KB can ask layout for millions of table cells: every
 * limit here bounds the work one card's layout can take. Iterative, one pass over the layers.
 */
import { PROJECT_LIMITS } from './limits';
import { MAX_JSON_DEPTH, tooDeepMessage, valueTooDeep } from '../util/json-depth';

/** A template over a limit: where (`layers[2].layers[0]`), the layer's id, and the message in both languages. */
export interface TemplateLimitProblem {
  where: string;
  layerId?: string;
  en: string;
  zh: string;
}

const n = (v: number): string => v.toLocaleString('en-US');

/**
 * The limit problems of a template's raw (parsed, migrated) JSON, at most a few; an empty list
 * when it is within every limit. Values of the wrong type are left to the schema.
 */
export function templateLimitProblems(raw: unknown): TemplateLimitProblem[] {
  const deep = valueTooDeep(raw, MAX_JSON_DEPTH);
  if (deep !== undefined) {
    const m = tooDeepMessage('The template', deep);
    return [{ where: deep, ...m }];
  }
  const out: TemplateLimitProblem[] = [];
  const top = (raw as { layers?: unknown } | null)?.layers;
  if (!Array.isArray(top)) return out;
  let layers = 0;
  let shrink = 0;
  let cells = 0;
  const stack: { list: unknown[]; at: string; depth: number }[] = [{ list: top, at: 'layers', depth: 0 }];
  while (stack.length && out.length < 5) {
    const { list, at, depth } = stack.pop()!;
    layers += list.length;
    if (layers > PROJECT_LIMITS.layers) {
      out.push({
        where: 'layers',
        en: `has more than ${n(PROJECT_LIMITS.layers)} layers counting those in groups; merge layers or split the template into several templates`,
        zh: `图层超过 ${n(PROJECT_LIMITS.layers)} 个（含组内图层）；请合并图层，或把模板拆成几个模板`,
      });
      break;
    }
    for (let i = 0; i < list.length; i++) {
      const l = list[i] as Record<string, unknown> | null;
      if (typeof l !== 'object' || l === null) continue;
      const where = `${at}[${i}]`;
      const id = typeof l.id === 'string' ? l.id.slice(0, 60) : undefined;
      const name = { en: id === undefined ? `layer ${where}` : `layer "${id}" (${where})`, zh: id === undefined ? `图层 ${where}` : `图层“${id}”（${where}）` };
      const add = (en: string, zh: string) => out.push({ where, ...(id !== undefined ? { layerId: id } : {}), en: `${name.en} ${en}`, zh: `${name.zh}${zh}` });
      if (l.type === 'group' && Array.isArray(l.layers)) {
        if (depth + 1 > PROJECT_LIMITS.groupDepth) {
          add(`is a group nested ${depth + 1} deep; the limit is ${PROJECT_LIMITS.groupDepth}; ungroup some of the groups around it`, `是嵌套第 ${depth + 1} 层的组；上限是 ${PROJECT_LIMITS.groupDepth} 层；请取消外层的一些分组`);
          continue;
        }
        stack.push({ list: l.layers, at: `${where}.layers`, depth: depth + 1 });
      }
      if (l.type === 'text') {
        if (typeof l.text === 'string' && l.text.length > PROJECT_LIMITS.templateTextChars)
          add(`has ${n(l.text.length)} characters of text; the limit is ${n(PROJECT_LIMITS.templateTextChars)}; shorten it or move the text to a column of cards.csv`, `的文字有 ${n(l.text.length)} 个字符；上限是 ${n(PROJECT_LIMITS.templateTextChars)}；请缩短，或把文字移到 cards.csv 的一列`);
        if (l.fit === 'shrink' && ++shrink === PROJECT_LIMITS.shrinkLayers + 1)
          add(`is the ${n(shrink)}th shrink-to-fit text layer; the limit is ${n(PROJECT_LIMITS.shrinkLayers)} per template; set "fit" to "wrap" on the layers that do not need shrinking`, `是第 ${n(shrink)} 个“缩小以适应”文字图层；每个模板最多 ${n(PROJECT_LIMITS.shrinkLayers)} 个；请把不需要缩小的图层的 fit 改为 wrap`);
      }
      if (l.type === 'table') {
        const cols = Array.isArray(l.columns) ? l.columns.length : 0;
        if (cols > PROJECT_LIMITS.tableColumns)
          add(`is a table of ${n(cols)} columns; the limit is ${n(PROJECT_LIMITS.tableColumns)}; split it into several tables`, `是有 ${n(cols)} 列的表格；上限是 ${n(PROJECT_LIMITS.tableColumns)} 列；请拆成几个表格`);
        if (typeof l.rowHeight === 'number' && l.rowHeight < PROJECT_LIMITS.tableRowHeightMm)
          add(`has a row height of ${l.rowHeight} mm; the smallest is ${PROJECT_LIMITS.tableRowHeightMm} mm; raise "rowHeight"`, `的行高是 ${l.rowHeight} 毫米；最小是 ${PROJECT_LIMITS.tableRowHeightMm} 毫米；请调大 rowHeight`);
        if (typeof l.rows === 'string') {
          if (l.rows.length > PROJECT_LIMITS.templateTextChars)
            add(`has ${n(l.rows.length)} characters of rows; the limit is ${n(PROJECT_LIMITS.templateTextChars)}; shorten the table`, `的表格内容有 ${n(l.rows.length)} 个字符；上限是 ${n(PROJECT_LIMITS.templateTextChars)}；请缩短表格`);
          else {
            const lines = countLines(l.rows);
            if (lines > PROJECT_LIMITS.tableRows)
              add(`has ${n(lines)} rows; the limit is ${n(PROJECT_LIMITS.tableRows)}; split it into several tables`, `有 ${n(lines)} 行；上限是 ${n(PROJECT_LIMITS.tableRows)} 行；请拆成几个表格`);
            else {
              // Rows bound from the cards may have any number of lines, up to what layout lays out.
              const rows = l.rows.includes('{{') ? PROJECT_LIMITS.tableRows : lines;
              const before = cells;
              cells += Math.min(cols, PROJECT_LIMITS.tableColumns) * rows;
              if (before <= PROJECT_LIMITS.tableCells && cells > PROJECT_LIMITS.tableCells)
                add(
                  `brings the template's tables to ${n(cells)} cells (a table bound to a column counts ${PROJECT_LIMITS.tableRows} rows); the limit is ${n(PROJECT_LIMITS.tableCells)}; use fewer or smaller tables`,
                  `使模板中表格的单元格达到 ${n(cells)} 个（绑定到列的表格按 ${PROJECT_LIMITS.tableRows} 行计）；上限是 ${n(PROJECT_LIMITS.tableCells)}；请减少表格或缩小表格`,
                );
            }
          }
        }
      }
    }
  }
  return out.slice(0, 5);
}

function countLines(s: string): number {
  let k = 1;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) k++;
  return k;
}
