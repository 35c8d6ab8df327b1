import { describe, expect, it } from 'vitest';
import { OPTION_INFO, OPTION_KEYS } from '../../../../../shared/games/doufu/options';
import { CATALOGUES } from '../../../i18n/catalogue';

/**
 * The new-game screen's Variants: every rule option of the engine has a title and a plain
 * description in both languages, and every value of a choice a label, all from the catalogue
 * (the engine's own texts are for designers and cite the spec). The house-rule codes (HI-n) are
 * for designers only: no player-facing text shows one.
 */
describe('variants on the new-game screen', () => {
  const zh = CATALOGUES.zh as Record<string, string>;
  const en = CATALOGUES.en as Record<string, string>;

  it('word every option and every value in both languages', () => {
    for (const key of OPTION_KEYS) {
      for (const k of [`variant.${key}`, `variant.${key}.desc`]) {
        expect(zh[k], k).toBeTruthy();
        expect(en[k], k).toBeTruthy();
      }
      const labels = OPTION_INFO[key].labels;
      for (const v of Object.keys(labels ?? {})) {
        expect(zh[`variant.${key}.${v}`], `${key}=${v}`).toBeTruthy();
        expect(en[`variant.${key}.${v}`], `${key}=${v}`).toBeTruthy();
      }
    }
    // No stale entries for options the engine no longer has.
    const known = new Set(OPTION_KEYS as readonly string[]);
    for (const k of Object.keys(zh).filter((k) => k.startsWith('variant.') && k.split('.').length > 1)) {
      const opt = k.split('.')[1]!;
      if (['title', 'intro', 'default', 'defaultIs', 'ref'].includes(opt)) continue;
      expect(known.has(opt), k).toBe(true);
    }
  });

  it('keep the house-rule codes out of what players read', () => {
    for (const [k, v] of Object.entries({ ...zh, ...en }).filter(([k]) => k.startsWith('variant.') && k !== 'variant.ref')) expect(v, k).not.toMatch(/HI-\d/);
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
