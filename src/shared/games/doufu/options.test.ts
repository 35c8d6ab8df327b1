/**
 * Rule options (spec Appendix B, §8): the table matches the spec's keys and defaults, every option
 * is described for the new-game screen, and parseOptions accepts every allowed value and names
 * each bad key or value with what is accepted.
 */
import { describe, expect, it } from 'vitest';
import { changedOptions, DEFAULT_OPTIONS, OPTION_INFO, OPTION_KEYS, parseOptions, type OptionProblem } from './options';

/** Spec Appendix B, verbatim: key, default, alternatives, reference. */
const APPENDIX_B: [string, unknown, unknown[], string][] = [
  ['shuangyun_value', 2, [1], 'HI-03'],
  ['dual_nonfu_side_keeps_skill', false, [true], 'HI-04'],
  ['reshuffle_scope', 'per_player', ['global'], 'HI-09'],
  ['midhand_huangpai_voids_hand', true, [false], 'HI-11'],
  ['santie_taken_by_flip', true, [false], 'HI-13'],
  ['santie_splittable', false, [true], 'HI-14'],
  ['santie_skip_consumes_modifiers', true, [false], 'HI-16'],
  ['fushe_swap_rule', 'same_zodiac', ['any_cards'], 'HI-18'],
  ['dili_quad_as_two_pairs', true, [false], 'HI-19'],
  ['tianshi_dili_cumulative', true, [false], 'HI-19'],
  ['roulette_continue_on_match', true, [false], 'HI-27'],
  ['gift_target_may_decline', false, [true], 'HI-36'],
  ['fulong_exclusion_basis', 'assigned_attr', ['card_identity'], 'HI-37'],
  ['fuyang_discard_to', 'deck', ['removed'], 'HI-40'],
  ['fuji_followup_mong_skill_caused', false, [true], 'HI-41'],
  ['named_combo_requires_assigned_attr', true, [false], 'HI-50'],
  ['settlement_value', 'total_score', ['declared_combo_only'], 'HI-52'],
  ['nizhu_applies_to_non_declarers', true, [false], 'HI-54'],
  ['declare_trigger', 'score_change', ['card_change'], 'HI-55'],
  ['declare_out_of_turn', true, [false], 'HI-55'],
  ['nirvana_stacking', false, [true], 'HI-56'],
  ['deal_counts_by_active_players', true, [false], 'HI-57'],
  ['team_min_dazi', 2, [1, 3], 'HI-60'],
  ['team_dazi_count_mode', 'families_plus_sets', ['distinct_rows'], 'HI-60'],
  ['team_tianshi_exempt', true, [false], 'HI-61'],
  ['team_fuji_ban_scope', 'team', ['player'], 'HI-64'],
];

function problems(input: unknown): OptionProblem[] {
  const r = parseOptions(input);
  expect(r.ok).toBe(false);
  if (r.ok) return [];
  expect(r.error.code).toBe('doufu/invalid-options');
  return r.error.details as OptionProblem[];
}

describe('OPTION_INFO and DEFAULT_OPTIONS', () => {
  it('has exactly the keys of spec Appendix B, in its order, with its defaults and references', () => {
    expect(OPTION_KEYS).toEqual(APPENDIX_B.map(([k]) => k));
    expect(DEFAULT_OPTIONS).toEqual(Object.fromEntries(APPENDIX_B.map(([k, d]) => [k, d])));
    for (const [k, , , ref] of APPENDIX_B) expect(OPTION_INFO[k as keyof typeof OPTION_INFO].ref, k).toBe(ref);
  });
  it('describes every option in Chinese and English, and labels every value of a non-boolean choice', () => {
    for (const k of OPTION_KEYS) {
      const info = OPTION_INFO[k];
      expect(info.title.zh && info.title.en && info.description.zh && info.description.en, k).toBeTruthy();
      expect(info.description.zh, k).toMatch(/[\u4e00-\u9fff]/);
      if (Array.isArray(info.accepts)) {
        expect(info.accepts[0], k).toBe(info.default);
        if (typeof info.default !== 'boolean') for (const v of info.accepts) expect(info.labels?.[String(v)], `${k}=${v}`).toBeDefined();
      }
    }
  });
  it('is frozen', () => {
    expect(Object.isFrozen(DEFAULT_OPTIONS)).toBe(true);
  });
});

describe('parseOptions', () => {
  it('undefined and {} give the defaults', () => {
    expect(parseOptions(undefined)).toEqual({ ok: true, value: DEFAULT_OPTIONS });
    expect(parseOptions({})).toEqual({ ok: true, value: DEFAULT_OPTIONS });
  });
  it.each(APPENDIX_B.flatMap(([k, , alts]) => alts.map((v) => [k, v] as const)))('accepts %s = %j and keeps the other defaults', (k, v) => {
    const r = parseOptions({ [k]: v });
    expect(r.ok && r.value).toEqual({ ...DEFAULT_OPTIONS, [k]: v });
    expect(r.ok && changedOptions(r.value)).toEqual([k]);
  });
  it('names an unknown key and lists the accepted ones', () => {
    const [p, ...rest] = problems({ nirvana_stackin: true });
    expect(rest).toEqual([]);
    expect(p.key).toBe('nirvana_stackin');
    expect(p.message).toMatch(/^Unknown rule option "nirvana_stackin"; the options are shuangyun_value, dual_nonfu_side_keeps_skill, .*team_fuji_ban_scope\.$/);
  });
  it('names a bad value with the accepted values, the reference and the default', () => {
    const by = Object.fromEntries(problems({ shuangyun_value: '2', settlement_value: 'best', nirvana_stacking: 1, team_min_dazi: 2.5 }).map((p) => [p.key, p.message]));
    expect(by.shuangyun_value).toBe('shuangyun_value must be 2 or 1 (got "2"). See HI-03; the default is 2.');
    expect(by.settlement_value).toBe('settlement_value must be "total_score" or "declared_combo_only" (got "best"). See HI-52; the default is "total_score".');
    expect(by.nirvana_stacking).toBe('nirvana_stacking must be true or false (got 1). See HI-56; the default is false.');
    expect(by.team_min_dazi).toBe('team_min_dazi must be a whole number from 1 to 12 (got 2.5). See HI-60; the default is 2.');
    expect(problems({ team_min_dazi: 0 })[0].message).toMatch(/from 1 to 12 \(got 0\)/);
  });
  it('summarises all problems in one message', () => {
    const r = parseOptions({ foo: 1, declare_trigger: 'always' });
    expect(!r.ok && r.error.message).toMatch(/^The Dou Fu rule options need 2 fixes:\n• Unknown rule option "foo"; .*\n• declare_trigger must be "score_change" or "card_change" \(got "always"\)/);
  });
  it('skips keys the caller validates itself (the engine\'s mode), and inherited names are not options', () => {
    expect(parseOptions({ mode: '2v2', nirvana_stacking: true }, ['mode'])).toEqual({ ok: true, value: { ...DEFAULT_OPTIONS, nirvana_stacking: true } });
    expect(problems({ mode: '2v2' })[0].key).toBe('mode');
    expect(problems({ toString: 1 })[0].message).toMatch(/Unknown rule option "toString"/);
  });
  it('refuses a non-object', () => {
    for (const bad of [null, 3, 'defaults', [1]]) expect(problems(bad)[0].message).toMatch(/must be an object/);
  });
  it('returns a frozen copy, never the input', () => {
    const input = { nirvana_stacking: true };
    const r = parseOptions(input);
    expect(r.ok && Object.isFrozen(r.value)).toBe(true);
    expect(r.ok && r.value).not.toBe(input);
  });
});
