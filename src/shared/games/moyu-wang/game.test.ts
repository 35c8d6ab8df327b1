// 摸鱼王: spec §12's scenarios M-01 … M-26 by number, and the options that change them.
import { describe, expect, it } from 'vitest';
import { Match } from '../../engine/runner';
import { loadMatch, saveMatch } from '../../engine/save';
import { Rng, seedRng } from '../../util/rng';
import { BLACK, GREEN, RED, YELLOW } from './cards';
import { applyMw, legalMw, moyuWang, statusMw, viewMw } from './game';
import { colourCounts } from './state';
import { card, must, play, position, round } from './testing';

const notMe = 'K:not_me#1';
const heCan = 'K:he_can#1';
const itsYou = 'K:its_you#1';
const helpMe = 'K:help_me#1';
const stop = 'K:stop#1';
const noLeave = 'K:no_leave#1';
const hustle = 'K:hustle#1';
const blank = 'K:blank#1';
const refused = (s: Parameters<typeof applyMw>[0], m: Parameters<typeof applyMw>[1]) => {
  const r = applyMw(s, m);
  expect(r.ok).toBe(false);
  return r.ok ? '' : r.code;
};

describe('摸鱼王 §12 scenarios', () => {
  it('M-01: holding the appeared colour, another colour is illegal; the colour or a rainbow card is legal', () => {
    let s = position({ hands: [['R14', 'Y22'], ['R17', 'G33', 'RB05'], ['B41', 'B42'], ['P51', 'P52']] });
    s = play(s, 0, 'R14');
    expect(refused(s, { type: 'play', seat: 1, cards: [card('G33')] })).toBe('move/illegal');
    expect(applyMw(s, { type: 'play', seat: 1, cards: [card('R17')] }).ok).toBe(true);
    expect(applyMw(s, { type: 'play', seat: 1, cards: [card('RB05')] }).ok).toBe(true);
    expect(legalMw(s, 1).map((m) => (m.type === 'play' ? m.cards : []))).toEqual([[card('R17')], [card('RB05')]]);
  });

  it('M-02: a rainbow card is always legal', () => {
    let s = position({ hands: [['R14', 'Y22'], ['R17', 'RB05'], ['B41', 'B42'], ['P51', 'P52']] });
    s = play(s, 0, 'R14');
    expect(applyMw(s, { type: 'play', seat: 1, cards: [card('RB05')] }).ok).toBe(true);
  });

  it('M-03: a rainbow lead sets no colour', () => {
    let s = position({ hands: [['RB03', 'Y22'], ['G31', 'R12'], ['B41', 'B42'], ['P51', 'P52']] });
    s = play(s, 0, 'RB03');
    expect(applyMw(s, { type: 'play', seat: 1, cards: [card('G31')] }).ok).toBe(true);
  });

  it('M-04: three reds together: value 11, one red play, three cards (and per card as an option)', () => {
    const hands = [['Y22', 'Y29'], ['Y25', 'Y28'], ['R11', 'R15', 'R18', 'B44'], ['G33', 'G34']];
    const s = round(position({ hands }), ['Y22'], ['Y25'], ['R11', 'R15', 'R18'], ['G33']);
    const red = s.rounds[0]!.plays[2]!;
    expect(red).toEqual({ seat: 2, cards: [11, 15, 18], colour: RED, value: 11 });
    expect(colourCounts(s.rounds[0]!.plays, s.options)[RED]).toBe(1);
    expect(s.rounds[0]!.overtimeColours).toEqual([YELLOW]);
    expect(s.rounds[0]!.overtime).toEqual([0]);
    expect(s.piles[0]!.length).toBe(6);
    const t = round(position({ hands, options: { group_counts: 'per_card' } }), ['Y22'], ['Y25'], ['R11', 'R15', 'R18'], ['G33']);
    expect(t.rounds[0]!.overtimeColours).toEqual([RED]);
    expect(t.rounds[0]!.overtime).toEqual([2]);
  });

  it('M-05: black may be played when free; then black binds like any colour', () => {
    let s = position({ hands: [['G31', 'G39'], [heCan, 'Y22'], [notMe, 'G35', 'Y27'], ['P51', 'P52']] });
    s = play(s, 0, 'G31');
    s = play(s, 1, heCan);
    expect(s.plays[1]!.colour).toBe(BLACK);
    expect(refused(s, { type: 'play', seat: 2, cards: [card('Y27')] })).toBe('move/illegal');
    expect(applyMw(s, { type: 'play', seat: 2, cards: [card(notMe)] }).ok).toBe(true);
    expect(applyMw(s, { type: 'play', seat: 2, cards: [card('G35')] }).ok).toBe(true);
  });

  it('M-06: red twice is the overtime colour; R12 takes the 4 cards, a marker, draws up to 7 and leads', () => {
    const s = round(position({ hands: [['R14', 'R19'], ['R12', 'R18'], ['G33', 'G38'], ['B41', 'B48']] }), ['R14'], ['R12'], ['G33'], ['B41']);
    expect(s.rounds[0]!.overtimeColours).toEqual([RED]);
    expect(s.piles[1]!.sort((a, b) => a - b)).toEqual([12, 14, 33, 41]);
    expect(s.markers).toEqual([0, 1, 0, 0]);
    expect(s.hands[1]!.length).toBe(7);
    expect(s.leader).toBe(1);
    expect(s.turn).toBe(1);
    expect(s.phase).toBe('play');
  });

  it('M-07: a holiday card removes its colour; green and yellow tie; the lowest of them works', () => {
    const s = round(position({ hands: [['R10', 'R19'], ['R15', 'R18'], ['G31', 'G38'], ['Y27', 'Y28']] }), ['R10'], ['R15'], ['G31'], ['Y27']);
    expect(s.rounds[0]!.overtimeColours).toEqual([YELLOW, GREEN]);
    expect(s.rounds[0]!.overtime).toEqual([3]);
    // Exclusion after the maximum (an option): red was the most common, so nobody works.
    const t = round(position({ hands: [['R10', 'R19'], ['R15', 'R18'], ['G31', 'G38'], ['Y27', 'Y28']], options: { holiday_order: 'after_max' } }), ['R10'], ['R15'], ['G31'], ['Y27']);
    expect(t.rounds[0]!.outcome).toBe('none');
  });

  it('M-08: red and green tie at 2: the lowest of all four works', () => {
    const s = round(position({ hands: [['R13', 'R19'], ['G32', 'Y22'], ['R17', 'R18'], ['G35', 'G38']] }), ['R13'], ['G32'], ['R17'], ['G35']);
    expect(s.rounds[0]!.overtimeColours).toEqual([RED, GREEN]);
    expect(s.rounds[0]!.overtime).toEqual([0]);
  });

  it('M-09: only excluded colours and rainbow: no overtime, the cards are discarded, the same leader', () => {
    const s = round(position({ hands: [['RB02', 'Y22'], ['R10', 'R18'], ['G30', 'G38'], ['RB07', 'Y28']] }), ['RB02'], ['R10'], ['G30'], ['RB07']);
    expect(s.rounds[0]!.outcome).toBe('none');
    expect(s.discard.sort((a, b) => a - b)).toEqual([2, 7, 10, 30]);
    expect(s.markers).toEqual([0, 0, 0, 0]);
    expect(s.leader).toBe(0);
    expect(s.turn).toBe(0);
  });

  it('M-10: Not Me passes overtime to the player on the right; declining, they work', () => {
    let s = round(position({ hands: [['R14', 'R19'], ['Y22', heCan, 'Y29'], ['R11', notMe, 'R18'], ['G33', 'G38']] }), ['R14'], ['Y22'], ['R11'], ['G33']);
    expect(s.phase).toBe('excuse');
    expect(statusMw(s).toAct).toEqual([2]);
    s = must(s, { type: 'excuse', seat: 2, card: card(notMe) });
    expect(s.selected).toEqual({ seat: 1, madeBy: 2 });
    s = must(s, { type: 'accept', seat: 1 });
    expect(s.rounds[0]!.overtime).toEqual([1]);
    expect(s.markers).toEqual([0, 1, 0, 0]);
  });

  it('M-11: He Can → P4, No It’s You → P1; P1 without excuses works; both excuses discarded', () => {
    let s = round(position({ hands: [['R11', heCan, 'R19'], ['R14', 'R18'], ['G33', 'G38'], ['B41', itsYou, 'B48']] }), ['R11'], ['R14'], ['G33'], ['B41']);
    s = must(s, { type: 'excuse', seat: 0, card: card(heCan), target: 3 });
    expect(s.selected).toEqual({ seat: 3, madeBy: 0 });
    s = must(s, { type: 'excuse', seat: 3, card: card(itsYou) });
    expect(s.rounds[0]!.overtime).toEqual([0]);
    expect(s.discard).toEqual([card(heCan), card(itsYou)]);
    expect(s.piles[0]!.length).toBe(4);
  });

  it('M-12: No, It’s You is refused after ordinary settlement (bounces to the leader as an option)', () => {
    let s = position({ hands: [['R11', itsYou, notMe], ['R14', 'R18'], ['G33', 'G38'], ['B41', 'B48']] });
    s = round(s, ['R11'], ['R14'], ['G33'], ['B41']);
    expect(s.selected).toEqual({ seat: 0, madeBy: null });
    expect(refused(s, { type: 'excuse', seat: 0, card: card(itsYou) })).toBe('move/illegal');
    expect(legalMw(s, 0).some((m) => m.type === 'excuse' && m.card === card(itsYou))).toBe(false);
    const t = round(position({ hands: [['R14', 'R18'], ['R11', itsYou, 'R19'], ['G33', 'G38'], ['B41', 'B48']], options: { its_you_any: true } }), ['R14'], ['R11'], ['G33'], ['B41']);
    const u = must(t, { type: 'excuse', seat: 1, card: card(itsYou) });
    expect(u.rounds[0]!.overtime).toEqual([0]);
  });

  it('M-13: Help Me with 5 cards on the table: the helper gets 2, the asker 3; both a marker and draw up; the asker leads', () => {
    let s = round(position({ hands: [['R14', 'R15', 'R19'], ['R12', helpMe, 'R18'], ['G33', 'G38'], ['B41', 'B48']] }), ['R14', 'R15'], ['R12'], ['G33'], ['B41']);
    s = must(s, { type: 'excuse', seat: 1, card: card(helpMe), target: 3 });
    expect(s.piles[3]!.length).toBe(2);
    expect(s.piles[1]!.length).toBe(3);
    expect([...s.piles[1]!, ...s.piles[3]!].sort((a, b) => a - b)).toEqual([12, 14, 15, 33, 41]);
    expect(s.markers).toEqual([0, 1, 0, 1]);
    expect(s.hands[1]!.length).toBe(7);
    expect(s.hands[3]!.length).toBe(7);
    expect(s.leader).toBe(1);
    expect(s.rounds[0]!.overtime).toEqual([1, 3]);
  });

  it('M-14: Everyone Stop: the cards are discarded, no markers, this round’s leader leads again', () => {
    let s = round(position({ hands: [['R14', 'R19'], ['Y22', 'Y28'], ['R11', stop, 'R18'], ['G33', 'G38']] }), ['R14'], ['Y22'], ['R11'], ['G33']);
    s = must(s, { type: 'excuse', seat: 2, card: card(stop) });
    expect(s.rounds[0]!.outcome).toBe('stop');
    expect(s.markers).toEqual([0, 0, 0, 0]);
    expect(s.discard.length).toBe(5);
    expect(s.leader).toBe(0);
    expect(s.turn).toBe(0);
  });

  it('M-15: No Leave: the lowest number overall (rainbow 04) works; they may bounce it back', () => {
    let s = round(position({ hands: [['RB04', itsYou, 'Y22'], ['R12', noLeave, 'R18'], ['R19', 'R17'], ['G33', 'G38']] }), ['RB04'], ['R12'], ['R19'], ['G33']);
    expect(s.selected).toEqual({ seat: 1, madeBy: null });
    s = must(s, { type: 'excuse', seat: 1, card: card(noLeave) });
    expect(s.selected).toEqual({ seat: 0, madeBy: 1 });
    s = must(s, { type: 'excuse', seat: 0, card: card(itsYou) });
    expect(s.rounds[0]!.overtime).toEqual([1]);
  });

  it('M-16: Hustle: the others draw 3 clockwise from the left until the pile runs out; P3 still works', () => {
    let s = round(position({ hands: [['R14', 'R19'], ['Y22', 'Y28'], ['R11', hustle, 'R18'], ['G33', 'G38']], draw: ['B41', 'B42', 'B43', 'B44', 'B45', 'B46', 'B47'] }), ['R14'], ['Y22'], ['R11'], ['G33']);
    s = must(s, { type: 'excuse', seat: 2, card: card(hustle) });
    expect(s.hands[3]!.length).toBe(1 + 3);
    expect(s.hands[0]!.length).toBe(1 + 3);
    expect(s.hands[1]!.length).toBe(1 + 1);
    expect(s.hands[2]!.length).toBe(1);
    expect(s.rounds[0]!.overtime).toEqual([2]);
    expect(s.markers[2]).toBe(1);
    expect(s.draw).toEqual([]);
  });

  it('M-17: score = pile + hand × players', () => {
    const s = position({ hands: [['R14', 'R19'], ['Y22'], ['G33'], ['B41']], piles: [['P51', 'P52', 'P53', 'P54', 'P55', 'P56', 'P57', 'P58', 'P59'], [], [], []] });
    expect(statusMw(s).scores[0]).toBe(17);
  });

  it('M-18: a hand emptied in the play phase ends the game after the phase, before settlement', () => {
    const s = round(position({ hands: [['R14', 'R19'], ['R12'], ['G33', 'G38'], ['B41', 'B48']] }), ['R14'], ['R12'], ['G33'], ['B41']);
    expect(s.phase).toBe('over');
    expect(statusMw(s).winners).toEqual([1]);
    expect(s.markers).toEqual([0, 0, 0, 0]);
    expect(s.end!.reason).toBe('empty');
  });

  it('M-19: two empty hands with equal scores: more black cards wins', () => {
    const piles = [[], ['P51', 'P52', 'P53', 'P54', notMe, heCan], [], ['Y21', 'Y23', 'Y24', 'Y25', 'Y26', stop]];
    const s = round(position({ hands: [['R14', 'R19'], ['R12'], ['G33', 'G38'], ['B41']], piles }), ['R14'], ['R12'], ['G33'], ['B41']);
    expect(s.end!.scores[1]).toBe(6);
    expect(s.end!.scores[3]).toBe(6);
    expect(statusMw(s).winners).toEqual([1]);
  });

  it('M-20: a third overtime ends the game; lowest score wins', () => {
    const s = round(position({ hands: [['R14', 'R19'], ['Y22', 'Y28'], ['R11', 'R18'], ['G33', 'G38']], markers: [0, 0, 2, 0] }), ['R14'], ['Y22'], ['R11'], ['G33']);
    expect(s.markers[2]).toBe(3);
    expect(s.end!.reason).toBe('overtime');
    // Scores: one card in hand × 4 each, P3 also 4 in the pile and 7 in hand.
    expect(s.end!.scores).toEqual([4, 4, 4 + 28, 4]);
    expect(statusMw(s).winners).toEqual([0, 1, 3]);
    expect(statusMw(s).draw).toBe(true);
  });

  it('M-21: with the draw pile empty, overtime draws nothing and the game goes on', () => {
    const s = round(position({ hands: [['R11', 'R19'], ['R14', 'R18'], ['G33', 'G38'], ['B41', 'B48']], draw: [] }), ['R11'], ['R14'], ['G33'], ['B41']);
    expect(s.hands[0]!.length).toBe(1);
    expect(s.piles[0]!.length).toBe(4);
    expect(s.phase).toBe('play');
  });

  it('M-22: black the only overtime colour: the earliest black play works', () => {
    const s = round(position({ hands: [['RB01', 'Y22'], [notMe, 'Y28'], ['RB03', 'G38'], [heCan, 'B48']] }), ['RB01'], [notMe], ['RB03'], [heCan]);
    expect(s.rounds[0]!.overtimeColours).toEqual([BLACK]);
    expect(s.rounds[0]!.selected).toBe(1);
  });

  it('M-23: the Secretary ignores the colour rule', () => {
    let s = position({ hands: [['R14', 'R19'], ['R12', 'R18'], ['R11', 'G33'], ['B41', 'B48']], roles: ['boss', 'employee', 'secretary', 'employee'] });
    s = round(s, ['R14'], ['R12']);
    expect(applyMw(s, { type: 'play', seat: 2, cards: [card('G33')] }).ok).toBe(true);
    const plain = round(position({ hands: [['R14', 'R19'], ['R12', 'R18'], ['R11', 'G33'], ['B41', 'B48']], roles: ['boss', 'employee', 'employee', 'secretary'] }), ['R14'], ['R12']);
    expect(applyMw(plain, { type: 'play', seat: 2, cards: [card('G33')] }).ok).toBe(false);
  });

  it('M-24: the Boss wins on score, the only Secretary is voted out: the Employees win', () => {
    const roles = ['boss', 'employee', 'secretary', 'employee', 'old_hand'] as const;
    // P3 works a third overtime; the Boss has the lowest score.
    let s = round(position({ hands: [['R14', 'R19'], ['Y22', 'Y28', 'Y29'], ['R11', 'R18'], ['G33', 'G38'], ['B41', 'B48']], roles: [...roles], markers: [0, 0, 2, 0, 0] }), ['R14'], ['Y22'], ['R11'], ['G33'], ['B41']);
    expect(s.phase).toBe('vote');
    expect(s.end!.base).toEqual([0, 3, 4]);
    expect(new Set(statusMw(s).toAct)).toEqual(new Set([1, 2, 3, 4]));
    expect(viewMw(s, 1).vote).toBeNull();
    s = must(s, { type: 'vote', seat: 1, target: 2 });
    expect(viewMw(s, 3).vote).toBeNull();
    s = must(s, { type: 'vote', seat: 2, target: 1 });
    s = must(s, { type: 'vote', seat: 3, target: 2 });
    s = must(s, { type: 'vote', seat: 4, target: 2 });
    expect(s.end!.votedOut).toEqual([2]);
    // The Old Hand shares the base win (lowest score) and wins too; the Boss and the Secretary lose.
    expect(statusMw(s).winners).toEqual([1, 3, 4]);
    expect(s.end!.side).toBe('employees_and_old_hand');
  });

  it('M-25: the Old Hand empties their hand and wins alone', () => {
    const s = round(position({ hands: [['R14', 'R19'], ['R12'], ['G33', 'G38'], ['B41', 'B48'], ['P51', 'P52']], roles: ['boss', 'old_hand', 'secretary', 'employee', 'employee'] }), ['R14'], ['R12'], ['G33'], ['B41'], ['P51']);
    expect(s.phase).toBe('over');
    expect(statusMw(s).winners).toEqual([1]);
    expect(s.end!.side).toBe('old_hand');
  });

  it('M-26: a selected player holding only the Blank Excuse cannot answer and works (a 7th Not Me as an option)', () => {
    const hands = [['R14', 'R19'], ['Y22', 'Y28'], ['G33', 'G38'], ['R11', blank, 'R18']];
    const s = round(position({ hands }), ['R14'], ['Y22'], ['G33'], ['R11']);
    expect(s.rounds[0]!.overtime).toEqual([3]);
    expect(s.phase).toBe('play');
    const t = round(position({ hands, options: { blank_excuse: 'not_me' } }), ['R14'], ['Y22'], ['G33'], ['R11']);
    expect(t.phase).toBe('excuse');
    const u = must(t, { type: 'excuse', seat: 3, card: card(blank) });
    // The player on the right (seat 2) holds no excuse and works.
    expect(u.rounds[0]!.overtime).toEqual([2]);
    expect(u.rounds[0]!.excuses).toEqual([{ seat: 3, card: card(blank), excuse: 'not_me' }]);
  });
});

