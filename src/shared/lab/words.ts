/**
 * The lab's names for people: each bot kind in both languages (the page, the PDF report and the
 * CSV's name columns say these; ids stay in the machine-read columns), and a run's rule options
 * as "name: value" lines for a report's settings block.
 */
import { doufu } from '../games/doufu/game';
import { zodiacRace } from '../games/zodiac-race/game';
import { douLaoban } from '../games/dou-laoban/game';
import { moyuWang } from '../games/moyu-wang/game';
import { douShisi } from '../games/dou-shisi/game';
import { labForm } from './forms';
import type { Bilingual } from './types';
import type { LabGameId } from '.';

const GAMES = { doufu, 'zodiac-race': zodiacRace, 'dou-laoban': douLaoban, 'moyu-wang': moyuWang, 'dou-shisi': douShisi } as const;

/** A game's name (a report made on the command line is titled by it; the page uses the project's name). */
export function labGameName(game: LabGameId): Bilingual {
  return GAMES[game].name;
}

/** Every bot kind the games offer, by id. */
export const LAB_BOT_WORDS: Readonly<Record<string, Bilingual>> = {
  random: { zh: '随机', en: 'Random' },
  heuristic: { zh: '启发式', en: 'Heuristic' },
  planner: { zh: '规划型', en: 'Planner' },
  search: { zh: '搜索', en: 'Search' },
};

/** A bot kind's name (an unknown id as it is). */
export function botWords(kind: string): Bilingual {
  return LAB_BOT_WORDS[kind] ?? { zh: kind, en: kind };
}

/** Seats' bots as one name, e.g. "随机/启发式" (a seat that rotated through kinds lists each). */
export function botsWords(kinds: readonly string[]): Bilingual {
  return { zh: kinds.map((k) => botWords(k).zh).join('/'), en: kinds.map((k) => botWords(k).en).join('/') };
}

/** How a report says one option: its name and its values' words, in the report's language. */
export interface LabOptionSaid {
  title: string;
  values: Record<string, string>;
}

/** Options said in one language, by key (the page sends its own new-game words for the report). */
export type LabOptionsSaid = Record<string, LabOptionSaid>;

/** A game's options in the lab form's words (the page's short names; what a report made on the command line says). */
export function labOptionsSaid(game: LabGameId, lang: 'zh' | 'en'): LabOptionsSaid {
  return Object.fromEntries(
    labForm(game).options.map((f) => [f.key, { title: f.title[lang], values: Array.isArray(f.choices) ? Object.fromEntries(f.choices.map((c) => [String(c.value), c.label[lang]])) : {} }]),
  );
}

/** Options as "name: value" parts, in the order given (a key or value without words as it is); Chinese text joins with "：". */
export function optionLines(options: Readonly<Record<string, unknown>>, said: LabOptionsSaid, colon = ': '): string[] {
  return Object.entries(options).map(([k, v]) => {
    const s = said[k];
    return `${s?.title ?? k}${colon}${s?.values[String(v)] ?? String(v)}`;
  });
}

/**
 * An A/B measure's name: a seat's win rate, a length in the game's own words (hands, laps,
 * deals), or the share of games stopped by the move cap.
 */
export function measureWords(key: string, lengths: Readonly<Record<'moves' | 'turns' | 'rounds', Bilingual>>): Bilingual {
  if (key.startsWith('win:')) {
    const n = Number(key.slice(4)) + 1;
    return { zh: `座位 ${n} 胜率`, en: `Seat ${n} win rate` };
  }
  if (key === 'capped') return { zh: '触到上限', en: 'Stopped by a cap' };
  return lengths[key as 'moves'] ?? { zh: key, en: key };
}
