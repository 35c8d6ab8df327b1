/**
 * The built-in 斗福 project (templates/doufu): the deck matches the rules (spec §1.4–§1.7), and
 * every face lays out cleanly at 63×88 mm with the real fonts — no overflow, text inside the safe
 * zone, at least 7 pt, WCAG AA contrast, every glyph present — and the back survives a half turn.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCardSet } from './load';
import { walkOps } from './draw-list';
import type { Card, CardSet } from './schema';
import { createFontService } from '../../main/services/export/fonts';
import { fontkitFonts, halfTurnKeys, layoutFaces, lowContrastTexts, missingGlyphs, textOps, textOutsideSafeZone, textsBelowSize, type ProjectFace } from '../../../tests/deck-checks';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = join(root, 'templates/doufu');
const fonts = createFontService();
const fontOf = fontkitFonts(fonts);

/** Spec §1.4: code → zodiac, attribute, second attribute of a dual card, skill. */
const SPEC: [string, string, string, string?, boolean?][] = [
  ['RAT-FU', '鼠', '福', undefined, true], ['RAT-HE', '鼠', '和气'], ['RAT-Y1', '鼠', '运'], ['RAT-Y2', '鼠', '运'],
  ['OX-FU', '牛', '福', undefined, true], ['OX-HONG', '牛', '红气'], ['OX-Y1', '牛', '运'], ['OX-Y2', '牛', '运'],
  ['TIG-JIN', '虎', '金'], ['TIG-FU', '虎', '福', undefined, true], ['TIG-HONG', '虎', '红气'], ['TIG-Y1', '虎', '运'],
  ['RAB-FU', '兔', '福', undefined, true], ['RAB-ZI', '兔', '紫气'], ['RAB-Y1', '兔', '运'], ['RAB-Y2', '兔', '运'],
  ['DRA-JIN', '龙', '金', '紫气'], ['DRA-FU', '龙', '福', undefined, true], ['DRA-Y1', '龙', '运'], ['DRA-Y2', '龙', '运'],
  ['SNA-FU', '蛇', '福', '双运', true], ['SNA-ZI', '蛇', '紫气'], ['SNA-Y1', '蛇', '运'], ['SNA-Y2', '蛇', '运'],
  ['HOR-FU', '马', '福', undefined, true], ['HOR-HE', '马', '和气'], ['HOR-Y1', '马', '运'], ['HOR-Y2', '马', '运'],
  ['GOA-FU', '羊', '福', undefined, true], ['GOA-ZI', '羊', '紫气'], ['GOA-Y1', '羊', '运'], ['GOA-Y2', '羊', '运'],
  ['MON-JIN', '猴', '金'], ['MON-FU', '猴', '福', undefined, true], ['MON-HONG', '猴', '红气'], ['MON-Y1', '猴', '运'],
  ['ROO-JIN', '鸡', '金'], ['ROO-FU', '鸡', '福', undefined, true], ['ROO-HONG', '鸡', '红气', '双运'], ['ROO-Y1', '鸡', '运'],
  ['DOG-FU', '狗', '福', undefined, true], ['DOG-HE', '狗', '和气'], ['DOG-Y1', '狗', '运'], ['DOG-Y2', '狗', '运'],
  ['PIG-YU', '猪', '玉', undefined, true], ['PIG-FU', '猪', '福', undefined, true], ['PIG-HE', '猪', '和气'], ['PIG-Y1', '猪', '运'],
];
const ZODIAC_ORDER = '鼠牛虎兔龙蛇马羊猴鸡狗猪';
/** ui.md: each attribute's colour and the glyph it is always paired with. */
const ATTR: Record<string, { colour: string; glyph: string }> = {
  金: { colour: '#C9A227', glyph: '金' },
  玉: { colour: '#2E8B57', glyph: '玉' },
  福: { colour: '#C8102E', glyph: '福' },
  和气: { colour: '#2A9D8F', glyph: '和' },
  红气: { colour: '#E4572E', glyph: '红' },
  紫气: { colour: '#6B3FA0', glyph: '紫' },
  运: { colour: '#1E6FD9', glyph: '运' },
  双运: { colour: '#1E6FD9', glyph: '运' },
};

