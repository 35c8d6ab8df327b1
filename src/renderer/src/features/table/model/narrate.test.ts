import { describe, expect, it } from 'vitest';
import { en, zh } from '../../../i18n/catalogue';
import { Match } from '../../../../../shared/engine';
import { doufu } from '../../../../../shared/games/doufu';
import { moveCaptions, moveOrigins, oxSwapNote, placeKey, type CaptionLine } from './narrate';

/** A caption line as the table writes it, in one language (the way I18n.t fills placeholders). */
function render(line: CaptionLine, lang: 'zh' | 'en'): string {
  const msg = (lang === 'zh' ? zh : en)[line.key];
  return msg.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = line.params[k];
    if (v === undefined) throw new Error(`${line.key}: no parameter ${k}`);
    return typeof v === 'number' ? String(v) : v[lang];
  });
}

describe('moveCaptions', () => {
  it('puts a draw at the deck without naming the card (captions are public)', () => {
    const caps = moveCaptions([{ type: 'draw', seat: 1, card: 'RAT-FU', reveal: [1] }], 'ffa');
    expect(caps.map((c) => placeKey(c.place))).toEqual(['deck']);
    const text = render(caps[0]!.lines[0]!, 'zh') + render(caps[0]!.lines[0]!, 'en');
    expect(text).toBe('座位 2 · 摸一张牌Seat 2 · draws a card');
    expect(text).not.toMatch(/福鼠|Fortune Rat/);
  });

  it('gathers a stack and the flip it causes into one pool caption, in order', () => {
    const caps = moveCaptions(
      [
        { type: 'stack', seat: 0, card: 'RAT-FU', reveal: 'all' },
        { type: 'flip', seat: 0, card: 'OX-FU', via: 'stack', reveal: 'all' },
        { type: 'turn', seat: 1, turn: 3 },
      ],
      'ffa',
    );
    expect(caps).toHaveLength(1);
    expect(caps[0]!.lines.map((l) => render(l, 'zh'))).toEqual(['座位 1 · 叠 福鼠', '蒙出 福牛']);
    expect(caps[0]!.lines.map((l) => render(l, 'en'))).toEqual(['Seat 1 · stacks Fortune Rat', 'Turned up: Fortune Ox']);
  });

  it('puts an eat at the pool and a steal and a 福牛 swap at the acting seat, naming teams in 2v2', () => {
    const caps = moveCaptions(
      [
        { type: 'eat', seat: 2, card: 'RAT-FU', take: ['RAT-HE'], reveal: 'all' },
        { type: 'score', seat: 2, side: 0, card: 'RAT-FU', attr: '福' },
        { type: 'steal', seat: 2, from: 1, card: 'OX-FU' },
        { type: 'oxSwap', seat: 2, target: 3, reveal: [2, 3] },
      ],
      '2v2',
    );
    expect(caps.map((c) => placeKey(c.place))).toEqual(['pool', 'seat:2']);
    expect(render(caps[0]!.lines[0]!, 'en')).toBe('Seat 3 · eats Harmony Rat with Fortune Rat');
    expect(caps[1]!.lines.map((l) => render(l, 'zh'))).toEqual(['座位 3 · 从 乙队（座位 2·4） 抢走 福牛', '座位 3 · 福牛：与 座位 4 交换一张手牌']);
  });

  it('stops at the next hand: a move that ends a hand also deals the next', () => {
    const caps = moveCaptions(
      [
        { type: 'declare', seat: 1, W: 7 },
        { type: 'handStart', hand: 2, fushen: 1 },
        { type: 'deal', fushen: 1, pool: [['RAT-FU']], handSize: 5, reveal: 'all' },
      ],
      'ffa',
    );
    expect(caps.map((c) => placeKey(c.place))).toEqual(['seat:1']);
    expect(render(caps[0]!.lines[0]!, 'en')).toBe('Seat 2 · declares victory! W = 7');
  });

  it('has a caption, filled in both languages, for every action of a real match', () => {
    // A seeded match of random bots: every caption it produces fills every placeholder.
    const m = Match.create(doufu, { seed: 'narrate', players: 3, options: doufu.defaultOptions });
    const seen = new Set<string>();
    for (let i = 0; i < 400 && !m.status().over; i++) {
      const seat = m.status().toAct[0]!;
      const legal = doufu.legalMoves(m.state, seat);
      const r = m.apply(legal[(i * 7) % legal.length]!);
      expect(r.ok).toBe(true);
      for (const c of moveCaptions(m.log[m.length - 1]!.events, 'ffa'))
        for (const l of c.lines) {
          seen.add(l.key);
          expect(render(l, 'zh')).not.toMatch(/\{|undefined/);
          expect(render(l, 'en')).not.toMatch(/\{|undefined|[\u4e00-\u9fff]/);
        }
    }
    expect(seen.has('motion.draw') && seen.has('motion.stack') && seen.has('motion.flip')).toBe(true);
  });
});

describe('moveOrigins', () => {
  it('flies drawn and flipped cards from the deck, stacked and given cards from the seat', () => {
    const o = moveOrigins([
      { type: 'draw', seat: 1, card: 'RAT-FU', reveal: [1] },
      { type: 'stack', seat: 0, card: 'OX-FU', reveal: 'all' },
      { type: 'flip', seat: 0, card: 'RAT-HE', reveal: 'all' },
      { type: 'swap', seat: 2, give: 'RAT-Y1', take: 'RAT-Y2', reveal: 'all' },
    ]);
    expect(Object.fromEntries([...o.cards].map(([k, v]) => [k, placeKey(v)]))).toEqual({ 'RAT-FU': 'deck', 'OX-FU': 'seat:0', 'RAT-HE': 'deck', 'RAT-Y1': 'seat:2', 'RAT-Y2': 'pool' });
    expect(o.drew).toEqual([1]);
    expect(o.dealt).toBe(false);
  });

  it('follows the cards of a 福牛 swap from the move (the event names only the seats)', () => {
    const o = moveOrigins([{ type: 'oxSwap', seat: 1, target: 0, reveal: [1, 0] }], { type: 'swap', seat: 1, give: 'RAT-HE', take: 'OX-FU' });
    expect(Object.fromEntries([...o.cards].map(([k, v]) => [k, placeKey(v)]))).toEqual({ 'RAT-HE': 'seat:1', 'OX-FU': 'seat:0' });
  });

  it('deals the pool from the deck', () => {
    const o = moveOrigins([{ type: 'deal', fushen: 0, pool: [['RAT-FU'], ['OX-FU']], handSize: 5, reveal: 'all' }]);
    expect([...o.cards.keys()]).toEqual(['RAT-FU', 'OX-FU']);
    expect(o.dealt).toBe(true);
  });
});

describe('oxSwapNote', () => {
  it('tells the target which card it lost (the move takes it) and which it got (the move gives it)', () => {
    const note = oxSwapNote(12, { type: 'swap', seat: 1, give: 'RAT-HE', take: 'OX-FU' }, [{ type: 'skill', seat: 1, card: 'OX-FU' }, { type: 'oxSwap', seat: 1, target: 0, reveal: [1, 0] }]);
    expect(note).toEqual({ move: 12, by: 1, target: 0, lost: 'OX-FU', got: 'RAT-HE' });
  });

  it('is null for a 蒙换 (a swap with the pool) and for moves without a 福牛 swap', () => {
    expect(oxSwapNote(3, { type: 'swap', seat: 1, give: 'RAT-HE', take: 'OX-FU' }, [{ type: 'swap', seat: 1, give: 'RAT-HE', take: 'OX-FU', reveal: 'all' }])).toBeNull();
    expect(oxSwapNote(3, { type: 'draw', seat: 1 }, [{ type: 'draw', seat: 1, card: 'RAT-FU' }])).toBeNull();
  });
});
