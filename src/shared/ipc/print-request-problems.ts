/**
 * Print requests as people type them (`--paper A4`, `Letter`) and what is wrong with one, in
 * both languages: the schema's own messages ("Invalid option: expected one of …") name neither
 * the option in words nor the fix.
 */
import type { z } from 'zod';

/** The request's options that take one word from a list: compared without case or surrounding spaces. */
const WORD_OPTIONS = ['paper', 'orientation', 'cardSize', 'marks', 'duplex', 'pngPreset'] as const;

/**
 * `req` with its one-word options lower-cased and trimmed (`"A4 "` → `"a4"`); anything else as it is.
 * @example normalizePrintRequest({ paper: 'A4' }) // → { paper: 'a4' }
 */
export function normalizePrintRequest(req: unknown): unknown {
  if (!req || typeof req !== 'object' || Array.isArray(req)) return req;
  const out: Record<string, unknown> = { ...(req as Record<string, unknown>) };
  for (const k of WORD_OPTIONS) if (typeof out[k] === 'string') out[k] = (out[k] as string).trim().toLowerCase();
  return out;
}

/** Each option's name in words, for messages. */
const NAMES: Record<string, { en: string; zh: string }> = {
  paper: { en: 'Paper', zh: '纸张' },
  orientation: { en: 'Orientation', zh: '纸张方向' },
  cardSize: { en: 'Card size', zh: '卡牌尺寸' },
  marks: { en: 'Cut marks', zh: '裁切标记' },
  duplex: { en: 'Duplex', zh: '双面打印' },
  pngPreset: { en: 'PNG preset', zh: 'PNG 预设' },
  bleed: { en: 'Bleed', zh: '出血' },
  margin: { en: 'Margin', zh: '页边距' },
  gutter: { en: 'Gutter', zh: '卡牌间隔' },
  copies: { en: 'Copies', zh: '份数' },
};

const show = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v) ?? String(v));

/**
 * What is wrong with option `issue.path` of `input`, and how to fix it, in English and Chinese.
 * A paper meant for rulebooks (A5, half letter) says where it does print.
 */
export function printRequestProblem(issue: z.core.$ZodIssue, input: unknown): { en: string; zh: string } {
  const key = issue.path.map(String).join('.') || 'request';
  const value = issue.path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<PropertyKey, unknown>)[k as PropertyKey] : undefined), input);
  const name = NAMES[key] ?? { en: `Print option "${key}"`, zh: `打印选项“${key}”` };
  if (issue.code === 'invalid_value') {
    const list = issue.values.map(String);
    if (key === 'paper' && (value === 'a5' || value === 'half-letter'))
      return {
        en: `Card sheets print on ${list.join(', ')}, not ${show(value)}: A5 and half letter are rulebook papers (npm run cli -- rulebook <project> --paper ${String(value)}). Choose one of ${list.join(', ')} for the cards.`,
        zh: `卡牌页只能用 ${list.join('、')} 打印，不能用 ${show(value)}：A5 和 half letter 是规则书的纸张（npm run cli -- rulebook <项目> --paper ${String(value)}）。请为卡牌选择 ${list.join('、')} 之一。`,
      };
    return {
      en: `${name.en} cannot be ${show(value)}: choose one of ${list.join(', ')}.`,
      zh: `${name.zh}不能是 ${show(value)}：请选择 ${list.join('、')} 之一。`,
    };
  }
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    const bound = String(issue.code === 'too_small' ? issue.minimum : issue.maximum);
    return issue.code === 'too_small'
      ? { en: `${name.en} ${show(value)} is too small: the least is ${bound}.`, zh: `${name.zh} ${show(value)} 太小：最小为 ${bound}。` }
      : { en: `${name.en} ${show(value)} is too large: the most is ${bound}.`, zh: `${name.zh} ${show(value)} 太大：最大为 ${bound}。` };
  }
  if (issue.code === 'unrecognized_keys') return { en: `Unknown print options: ${issue.keys.join(', ')}. Remove them.`, zh: `未知的打印选项：${issue.keys.join('、')}。请删除它们。` };
  return { en: `${name.en} ${show(value)} is not valid: ${issue.message}.`, zh: `${name.zh} ${show(value)} 无效（${issue.message}）。` };
}
