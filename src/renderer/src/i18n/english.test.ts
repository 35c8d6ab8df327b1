import { describe, expect, it } from 'vitest';
import { doufu } from '../../../shared/games/doufu';
import { STEP_TEXT } from '../../../shared/games/doufu/explain';
import { OPTION_INFO } from '../../../shared/games/doufu/options';
import { CARDS } from '../../../shared/games/doufu/cards';
import { COMBOS } from '../../../shared/games/doufu/scoring';
import type { DoufuMove } from '../../../shared/games/doufu/types';
import { logLines } from '../features/table/model/log';
import { englishTerms } from '../features/table/model/terms';
import { playMatches } from '../features/table/model/testing';
import { en, type MessageKey } from './catalogue';

/**
 * English all the way: an English string of the interface, the table's log or the engine's
 * explanations holds no Chinese character, unless it is a card's own name (the deck search's
 * example) or the example for a field that asks for Chinese text.
 */

const CJK = /[\u3400-\u9fff\uf900-\ufaff]+/g;
/** Chinese a card's own name may bring into English text. */
const CARD_NAMES = new Set(CARDS.flatMap((c) => [c.name, c.zodiac]));
/** Keys whose English text is about Chinese text by design. */
const CHINESE_BY_DESIGN: Partial<Record<MessageKey, string>> = {
  'home.new.namePlaceholderZh': "the example in the field for the project's Chinese name",
  'home.new.defaultCopyZh': "the Chinese name given to a copy (it fills that field)",
};

/** The Chinese runs of `text` that are not a card's name. */
function stray(text: string): string[] {
  return (text.match(CJK) ?? []).filter((run) => !CARD_NAMES.has(run));
}

describe('English text has no Chinese in it', () => {
  it('in every English string of the catalogue', () => {
    const bad = Object.entries(en).filter(([k, v]) => !(k in CHINESE_BY_DESIGN) && stray(v).length > 0);
    expect(bad).toEqual([]);
  });

  it("in the table's log, for every event of seeded matches, as every seat and a spectator read it", () => {
    const bad = new Set<string>();
    for (const mode of ['ffa', '2v2'] as const)
      playMatches({ games: 2, mode, maxMoves: 800, seed: `english-${mode}` }, () => {}, (m, index) => {
        for (const viewer of [null, 0, 1]) for (const l of logLines(index, m.log[index]!.events, { mode, viewer })) if (stray(l.text.en).length) bad.add(l.text.en);
      });
    expect([...bad]).toEqual([]);
  });

  it('in the names of the combos, what they need and their notes', () => {
    expect(COMBOS.flatMap((c) => [c.en, c.requirement.en, c.notes.en]).filter((s) => stray(s).length)).toEqual([]);
  });

  // At the source: the engine's own English, before the table's englishTerms touches it.
  it("in the engine's English: what each decision asks for, and the rule options' titles, descriptions and choices", () => {
    expect(Object.values(STEP_TEXT).map(([, en]) => en).filter((s) => stray(s).length)).toEqual([]);
    const options = Object.values(OPTION_INFO).flatMap((o) => [o.title.en, o.description.en, ...Object.values(o.labels ?? {}).map((l) => l.en)]);
    expect(options.length).toBeGreaterThan(40);
    expect(options.filter((s) => stray(s).length)).toEqual([]);
  });

  // The deck's own English columns (templates/doufu/cards.csv) are checked in tests/doufu-english.test.ts.

  it("in the deck's English skill names and the engine's words, as the table shows them", () => {
    expect(englishTerms('锁定技 · Lock')).toBe('Locked skill · Lock');
    expect(englishTerms('使用技 · Imitate')).toBe('Activated skill · Imitate');
    expect(englishTerms('decide whether to declare 天时/地利')).toBe("decide whether to declare Heaven's Timing or Earth's Advantage");
    expect(englishTerms('after 蒙换 or 福虎')).toBe('after flip-swap or Fortune Tiger');
    expect(englishTerms('No Chinese here.')).toBe('No Chinese here.');
  });

  // The table shows the engine's reasons through englishTerms (see model/terms.ts).
  it("in the engine's reasons for refusing a move, as the engine words them and as the table shows them", () => {
    const bad = new Set<string>();
    playMatches({ games: 2, maxMoves: 300, seed: 'english-refusals' }, (d) => {
      const hand = d.view.hand ?? [];
      const tries: DoufuMove[] = [
        { type: 'draw', seat: d.seat },
        ...hand.map((card): DoufuMove => ({ type: 'stack', seat: d.seat, card })),
        ...hand.flatMap((card) => d.view.pool.map((e): DoufuMove => ({ type: 'eat', seat: d.seat, card, take: e[0]! }))),
        { type: 'declare', seat: d.seat },
        { type: 'pass', seat: d.seat },
        { type: 'draw', seat: (d.seat + 1) % d.view.players },
      ];
      for (const m of tries) {
        const r = doufu.apply(d.state, m);
        if (!r.ok && (stray(englishTerms(r.message.en)).length || stray(r.message.en).length)) bad.add(r.message.en);
      }
    });
    expect([...bad]).toEqual([]);
  });
});
