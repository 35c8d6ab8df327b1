import { describe, expect, it } from 'vitest';
import { clickHint, hintKey } from './hints';
import { legalSpots, NO_PICK, resolveClick, spotKey, type Spot } from './input';
import { playMatches } from './testing';

describe('a click where nothing can happen gets a hint', () => {
  it('names why, in both languages, at every decision of seeded matches', () => {
    const seen = new Set<string>();
    playMatches({ games: 2, maxMoves: 120, seed: 'hints' }, (d) => {
      const spots: Spot[] = [
        { at: 'deck' },
        { at: 'stack' },
        { at: 'seat', seat: (d.seat + 1) % d.view.players },
        ...(d.view.hand ?? []).map((code): Spot => ({ at: 'hand', code })),
        ...d.view.areas.flat().map((c): Spot => ({ at: 'area', code: c.code })),
      ];
      const lit = new Set(legalSpots(d.view, d.seat, d.legal, NO_PICK).map(spotKey));
      for (const spot of spots) {
        const r = resolveClick(d.view, d.seat, d.legal, NO_PICK, spot);
        if (r.do !== 'none') continue;
        // Nothing a click does nothing on is advertised as a target.
        expect(lit.has(spotKey(spot))).toBe(false);
        const key = hintKey(d.view, d.legal, NO_PICK, spot);
        seen.add(key);
        const text = clickHint(d.view, d.legal, NO_PICK, spot, null);
        expect(text.zh.length).toBeGreaterThan(4);
        expect(text.en).toMatch(/^[\x20-\x7e]+$/);
        if (d.view.step.k === 'turn' && spot.at === 'area') expect(key).toBe('table.hint.area');
        if (spot.at === 'stack' && d.view.step.k === 'turn') expect(key).toBe('table.hint.stackPick');
      }
      // The person whose decision it is not: every click but the deck's gets "not your turn".
      const other = (d.seat + 1) % d.view.players;
      expect(hintKey(d.view, [], NO_PICK, { at: 'seat', seat: other })).toBe('table.hint.notYourTurn');
    });
    expect([...seen].sort()).toEqual(expect.arrayContaining(['table.hint.area', 'table.hint.stackPick', 'table.hint.useButtons']));
  });

  it('gives the stack slot its own reason when stacking is refused', () => {
    playMatches({ games: 1, players: 2, maxMoves: 30, seed: 'hints-stack' }, (d) => {
      if (d.view.step.k !== 'turn') return;
      const why = { zh: '池中已有该生肖，不能叠。', en: 'The pool already has that zodiac.' };
      expect(clickHint(d.view, d.legal, NO_PICK, { at: 'stack' }, why)).toBe(why);
    });
  });
});
