/**
 * A game's rule options as the table kit's new-game screen shows them. Each engine already
 * describes its options in `shared/games/<id>/options.ts` (`OPTION_INFO`: the rulebook's default,
 * the accepted values, a zh/en name and help, the rule it comes from); `optionSpecs` turns that
 * description into one `OptionSpec` per option, in the order the engine lists them, and
 * `optionRows` into what each `OptionRow` on the page is given. A game with no special needs gets
 * its whole options panel from its `OPTION_INFO` alone.
 */
import type { MessageKey } from '../i18n/catalogue';
import type { Text } from '../features/table/model/log';

/** Words in both languages, given directly or as a catalogue key. */
export type Words = Text | { key: MessageKey };

/** One rule option on the new-game screen. */
export interface OptionSpec {
  key: string;
  /** Its name. */
  title: Words;
  /** What it does (may be empty). */
  help: Words;
  /** The rule it comes from (shown to designers on hover). */
  ref: string;
  /** The rulebook's default. */
  default: unknown;
  /** Named values (a list, or a checkbox for on/off), default first where the engine says so. */
  choices?: readonly unknown[];
  /** A whole number between these (when there are no named values). */
  range?: { min: number; max: number };
  /** Words for named values, by `String(value)`; others are said as on/off or as they are. */
  labels?: Readonly<Record<string, Words>>;
  /** A heading the option is listed under (options of one group stay together, in order of first appearance). */
  group?: { id: string; name: Words };
}

/** An engine's description of one option: the shape 生肖赛跑 and 斗老闆 use (`values`, `zh`/`en`, optional help). */
export interface ValuesInfo {
  values: readonly unknown[] | 'int';
  min?: number;
  max?: number;
  default: unknown;
  zh: string;
  en: string;
  helpZh?: string;
  helpEn?: string;
  ref: string;
}

/** An engine's description of one option: the shape 斗福 uses (`accepts`, `title`, `description`, value `labels`). */
export interface AcceptsInfo {
  default: unknown;
  accepts: readonly unknown[] | { readonly min: number; readonly max: number };
  ref: string;
  title: Text;
  description: Text;
  labels?: Readonly<Record<string, Text>>;
  topic?: string;
}

/** Either shape of an engine's option description. */
export type OptionInfo = ValuesInfo | AcceptsInfo;

/**
 * One `OptionSpec` per option of an engine's `OPTION_INFO`, in its order. Where the engine's words
 * are not the screen's (the catalogue has plainer ones), `override` replaces any part of a spec.
 * @example optionSpecs({ goal: { values: 'int', min: 3, max: 20, default: 10, zh: '目标', en: 'Goal', ref: '§1' } })
 * // [{ key: 'goal', title: { zh: '目标', en: 'Goal' }, help: { zh: '', en: '' }, ref: '§1', default: 10, range: { min: 3, max: 20 } }]
 */
export function optionSpecs(info: Readonly<Record<string, OptionInfo>>, override?: (key: string, spec: OptionSpec) => Partial<OptionSpec>): OptionSpec[] {
  return Object.entries(info).map(([key, i]) => {
    const spec = specOf(key, i);
    return override ? { ...spec, ...override(key, spec) } : spec;
  });
}

function specOf(key: string, i: OptionInfo): OptionSpec {
  if ('accepts' in i) {
    const list = Array.isArray(i.accepts) ? (i.accepts as readonly unknown[]) : undefined;
    return {
      key,
      title: i.title,
      help: i.description,
      ref: i.ref,
      default: i.default,
      ...(list ? { choices: list } : { range: i.accepts as { min: number; max: number } }),
      ...(i.labels ? { labels: i.labels } : {}),
    };
  }
  const help = i.helpZh !== undefined || i.helpEn !== undefined ? { zh: i.helpZh ?? '', en: i.helpEn ?? '' } : { zh: '', en: '' };
  return {
    key,
    title: { zh: i.zh, en: i.en },
    help,
    ref: i.ref,
    default: i.default,
    ...(i.values === 'int' ? { range: { min: i.min ?? 0, max: i.max ?? Number.MAX_SAFE_INTEGER } } : { choices: i.values }),
  };
}

/** What the page needs to say words in the interface language. */
export interface Sayer {
  t(key: MessageKey): string;
  pick(text: Text): string;
}

/** Words in the interface language. */
export function say(w: Words, i18n: Sayer): string {
  return 'key' in w ? i18n.t(w.key) : i18n.pick(w);
}

/** A value's words: its label, else on/off for a checkbox, else the value as it is. */
export function valueWords(spec: OptionSpec, value: unknown, i18n: Sayer): string {
  const l = spec.labels?.[String(value)];
  if (l && typeof value !== 'boolean') return say(l, i18n);
  if (typeof value === 'boolean') return i18n.t(value ? 'newgame.on' : 'newgame.off');
  return String(value);
}

/** One `OptionRow`'s props, as the new-game page passes them. */
export interface OptionRowProps {
  id: string;
  key: string;
  title: string;
  desc: string;
  ref: string;
  value: unknown;
  def: unknown;
  choices?: readonly unknown[];
  range?: { min: number; max: number };
  label: (value: unknown) => string;
  onset: (value: unknown) => void;
}

/** A group of rows under one heading (`name` null: no heading, the options have no groups). */
export interface OptionGroupRows {
  id: string;
  name: string | null;
  rows: OptionRowProps[];
}

/**
 * The new-game page's option rows: one per spec, grouped under their headings (in order of first
 * appearance), each with its control, its words and its current value. `idPrefix` keeps the
 * controls' ids apart from another game's.
 */
export function optionRows(specs: readonly OptionSpec[], values: Readonly<Record<string, unknown>>, set: (key: string, value: unknown) => void, i18n: Sayer, idPrefix = ''): OptionGroupRows[] {
  const groups: OptionGroupRows[] = [];
  for (const spec of specs) {
    const gid = spec.group?.id ?? '';
    let g = groups.find((x) => x.id === gid);
    if (!g) groups.push((g = { id: gid, name: spec.group ? say(spec.group.name, i18n) : null, rows: [] }));
    g.rows.push({
      id: `${idPrefix}opt-${spec.key}`,
      key: spec.key,
      title: say(spec.title, i18n),
      desc: say(spec.help, i18n),
      ref: spec.ref,
      value: values[spec.key],
      def: spec.default,
      ...(typeof spec.default === 'boolean' ? {} : spec.choices ? { choices: spec.choices } : { range: spec.range ?? { min: 0, max: Number.MAX_SAFE_INTEGER } }),
      label: (v) => valueWords(spec, v, i18n),
      onset: (v) => set(spec.key, v),
    });
  }
  return groups;
}