let set: CardSet;
let faces: ProjectFace[];
const game = (): Card[] => set.cards.filter((c) => !c.id.startsWith('REF-'));
const count = (pred: (c: Card) => boolean): number => game().filter(pred).length;
const f = (c: Card, k: string): string => c.fields[k] ?? '';

beforeAll(() => {
  const loaded = loadCardSet((rel) => (existsSync(join(dir, rel)) ? readFileSync(join(dir, rel), 'utf8') : undefined));
  if (!loaded.ok) throw new Error(loaded.error.message);
  expect(loaded.warnings).toEqual([]);
  set = loaded.value;
  faces = layoutFaces('doufu', set, fonts.measurer);
});

describe('斗福 deck contents (spec §1.4–§1.7)', () => {
  it('has the project metadata of a poker-size card with 3 mm bleed and safe zone', () => {
    expect(set.file.id).toBe('doufu');
    expect(set.file.name).toEqual({ zh: '斗福', en: 'Dou Fu' });
    expect(set.file.card).toMatchObject({ preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3, cornerRadius: 3 });
    expect(set.file.credits.map((c) => c.what).join(' ')).toMatch(/Fluent Emoji/);
    expect(set.file.credits.map((c) => c.what).join(' ')).toMatch(/Noto Sans SC/);
    expect(set.file.credits.map((c) => c.what).join(' ')).toMatch(/Ma Shan Zheng/);
  });

  it('has the 48 cards of §1.4, one copy each, 4 per zodiac, with their zodiac and attributes', () => {
    expect(game().map((c) => c.id)).toEqual(SPEC.map((s) => s[0]));
    for (const c of game()) expect(c.copies).toBe(1);
    for (const z of ZODIAC_ORDER) expect(count((c) => f(c, 'zodiac') === z)).toBe(4);
    for (const [id, zodiac, attr, attr2, skill] of SPEC) {
      const c = set.cards.find((x) => x.id === id)!;
      expect({ id, zodiac: f(c, 'zodiac'), attr: f(c, 'attr'), attr2: f(c, 'attr2'), dual: f(c, 'dual'), skill: f(c, 'skill_zh') !== '' }).toEqual({
        id,
        zodiac,
        attr,
        attr2: attr2 ?? '',
        dual: attr2 ? 'yes' : '',
        skill: !!skill,
      });
      // §1.1: the zodiac order decides the first 福神, so each card carries it.
      expect(f(c, 'number')).toBe(String(ZODIAC_ORDER.indexOf(zodiac) + 1));
      expect(f(c, 'art')).toMatch(/^icon:fluent-emoji-flat:[a-z-]+$/);
    }
  });

  it('has the attribute totals of §1.5', () => {
    const printed = (a: string) => count((c) => f(c, 'attr') === a);
    const side = (a: string) => count((c) => f(c, 'attr2') === a);
    expect(printed('金')).toBe(4); // includes the dual 金龙
    expect(count((c) => f(c, 'attr') === '金' && f(c, 'dual') === 'yes')).toBe(1);
    expect(printed('玉')).toBe(1);
    expect(printed('福')).toBe(12); // includes the dual 福蛇
    expect(printed('和气')).toBe(4);
    expect(count((c) => f(c, 'attr') === '红气' && f(c, 'dual') === '')).toBe(3);
    expect(count((c) => f(c, 'attr') === '红气' && f(c, 'dual') === 'yes')).toBe(1); // 红气鸡
    expect(printed('紫气')).toBe(3);
    expect(side('紫气')).toBe(1); // 金龙's 紫气 side
    expect(count((c) => f(c, 'attr') === '运' && f(c, 'dual') === '')).toBe(20); // 单运
    expect(side('双运')).toBe(2);
    expect(count((c) => f(c, 'skill_zh') !== '')).toBe(13);
  });

  it('has exactly the three dual cards of §1.7 with their choices', () => {
    const duals = game()
      .filter((c) => f(c, 'dual') === 'yes')
      .map((c) => [c.id, f(c, 'attr'), f(c, 'attr2')]);
    expect(duals).toEqual([
      ['DRA-JIN', '金', '紫气'],
      ['SNA-FU', '福', '双运'],
      ['ROO-HONG', '红气', '双运'],
    ]);
  });

  it('gives every skill card its skill name, effect and English gloss, and the other cards combo hints', () => {
    for (const c of game()) {
      if (f(c, 'skill_zh')) {
        for (const k of ['skill_en', 'effect_zh', 'effect_en']) expect(f(c, k), `${c.id}.${k}`).not.toBe('');
      } else {
        expect(f(c, 'combos'), `${c.id}.combos`).not.toBe('');
        expect(f(c, 'note_zh'), `${c.id}.note_zh`).not.toBe('');
        expect(f(c, 'note_en'), `${c.id}.note_en`).not.toBe('');
      }
    }
    const jade = set.cards.find((c) => c.id === 'PIG-YU')!;
    expect([f(jade, 'skill_zh'), f(jade, 'skill2_zh'), f(jade, 'skill3_zh')]).toEqual(['福祸相依', '照猫画虎', '废文任武']);
  });

  it('has 4 reference cards, one per player, with the actions on one side and the 21 搭子 on the other', () => {
    const refs = set.cards.filter((c) => c.id.startsWith('REF-'));
    expect(refs.map((c) => [c.id, c.copies, c.template, c.back])).toEqual(
      [1, 2, 3, 4].map((i) => [`REF-${i}`, 1, 'reference', 'reference-back']),
    );
    expect(set.cards.reduce((n, c) => n + c.copies, 0)).toBe(52);
    const text = (side: 'front' | 'back') => {
      const out: string[] = [];
      walkOps(faces.find((x) => x.card.id === 'REF-1' && x.side === side)!.list.ops, (op) => op.op === 'text' && out.push(op.text));
      return out.join('\n');
    };
    for (const action of ['摸牌', '吃牌', '叠蒙', '轮盘蒙打', '顺时针']) expect(text('front')).toContain(action);
    const combos = ['连中三元', '小金玉满堂', '四海平生', '金玉满堂', '紫气东来', '大紫气东来', '气贯长虹', '大气贯长虹', '姹紫嫣红', '万紫千红', '五气朝元', '五福临门', '二龙戏珠', '藏龙卧虎', '福星高照', '时来运转', '天时', '地利', '人和', '泥猪癞狗', '涅槃'];
    const rows = set.templates['reference-back']!.layers.find((l) => l.type === 'table');
    expect(rows?.type).toBe('table');
    const names = (rows as { rows: string }).rows.split('\n').slice(1).map((r) => r.split('|')[0]);
    expect(names).toEqual(combos);
    const points = (rows as { rows: string }).rows.split('\n').slice(1).map((r) => r.split('|')[3]);
    expect(points).toEqual(['5', '7', '8', '10', '5+', '7+', '5+', '7+', '10+', '14+', '1+', '1+', '3', '3', '5', '1+', '12', '10', '1', '-1', '×2']);
  });
});

