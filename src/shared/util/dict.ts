/**
 * Objects keyed by names a user chose (column names, map names and values, icon and template
 * names). Such a name may be any string, `constructor`, `toString` and `__proto__` included, so
 * these objects have no prototype: nothing is inherited, `obj[name]` is only ever the user's
 * own entry, and `obj.__proto__ = v` stores an entry rather than replacing the prototype.
 */
import { z } from 'zod';

/** A user-keyed object with no prototype. */
export type Dict<V> = Record<string, V>;

/** An empty object with no prototype. */
export function dictOf<V>(entries: Iterable<readonly [string, V]> = []): Dict<V> {
  const out = Object.create(null) as Dict<V>;
  for (const [k, v] of entries) out[k] = v;
  return out;
}

/** `obj[key]` when `obj` has `key` itself (inherited members read as missing). */
export function own<V>(obj: Readonly<Record<string, V>> | undefined, key: string): V | undefined {
  return obj !== undefined && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/**
 * A zod record for user-chosen keys: like `z.record(key, value)`, but it keeps a `__proto__`
 * entry (which `z.record` strips) and answers an object with no prototype. Issues keep their
 * paths (`columns.__proto__.type`).
 * @example dict(z.string(), z.number()).parse(JSON.parse('{"__proto__":1}')).__proto__ === 1
 */
export function dict<V extends z.ZodType>(key: z.ZodType<string>, value: V): z.ZodType<Dict<z.output<V>>, unknown> {
  const record = z.record(key, value);
  return z.unknown().transform((input, ctx) => {
    const parsed = record.safeParse(input);
    const issues = parsed.success ? [] : [...parsed.error.issues];
    if (parsed.success && Object.hasOwn(input as object, '__proto__')) {
      // z.record leaves a __proto__ entry out of its answer; check it as any other key.
      const k = key.safeParse('__proto__');
      const v = value.safeParse((input as Record<string, unknown>)['__proto__']);
      if (!k.success) issues.push(...k.error.issues.map((i) => ({ ...i, path: ['__proto__', ...i.path] })));
      if (!v.success) issues.push(...v.error.issues.map((i) => ({ ...i, path: ['__proto__', ...i.path] })));
      if (k.success && v.success) {
        const out = dictOf(Object.entries(parsed.data));
        // Keep the author's order: __proto__ goes where the input had it.
        const ordered = dictOf<z.output<V>>([]);
        for (const name of Object.keys(input as object)) if (Object.hasOwn(out, name) || name === '__proto__') ordered[name] = name === '__proto__' ? v.data : out[name]!;
        return ordered;
      }
    }
    if (issues.length > 0) {
      for (const i of issues) ctx.addIssue({ ...(i as object), code: 'custom', message: i.message, path: [...i.path] } as never);
      return z.NEVER;
    }
    return dictOf(Object.entries(parsed.data as Record<string, z.output<V>>));
  });
}
