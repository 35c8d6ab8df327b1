import { describe, expect, it } from 'vitest';
import { CATALOGUES, FEATURE_CATALOGUES, en, zh } from './catalogue';

/** A feature file as it is on disk: whatever it exports. */
interface FeatureModule {
  zh?: Record<string, string>;
  en?: Record<string, string>;
}

// Every file of the folder, not only the ones index.ts merges, so a forgotten file is caught too.
const files = import.meta.glob<FeatureModule>(['./catalogue/*.ts', '!./catalogue/index.ts'], { eager: true });
const byName = Object.entries(files).map(([path, mod]) => [path.replace(/^\.\/catalogue\/|\.ts$/g, ''), mod] as const);

/** The `{name}` placeholders of a message, sorted. */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
}

describe('i18n catalogue', () => {
  it('merges every feature file of the folder', () => {
    expect(byName.length).toBeGreaterThan(0);
    expect(Object.keys(FEATURE_CATALOGUES).sort()).toEqual(byName.map(([name]) => name).sort());
    for (const [name, mod] of byName) {
      expect(FEATURE_CATALOGUES[name as keyof typeof FEATURE_CATALOGUES], name).toBe(mod);
    }
  });

  it('defines each key in one feature file only', () => {
    const owner = new Map<string, string>();
    const duplicates: string[] = [];
    for (const [name, mod] of byName) {
      for (const key of Object.keys(mod.zh ?? {})) {
        const first = owner.get(key);
        if (first) duplicates.push(`${key} (${first}, ${name})`);
        else owner.set(key, name);
      }
    }
    expect(duplicates).toEqual([]);
    // Nothing lost or added by the merge.
    expect(Object.keys(zh).sort()).toEqual([...owner.keys()].sort());
  });

  it('gives each feature file the same keys in zh and en', () => {
    for (const [name, mod] of byName) {
      expect(mod.zh, `${name} exports zh`).toBeTypeOf('object');
      expect(mod.en, `${name} exports en`).toBeTypeOf('object');
      expect(Object.keys(mod.en!).sort(), name).toEqual(Object.keys(mod.zh!).sort());
    }
  });

  it('has a non-empty Chinese and English message for every key', () => {
    const keys = Object.keys(zh) as (keyof typeof zh)[];
    expect(keys.length).toBeGreaterThan(300);
    expect(Object.keys(en).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      for (const locale of ['zh', 'en'] as const) {
        const message: unknown = CATALOGUES[locale][key];
        expect(typeof message === 'string' && message.trim().length > 0, `${locale} ${key}`).toBe(true);
      }
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const key of Object.keys(zh) as (keyof typeof zh)[]) {
      expect(placeholders(en[key]), key).toEqual(placeholders(zh[key]));
    }
  });

  it('uses "|" only for singular|plural messages, which take {n}', () => {
    // t() splits any message containing "|" into singular and plural forms chosen by {n}.
    for (const [lang, cat] of [['zh', zh], ['en', en]] as const)
      for (const [key, msg] of Object.entries(cat)) if (msg.includes('|')) expect(msg.split('|').length === 2 && msg.includes('{n}'), `${lang} ${key}: "${msg}"`).toBe(true);
  });
});