describe('斗福 faces at 63×88 mm', () => {
  it('lays out every face (52 fronts, their backs) without a warning', () => {
    expect(faces).toHaveLength(104);
    expect(faces.flatMap((x) => x.warnings)).toEqual([]);
  });

  it('keeps every text at 7 pt or more, but the combo tables, which give each combo its full name', () => {
    // The one exception to the house's 7 pt: the 21 combos' English names are the rulebook's
    // (one name per combo everywhere), and the longest ("Hidden Dragon, Crouching Tiger") do not
    // fit a card's narrow column. On the zodiac cards a name shrinks by at most 10 % (6.3 pt) and
    // then wraps; the reference card's table of all 21 is set at 6 pt (a name at least 5.4 pt).
    const small = textsBelowSize(faces, 7);
    expect(small.filter((t) => !/ combos: /.test(t))).toEqual([]);
    const size = (t: string) => Number(/: ([\d.]+) pt$/.exec(t)![1]);
    expect(small.filter((t) => /^[A-Z]+-[A-Z0-9]+ front combos/.test(t) && size(t) < 6.3)).toEqual([]);
    expect(small.filter((t) => size(t) < 5.4)).toEqual([]);
  });

  it('has every character of every face in its font', () => {
    expect(missingGlyphs(faces, fontOf)).toEqual([]);
  });

  it('keeps all text ink inside the safe zone', () => {
    expect(textOutsideSafeZone(faces, fontOf)).toEqual([]);
  });

  it('meets WCAG AA contrast for every text against the shape under it', () => {
    expect(lowContrastTexts(faces)).toEqual([]);
  });

  it('pairs every attribute colour with its glyph; 双运 shows 运 twice', () => {
    for (const c of game()) {
      const list = faces.find((x) => x.card === c && x.side === 'front')!.list;
      const fills = new Set<string>();
      walkOps(list.ops, (op) => (op.op === 'rect' || op.op === 'ellipse') && op.fill && fills.add(op.fill.color));
      const texts = textOps(list).map((t) => t.text);
      for (const a of [f(c, 'attr'), f(c, 'attr2')].filter(Boolean)) {
        expect(fills.has(ATTR[a]!.colour), `${c.id} ${a} colour`).toBe(true);
        expect(texts, `${c.id} ${a} glyph`).toContain(ATTR[a]!.glyph);
      }
      if (f(c, 'attr2') === '双运') expect(texts.filter((t) => t === '运').length, `${c.id} 双运`).toBeGreaterThanOrEqual(2);
      expect(texts, `${c.id} zodiac`).toContain(f(c, 'zodiac'));
      // The id (and a variant such as 1/2) is a print shop's code, printed only when a print job asks for it.
      expect(texts.join(' '), `${c.id} code`).not.toContain(c.id);
      const brush = textOps(list).find((t) => t.text === f(c, 'zodiac'));
      expect(brush?.face).toBe('brush');
      expect(brush!.size).toBeGreaterThanOrEqual(36);
    }
  });

  it('draws every picture from an existing icon or project file', () => {
    const icons = JSON.parse(readFileSync(join(root, 'node_modules/@iconify-json/fluent-emoji-flat/icons.json'), 'utf8')) as { icons: Record<string, unknown>; aliases?: Record<string, unknown> };
    const refs = new Set<string>();
    for (const x of faces) walkOps(x.list.ops, (op) => op.op === 'image' && refs.add(op.ref));
    for (const ref of refs) {
      const icon = /^icon:fluent-emoji-flat:(.+)$/.exec(ref);
      if (icon) expect(icon[1]! in icons.icons || icon[1]! in (icons.aliases ?? {}), ref).toBe(true);
      else expect(existsSync(join(dir, ref.replace(/^file:/, ''))), ref).toBe(true);
    }
  });

  it('has a back that looks the same after a half turn (duplex orientation never shows)', () => {
    const { width: W, height: H } = set.file.card;
    const back = faces.find((x) => x.card.id === 'RAT-FU' && x.side === 'back')!.list;
    expect(halfTurnKeys(back.ops, W, H, true)).toEqual(halfTurnKeys(back.ops, W, H, false));
    // The one picture, the 福 drawn upright and turned (倒福), is itself symmetric by construction.
    const svg = readFileSync(join(dir, 'art/fu-dao.svg'), 'utf8');
    const [, vw, vh] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!;
    expect(svg).toContain(`rotate(180 ${Number(vw) / 2} ${Number(vh) / 2})`);
    const paths = [...svg.matchAll(/ d="([^"]+)"/g)].map((x) => x[1]);
    expect(paths).toHaveLength(2);
    expect(paths[0]).toBe(paths[1]);
    // Every zodiac card shares this back.
    expect(new Set(game().map((c) => c.back))).toEqual(new Set(['back']));
  });
});
