/**
 * The Balance page's rule options in the new-game pages' words: each game's `OptionSpec` list (the
 * one its new-game page is drawn from) gives an option's name, its help, the rule it comes from and
 * its values' words. An option the new-game page does not list (斗福's mode, asked there as the
 * table format) keeps the lab form's own bilingual words.
 */
import type { LabGameId, LabOptionField, LabOptionsSaid } from '../../../../shared/lab';
import { DS_OPTIONS } from '../../state/ShisiTable.svelte';
import { DL_OPTION_SPECS } from '../../state/LaobanTable.svelte';
import { MW_OPTIONS } from '../../state/MoyuTable.svelte';
import { doufuOptionSpecs } from '../../state/TableSetup.svelte';
import { ZR_ALL_OPTION_SPECS } from '../../state/ZodiacSetup.svelte';
import { say, valueWords, type OptionSpec, type Sayer } from '../../state/table-options';

/** The new-game page's option specs of a game (斗福's with the team options, which the lab can vary). */
export function labOptionSpecs(game: LabGameId): readonly OptionSpec[] {
  if (game === 'doufu') return doufuOptionSpecs('2v2');
  if (game === 'zodiac-race') return ZR_ALL_OPTION_SPECS;
  if (game === 'dou-laoban') return DL_OPTION_SPECS;
  if (game === 'moyu-wang') return MW_OPTIONS;
  return DS_OPTIONS;
}

/** How the page says one option: its name, help, rule reference, group heading and each value's words. */
export interface LabOptionWords {
  title: string;
  help: string;
  ref: string;
  /** The heading it is listed under on the new-game page ('' when none). */
  group: string;
  value: (v: unknown) => string;
}

/** One option's words in the interface language. */
export function labOptionWords(field: LabOptionField, spec: OptionSpec | undefined, i18n: Sayer): LabOptionWords {
  if (spec)
    return {
      title: say(spec.title, i18n),
      help: say(spec.help, i18n),
      ref: spec.ref,
      group: spec.group ? say(spec.group.name, i18n) : '',
      value: (v) => valueWords(spec, v, i18n),
    };
  const choices = Array.isArray(field.choices) ? field.choices : [];
  return {
    title: i18n.pick(field.title),
    help: '',
    ref: '',
    group: '',
    value: (v) => {
      const c = choices.find((x) => x.value === v);
      return c ? i18n.pick(c.label) : String(v);
    },
  };
}

/** Every option of a game's lab form with its words, keyed by option. */
export function labOptionWordsOf(game: LabGameId, fields: readonly LabOptionField[], i18n: Sayer): Map<string, LabOptionWords> {
  const specs = new Map(labOptionSpecs(game).map((s) => [s.key, s]));
  return new Map(fields.map((f) => [f.key, labOptionWords(f, specs.get(f.key), i18n)]));
}

/** A game's options as a report says them: each name and each listed value's words, in the interface language. */
export function labOptionsSaidOnPage(game: LabGameId, fields: readonly LabOptionField[], i18n: Sayer): LabOptionsSaid {
  const words = labOptionWordsOf(game, fields, i18n);
  return Object.fromEntries(
    fields.map((f) => {
      const w = words.get(f.key)!;
      return [f.key, { title: w.title, values: Array.isArray(f.choices) ? Object.fromEntries(f.choices.map((c) => [String(c.value), w.value(c.value)])) : {} }];
    }),
  );
}
