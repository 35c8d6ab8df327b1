/**
 * A game's rule options described once: each option's values (a list, or whole numbers in a
 * range), the rulebook's default, a zh/en label and help, and the spec section it comes from. The
 * new-game page is generated from this table (renderer `state/table-options.ts`), and
 * `parseOptionTable` checks options from a save, a file or the command line against it.
 */
import { engineError } from './errors';
import type { ParsedOptions } from './types';

/** One option: its values, default, words and spec reference. */
export interface OptionInfo<T> {
  values: readonly T[] | 'int';
  min?: number;
  max?: number;
  default: T;
  zh: string;
  en: string;
  helpZh: string;
  helpEn: string;
  ref: string;
}

/** Every option of a game's options type `O`. */
export type OptionTable<O> = { [K in keyof O]: OptionInfo<O[K]> };

/** The defaults of a table of options. */
export function optionDefaults<O>(table: OptionTable<O>): O {
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [k, (v as OptionInfo<unknown>).default])) as O;
}

/**
 * Check options from a file or a form: defaults filled in, a bad value refused with a message
 * naming the option and what it may be, an unknown key warned about and ignored. `script` is the
 * Chinese the game's own texts are written in (斗老闆's seed is traditional).
 */
export function parseOptionTable<O>(table: OptionTable<O>, input: unknown, script: 'simplified' | 'traditional' = 'simplified'): ParsedOptions<O> {
  const defaults = optionDefaults(table);
  const hant = script === 'traditional';
  if (input === undefined || input === null) return { ok: true, options: defaults, warnings: [] };
  if (typeof input !== 'object' || Array.isArray(input)) return engineError('match/bad-setup', hant ? '規則選項應為一個物件。' : '规则选项应为一个对象。', 'Rule options must be an object.');
  const out: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  const warnings: string[] = [];
  for (const [k, v] of Object.entries(input)) {
    if (!Object.hasOwn(table, k)) {
      warnings.push(`Unknown option "${k}" ignored.`);
      continue;
    }
    const info = table[k as keyof O] as OptionInfo<unknown>;
    const ok = info.values === 'int' ? Number.isInteger(v) && (v as number) >= info.min! && (v as number) <= info.max! : info.values.includes(v);
    if (!ok) {
      const allowed = info.values === 'int' ? `${info.min}–${info.max}` : info.values.join(', ');
      return engineError(
        'match/bad-setup',
        hant ? `選項 ${k} 的值 ${JSON.stringify(v)} 無效（可用：${allowed}）。` : `选项 ${k} 的值 ${JSON.stringify(v)} 无效（可用：${allowed}）。`,
        `Option ${k}: ${JSON.stringify(v)} is not allowed (${allowed}).`,
      );
    }
    out[k] = v;
  }
  return { ok: true, options: out as O, warnings };
}
