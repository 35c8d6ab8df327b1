/**
 * Nesting depth of untrusted JSON, checked without recursion. A parser or schema that recurses
 * (zod on a recursive schema, a structured clone, our own walkers) overflows the stack on a value
 * nested a few thousand deep, and JSON.parse takes seconds on a million `[`; these checks run in
 * one pass with an explicit stack, before anything recursive sees the value.
 */

/**
 * How deep any JSON the app accepts from a user or a file may nest. The deepest real value is a
 * template with groups inside groups (two levels per group, at most 8 groups deep) inside an IPC
 * payload: about 25 levels.
 */
export const MAX_JSON_DEPTH = 64;

/** Where a JSON text first nests deeper than `max` (a character index, outside strings), if it does. One pass. */
export function jsonTextTooDeep(text: string, max: number = MAX_JSON_DEPTH): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip a string, escapes included.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/**
 * The path (`match.options.a.a.a…`, shortened) at which a parsed value first nests deeper than
 * `max` arrays and objects, or undefined when it does not. Iterative; visits each value at most
 * once (a value reached twice — only possible for objects built in code — is not walked again).
 */
export function valueTooDeep(value: unknown, max: number = MAX_JSON_DEPTH): string | undefined {
  const seen = new Set<object>();
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: value, depth: 0, path: '' }];
  while (stack.length) {
    const { v, depth, path } = stack.pop()!;
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    // Typed arrays and buffers (a file's bytes) are leaves, however long.
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) continue;
    if (depth + 1 > max) return shorten(path);
    seen.add(v);
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) stack.push({ v: v[i], depth: depth + 1, path: path.length < 200 ? `${path}[${i}]` : path });
    else for (const k of Object.keys(v)) stack.push({ v: (v as Record<string, unknown>)[k], depth: depth + 1, path: path.length < 200 ? `${path}.${k}` : path });
  }
  return undefined;
}

function shorten(path: string): string {
  const p = path.replace(/^\./, '') || '(top level)';
  return p.length > 120 ? `${p.slice(0, 120)}…` : p;
}

/** The message for a value nested too deep, in both languages. */
export function tooDeepMessage(what: string, where: string, max: number = MAX_JSON_DEPTH): { en: string; zh: string } {
  return {
    en: `${what} is nested more than ${max} levels deep (at ${where}); nothing the app writes nests that deep, so the data is damaged or hostile: restore it from a backup or git.`,
    zh: `${what}嵌套超过 ${max} 层（位置 ${where}）；本应用写出的数据不会嵌套这么深，说明数据已损坏或被篡改：请从备份或 git 恢复。`,
  };
}
