import { PROJECT_LIMITS } from '../../cards/limits';

/**
 * A rulebook source the typesetter will not read: over `PROJECT_LIMITS.fileBytes`, or with block
 * quotes and lists nested deeper than `PROJECT_LIMITS.markdownNesting` (marked recurses once per
 * level: 20,000 nested `>` overflowed its stack, and 1,000 indented list levels took 24 s).
 * The message names the line and says how to fix it; the caller adds the file name.
 */
export class RulebookSourceError extends Error {
  override name = 'RulebookSourceError';
  constructor(
    message: string,
    /** The 1-based line the problem is on, when there is one. */
    public readonly line?: number,
  ) {
    super(message);
  }
}

const MIB = 1024 * 1024;

/** UTF-8 bytes of a string, counted without encoding it. */
function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 2 : 3; // a surrogate pair is 4
  }
  return n;
}

const QUOTE = / {0,3}>[ \t]?/y;
const ITEM = /(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/y;
const THEMATIC_BREAK = / {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/y;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** Whether sticky `re` matches `s` at `at`; leaves `re.lastIndex` just past the match. */
function matchAt(re: RegExp, s: string, at: number): boolean {
  re.lastIndex = at;
  return re.test(s);
}

/** Columns of leading blanks (a tab advances to the next multiple of 4), and where they end. */
function indentOf(line: string): { cols: number; end: number } {
  let cols = 0;
  let i = 0;
  for (; i < line.length; i++) {
    if (line[i] === ' ') cols++;
    else if (line[i] === '\t') cols += 4 - (cols % 4);
    else break;
  }
  return { cols, end: i };
}

/**
 * Check a rulebook source before marked reads it: its size; how deeply block quotes and lists
 * nest, by a scan of each line's leading `>` markers, list markers and indentation (a close
 * reading of CommonMark's container rules that never under-counts a line's own markers); and how
 * deeply emphasis nests in a paragraph. Fenced code is skipped. One pass over the text, no
 * recursion.
 * @example checkRulebookSource('> > > three levels') // → undefined
 */
export function checkRulebookSource(markdown: string): RulebookSourceError | undefined {
  const L = PROJECT_LIMITS;
  if (markdown.length > L.fileBytes || (markdown.length * 3 > L.fileBytes && utf8Bytes(markdown) > L.fileBytes))
    return new RulebookSourceError(`is ${(utf8Bytes(markdown) / MIB).toFixed(1)} MiB; the limit for a rulebook source is ${L.fileBytes / MIB} MiB. Split it or remove what it does not need.`);
  // Content columns of the open list items, counted after the quote markers of the lines that
  // opened them (itemQuotes of them).
  let items: number[] = [];
  let itemQuotes = 0;
  let prevBlank = true;
  let fence: { ch: string; len: number; quotes: number } | undefined;
  // Emphasis delimiters opened and not yet closed in the current paragraph.
  let emphasis = 0;
  let lineNo = 0;
  for (let start = 0; start <= markdown.length; ) {
    const nl = markdown.indexOf('\n', start);
    const end = nl === -1 ? markdown.length : nl;
    const line = markdown.slice(start, end > start && markdown[end - 1] === '\r' ? end - 1 : end);
    start = end + 1;
    lineNo++;
    // Inside fenced code only the fence's own quote markers are markup; the rest is code.
    const maxQuotes = fence ? fence.quotes : L.markdownNesting + 1;
    let quotes = 0;
    let p = 0;
    while (quotes < maxQuotes && matchAt(QUOTE, line, p)) (quotes++, (p = QUOTE.lastIndex));
    if (quotes > L.markdownNesting) return tooDeep(lineNo);
    const rest = line.slice(p);
    if (fence) {
      const close = FENCE_CLOSE.exec(rest);
      if (close && close[1]![0] === fence.ch && close[1]!.length >= fence.len) fence = undefined;
      continue;
    }
    if (rest.trim() === '') {
      prevBlank = true;
      emphasis = 0;
      continue;
    }
    if (quotes !== itemQuotes) ((items = []), (itemQuotes = quotes));
    const ind = indentOf(rest);
    // Four columns past the innermost item's content is indented code (after a blank line) or a
    // paragraph's continuation: no markers either way.
    if (ind.cols >= (items[items.length - 1] ?? 0) + 4) {
      if (!prevBlank && (emphasis = emphasisDepth(rest, ind.end, emphasis)) > INLINE_NESTING) return tooDeepInline(lineNo);
      continue;
    }
    const item = matchAt(ITEM, rest, ind.end) && !matchAt(THEMATIC_BREAK, rest, 0);
    // A list item closes the items it is not indented into, and so does any line after a blank
    // one; other lines may be lazy continuations of a paragraph, which close nothing.
    if (item || prevBlank) while (items.length && items[items.length - 1]! > ind.cols) items.pop();
    prevBlank = false;
    // The markers that open this line: list items, and quotes inside them (`- > - > x`).
    let q = ind.end;
    let col = ind.cols;
    let inner = 0;
    for (;;) {
      const depth = quotes + items.length + inner;
      if (depth > L.markdownNesting) return tooDeep(lineNo);
      if (matchAt(ITEM, rest, q)) {
        const after = ITEM.lastIndex;
        if (matchAt(THEMATIC_BREAK, rest, q)) break; // `- - -` is a rule, not three items
        col += after - q;
        q = after;
        items.push(col);
      } else if (matchAt(QUOTE, rest, q)) {
        inner++;
        q = QUOTE.lastIndex;
      } else break;
    }
    const f = FENCE_OPEN.exec(rest.slice(q));
    if (f && !(f[1]![0] === '`' && rest.slice(q + f[0].length).includes('`'))) {
      fence = { ch: f[1]![0]!, len: f[1]!.length, quotes };
      emphasis = 0;
    } else if ((emphasis = emphasisDepth(rest, q, emphasis)) > INLINE_NESTING) return tooDeepInline(lineNo);
  }
  return undefined;
}

/**
 * How deeply emphasis may nest in a paragraph. marked recurses once per level here too (3,000
 * nested `*a` overflowed its stack after seconds of work); real text nests two or three.
 */
const INLINE_NESTING = 4 * PROJECT_LIMITS.markdownNesting;

const PUNCT = /[\p{P}\p{S}]/u;
const blank = (c: string | undefined): boolean => c === undefined || /\s/.test(c);
const punct = (c: string | undefined): boolean => c !== undefined && PUNCT.test(c);

/**
 * Emphasis nesting after one more line of a paragraph, by CommonMark's flanking rules for runs
 * of `*`, `_` and `~`: a run that can only open adds a level, one that can only close removes
 * one, one that can do both (`a*b`) closes if anything is open. An upper estimate of what marked
 * will nest, found in one pass.
 */
function emphasisDepth(s: string, from: number, depth: number): number {
  for (let i = from; i < s.length; ) {
    const c = s[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c !== '*' && c !== '_' && c !== '~') {
      i++;
      continue;
    }
    let j = i;
    while (s[j] === c) j++;
    const prev = i > from ? s[i - 1] : undefined;
    const next = s[j];
    const opens = !blank(next) && (!punct(next) || blank(prev) || punct(prev));
    const closes = !blank(prev) && (!punct(prev) || blank(next) || punct(next));
    if (opens && !closes) depth++;
    else if (closes && !opens) depth = Math.max(0, depth - 1);
    else if (opens && closes && c !== '_') depth = depth > 0 ? depth - 1 : 1;
    if (depth > INLINE_NESTING) return depth;
    i = j;
  }
  return depth;
}

function tooDeepInline(line: number): RulebookSourceError {
  return new RulebookSourceError(
    `line ${line}: emphasis (* _ ~) in this paragraph is nested more than ${INLINE_NESTING} deep by this line (the limit); close the "*", "_" or "~" markers you open, or remove some.`,
    line,
  );
}

function tooDeep(line: number): RulebookSourceError {
  const limit = PROJECT_LIMITS.markdownNesting;
  return new RulebookSourceError(
    `line ${line}: block quotes and lists are nested more than ${limit} deep (the limit); remove some of the leading ">" markers or list indentation on that line.`,
    line,
  );
}
