/**
 * Where a JSON text stops parsing, as a person finds it in a text editor: line and column (both
 * from 1), from the engine's message (`… at position 57`, or newer engines' `(line 3 column 5)`).
 */
export interface JsonErrorAt {
  line: number;
  column: number;
}

/** The line and column a `JSON.parse` error of `text` points at, if its message says. */
export function jsonErrorAt(text: string, error: unknown): JsonErrorAt | undefined {
  const message = String((error as Error)?.message ?? error);
  const lc = /line (\d+) column (\d+)/i.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /position (\d+)/i.exec(message);
  let at: number | undefined = pos ? Number(pos[1]) : undefined;
  if (at === undefined && /unexpected end of json input/i.test(message)) at = text.length;
  if (at === undefined || !Number.isFinite(at)) return undefined;
  at = Math.min(at, text.length);
  let line = 1;
  let start = 0;
  for (let i = 0; i < at; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: at - start + 1 };
}

/** The problem of a file that is not valid JSON, in both languages, naming the line and column. */
export function jsonProblem(file: string, text: string, error: unknown): { zh: string; en: string; line?: number; column?: number } {
  const at = jsonErrorAt(text, error);
  const detail = String((error as Error)?.message ?? error).replace(/^SyntaxError:\s*/, '');
  return at
    ? {
        zh: `${file} 第 ${at.line} 行第 ${at.column} 列不是有效的 JSON。请在文本编辑器中改正这一处（常见原因：少了逗号、引号或括号，或多了一个逗号）。`,
        en: `${file} is not valid JSON at line ${at.line}, column ${at.column} (${detail}). Fix it there in a text editor (usually a missing comma, quote or bracket, or one comma too many).`,
        line: at.line,
        column: at.column,
      }
    : {
        zh: `${file} 不是有效的 JSON。请在文本编辑器中改正（常见原因：少了逗号、引号或括号，或多了一个逗号）。`,
        en: `${file} is not valid JSON (${detail}). Fix it in a text editor.`,
      };
}
