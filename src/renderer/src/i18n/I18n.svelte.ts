import { CATALOGUES, type MessageKey } from './catalogue';

/** Interface languages. */
export type Locale = 'zh' | 'en';
/** The locales in switcher order (Chinese first). */
export const LOCALES: readonly Locale[] = ['zh', 'en'];
/**
 * Each language named in itself (not translated), so anyone can find their own; show it with
 * `lang={LOCALE_TAGS[l]}`.
 */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { zh: '中文', en: 'English' };
/** BCP 47 tags of the locales. */
export const LOCALE_TAGS: Readonly<Record<Locale, string>> = { zh: 'zh-CN', en: 'en' };

const STORAGE_KEY = 'fuqi.locale';
const MM_PER_INCH = 25.4;

function loadLocale(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (saved === 'zh' || saved === 'en') return saved;
  } catch {
    // Storage can be disabled; the default is fine.
  }
  return 'zh';
}

/** Text with a Chinese and an English version, as project names and preflight messages come. */
export interface LocalText {
  zh: string;
  en: string;
}

/**
 * The interface language and everything that depends on it: message lookup and number, size and
 * byte formatting. One instance per window (`i18n`); reading `locale` in a template makes that
 * template re-render on a switch.
 */
export class I18n {
  /** Current language; persisted in localStorage, Chinese by default. */
  locale = $state<Locale>(loadLocale());

  /** BCP 47 tag for Intl. */
  get tag(): string {
    return this.locale === 'zh' ? 'zh-CN' : 'en-US';
  }

  /** Switch the language and remember it. */
  setLocale(locale: Locale): void {
    this.locale = locale;
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, locale);
    } catch {
      // Not persisted; the switch still applies to this session.
    }
    if (typeof document !== 'undefined') document.documentElement.lang = this.tag;
  }

  /**
   * Look up a message and fill its `{placeholders}`. Numbers are formatted for the locale; a
   * `singular|plural` entry is chosen by the parameter `n`.
   * @example i18n.t('home.cards', { n: 52 }) // "52 张牌" or "52 cards"
   */
  t(key: MessageKey, params: Record<string, string | number> = {}): string {
    let msg: string = CATALOGUES[this.locale][key] ?? CATALOGUES.zh[key] ?? key;
    if (msg.includes('|')) {
      const [one, other] = msg.split('|');
      const n = typeof params.n === 'number' ? params.n : Number.NaN;
      msg = pluralRules(this.tag).select(n) === 'one' ? one : other;
    }
    return msg.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const v = params[name];
      if (v === undefined) return whole;
      return typeof v === 'number' ? this.num(v) : v;
    });
  }

  /** The text of a `{ zh, en }` pair in the current language. */
  pick(text: LocalText | undefined): string {
    if (!text) return '';
    return text[this.locale] || text.zh || text.en;
  }

  /** A number for the locale (at most `digits` decimals). */
  num(n: number, digits = 2): string {
    return formatter(this.tag, digits).format(n);
  }

  /** A number with exactly `digits` decimals (+3.5, -1.0, 4.16), so a column's figures line up. */
  fixed(n: number, digits: number): string {
    const key = `${this.tag}|=${digits}`;
    let f = formats.get(key);
    if (!f) formats.set(key, (f = new Intl.NumberFormat(this.tag, { minimumFractionDigits: digits, maximumFractionDigits: digits })));
    return f.format(n);
  }

  /** A rate as a percentage with exactly `digits` decimals (29.8%, 24.0%), so a table's column lines up. */
  rate(fraction: number, digits = 1): string {
    const key = `${this.tag}|%${digits}`;
    let f = formats.get(key);
    if (!f) formats.set(key, (f = new Intl.NumberFormat(this.tag, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits })));
    return f.format(fraction);
  }

  /** A percentage of a 0..1 fraction. */
  percent(fraction: number): string {
    return new Intl.NumberFormat(this.tag, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
  }

  /**
   * A card or paper size. Chinese shows millimetres; English (US) shows inches with the
   * millimetres after them, since print shops quote both.
   * @example i18n.size(63, 88) // "63 × 88 毫米" or "2.48 × 3.46 in (63 × 88 mm)"
   */
  size(width: number, height: number): string {
    const mm = `${this.num(width, 2)} × ${this.num(height, 2)}`;
    if (this.locale === 'zh') return `${mm} 毫米`;
    return `${this.num(width / MM_PER_INCH, 2)} × ${this.num(height / MM_PER_INCH, 2)} in (${mm} mm)`;
  }

  /** A length in millimetres. */
  mm(value: number): string {
    return `${this.num(value, 2)} ${this.locale === 'zh' ? '毫米' : 'mm'}`;
  }

  /** A file size in B / KB / MB (decimal units, as file managers show them). */
  bytes(n: number): string {
    const units = ['B', 'KB', 'MB', 'GB'];
    let v = n;
    let u = 0;
    while (v >= 1000 && u < units.length - 1) {
      v /= 1000;
      u++;
    }
    return `${this.num(v, u === 0 ? 0 : 1)} ${units[u]}`;
  }
}

/** The window's language state. */
export const i18n = new I18n();

/** Number formats by locale and decimals: making one costs more than formatting with it, and grids format on every draw. */
const formats = new Map<string, Intl.NumberFormat>();
function formatter(tag: string, digits: number): Intl.NumberFormat {
  const key = `${tag}|${digits}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(tag, { maximumFractionDigits: digits })));
  return f;
}
const plurals = new Map<string, Intl.PluralRules>();
function pluralRules(tag: string): Intl.PluralRules {
  let p = plurals.get(tag);
  if (!p) plurals.set(tag, (p = new Intl.PluralRules(tag)));
  return p;
}
