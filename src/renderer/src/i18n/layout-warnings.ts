/**
 * Layout and card warnings in the interface language. The layout (shared with the CLI and the
 * export) writes its warnings in English sentences of a few fixed forms; each form is matched
 * here and said again from the catalogue with the same values. A sentence of no known form is
 * shown as written.
 */
import { i18n } from './I18n.svelte';
import type { MessageKey } from './catalogue';

/** Every form: its pattern (named groups become the message's parameters) and its key. */
export const WARNING_FORMS: readonly { re: RegExp; key: MessageKey }[] = [
  { re: /^Layer "(?<id>.*)" shows icon "(?<icon>.*)", which the template does not define;/, key: 'warn.icon' },
  { re: /^Layer "(?<id>.*)" uses map "(?<map>.*)", which the template does not define;/, key: 'warn.map' },
  { re: /^Layer "(?<id>.*)" binds column "(?<column>.*)", which the cards have no column for;/, key: 'warn.column' },
  { re: /^Layer "(?<id>.*)" colour "(?<value>.*)" is not #rrggbb;/, key: 'warn.colour' },
  { re: /^Text of layer "(?<id>.*)" does not fit its (?<w>[\d.]+)×(?<h>[\d.]+) mm box;/, key: 'warn.overflow' },
  { re: /^Table "(?<id>.*)" has more rows than the card holds; rows (?<n>\d+) on fall off it;/, key: 'warn.tableRows' },
  { re: /^Table "(?<id>.*)" row (?<row>\d+) cell (?<cell>\d+) \("(?<text>.*)"\) is wider than its column;/, key: 'warn.tableCell' },
  { re: /^Table "(?<id>.*)" runs past the card's bottom edge;/, key: 'warn.tableBottom' },
  { re: /^Image "(?<ref>.*)" \((?<pw>\d+) × (?<ph>\d+) px\) prints at (?<dpi>\d+) DPI at (?<w>[\d.]+) × (?<h>[\d.]+) mm; (?<min>\d+) DPI needs (?<need>.*) px\./, key: 'warn.dpi' },
  { re: /^The font has no glyph for (?<chars>.*); choose another face or change the text\./, key: 'warn.glyph' },
  { re: /^Image "(?<ref>.*)" could not be found; check the art column and the icon name\./, key: 'warn.imageMissing' },
  { re: /^Layer "(?<id>.*)" is cut to the outline of layer "(?<target>.*)", which the template does not have;/, key: 'warn.clipMissing' },
  { re: /^Layer "(?<id>.*)" is cut to the outline of layer "(?<target>.*)", which is turned;/, key: 'warn.clipTurned' },
  { re: /^Layer "(?<id>.*)" is cut to the outline of layer "(?<target>.*)", a (?<kind>\w+) layer;/, key: 'warn.clipKind' },
  { re: /^Layer "(?<id>.*)" reaches outside the safe zone \((?<safe>[\d.]+) mm inside the trim\);/, key: 'warn.safe' },
  { re: /^The card has no id yet;/, key: 'warn.noId' },
  { re: /^copies "(?<value>.*)" is not a whole number from 0 to 999\./, key: 'warn.copies' },
  { re: /^(?<column>template|back) "(?<value>.*)" is not a template of this project \(have: (?<have>.*)\); drawn with "(?<fallback>.*)"\./, key: 'warn.template' },
  { re: /^binds column "(?<column>.*)", which cards\.csv does not have/, key: 'warn.columnCsv' },
  { re: /^(?<path>[\w.]+): (?<detail>.*)$/, key: 'warn.field' },
];

/** A warning sentence in the interface language. */
export function warningText(message: string): string {
  for (const f of WARNING_FORMS) {
    const m = f.re.exec(message);
    if (m) return i18n.t(f.key, { ...(m.groups ?? {}) });
  }
  return message;
}

/** The card a warning names: the loader's "(no id)" placeholder said in the interface language. */
export function warningCard(cardId: string): string {
  return cardId === '(no id)' ? i18n.t('warn.noIdCard') : cardId;
}
