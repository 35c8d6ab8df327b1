/**
 * A schema issue (a zod issue of a template or project file) as a sentence in both languages, for
 * people: what the value should be, never the validator's own wording alone.
 */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  origin?: unknown;
  values?: readonly unknown[];
  keys?: readonly string[];
}

const TYPE_ZH: Record<string, string> = { number: '数字', string: '文字', boolean: 'true 或 false', object: '对象 {…}', array: '列表 […]' };
const TYPE_EN: Record<string, string> = { number: 'a number', string: 'text', boolean: 'true or false', object: 'an object {…}', array: 'a list […]' };

/** What the value should be, without where (the caller names the field). */
export function issueText(i: IssueLike): { zh: string; en: string } {
  switch (i.code) {
    case 'invalid_type': {
      const t = String(i.expected ?? '');
      if (t && TYPE_ZH[t]) return { zh: `应为${TYPE_ZH[t]}`, en: `should be ${TYPE_EN[t]}` };
      break;
    }
    case 'too_small':
      if (i.origin === 'string') return Number(i.minimum) <= 1 ? { zh: '不能为空', en: 'cannot be empty' } : { zh: `至少 ${String(i.minimum)} 个字符`, en: `needs at least ${String(i.minimum)} characters` };
      if (i.origin === 'number') return { zh: `不能小于 ${String(i.minimum)}`, en: `cannot be less than ${String(i.minimum)}` };
      if (i.origin === 'array') return { zh: `至少要有 ${String(i.minimum)} 项`, en: `needs at least ${String(i.minimum)} items` };
      break;
    case 'too_big':
      if (i.origin === 'string') return { zh: `最多 ${String(i.maximum)} 个字符`, en: `takes at most ${String(i.maximum)} characters` };
      if (i.origin === 'number') return { zh: `不能大于 ${String(i.maximum)}`, en: `cannot be more than ${String(i.maximum)}` };
      if (i.origin === 'array') return { zh: `最多 ${String(i.maximum)} 项`, en: `takes at most ${String(i.maximum)} items` };
      break;
    case 'invalid_value':
    case 'invalid_enum_value':
      if (i.values?.length) {
        const list = i.values.map((v) => JSON.stringify(v)).join(', ');
        return { zh: `应为其中之一：${list}`, en: `should be one of ${list}` };
      }
      break;
    case 'unrecognized_keys':
      if (i.keys?.length) return { zh: `有不认识的字段：${i.keys.join(', ')}`, en: `has fields it does not know: ${i.keys.join(', ')}` };
      break;
    case 'invalid_format':
      return { zh: `格式不对（${i.message}）`, en: `is not in the right form (${i.message})` };
  }
  return { zh: `不符合格式（${i.message}）`, en: i.message };
}

/** `layers.2.src` — the path as written in the file. */
export function issuePath(i: IssueLike): string {
  return i.path.map(String).join('.') || '(top)';
}

/** Up to three issues of a file as one sentence per language: `front.template.json: layers.2.src cannot be empty`. */
export function issuesText(file: string, issues: readonly IssueLike[]): { zh: string; en: string } {
  const some = issues.slice(0, 3).map((i) => ({ at: issuePath(i), t: issueText(i) }));
  const more = issues.length > 3 ? issues.length - 3 : 0;
  return {
    zh: `${file}：${some.map((s) => `${s.at} ${s.t.zh}`).join('；')}${more ? `；另有 ${more} 处` : ''}。请改正后再保存。`,
    en: `${file}: ${some.map((s) => `${s.at} ${s.t.en}`).join('; ')}${more ? `; ${more} more` : ''}. Fix it to save.`,
  };
}
