/**
 * What the schema found wrong in a part of `table.json` (or a save's table), in words in both
 * languages: the field, what is wrong with it and what it should be, for the fields a table has
 * (an id, a name, a count, a colour, a piece's place, an action's kind) and in general for the rest.
 * The validator's own messages are English and speak of types and patterns; these speak of the table.
 */
import type { z } from 'zod';
import type { LocalText } from '../../engine/types';

type Issue = z.ZodError['issues'][number];

const ID_HINT: LocalText = { zh: '只能用 1–40 个英文字母、数字、- 或 _（不能有空格或汉字），如 "deck"', en: 'must be 1–40 letters, digits, - or _ (no spaces), such as "deck"' };
const NAME_HINT: LocalText = { zh: '应为一段文字（最多 80 个字符），或两种语言各一段：{ "zh": "牌堆", "en": "Deck" }', en: 'must be a text (at most 80 characters) or one in each language: { "zh": "牌堆", "en": "Deck" }' };
const COUNT_HINT: LocalText = { zh: '应为 0 或更大的整数，或一个列名（如 "copies"）', en: 'must be a whole number, 0 or more, or a column name (such as "copies")' };
const COLOR_HINT: LocalText = { zh: '应为 # 加 6 位十六进制数字的颜色，如 "#C23B22"', en: 'must be a colour as # and 6 hex digits, such as "#C23B22"' };
const PLACE_HINT: LocalText = { zh: '应为 0 到 1 之间的数（棋盘宽或高的比例，0.5 是正中）', en: 'must be a number from 0 to 1 (a fraction of the board’s width or height; 0.5 is the middle)' };

const TYPE: Record<string, LocalText> = {
  string: { zh: '一段文字', en: 'a text' },
  number: { zh: '一个数', en: 'a number' },
  int: { zh: '一个整数', en: 'a whole number' },
  boolean: { zh: 'true 或 false', en: 'true or false' },
  array: { zh: '一个列表（[ … ]）', en: 'a list ([ … ])' },
  object: { zh: '一个对象（{ … }）', en: 'an object ({ … })' },
};

/** A value as the message quotes it: short, JSON. */
function shown(v: unknown): string {
  const s = v === undefined ? 'undefined' : JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
}

/** The value at `path` inside `input` (the issue itself does not carry it). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

const fieldOf = (path: readonly PropertyKey[]): string => path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i ? '.' : ''}${String(k)}`)).join('');

/** What one issue means for its field, in one sentence per language, ending in what to write. */
function explain(issue: Issue, value: unknown): LocalText {
  const key = String(issue.path[issue.path.length - 1] ?? '');
  const now = value === undefined ? null : shown(value);
  const isNow = (t: LocalText): LocalText => (now === null ? t : { zh: `${t.zh}（现在是 ${now}）`, en: `${t.en} (it is ${now})` });
  if (value === undefined && issue.code === 'invalid_type') return { zh: '缺少这一项：请补上', en: 'is missing: add it' };
  if (key === 'id' || key === 'zone' || key === 'from' || key === 'to') {
    if (issue.code === 'invalid_format' || issue.code === 'invalid_type') return isNow(ID_HINT);
  }
  if (key === 'name' || key === 'label') return isNow(NAME_HINT);
  if (key === 'count' && issue.code === 'invalid_union') return isNow(COUNT_HINT);
  if (key === 'color') return isNow(COLOR_HINT);
  if (key === 'x' || key === 'y') return isNow(PLACE_HINT);
  switch (issue.code) {
    case 'invalid_union':
      if ('discriminator' in issue && issue.discriminator) {
        const opts = ((issue as { options?: unknown[] }).options ?? []).map(String);
        return isNow({ zh: `应为 ${opts.join('、')} 之一`, en: `must be one of ${opts.join(', ')}` });
      }
      return isNow({ zh: '格式不对', en: 'is not in a form the table reads' });
    case 'invalid_value': {
      const opts = issue.values.map((v) => JSON.stringify(v));
      return isNow({ zh: `应为 ${opts.join('、')} 之一`, en: `must be one of ${opts.join(', ')}` });
    }
    case 'invalid_type': {
      const t = TYPE[issue.expected] ?? { zh: issue.expected, en: issue.expected };
      return isNow({ zh: `应为${t.zh}`, en: `must be ${t.en}` });
    }
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const n = Number(small ? issue.minimum : issue.maximum);
      if (issue.origin === 'string') return isNow(small ? { zh: `至少要有 ${n} 个字符`, en: `needs at least ${n} character${n === 1 ? '' : 's'}` } : { zh: `最多 ${n} 个字符`, en: `has at most ${n} characters` });
      if (issue.origin === 'array') return isNow(small ? { zh: `至少要有 ${n} 项`, en: `needs at least ${n} item${n === 1 ? '' : 's'}` } : { zh: `最多 ${n} 项`, en: `holds at most ${n} items` });
      return isNow(small ? { zh: `至少为 ${n}`, en: `must be at least ${n}` } : { zh: `最多为 ${n}`, en: `must be at most ${n}` });
    }
    case 'invalid_format':
      return isNow({ zh: '格式不对', en: 'is not in the expected form' });
    default:
      return isNow({ zh: '值不对', en: 'is not a value the table reads' });
  }
}

/**
 * Every issue of a failed check of `input`, as "field: what is wrong and what to write", joined,
 * in both languages. Paths are relative to `input`.
 * @example issueText(err, { id: 'bad id' }).en // 'id must be 1–40 letters, digits, - or _ (no spaces), such as "deck" (it is "bad id")'
 */
export function issueText(error: z.ZodError, input: unknown): LocalText {
  const parts = error.issues.slice(0, 4).map((issue) => {
    const field = fieldOf(issue.path);
    const what = explain(issue, valueAt(input, issue.path));
    return { zh: field ? `${field} ${what.zh}` : `这一项${what.zh}`, en: field ? `${field} ${what.en}` : `it ${what.en}` };
  });
  const more = error.issues.length - parts.length;
  return {
    zh: parts.map((p) => p.zh).join('；') + (more > 0 ? `；另有 ${more} 处` : ''),
    en: parts.map((p) => p.en).join('; ') + (more > 0 ? `; and ${more} more` : ''),
  };
}
