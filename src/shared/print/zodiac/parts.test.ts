import { describe, expect, it } from 'vitest';
import { walkOps, type DrawList, type DrawOp } from '../../cards/draw-list';
import { fakeMeasurer } from '../fake-measurer';
import { paperSize } from '../paper';
import { dieNet } from './die-score';
import { TOKEN_BLUE, TOKEN_RED } from './parts';
import { STANDEE, STANDEE_HEIGHT, standeeLayout, standeeSheets } from './pieces';
import { tokenSheets } from './tokens';
import { kitTestPage, TEST_PAGE_TEXT } from './test-page';

const m = fakeMeasurer();
const ops = (lists: DrawList[], id: string): DrawOp[] => {
  const out: DrawOp[] = [];
  for (const l of lists) walkOps(l.ops, (o) => o.id === id && out.push(o));
  return out;
};

describe('生肖赛跑 kit parts', () => {
  it('prints 12 tokens of each value a set, 1 and 4 red, the rest blue, each with its cut circle', () => {
    const pages = tokenSheets(paperSize('a4'), { copies: 1, back: null }, m);
    expect(pages).toHaveLength(1);
    const values = ops(pages, 'token-value') as Extract<DrawOp, { op: 'text' }>[];
    for (let v = 1; v <= 6; v++) {
      const these = values.filter((o) => o.text === String(v));
      expect(these).toHaveLength(12);
      for (const o of these) expect(o.color).toBe(v === 1 || v === 4 ? TOKEN_RED : TOKEN_BLUE);
    }
    expect(ops(pages, 'cut')).toHaveLength(72);
    expect(tokenSheets(paperSize('a4'), { copies: 3, back: null }, m)).toHaveLength(3);
  });

  it('puts a back page behind every token page when a back colour is chosen', () => {
    const pages = tokenSheets(paperSize('letter'), { copies: 1, back: '#1F5FA8' }, m);
    expect(pages).toHaveLength(2);
    const backs = ops([pages[1]!], 'token-back') as Extract<DrawOp, { op: 'ellipse' }>[];
    expect(backs).toHaveLength(72);
    expect(backs.every((b) => b.fill?.color === '#1F5FA8')).toBe(true);
  });

  it('makes a standee for each of the 12 zodiacs in each player colour: 72 on three A4 or Letter pages', () => {
    for (const paper of ['a4', 'letter'] as const) {
      const pages = standeeSheets(paperSize(paper), 6, m);
      expect(pages, paper).toHaveLength(3);
      const art = ops(pages, 'standee-art') as Extract<DrawOp, { op: 'image' }>[];
      expect(art).toHaveLength(144); // front and back panel
      expect(new Set(art.map((a) => a.ref)).size).toBe(12);
    }
    expect(ops(standeeSheets(paperSize('a4'), 2, m), 'cut')).toHaveLength(24);
  });

  it('keeps each player\'s 12 standees together in one block on one page, on every paper (Tabloid: 3 × 4, three sets a page)', () => {
    for (const paper of ['a4', 'letter', 'a3', 'tabloid'] as const) {
      const page = paperSize(paper);
      const L = standeeLayout(page);
      const pages = standeeSheets(page, 6, m);
      expect(pages, paper).toHaveLength(Math.ceil(6 / L.perPage));
      // Each standee's seat colour band says whose it is; its front panel rect gives its place.
      const seen = new Map<string, number>();
      pages.forEach((p, pi) => {
        const cuts = ops([p], 'cut') as Extract<DrawOp, { op: 'rect' }>[];
        const seats = ops([p], 'standee-seat').filter((_, i) => i % 2 === 1) as Extract<DrawOp, { op: 'text' }>[]; // front panels (the back is drawn first)
        expect(seats).toHaveLength(cuts.length);
        const bySeat = new Map<string, Extract<DrawOp, { op: 'rect' }>[]>();
        cuts.forEach((c, i) => {
          const seat = seats[i]!.text;
          expect(seen.get(seat) ?? pi, `${paper}: player ${seat} on one page`).toBe(pi);
          seen.set(seat, pi);
          bySeat.set(seat, [...(bySeat.get(seat) ?? []), c]);
        });
        const boxes = [...bySeat.values()].map((cs) => {
          expect(cs).toHaveLength(12);
          const x0 = Math.min(...cs.map((c) => c.x));
          const y0 = Math.min(...cs.map((c) => c.y));
          const x1 = Math.max(...cs.map((c) => c.x + c.w));
          const y1 = Math.max(...cs.map((c) => c.y + c.h));
          // The block is a full rectangle of 12 strips: across × down.
          const across = Math.round((x1 - x0 + STANDEE.gap) / (STANDEE.width + STANDEE.gap));
          const down = Math.round((y1 - y0 + STANDEE.gap) / (STANDEE_HEIGHT + STANDEE.gap));
          expect(across * down, `${paper} block`).toBe(12);
          expect(x0).toBeGreaterThanOrEqual(STANDEE.margin - 1e-6);
          expect(x1).toBeLessThanOrEqual(page.width - STANDEE.margin + 1e-6);
          return { x0, y0, x1, y1 };
        });
        // Blocks never overlap one another, and stand apart by more than the strips' own gap
        // (8 mm where the page spares it: all four papers do across; A3 down), inside the margins.
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const [a, b] = [boxes[i]!, boxes[j]!];
            const apart = Math.max(b.x0 - a.x1, a.x0 - b.x1, b.y0 - a.y1, a.y0 - b.y1);
            expect(apart, `${paper}: blocks ${i} and ${j}`).toBeGreaterThanOrEqual(STANDEE.blockGap - 1e-6);
          }
        for (const b of boxes) expect([b.y0 >= STANDEE.margin - 1e-6, b.y1 <= page.height - STANDEE.margin - STANDEE.foot + 1e-6], paper).toEqual([true, true]);
      });
      expect(seen.size).toBe(6);
    }
    expect(standeeLayout(paperSize('tabloid'))).toMatchObject({ cols: 11, across: 3, down: 4, perPage: 3 });
    expect(standeeLayout(paperSize('a3'))).toMatchObject({ cols: 12, across: 12, down: 1, perPage: 4 });
    expect(standeeLayout(paperSize('a4'))).toMatchObject({ across: 4, down: 3, perPage: 2 });
  });

  it('draws the print test page: a 100 mm ruler with 101 mm ticks, a 50 mm square, a frame 5 mm in, the instructions in Chinese and English', () => {
    for (const paper of ['a4', 'letter', 'a3', 'tabloid'] as const) {
      const page = paperSize(paper);
      const t = kitTestPage(page, m);
      const ticks = ops([t.list], 'calibration-ruler').filter((o): o is Extract<DrawOp, { op: 'line' }> => o.op === 'line' && o.x1 === o.x2);
      expect(ticks).toHaveLength(101);
      const xs = ticks.map((o) => o.x1);
      expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(100, 6);
      const sq = ops([t.list], 'test-square').find((o) => o.op === 'rect') as Extract<DrawOp, { op: 'rect' }>;
      expect([sq.w, sq.h]).toEqual([50, 50]);
      const frame = ops([t.list], 'test-frame')[0] as Extract<DrawOp, { op: 'rect' }>;
      expect([frame.x, frame.y, frame.x + frame.w, frame.y + frame.h]).toEqual([5, 5, page.width - 5, page.height - 5]);
      // Everything else sits inside the frame, the ruler and square centred across the page.
      expect(t.ruler.x + 50).toBeCloseTo(page.width / 2, 3);
      expect(sq.x + 25).toBeCloseTo(page.width / 2, 3);
      expect(sq.y + sq.h).toBeLessThan(page.height - 20);
      const text = (ops([t.list], 'test-text') as Extract<DrawOp, { op: 'text' }>[]).map((o) => o.text).join('');
      expect(text).toContain('100');
      expect(text).toMatch(/实际大小/);
      expect(text).toMatch(/actual size/);
    }
    expect(TEST_PAGE_TEXT.zh).toHaveLength(TEST_PAGE_TEXT.en.length);
  });

  it('draws the die net with 21 pips, opposite faces adding up to 7, the 1 and the 4 red', () => {
    const pips = dieNet(0, 0).filter((o): o is Extract<DrawOp, { op: 'ellipse' }> => o.id === 'die-pip');
    expect(pips).toHaveLength(21);
    expect(pips.filter((p) => p.fill?.color === TOKEN_RED)).toHaveLength(5);
    expect(dieNet(0, 0).filter((o) => o.id === 'die-tab')).toHaveLength(7);
  });
});