describe('摸鱼王 contract', () => {
  it('refuses garbage, wrong seats and finished games without throwing', () => {
    const s = moyuWang.setup({ seed: 'x', players: 4, options: moyuWang.defaultOptions });
    expect(refused(s, null as never)).toBe('move/bad-shape');
    expect(refused(s, { type: 'play', seat: (s.turn + 1) % 4, cards: [s.hands[(s.turn + 1) % 4]![0]!] })).toBe('move/not-your-turn');
    expect(refused(s, { type: 'play', seat: s.turn, cards: [999] })).toBe('move/bad-shape');
    expect(refused(s, { type: 'accept', seat: s.turn })).toBe('move/illegal');
    expect(() => moyuWang.setup({ seed: 'x', players: 10, options: moyuWang.defaultOptions })).toThrow();
    expect(() => moyuWang.setup({ seed: 'x', players: 3, options: { ...moyuWang.defaultOptions, roles: true } })).toThrow();
  });

  it('parses options with defaults, refuses bad values with a message in both languages', () => {
    expect(moyuWang.parseOptions(undefined)).toEqual({ ok: true, options: moyuWang.defaultOptions, warnings: [] });
    const bad = moyuWang.parseOptions({ hand_size: 40 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message.zh).toContain('hand_size');
    const w = moyuWang.parseOptions({ nope: 1, roles: true });
    expect(w.ok && w.options.roles && w.warnings.length).toBe(1);
  });

  it('views hide other hands and secret roles; the deal reveals each hand to its owner only', () => {
    const { state, events } = moyuWang.start!({ seed: 'v', players: 5, options: { ...moyuWang.defaultOptions, roles: true } });
    const v = viewMw(state, 2);
    expect(v.hand.length).toBe(7);
    expect(v.open).toBeNull();
    expect(v.roles).toBeNull();
    expect(v.role).toBe(state.roles![2]);
    expect(v.boss).toBe(state.roles!.indexOf('boss'));
    expect(JSON.stringify(v)).not.toContain(JSON.stringify(state.hands[3]));
    expect(events.filter((e) => e.type === 'deal').map((e) => e.reveal)).toEqual([[0], [1], [2], [3], [4]]);
    expect(events.filter((e) => e.type === 'role' && e.reveal === 'all').length).toBe(1);
  });

  it('a saved match (role mode, mid-game) loads to the same state; plays and excuses are reveals', () => {
    const m = Match.create(moyuWang, { seed: 'save', players: 5, options: { ...moyuWang.defaultOptions, roles: true } });
    const rng = new Rng(seedRng('save'));
    let reveals = 0;
    for (let i = 0; i < 30 && !m.status().over; i++) {
      const r = m.apply(rng.pick(moyuWang.legalMoves(m.state, m.status().toAct[0]!)));
      if (r.ok && r.events.some((e) => e.reveal !== undefined)) reveals++;
    }
    expect(reveals).toBeGreaterThan(0);
    const loaded = loadMatch(moyuWang, saveMatch(m));
    expect(loaded.ok && loaded.match.state).toEqual(m.state);
  });
});
