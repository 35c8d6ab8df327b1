import { afterEach, describe, expect, it } from 'vitest';
import { LAB_GAMES, labForm, labOptionsSaid } from '../../../../shared/lab';
import { i18n } from '../../i18n/I18n.svelte';
import { optionRows } from '../../state/table-options';
import { labOptionSpecs, labOptionsSaidOnPage, labOptionWordsOf } from './lab-options';

afterEach(() => i18n.setLocale('zh'));

const hasHan = (s: string) => /\p{Script=Han}/u.test(s);

describe('the Balance form says every option as the new-game page does', () => {
  for (const game of LAB_GAMES) {
    it(`${game}: names, help and value words in both languages, never a raw key or value`, () => {
      const form = labForm(game);
      const specs = labOptionSpecs(game);
      for (const locale of ['zh', 'en'] as const) {
        i18n.setLocale(locale);
        const words = labOptionWordsOf(game, form.options, i18n);
        // The new-game page's rows, for the same words side by side.
        const rows = new Map(optionRows(specs, {}, () => {}, i18n).flatMap((g) => g.rows.map((r) => [r.key, r])));
        for (const f of form.options) {
          const w = words.get(f.key)!;
          const row = rows.get(f.key);
          if (!row) {
            // Only 斗福's table format is not a new-game option: the form's own words.
            expect(`${game}.${f.key}`).toBe('doufu.mode');
            expect(w.title).toBe(locale === 'zh' ? '模式' : 'Mode');
          } else {
            expect(w.title).toBe(row.title);
            expect(w.help).toBe(row.desc);
            expect(w.ref).toBe(row.ref);
          }
          expect(w.title).not.toBe(f.key);
          expect(w.title).not.toMatch(/^[a-z]+(\.[\w-]+)+$/);
          // English names keep a game term's Chinese beside the English (斗十四's 天走 (heaven walk)).
          expect(locale === 'zh' ? hasHan(w.title) : /[A-Za-z]/.test(w.title)).toBe(true);
          if (!Array.isArray(f.choices)) continue;
          for (const c of f.choices) {
            const said = w.value(c.value);
            if (row) expect(said).toBe(row.label(c.value));
            expect(said, `${game}.${f.key}=${String(c.value)}`).not.toMatch(/^[a-z]+(\.[\w-]+)+$/);
            if (typeof c.value === 'string' && !/^\d/.test(c.value)) {
              expect(said, `${game}.${f.key}=${c.value} (${locale})`).not.toBe(c.value);
              if (locale === 'zh') expect(hasHan(said), `${game}.${f.key}=${c.value}`).toBe(true);
            }
            if (typeof c.value === 'boolean') expect(said).toBe(i18n.t(c.value ? 'newgame.on' : 'newgame.off'));
          }
        }
      }
    });
  }

  it('生肖赛跑: the first player and the mode in the catalogue’s words', () => {
    const form = labForm('zodiac-race');
    const words = labOptionWordsOf('zodiac-race', form.options, i18n);
    expect(words.get('first_player')!.value('random')).toBe('随机');
    expect(words.get('mode')!.title).toBe('模式');
    expect(words.get('mode')!.value('ffa')).toBe('各自为战');
    i18n.setLocale('en');
    const en = labOptionWordsOf('zodiac-race', form.options, i18n);
    expect(en.get('first_player')!.value('seat0')).toBe('Seat 1 starts');
    expect(en.get('mode')!.value('2teams')).toBe('2 teams');
  });
});

describe('the words the page sends for a PDF report', () => {
  it('name each option and each listed value in the interface language', async () => {
    const { labOptionsSaidOnPage } = await import('./lab-options');
    const { optionLines } = await import('../../../../shared/lab');
    i18n.setLocale('en');
    const said = labOptionsSaidOnPage('zodiac-race', labForm('zodiac-race').options, i18n);
    expect(said.first_player).toEqual({ title: expect.stringMatching(/first/i), values: { seat0: 'Seat 1 starts', random: 'Random' } });
    expect(optionLines({ first_player: 'random', mode: '2teams' }, said)).toEqual([`${said.first_player!.title}: Random`, `${said.mode!.title}: 2 teams`]);
  });
});

describe('a report made on the command line', () => {
  for (const game of LAB_GAMES)
    it(`${game}: says the options in the Balance page's words, in both languages`, () => {
      for (const locale of ['zh', 'en'] as const) {
        i18n.setLocale(locale);
        expect(labOptionsSaid(game, locale)).toEqual(labOptionsSaidOnPage(game, labForm(game).options, i18n));
      }
    });
});
