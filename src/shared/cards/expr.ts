/**
 * Expressions in bindings: `{{cost * 2}}`, `{{if(type == "event", "事件", "")}}`,
 * `{{upper(name)}}`, `{{fixed(price, 2)}}`, and conditions for "show when" and per-card template
 * rules (`type == "zodiac" and cost >= 2`). Parsed and evaluated by expr-eval-fork's interpreter
 * (its `evaluate`, never its `toJSFunction`: nothing here builds code from text), with member
 * access, assignment, function definitions and `random` switched off, so an expression can read
 * only the card's own fields and call only the functions listed here. Evaluation never throws:
 * a problem comes back as a bilingual message for the layer that used it.
 */
import { Parser, type Expression } from 'expr-eval-fork';
import type { BindingScope } from './bind';

/** The longest expression read (characters between the braces). */
export const EXPR_MAX_LENGTH = 500;
/** The longest text an expression may produce. */
const RESULT_MAX_LENGTH = 20_000;

/** A problem with an expression, in both interface languages. */
export interface ExprError {
  zh: string;
  en: string;
}

export type ExprResult = { ok: true; value: unknown } | { ok: false; error: ExprError };

const parser = new Parser({
  allowMemberAccess: false,
  operators: { assignment: false, fndef: false, random: false, factorial: false, in: true },
});
// Functions that take or make functions, or are not the same on every run, are not offered.
for (const f of ['random', 'map', 'fold', 'filter']) delete (parser.functions as Record<string, unknown>)[f];

const text = (v: unknown): string => display(v);
/** The card being evaluated, for `field(…)` (evaluation is synchronous; set and cleared around it). */
let current: BindingScope | undefined;
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(String(v).trim()));
Object.assign(parser.functions as Record<string, unknown>, {
  upper: (s: unknown) => text(s).toUpperCase(),
  lower: (s: unknown) => text(s).toLowerCase(),
  trim: (s: unknown) => text(s).trim(),
  /** A number with `d` decimals: fixed(2.5, 2) → "2.50". */
  fixed: (n: unknown, d: unknown = 0) => {
    const x = num(n);
    const digits = Math.max(0, Math.min(10, Math.trunc(num(d)) || 0));
    return Number.isFinite(x) ? x.toFixed(digits) : text(n);
  },
  /** Padded on the left to `width` with `fill` (default "0"): pad(7, 3) → "007". */
  pad: (v: unknown, width: unknown, fill: unknown = '0') => text(v).padStart(Math.max(0, Math.min(100, Math.trunc(num(width)) || 0)), text(fill) || ' '),
  /** Thousands grouped with commas: group(12500) → "12,500". */
  group: (n: unknown) => {
    const x = num(n);
    if (!Number.isFinite(x)) return text(n);
    const [int, frac] = display(x).split('.');
    return int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (frac ? `.${frac}` : '');
  },
  /** A field's text as a number (0 when it is not one). */
  number: (v: unknown) => {
    const x = num(v);
    return Number.isFinite(x) ? x : 0;
  },
  /** A column whose name is not a plain identifier (Chinese, spaces): field("名称"). */
  field: (name: unknown) => (current && Object.hasOwn(current, String(name)) ? current[String(name)] : ''),
  /** Whether the text is empty. */
  blank: (v: unknown) => text(v).trim() === '',
  /** Whether `s` contains `part`. */
  contains: (s: unknown, part: unknown) => text(s).includes(text(part)),
  /** The first of the values that is not empty. */
  either: (...vs: unknown[]) => vs.find((v) => text(v).trim() !== '') ?? '',
});

/** The text a value shows as: numbers without float noise (0.1 + 0.2 → 0.3), booleans as 1 / 0 like spreadsheets. */
export function display(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(Number(v.toPrecision(12))) : '';
  if (typeof v === 'boolean') return v ? '1' : '';
  if (Array.isArray(v)) return v.map(display).join(', ');
  if (v === undefined || v === null) return '';
  return String(v);
}

/** Whether a value counts as true (a condition met): not 0, not empty, not false. */
export function truthy(v: unknown): boolean {
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'string') return v.trim() !== '' && v.trim() !== '0';
  return Boolean(v);
}

