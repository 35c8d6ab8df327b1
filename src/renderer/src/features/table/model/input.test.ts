import { describe, expect, it } from 'vitest';
import { doufu } from '../../../../../shared/games/doufu';
import type { DoufuMove, SkillMove } from '../../../../../shared/games/doufu/types';
import { aimSkill, answerSkill, entryHead, legalSpots, NO_PICK, resolveClick, santieSplit, spotKey, type Pick, type Spot } from './input';
import { playMatches, type Decision } from './testing';

const key = (m: DoufuMove) => JSON.stringify(m);

/** The clicks a person makes for a move, as the table offers it. */
function clicksFor(d: Decision, m: DoufuMove): Spot[] | null {
  const head = (c: string) => entryHead(d.view, c);
  switch (m.type) {
    case 'draw':
      return [{ at: 'deck' }];
    case 'eat':
      return m.split ? null : [{ at: 'hand', code: m.card }, { at: 'pool', code: head(m.take) }];
    case 'stack':
      return [{ at: 'hand', code: m.card }, { at: 'stack' }];
    case 'steal':
      return [{ at: 'area', code: m.card }];
    case 'swap':
      return [{ at: 'hand', code: m.give }, { at: d.view.step.k === 'ox' ? 'peek' : 'pool', code: m.take }];
    case 'pick':
      return [{ at: 'pool', code: m.take }];
    case 'flip':
      return [{ at: 'spread', index: m.index }];
    default:
      return null; // answered with the prompt's buttons
  }
}

/** Follow clicks from no pick; the last must give the move. */
function follow(d: Decision, clicks: Spot[]): { result: ReturnType<typeof resolveClick>; pick: Pick } {
  let pick: Pick = NO_PICK;
  let result = resolveClick(d.view, d.seat, d.legal, pick, clicks[0]!);
  for (const spot of clicks.slice(1)) {
    if (result.do !== 'pick') break;
    pick = result.pick;
    result = resolveClick(d.view, d.seat, d.legal, pick, spot);
  }
  return { result, pick };
}

describe('table input', () => {
  it('every legal table move is reachable by the clicks the table offers, and its first click is highlighted', () => {
    let checked = 0;
    playMatches({ games: 6, maxMoves: 600 }, (d) => {
      const lit = new Set(legalSpots(d.view, d.seat, d.legal, NO_PICK).map(spotKey));
      for (const m of d.legal) {
        const clicks = clicksFor(d, m);
        if (!clicks) continue;
        const { result } = follow(d, clicks);
        expect(result, `${d.view.step.k}: ${key(m)}`).toEqual({ do: 'move', move: m });
        expect(lit.has(spotKey(clicks[0]!)), `${key(m)} first click lit`).toBe(true);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(1000);
  });

  it('with a card picked, only the places that finish a legal move light up', () => {
    playMatches({ games: 3, maxMoves: 400 }, (d) => {
      if (d.view.step.k !== 'turn') return;
      for (const code of d.view.hand ?? []) {
        const pick: Pick = { kind: 'hand', code };
        for (const spot of legalSpots(d.view, d.seat, d.legal, pick)) {
          const r = resolveClick(d.view, d.seat, d.legal, pick, spot);
          expect(r.do, spotKey(spot)).toBe('move');
        }
      }
    });
  });

  it('an illegal attempt becomes a move the engine refuses with a reason in both languages', () => {
    let tried = 0;
    playMatches({ games: 4, maxMoves: 400 }, (d) => {
      if (d.view.step.k !== 'turn') return;
      for (const card of d.view.hand ?? [])
        for (const entry of d.view.pool) {
          const r = resolveClick(d.view, d.seat, d.legal, { kind: 'hand', code: card }, { at: 'pool', code: entry[0]! });
          if (r.do !== 'try') continue;
          const refused = doufu.apply(d.state, r.move);
          expect(refused.ok).toBe(false);
          if (!refused.ok) {
            expect(refused.message.zh).toMatch(/[\u4e00-\u9fff]/);
            expect(refused.message.en.length).toBeGreaterThan(5);
          }
          tried++;
        }
    });
    expect(tried).toBeGreaterThan(20);
  });

  it('when it is not your decision a click on the deck asks the engine, which says whom it waits for', () => {
    playMatches({ games: 1, players: 2, maxMoves: 30 }, (d) => {
      const other = 1 - d.seat;
      const r = resolveClick(doufu.view(d.state, other), other, [], NO_PICK, { at: 'deck' });
      expect(r).toEqual({ do: 'try', move: { type: 'draw', seat: other } });
      const refused = doufu.apply(d.state, (r as { move: DoufuMove }).move);
      expect(!refused.ok && refused.message.en).toMatch(/Waiting for seat|not your|must/i);
    });
  });

  it('aiming a skill walks every legal activation, and only those', () => {
    let skills = 0;
    playMatches({ games: 12, maxMoves: 800 }, (d) => {
      const legalSkills = d.legal.filter((m): m is SkillMove => m.type === 'skill');
      for (const card of new Set(legalSkills.map((m) => m.card))) {
        const reached = new Set<string>();
        const walk = (chosen: Record<string, string | number>) => {
          const aim = aimSkill(d.legal, card, chosen);
          if (!aim.stage) {
            expect(aim.move).not.toBeNull();
            reached.add(key(aim.move!));
            return;
          }
          expect(aim.choices.length).toBeGreaterThan(1);
          for (const v of aim.choices) {
            const next = answerSkill({ kind: 'skill', card, chosen }, aim.stage, v);
            walk((next as { chosen: Record<string, string | number> }).chosen);
          }
        };
        walk({});
        expect([...reached].sort()).toEqual(legalSkills.filter((m) => m.card === card).map(key).sort());
        skills++;
      }
    });
    expect(skills).toBeGreaterThan(5);
  });
  it('a click on any card of a 三叠 acts on the whole stack (under the default rules it is one target)', () => {
    let stacks = 0;
    playMatches({ games: 8, maxMoves: 1500, seed: 'santie' }, (d) => {
      for (const entry of d.view.pool) {
        if (entry.length < 2) continue;
        expect(santieSplit(d.legal, entry)).toBe(false);
        const picks: Pick[] = [NO_PICK, ...(d.view.hand ?? []).map((code): Pick => ({ kind: 'hand', code }))];
        for (const pick of picks) {
          const onHead = resolveClick(d.view, d.seat, d.legal, pick, { at: 'pool', code: entry[0]! });
          for (const code of entry) expect(resolveClick(d.view, d.seat, d.legal, pick, { at: 'pool', code }), `${code} of ${entry.join(',')}`).toEqual(onHead);
        }
        stacks++;
      }
    });
    expect(stacks).toBeGreaterThan(50);
  });

  it('under santie_splittable a 蒙换 may take one card of a 三叠, and then its cards are targets of their own', () => {
    let split = 0;
    playMatches({ games: 12, maxMoves: 1500, seed: 'santie-split', options: { santie_splittable: true } }, (d) => {
      if (d.view.step.k !== 'swap') return;
      for (const entry of d.view.pool) {
        if (entry.length < 2 || !santieSplit(d.legal, entry)) continue;
        // Each card of it is swapped for itself, not for the stack's first card.
        for (const code of entry) {
          const give = d.legal.find((m) => m.type === 'swap' && m.take === code);
          if (give?.type !== 'swap') continue;
          const r = resolveClick(d.view, d.seat, d.legal, { kind: 'hand', code: give.give }, { at: 'pool', code });
          expect(r).toEqual({ do: 'move', move: give });
          split++;
        }
      }
    });
    expect(split).toBeGreaterThan(0);
  });
});
