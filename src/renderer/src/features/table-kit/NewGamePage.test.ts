import { render } from 'svelte/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WindowApi } from '../../../../shared/ipc/contract';
import { i18n } from '../../i18n/I18n.svelte';
import { optionRows, optionSpecs } from '../../state/table-options';
import NewGamePage from './NewGamePage.svelte';
import { COUNT_BOT_LEVELS, COUNT_OPTION_INFO, COUNT_OPTIONS, CountTable } from './toy-game.svelte';

/** A window API with no saves (the page lists them; nothing here loads one). */
const api = { MATCHES_LIST: async () => [] } as unknown as WindowApi;

// The interface starts in the machine's language; these tests start in Chinese whatever it is.
beforeEach(() => i18n.setLocale('zh'));
afterEach(() => {
  i18n.setLocale('zh');
  vi.unstubAllGlobals();
});

describe('a game’s new-game page from its options description alone (the README’s toy game)', () => {
  it('maps each option to a row: name, help, the rulebook default, and the control its values call for', () => {
    const values: Record<string, unknown> = { goal: 12, most: 2 };
    const [group, ...more] = optionRows(COUNT_OPTIONS, values, (k, v) => (values[k] = v), i18n);
    expect(more).toEqual([]);
    expect(group!.name).toBeNull();
    const [goal, most] = group!.rows;
    expect(goal).toMatchObject({ id: 'opt-goal', key: 'goal', title: '目标', desc: '先数到这个数的人赢。', ref: '§2', value: 12, def: 10, range: { min: 3, max: 30 } });
    expect(goal!.choices).toBeUndefined();
    expect(most).toMatchObject({ id: 'opt-most', title: '每次最多加', value: 2, def: 2, choices: [2, 3] });
    expect(most!.label(3)).toBe('3');
    most!.onset(3);
    expect(values.most).toBe(3);
    i18n.setLocale('en');
    expect(optionRows(COUNT_OPTIONS, values, () => {}, i18n, 'cg-')[0]!.rows[0]).toMatchObject({ id: 'cg-opt-goal', title: 'Goal', desc: 'Whoever reaches this number wins.' });
  });

  it('says on/off for a checkbox, a named value in its words, and groups options under their headings in order', () => {
    const specs = optionSpecs(
      {
        fast: { values: [false, true], default: false, zh: '快棋', en: 'Fast', ref: '§9' },
        deck: { default: 'short', accepts: ['short', 'long'], ref: 'HI-1', title: { zh: '牌组', en: 'Deck' }, description: { zh: '用哪副牌。', en: 'Which deck.' }, labels: { short: { zh: '短', en: 'Short' }, long: { zh: '长', en: 'Long' } } },
      },
      (key) => ({ group: key === 'fast' ? { id: 'pace', name: { zh: '节奏', en: 'Pace' } } : { id: 'cards', name: { key: 'newgame.topic.components' } } }),
    );
    const groups = optionRows(specs, { fast: true, deck: 'long' }, () => {}, i18n);
    expect(groups.map((g) => g.name)).toEqual(['节奏', '牌']);
    const [fast] = groups[0]!.rows;
    const [deck] = groups[1]!.rows;
    expect(fast).toMatchObject({ title: '快棋', desc: '', def: false });
    expect([fast!.label(true), fast!.label(false)]).toEqual(['是', '否']);
    expect(deck).toMatchObject({ title: '牌组', desc: '用哪副牌。', choices: ['short', 'long'] });
    expect(deck!.label('long')).toBe('长');
  });

  it('renders seats, seed, every option with its default, start and the saved matches, with nothing of its own', () => {
    const table = new CountTable('count', api);
    table.setup.options.goal = 15;
    const { body } = render(NewGamePage, { props: { table, setup: table.setup, options: COUNT_OPTIONS, levels: COUNT_BOT_LEVELS } });
    const text = body.replace(/<!--[^>]*-->/g, '');
    expect(text).toContain('新对局 · 数到十');
    // How many play (the game's 2–4) and who sits where.
    for (const n of [2, 3, 4]) expect(text).toContain(`${n} 人`);
    expect(text.match(/data-seat-kind="\d-human"/g)).toHaveLength(2);
    expect(text).toContain('data-seed');
    expect(text).toContain('data-start');
    // Every option of the description, with the rulebook default said, and the changed one marked.
    for (const key of Object.keys(COUNT_OPTION_INFO)) expect(text).toContain(`data-option="${key}"`);
    expect(text).toMatch(/class="opt[^"]*changed[^"]*"[^>]*data-option="goal"/);
    expect(text).toContain('规则书默认：10');
    expect(text).toContain('规则书默认：2');
    expect(text).toContain('1 项与默认不同');
    expect(text).toContain('id="opt-goal"');
    expect(text).toContain('type="number"');
    // The saved matches beside them.
    expect(text).toContain('存档');
  });

  it('starts the match the form describes, with the options the engine checked', () => {
    const table = new CountTable('count', api);
    table.setup.count = '3';
    table.setup.options.most = 3;
    table.start();
    expect(table.seats).toHaveLength(3);
    expect(table.match?.init.options).toEqual({ goal: 10, most: 3 });
    table.lift();
    expect(table.legal.map((m) => m.by)).toEqual([1, 2, 3]);
    table.leave();
    table.setup.options.goal = 2;
    table.start();
    expect(table.notice?.text.en).toBe('The goal is a whole number from 3 to 30.');
  });

  it('remembers players, seats and options for the next visit, and drops options the rules refuse', () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) });
    const first = new CountTable('count', api);
    first.setup.count = '3';
    first.setup.setKind(2, 'bot');
    first.setup.options.goal = 20;
    first.start();
    const next = new CountTable('count', api).setup;
    expect(next.players).toBe(3);
    expect(next.seats[2]).toEqual({ kind: 'bot', level: 'easy' });
    expect(next.options).toEqual({ goal: 20, most: 2 });
    expect(next.changed).toEqual(['goal']);
    kept.set('fuqi.table.setup.count-to-ten', JSON.stringify({ players: 9, options: { goal: 99 } }));
    const bad = new CountTable('count', api).setup;
    expect(bad.players).toBe(2);
    expect(bad.options).toEqual({ goal: 10, most: 2 });
  });
});