const cache = new Map<string, Expression | ExprError>();
const CACHE_MAX = 2_000;

function compile(src: string): Expression | ExprError {
  const hit = cache.get(src);
  if (hit) return hit;
  let out: Expression | ExprError;
  if (src.length > EXPR_MAX_LENGTH) out = { zh: `表达式超过 ${EXPR_MAX_LENGTH} 个字符，请缩短。`, en: `The expression is longer than ${EXPR_MAX_LENGTH} characters; shorten it.` };
  else
    try {
      out = parser.parse(src);
    } catch (e) {
      const why = e instanceof RangeError ? 'nested too deep' : (e as Error).message;
      out = { zh: `表达式 “${src}” 无法读取（${why}）；检查括号、引号和运算符。`, en: `Expression "${src}" cannot be read (${why}); check its brackets, quotes and operators.` };
    }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(src, out);
  return out;
}

/**
 * The values an expression sees: the card's fields, numbers where the text is one ("2" → 2), and
 * `field("名称")` for a column whose name is not a plain identifier (Chinese, spaces).
 */
function values(scope: BindingScope): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(scope)) {
    const v = scope[k]!;
    out[k] = /^\s*-?(?:\d+\.?\d*|\.\d+)\s*$/.test(v) && v.trim().length <= 15 ? Number(v) : v;
  }
  return out;
}

const isError = (c: Expression | ExprError): c is ExprError => 'zh' in c && 'en' in c && !('evaluate' in c);

/** Evaluate `src` against a card's fields; never throws. */
export function evaluate(src: string, scope: BindingScope): ExprResult {
  const c = compile(src.trim());
  if (isError(c)) return { ok: false, error: c };
  let value: unknown;
  try {
    current = scope;
    value = c.evaluate(values(scope) as never);
  } catch (e) {
    const msg = (e as Error).message ?? String(e);
    const unknown = /undefined variable: (.+)$/.exec(msg);
    return {
      ok: false,
      error: unknown
        ? { zh: `表达式 “${src.trim()}” 用到列 “${unknown[1]}”，但卡牌没有这一列；在 CSV 中加上这一列或改正名字。`, en: `Expression "${src.trim()}" uses column "${unknown[1]}", which the cards have no column for; add the column to the CSV or fix the name.` }
        : { zh: `表达式 “${src.trim()}” 无法计算（${msg}）。`, en: `Expression "${src.trim()}" cannot be evaluated (${msg}).` },
    };
  } finally {
    current = undefined;
  }
  if (typeof value === 'function') return { ok: false, error: { zh: `表达式 “${src.trim()}” 的结果是一个函数，请调用它，例如 upper(name)。`, en: `Expression "${src.trim()}" gives a function; call it, e.g. upper(name).` } };
  if (typeof value === 'string' && value.length > RESULT_MAX_LENGTH) return { ok: false, error: { zh: `表达式 “${src.trim()}” 的结果超过 ${RESULT_MAX_LENGTH} 个字符。`, en: `Expression "${src.trim()}" gives more than ${RESULT_MAX_LENGTH} characters.` } };
  return { ok: true, value };
}

/** The columns an expression reads (none when it cannot be read). */
export function expressionColumns(src: string): string[] {
  const c = compile(src.trim());
  if (isError(c)) return [];
  try {
    return c.variables();
  } catch {
    return [];
  }
}

/**
 * Whether the text between `{{ }}` is an expression rather than a plain `column`, `column:map` or
 * `column|rich` binding.
 * @example isExpression('cost * 2') === true; isExpression('attr:colour') === false
 */
export function isExpression(inner: string): boolean {
  const plain = /^\s*([^}:|\s]+)\s*(?::\s*[^}|\s]+\s*)?(?:\|\s*rich\s*)?$/.exec(inner);
  // A column name never holds brackets, quotes or operators here: `{{upper(name)}}` and
  // `{{cost*2}}` are expressions (a column so named is read with `field("…")`).
  return !plain || /[()"'+*/<>=!?,%^&]/.test(plain[1]!);
}
