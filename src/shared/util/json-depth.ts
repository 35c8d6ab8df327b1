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
 * `max` arrays and objects, or undefined when it does not. Iterative, and cheap on wide values (a
 * table of 2 million cells): only arrays and objects are stacked, and a path is spelled out only
 * for the value refused. A value reached twice (only possible for objects built in code) is walked
 * once.
 */
export function valueTooDeep(value: unknown, max: number = MAX_JSON_DEPTH): string | undefined {
  if (!isContainer(value)) return undefined;
  const seen = new Set<object>();
  // Containers met, with their parent's index and their key in it (for the path of a refusal).
  const nodes: { parent: number; key: string | number }[] = [{ parent: -1, key: '' }];
  const stack: { v: object; depth: number; node: number }[] = [{ v: value, depth: 1, node: 0 }];
  while (stack.length) {
    const { v, depth, node } = stack.pop()!;
    if (seen.has(v)) continue;
    seen.add(v);
    const push = (child: unknown, key: string | number): string | undefined => {
      if (!isContainer(child)) return undefined;
      nodes.push({ parent: node, key });
      if (depth + 1 > max) return pathOf(nodes, nodes.length - 1);
      stack.push({ v: child, depth: depth + 1, node: nodes.length - 1 });
      return undefined;
    };
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const deep = push(v[i], i);
        if (deep !== undefined) return deep;
      }
    } else
      for (const k of Object.keys(v)) {
        const deep = push((v as Record<string, unknown>)[k], k);
        if (deep !== undefined) return deep;
      }
  }
  return undefined;
}

/** An array or object other than a file's bytes (typed arrays and buffers are leaves, however long). */
function isContainer(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !ArrayBuffer.isView(v) && !(v instanceof ArrayBuffer);
}

/** The path of node `i`: its first 40 keys from the top (`template.layers[0].layers[0]…`). */
function pathOf(nodes: readonly { parent: number; key: string | number }[], i: number): string {
  const keys: (string | number)[] = [];
  for (let n = i; n > 0; n = nodes[n]!.parent) keys.push(nodes[n]!.key);
  keys.reverse();
  const p = keys
    .slice(0, 40)
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`))
    .join('');
  return shorten(p);
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
