import { describe, expect, it } from 'vitest';
import { dealSizes, latestMod } from '../../../../../shared/games/doufu/state';
import { en, zh } from '../../../i18n/catalogue/table';
import { legalSpots, NO_PICK, spotKey } from './input';
import { noDrawReason, pickedPromptKey, turnOffer, turnPromptKey } from './prompt';
import { playMatches } from './testing';

/** What a prompt's words name, in each language. */
function names(key: keyof typeof zh) {
  return {
    zh: { draw: zh[key].includes('摸牌'), eat: zh[key].includes('吃'), stack: zh[key].includes('叠蒙') },
    en: { draw: /\bdraw\b/.test(en[key]), eat: /\beat\b/.test(en[key]), stack: en[key].includes('Stack here') },
  };
}

describe('turn prompt', () => {
  it('names drawing, eating and stacking exactly when each is legal, in both languages, and the deck is lit exactly when it says draw', () => {
    const seen = new Set<string>();
    const reasons = new Set<string>();
    playMatches({ games: 9, maxMoves: 1500, seed: 'prompt' }, (d) => {
      if (d.view.step.k !== 'turn') return;
      const offer = turnOffer(d.legal);
      const key = turnPromptKey(offer);
      seen.add(key);
      const said = names(key);
      const legal = { draw: offer.draw, eat: offer.eat, stack: offer.stack };
      expect(said.zh, `${key} (zh)`).toEqual(legal);
      expect(said.en, `${key} (en)`).toEqual(legal);
      const lit = new Set(legalSpots(d.view, d.seat, d.legal, NO_PICK).map(spotKey));
      expect(lit.has('deck'), key).toBe(offer.draw);

      // Why the deck is dark, checked against the engine's own state.
      const why = noDrawReason(d.view, d.seat, offer);
      if (why) reasons.add(why);
      const mod = latestMod(d.state, d.seat)?.kind;
      if (offer.draw) expect(why).toBeNull();
      else if (why === 'onlyEat' || why === 'onlyStack') expect(mod).toBe(why);
      else if (why === 'deckEmpty') expect(d.state.deck.length).toBe(0);
      else expect(d.state.hands[d.seat]!.length).toBeGreaterThanOrEqual(dealSizes(d.state).L);

      // A picked hand card: the prompt names what that card can do.
      for (const code of d.view.hand ?? []) {
        const k = pickedPromptKey(d.legal, code);
        const n = names(k);
        const can = { eat: d.legal.some((m) => m.type === 'eat' && m.card === code), stack: d.legal.some((m) => m.type === 'stack' && m.card === code) };
        expect({ eat: n.zh.eat, stack: n.zh.stack }, `${k} (zh)`).toEqual(can);
        expect({ eat: n.en.eat, stack: n.en.stack }, `${k} (en)`).toEqual(can);
      }
    });
    // The everyday prompt and ones without drawing both came up.
    expect(seen).toContain('table.turn.drawEatStack');
    expect([...seen].some((k) => !k.includes('draw'))).toBe(true);
    expect(reasons).toContain('handFull');
  });

  it('has a sentence for every set of actions', () => {
    for (const draw of [false, true])
      for (const eat of [false, true])
        for (const stack of [false, true]) {
          const key = turnPromptKey({ draw, eat, stack, skill: false, pass: false });
          expect(zh[key], key).toBeTruthy();
          expect(en[key], key).toBeTruthy();
          expect(names(key).zh).toEqual({ draw, eat, stack });
          expect(names(key).en).toEqual({ draw, eat, stack });
        }
  });
});
