/**
 * The built-in 斗老闆 project (templates/dou-laoban): the 54-card deck of spec §2 and §13, whose
 * ids and `code` column are the engine's card codes (shared/games/dou-laoban/cards.ts) so a table
 * can deal the project's own cards, and the 3 reference cards. Every face lays out with the real
 * fonts without a warning, with every glyph present, text at 7 pt or more, inside the safe zone and
 * at WCAG AA contrast; the back looks the same after a half turn.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCardSet, type LoadProblem } from './load';
import { walkOps, type DrawOp } from './draw-list';
import type { CardSet } from './schema';
import { createFontService } from '../../main/services/export/fonts';
import { cardCode, DECK_SIZE, rankOf } from '../games/dou-laoban/cards';
import { fontkitFonts, layoutFaces, lowContrastTexts, missingGlyphs, textOps, textOutsideSafeZone, textsBelowSize, type ProjectFace } from '../../../tests/deck-checks';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = join(root, 'templates', 'dou-laoban');
const fonts = createFontService();
const fontOf = fontkitFonts(fonts);

let set: CardSet;
let warnings: LoadProblem[] = [];
let problems: LoadProblem[] = [];
let faces: ProjectFace[];

beforeAll(() => {
  const r = loadCardSet((rel) => (existsSync(join(dir, rel)) ? readFileSync(join(dir, rel), 'utf8') : undefined));
  if (!r.ok) problems = (r.error.details as LoadProblem[]) ?? [{ file: '?', where: '?', message: r.error.message }];
  else set = r.value;
  warnings = r.warnings;
  faces = set ? layoutFaces('dou-laoban', set, fonts.measurer) : [];
});

const deck = () => set.cards.filter((c) => c.fields.face !== 'reference');
const face = (id: string, side: 'front' | 'back' = 'front') => faces.find((x) => x.card.id === id && x.side === side)!;
const texts = (id: string) => textOps(face(id).list).map((t) => t.text);

describe('斗老闆 project', () => {
  it('loads with no problems and no warnings, poker cards with 3 mm bleed and safe zone, credits and a rulebook', () => {
    expect([problems, warnings]).toEqual([[], []]);
    expect(set.file.id).toBe('dou-laoban');
    expect(set.file.name).toEqual({ zh: '斗老闆', en: 'Dou Laoban' });
    expect(set.file.card).toMatchObject({ preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3 });
    const credits = set.file.credits.map((c) => `${c.what} ${c.who}`).join(' ');
    for (const c of ['Fluent Emoji', 'Noto Sans SC', 'Ma Shan Zheng', '華仁網路科技']) expect(credits).toContain(c);
    expect(set.file.rulebook?.sources).toEqual({ zh: 'rules.zh.md', en: 'rules.en.md' });
  });

  it('is the engine’s 54 cards, in its order, ids and codes as the engine writes them, one copy each, one back', () => {
    const cards = deck();
    expect(cards.map((c) => c.id)).toEqual(Array.from({ length: DECK_SIZE }, (_, i) => cardCode(i)));
    cards.forEach((c, i) => {
      expect([c.fields.code, c.fields.rank, c.fields.order, c.copies, c.back], c.id).toEqual([cardCode(i), String(rankOf(i)), String(i + 1), 1, 'back']);
    });
  });

  it('prints a large rank index in two opposite corners, the suit under it, 10 as “10”', () => {
    for (const c of deck().filter((c) => c.template === 'front')) {
      const ix = textOps(face(c.id).list).filter((t) => t.id?.startsWith('index'));
      expect(ix.map((t) => t.text), c.id).toEqual([c.id[0] === 'T' ? '10' : c.id[0], c.id[0] === 'T' ? '10' : c.id[0]]);
      for (const t of ix) expect(t.size, c.id).toBeGreaterThanOrEqual(20);
      const suits: string[] = [];
      walkOps(face(c.id).list.ops, (op) => op.op === 'image' && op.id?.startsWith('index-suit') && suits.push(op.ref));
      expect(suits, c.id).toEqual(Array(2).fill(`icon:fluent-emoji-flat:${({ S: 'spade', H: 'heart', D: 'diamond', C: 'club' } as const)[c.fields.suit as 'S']}-suit`));
    }
  });

  it('names the court cards for the office (J 員工, Q 經理, K 老闆) and the jokers as the seed does: 大怪 in colour, 小怪 in ink', () => {
    expect(texts('JS')).toContain('員工');
    expect(texts('QH')).toContain('經理');
    expect(texts('KD')).toContain('老闆');
    expect(texts('BJ')).toContain('大怪');
    expect(texts('SJ')).toContain('小怪');
    const paint = (id: string) => {
      const colours = new Set<string>();
      walkOps(face(id).list.ops, (op: DrawOp) => {
        if (op.op === 'text') colours.add(op.color);
        if ('fill' in op && op.fill && typeof op.fill === 'object' && 'gradient' in op.fill && op.fill.gradient) colours.add('gradient');
      });
      return colours;
    };
    expect(paint('BJ').has('gradient')).toBe(true);
    expect(paint('SJ').has('gradient')).toBe(false);
    expect(paint('BJ').has('#C23B22')).toBe(true);
    expect(paint('SJ').has('#C23B22')).toBe(false);
  });

  it('has 3 reference cards (combinations 1–7, 8–13 with the comparison, bidding and scoring), 3 copies each, on their own back', () => {
    const refs = set.cards.filter((c) => c.fields.face === 'reference');
    expect(refs.map((c) => [c.id, c.copies, c.back])).toEqual([['REF-1', 3, 'reference-back'], ['REF-2', 3, 'reference-back'], ['REF-3', 3, 'reference-back']]);
    const all = refs.map((c) => c.fields.rows).join('\n');
    for (const t of ['單張', '一對', '三張', '三帶一', '三帶一對', '順子', '連對', '飛機', '飛機帶單', '飛機帶對', '炸彈', '火箭', '四帶二', '四帶兩對']) expect(all).toContain(t);
    expect(refs[2]!.fields.note_zh).toContain('U = 底分 × 叫分 × 炸彈 × 春天');
    expect(refs[2]!.fields.note_zh).toMatch(/老闆 \+2U，員工各 −U/);
  });
});

describe('斗老闆 faces with the real fonts', () => {
  it('lays out every face without a warning', () => {
    expect(faces).toHaveLength(2 * 57);
    expect(faces.flatMap((x) => x.warnings)).toEqual([]);
  });
  it('has every character of every face in its font', () => expect(missingGlyphs(faces, fontOf)).toEqual([]));
  it('keeps every text at 7 pt or more', () => expect(textsBelowSize(faces, 7)).toEqual([]));
  it('keeps all text ink inside the safe zone', () => expect(textOutsideSafeZone(faces, fontOf)).toEqual([]));
  it('meets WCAG AA contrast for every text against the shape under it', () => expect(lowContrastTexts(faces)).toEqual([]));

  it('draws every picture from an existing icon', () => {
    const icons = JSON.parse(readFileSync(join(root, 'node_modules/@iconify-json/fluent-emoji-flat/icons.json'), 'utf8')) as { icons: Record<string, unknown> };
    let n = 0;
    for (const x of faces)
      walkOps(x.list.ops, (op) => {
        if (op.op !== 'image') return;
        n++;
        expect(/^icon:fluent-emoji-flat:(.+)$/.exec(op.ref)?.[1] ?? '' in icons.icons, op.ref).toBeTruthy();
        expect(icons.icons[op.ref.replace('icon:fluent-emoji-flat:', '')], op.ref).toBeDefined();
      });
    expect(n).toBeGreaterThan(200);
  });

  it('has one card back for the deck, the same after a half turn (its title turned with it)', () => {
    const backs = new Set(deck().map((c) => JSON.stringify(face(c.id, 'back').list.ops)));
    expect(backs.size).toBe(1);
    // Each title has a twin turned 180° about the card's centre.
    const ops = face('3S', 'back').list.ops;
    const turned = ops.find((o) => o.op === 'group' && o.rotate?.deg === 180);
    expect(turned && turned.op === 'group' && turned.rotate).toMatchObject({ cx: 31.5, cy: 88 - 17.5 });
  });
});
