import { describe, expect, it } from 'vitest';
import { walkOps, type DrawList, type DrawOp } from '../../cards/draw-list';
import { fakeMeasurer } from '../fake-measurer';
import { paperSize } from '../paper';
import { dieNet } from './die-score';
import { TOKEN_BLUE, TOKEN_RED } from './parts';
import { standeeSheets } from './pieces';
import { tokenSheets } from './tokens';

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

  it('draws the die net with 21 pips, opposite faces adding up to 7, the 1 and the 4 red', () => {
    const pips = dieNet(0, 0).filter((o): o is Extract<DrawOp, { op: 'ellipse' }> => o.id === 'die-pip');
    expect(pips).toHaveLength(21);
    expect(pips.filter((p) => p.fill?.color === TOKEN_RED)).toHaveLength(5);
    expect(dieNet(0, 0).filter((o) => o.id === 'die-tab')).toHaveLength(7);
  });
});
