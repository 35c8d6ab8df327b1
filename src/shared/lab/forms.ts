/**
 * What the Balance page offers per game: the rule options (with their values and labels, from each
 * game's `OPTION_INFO`), the seat range and the bot kinds. One shape for every game, so the page
 * draws one form.
 */
import { OPTION_INFO as DOUFU_OPTIONS } from '../games/doufu/options';
import { BOT_KIND_LIST } from '../games/doufu/bots';
import { OPTION_INFO as ZR_OPTIONS } from '../games/zodiac-race/options';
import { ZR_BOT_KINDS } from '../games/zodiac-race/bots';
import { OPTION_INFO as DL_OPTIONS } from '../games/dou-laoban/options';
import { DL_BOT_KINDS } from '../games/dou-laoban/bots';
import { OPTION_INFO as MW_OPTIONS } from '../games/moyu-wang/options';
import { MW_BOT_KINDS } from '../games/moyu-wang/bots';
import { moyuWang } from '../games/moyu-wang/game';
import { OPTION_INFO as DS_OPTIONS } from '../games/dou-shisi/options';
import { DS_BOT_KINDS } from '../games/dou-shisi/bots';
import { optionTitleWords, optionValueWords } from './option-words';
import type { Bilingual } from './types';
import type { LabGameId } from '.';

type Value = string | number | boolean;

/** One rule option on the form. */
export interface LabOptionField {
  key: string;
  title: Bilingual;
  default: Value;
  /** The values to pick from, or a whole-number range. */
  choices: { value: Value; label: Bilingual }[] | { min: number; max: number };
}

/** A game's form. */
export interface LabForm {
  minPlayers: number;
  maxPlayers: number;
  defaultPlayers: number;
  bots: readonly string[];
  defaultBot: string;
  options: LabOptionField[];
}

const yesNo = (v: Value): Bilingual => (v === true ? { zh: '是', en: 'yes' } : v === false ? { zh: '否', en: 'no' } : { zh: String(v), en: String(v) });

/**
 * Options with `{ values, zh, en }` info (生肖赛跑, 斗老闆, 摸鱼王, 斗十四), in the new-game page's
 * short words where it has them (option-words.ts), else the engine's.
 */
function simple(game: LabGameId, info: Record<string, { values: readonly Value[] | 'int'; min?: number; max?: number; default: Value; zh: string; en: string }>): LabOptionField[] {
  return Object.entries(info).map(([key, i]) => ({
    key,
    title: optionTitleWords(game, key) ?? { zh: i.zh, en: i.en },
    default: i.default,
    choices: i.values === 'int' ? { min: i.min ?? 0, max: i.max ?? 1000 } : i.values.map((value) => ({ value, label: optionValueWords(game, key, value) ?? yesNo(value) })),
  }));
}

/** 斗福: the mode, then every house-interpretation option, in the new-game page's words (option-words.ts). */
function doufuFields(): LabOptionField[] {
  // The table format, which the new-game page asks apart from the rule options.
  const mode = { default: 'ffa', accepts: ['ffa', '2v2'] };
  return Object.entries({ mode, ...DOUFU_OPTIONS }).map(([key, i]): LabOptionField => {
    const info = i as { default: Value; accepts: readonly Value[] | { min: number; max: number }; title?: Bilingual; labels?: Record<string, Bilingual> };
    return {
      key,
      title: optionTitleWords('doufu', key) ?? info.title ?? { zh: key, en: key },
      default: info.default,
      choices: Array.isArray(info.accepts) ? info.accepts.map((value) => ({ value, label: optionValueWords('doufu', key, value) ?? info.labels?.[String(value)] ?? yesNo(value) })) : (info.accepts as { min: number; max: number }),
    };
  });
}

/** The Balance page's form of a game. */
export function labForm(game: LabGameId): LabForm {
  if (game === 'doufu') return { minPlayers: 2, maxPlayers: 4, defaultPlayers: 4, bots: BOT_KIND_LIST, defaultBot: 'heuristic', options: doufuFields() };
  if (game === 'zodiac-race') return { minPlayers: 2, maxPlayers: 6, defaultPlayers: 4, bots: ZR_BOT_KINDS, defaultBot: 'heuristic', options: simple(game, ZR_OPTIONS as never) };
  if (game === 'moyu-wang') return { minPlayers: moyuWang.minPlayers, maxPlayers: moyuWang.maxPlayers, defaultPlayers: 4, bots: MW_BOT_KINDS, defaultBot: 'heuristic', options: simple(game, MW_OPTIONS as never) };
  // Six players need six jokers (the run says so when they are not set).
  if (game === 'dou-shisi') return { minPlayers: 2, maxPlayers: 6, defaultPlayers: 4, bots: DS_BOT_KINDS, defaultBot: 'heuristic', options: simple(game, DS_OPTIONS as never) };
  return { minPlayers: 3, maxPlayers: 3, defaultPlayers: 3, bots: DL_BOT_KINDS, defaultBot: 'heuristic', options: simple(game, DL_OPTIONS as never) };
}

/** The options that differ from the defaults (what a run sends and what A/B compares). */
export function changedOptions(form: LabForm, values: Record<string, Value>): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const f of form.options) if (values[f.key] !== undefined && values[f.key] !== f.default) out[f.key] = values[f.key]!;
  return out;
}
