/**
 * The translation catalogue. Chinese first, English equal: every key exists in both, which the
 * type of each feature file's `en` enforces. Placeholders are `{name}`; numbers passed as
 * parameters are formatted for the locale. An English entry may be split by `|` into
 * singular|plural, chosen by `{n}`.
 *
 * Messages live per feature in this folder, each file a `{ zh, en }` pair named by its key
 * prefixes. A key belongs to exactly one file: a spread below would let a second definition win
 * silently, so `catalogue.test.ts` checks that no key is defined twice and that every file is
 * listed in `FEATURE_CATALOGUES`.
 */
import * as common from './common';
import * as dataGrid from './data-grid';
import * as dataPage from './data-page';
import * as deck from './deck';
import * as exporting from './export';
import * as handEnd from './hand-end';
import * as home from './home';
import * as newGame from './new-game';
import * as print from './print';
import * as replay from './replay';
import * as since from './since';
import * as rulebook from './rulebook';
import * as rules from './rules';
import * as expressions from './expressions';
import * as table from './table';
import * as importing from './import';
import * as art from './art';
import * as kit from './kit';
import * as editor from './editor';
import * as fonts from './fonts';
import * as zodiac from './zodiac';
import * as douLaoban from './dou-laoban';
import * as moyuWang from './moyu-wang';
import * as douShisi from './dou-shisi';
import * as tableMotion from './table-motion';
import * as tablePace from './table-pace';
import * as history from './history';
import * as lab from './lab';
import * as sandbox from './sandbox';
import * as join from './join';
import * as invite from './invite';

/** The feature catalogues by file name, each a `{ zh, en }` pair of disjoint keys. */
export const FEATURE_CATALOGUES = {
  common,
  home,
  deck,
  print,
  export: exporting,
  rulebook,
  rules,
  expressions,
  'new-game': newGame,
  table,
  'hand-end': handEnd,
  replay,
  since,
  'data-grid': dataGrid,
  import: importing,
  art,
  'data-page': dataPage,
  kit,
  editor,
  fonts,
  zodiac,
  'dou-laoban': douLaoban,
  'moyu-wang': moyuWang,
  'dou-shisi': douShisi,
  'table-motion': tableMotion,
  'table-pace': tablePace,
  history,
  lab,
  sandbox,
  join,
  invite,
} as const;

/** Chinese, every feature merged. */
export const zh = {
  ...common.zh,
  ...home.zh,
  ...deck.zh,
  ...print.zh,
  ...exporting.zh,
  ...rulebook.zh,
  ...rules.zh,
  ...expressions.zh,
  ...newGame.zh,
  ...table.zh,
  ...handEnd.zh,
  ...replay.zh,
  ...since.zh,
  ...dataGrid.zh,
  ...importing.zh,
  ...art.zh,
  ...dataPage.zh,
  ...kit.zh,
  ...editor.zh,
  ...fonts.zh,
  ...zodiac.zh,
  ...douLaoban.zh,
  ...moyuWang.zh,
  ...douShisi.zh,
  ...tableMotion.zh,
  ...tablePace.zh,
  ...history.zh,
  ...lab.zh,
  ...sandbox.zh,
  ...join.zh,
  ...invite.zh,
} as const;

/** A catalogue key. */
export type MessageKey = keyof typeof zh;

/** English, key for key. */
export const en: Record<MessageKey, string> = {
  ...common.en,
  ...home.en,
  ...deck.en,
  ...print.en,
  ...exporting.en,
  ...rulebook.en,
  ...rules.en,
  ...expressions.en,
  ...newGame.en,
  ...table.en,
  ...handEnd.en,
  ...replay.en,
  ...since.en,
  ...dataGrid.en,
  ...importing.en,
  ...art.en,
  ...dataPage.en,
  ...kit.en,
  ...editor.en,
  ...fonts.en,
  ...zodiac.en,
  ...douLaoban.en,
  ...moyuWang.en,
  ...douShisi.en,
  ...tableMotion.en,
  ...tablePace.en,
  ...history.en,
  ...lab.en,
  ...sandbox.en,
  ...join.en,
  ...invite.en,
};

/** Both catalogues by locale. */
export const CATALOGUES = { zh, en } as const;
