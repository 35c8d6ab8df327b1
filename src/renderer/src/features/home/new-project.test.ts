import { describe, expect, it } from 'vitest';
import { IPC_ARGS } from '../../../../shared/ipc/args';
import { blankForm, createArg, nameArg, nameProblem, NEW_PROJECT_LIMITS, withPreset } from './new-project';

describe('new project form', () => {
  it('starts at poker size with its bleed, 3 mm safe zone and corner radius', () => {
    expect(blankForm()).toMatchObject({ preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, corner: 3 });
    expect(withPreset(blankForm(), 'bridge')).toMatchObject({ preset: 'bridge', width: 57.15, height: 88.9, bleed: 3.175 });
    // Custom keeps the size it came from, to edit from there.
    expect(withPreset(withPreset(blankForm(), 'tarot'), 'custom')).toMatchObject({ preset: 'custom', width: 70, height: 120 });
  });

  it('needs a name in at least one language, each at most 100 characters', () => {
    expect(nameProblem('', '  ')).toBe('home.invalid.name');
    expect(nameProblem('节气牌', '')).toBeNull();
    expect(nameProblem('', 'x'.repeat(101))).toBe('home.invalid.nameLong');
    expect(nameArg(' 节气牌 ', '')).toBe('节气牌');
    expect(nameArg('Same', 'Same')).toBe('Same');
    expect(nameArg('节气牌', 'Solar Terms')).toEqual({ zh: '节气牌', en: 'Solar Terms' });
  });

  it('answers only arguments main accepts, and null for what it would refuse', () => {
    const ok = createArg({ ...blankForm(), nameZh: '节气牌' });
    expect(ok).toEqual({ name: '节气牌', card: { preset: 'poker' }, bleed: 3, safe: 3, cornerRadius: 3 });
    const custom = createArg({ ...withPreset(blankForm(), 'custom'), nameEn: 'Big', width: 100, height: 150, bleed: 0 });
    expect(custom).toMatchObject({ card: { width: 100, height: 150 }, bleed: 0 });
    for (const arg of [ok, custom]) expect(IPC_ARGS['projects:create'].safeParse(arg).success).toBe(true);

    expect(createArg(blankForm())).toBeNull();
    const named = { ...withPreset(blankForm(), 'custom'), nameZh: 'x' };
    for (const bad of [{ width: 9 }, { height: 401 }, { bleed: 10.5 }, { safe: -1 }, { corner: 21 }, { width: Number.NaN }, { bleed: null as unknown as number }])
      expect(createArg({ ...named, ...bad })).toBeNull();
    // The limits are exactly main's: the edges pass both.
    const edge = createArg({ ...named, width: NEW_PROJECT_LIMITS.size.min, height: NEW_PROJECT_LIMITS.size.max, bleed: 10, safe: 20, corner: 20 });
    expect(IPC_ARGS['projects:create'].safeParse(edge).success).toBe(true);
    expect(IPC_ARGS['projects:create'].safeParse({ ...edge, bleed: 10.01 }).success).toBe(false);
  });
});
