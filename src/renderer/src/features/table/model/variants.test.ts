import { describe, expect, it } from 'vitest';
import { OPTION_INFO, OPTION_KEYS } from '../../../../../shared/games/doufu/options';
import { OPTION_WORDS } from '../../../../../shared/lab/option-words';
import { CATALOGUES } from '../../../i18n/catalogue';

/**
 * The new-game screen's Variants: every rule option of the engine has a short name and each value
 * of a choice its words in both languages (`shared/lab/option-words.ts`, which the Balance page and
 * the lab's reports say too), and a plain description from the catalogue (the engine's own texts
 * are for designers and cite the spec). The house-rule codes (HI-n) are for designers only: no
 * player-facing text shows one.
 */
describe('variants on the new-game screen', () => {
  const zh = CATALOGUES.zh as Record<string, string>;
  const en = CATALOGUES.en as Record<string, string>;
  const words = OPTION_WORDS.doufu!;
  /** The page's own words about options (not about any one option). */
  const PAGE_WORDS = ['title', 'intro', 'default', 'defaultIs', 'ref'];

  it('word every option and every value in both languages', () => {
    for (const key of OPTION_KEYS) {
      expect(words.titles[key]?.zh, key).toBeTruthy();
      expect(words.titles[key]?.en, key).toBeTruthy();
      expect(words.titles[key]!.en, key).not.toMatch(/[\u3400-\u9fff]/);
      expect(zh[`variant.${key}.desc`], key).toBeTruthy();
      expect(en[`variant.${key}.desc`], key).toBeTruthy();
      for (const v of Object.keys(OPTION_INFO[key].labels ?? {})) {
        expect(words.values[key]?.[v]?.zh, `${key}=${v}`).toBeTruthy();
        expect(words.values[key]?.[v]?.en, `${key}=${v}`).toBeTruthy();
      }
    }
  });

  it('keep one place for each word: names and values in option-words, only descriptions in the catalogue', () => {
    const known = new Set<string>(OPTION_KEYS);
    for (const k of Object.keys(zh).filter((k) => k.startsWith('variant.'))) {
      const [, opt, ...rest] = k.split('.');
      if (PAGE_WORDS.includes(opt!) && rest.length === 0) continue;
      expect(known.has(opt!) && rest.join('.') === 'desc', k).toBe(true);
    }
    // No words for options the engine no longer has (the lab's mode is the table format).
    for (const key of [...Object.keys(words.titles), ...Object.keys(words.values)]) expect(known.has(key) || key === 'mode', key).toBe(true);
    for (const [key, values] of Object.entries(words.values)) {
      if (key === 'mode') continue;
      const accepts = OPTION_INFO[key as keyof typeof OPTION_INFO].accepts;
      for (const v of Object.keys(values)) expect(Array.isArray(accepts) && accepts.map(String).includes(v), `${key}=${v}`).toBe(true);
    }
  });

  it('keep the house-rule codes out of what players read', () => {
    for (const [k, v] of Object.entries({ ...zh, ...en }).filter(([k]) => k.startsWith('variant.') && k !== 'variant.ref')) expect(v, k).not.toMatch(/HI-\d/);
    const said = [...Object.values(words.titles), ...Object.values(words.values).flatMap((v) => Object.values(v))];
    for (const w of said) expect(`${w.zh} ${w.en}`).not.toMatch(/HI-\d|§/);
    expect(zh['variant.ref']).toContain('{ref}');
  });

  it('describe an option in plain words, not the spec’s shorthand', () => {
    for (const key of OPTION_KEYS) {
      const d = en[`variant.${key}.desc`]!;
      expect(d.length, key).toBeGreaterThan(30);
      expect(d, key).not.toMatch(/[\u3400-\u9fff]|HI-|§/);
    }
  });
});
