/**
 * The built-in 生肖赛跑 projects: templates/zodiac-race (the 12 zodiac power cards and their
 * back, spec §7 and §15) and templates/zodiac-race-board (the 280 mm board, spec §2.2 and §15).
 * Both load cleanly; the cards follow the spec's zodiac order, costs and timings; the board is a
 * ring of 36 squares with the start on 0 and a star on every third square; every face lays out
 * with the real fonts without a warning, with every glyph present, text at 7 pt or more, inside
 * the safe zone and at WCAG AA contrast.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCardSet, type LoadProblem } from './load';
import { walkOps } from './draw-list';
import type { Card, CardSet, Layer } from './schema';
import { createFontService } from '../../main/services/export/fonts';
import { fontkitFonts, halfTurnKeys, layoutFaces, lowContrastTexts, missingGlyphs, textOps, textOutsideSafeZone, textsBelowSize, type ProjectFace } from '../../../tests/deck-checks';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const fonts = createFontService();
const fontOf = fontkitFonts(fonts);

function load(id: string): { set: CardSet; warnings: LoadProblem[]; problems: LoadProblem[] } {
  const dir = join(root, 'templates', id);
  const r = loadCardSet((rel) => (existsSync(join(dir, rel)) ? readFileSync(join(dir, rel), 'utf8') : undefined));
  if (!r.ok) return { set: undefined as unknown as CardSet, warnings: r.warnings, problems: (r.error.details as LoadProblem[]) ?? [{ file: '?', where: '?', message: r.error.message }] };
  return { set: r.value, warnings: r.warnings, problems: [] };
}

/** Spec §7: the zodiac order, with English names, power names and the Fluent Emoji icon. */
const ZODIACS: [string, string, string, string, string, string][] = [
  ['RAT', '鼠', 'Rat', '妙窃', 'Sly Theft', 'rat'],
  ['OX', '牛', 'Ox', '冲劲', 'Charge', 'ox'],
  ['TIGER', '虎', 'Tiger', '咆哮', 'Roar', 'tiger'],
  ['RABBIT', '兔', 'Rabbit', '骄傲', 'Pride', 'rabbit'],
  ['DRAGON', '龙', 'Dragon', '神速', 'Godspeed', 'dragon'],
  ['SNAKE', '蛇', 'Snake', '毒液', 'Venom', 'snake'],
  ['HORSE', '马', 'Horse', '疾步', 'Gallop', 'horse'],
  ['SHEEP', '羊', 'Sheep', '高产', 'Bountiful', 'ewe'],
  ['MONKEY', '猴', 'Monkey', '借力', 'Borrowed Strength', 'monkey'],
  ['ROOSTER', '鸡', 'Rooster', '顺风', 'Tailwind', 'rooster'],
  ['DOG', '狗', 'Dog', '警觉', 'Alert', 'dog'],
  ['PIG', '猪', 'Pig', '厚脂肪', 'Thick Fat', 'pig'],
];

let cards: CardSet;
let board: CardSet;
const loaded: Record<string, ReturnType<typeof load>> = {};
let faces: ProjectFace[];

beforeAll(() => {
  for (const id of ['zodiac-race', 'zodiac-race-board']) loaded[id] = load(id);
  cards = loaded['zodiac-race']!.set;
  board = loaded['zodiac-race-board']!.set;
  faces = [];
  for (const [project, set] of [['zodiac-race', cards], ['zodiac-race-board', board]] as const) if (set) faces.push(...layoutFaces(project, set, fonts.measurer));
});

const f = (c: Card, k: string): string => c.fields[k] ?? '';

describe('生肖赛跑 projects load', () => {
  it('loads both projects with no problems and no warnings', () => {
    for (const id of ['zodiac-race', 'zodiac-race-board']) {
      expect(loaded[id]!.problems, id).toEqual([]);
      expect(loaded[id]!.warnings, id).toEqual([]);
    }
  });

  it('has the metadata of the spec: poker cards with 3 mm bleed and safe zone; a 280 mm board with 5 mm safe zone', () => {
    expect(cards.file.id).toBe('zodiac-race');
    expect(cards.file.name).toEqual({ zh: '生肖赛跑', en: 'Zodiac Race' });
    expect(cards.file.card).toMatchObject({ preset: 'poker', width: 63, height: 88, bleed: 3, safe: 3 });
    expect(board.file.id).toBe('zodiac-race-board');
    expect(board.file.card).toMatchObject({ preset: 'custom', width: 280, height: 280, bleed: 3, safe: 5 });
    for (const set of [cards, board]) {
      const credits = set.file.credits.map((c) => c.what).join(' ');
      for (const c of ['Fluent Emoji', 'Noto Sans SC', 'Ma Shan Zheng', '生肖赛跑']) expect(credits).toContain(c);
    }
  });
});

describe('生肖赛跑 zodiac cards (spec §7)', () => {
  it('has 12 cards, one per zodiac, in the spec order, one copy each, sharing one back', () => {
    expect(cards.cards.map((c) => c.id)).toEqual(ZODIACS.map((z) => z[0]));
    cards.cards.forEach((c, i) => {
      const [, zodiac, en, power, powerEn, icon] = ZODIACS[i]!;
      expect([f(c, 'zodiac'), f(c, 'zodiac_en'), f(c, 'power_zh'), f(c, 'power_en'), f(c, 'art'), f(c, 'order')]).toEqual([
        zodiac, en, power, powerEn, `icon:fluent-emoji-flat:${icon}`, String(i + 1),
      ]);
      expect(c.copies).toBe(1);
      expect(c.back).toBe('back');
    });
  });

  it('gives every power its timing, a Chinese effect and an English gloss', () => {
    const powers = cards.cards.flatMap((c) => [1, 2, 3].filter((k) => f(c, `p${k}_zh`)).map((k) => ({ c, k })));
    expect(powers).toHaveLength(24);
    for (const { c, k } of powers) {
      expect(['己方回合', '任意回合', '回合开始'], `${c.id} p${k}`).toContain(f(c, `p${k}_timing`));
      expect(f(c, `p${k}_en`), `${c.id} p${k}_en`).not.toBe('');
    }
    // §6.1: only Dog and Pig act out of turn (Dog's two negations, Pig's fat wall and grab).
    const anyTurn = powers.filter(({ c, k }) => f(c, `p${k}_timing`) === '任意回合').map(({ c, k }) => `${c.id}${k}`);
    expect(anyTurn).toEqual(['DOG1', 'DOG2', 'PIG1', 'PIG2']);
    // §6.3: the once-per-turn powers are Rat R2, Ox O2, Tiger T2, Rabbit and Snake S2.
    const once = powers.filter(({ c, k }) => f(c, `p${k}_freq`) === '每回合一次').map(({ c, k }) => `${c.id}${k}`);
    expect(once).toEqual(['RAT2', 'OX2', 'TIGER2', 'RABBIT1', 'SNAKE2']);
  });

  it('prints the seed’s numbers: Rat 1 → 10, Ox 4 and 10, Tiger two 6s / 12, Dragon 12, Dog 5, Pig 3 / 6 / 8', () => {
    const all = (id: string): string => Object.values(cards.cards.find((c) => c.id === id)!.fields).join(' ');
    expect(all('RAT')).toMatch(/点数1.*10格/);
    expect(all('OX')).toMatch(/2个红色.*4格.*3个点数为1或4个红色.*10格/);
    expect(all('TIGER')).toMatch(/2个点数6/);
    expect(all('TIGER')).toMatch(/合计刚好等于12.*6格/);
    expect(all('RABBIT')).toMatch(/3次/);
    expect(all('DRAGON')).toMatch(/5个连续点数/);
    expect(all('DRAGON')).toMatch(/12格/);
    expect(all('SNAKE')).toMatch(/4个蓝色/);
    expect(all('SNAKE')).toMatch(/1个红色代币当作2个蓝色/);
    expect(all('DOG')).toMatch(/点数5/);
    expect(all('DOG')).toMatch(/5格/);
    expect(all('PIG')).toMatch(/3个代币.*6格/);
    expect(all('PIG')).toMatch(/不少于8个.*4格/);
  });

  it('colours token chips by value: 1 and 4 red, 2, 3, 5, 6 blue (spec §2.2)', () => {
    const RED = '#C23B22';
    const BLUE = '#1E5CAE';
    let chips = 0;
    for (const x of faces.filter((x) => x.project === 'zodiac-race' && x.side === 'front')) {
      const ops = x.list.ops;
      ops.forEach((op, i) => {
        if (op.op !== 'text' || !/-(cost|chip)-\d+-glyph$/.test(op.id ?? '')) return;
        const chip = ops[i - 1];
        if (chip?.op !== 'ellipse' || !chip.fill) return;
        chips++;
        const want = /^[14红]$/.test(op.text) ? RED : /^[2356蓝]$/.test(op.text) ? BLUE : undefined;
        if (want) expect(chip.fill.color, `${x.card.id} ${op.id} "${op.text}"`).toBe(want);
      });
    }
    expect(chips).toBeGreaterThan(30);
  });
});

describe('生肖赛跑 board (spec §2.2, §15)', () => {
  const tpl = (): Layer[] => board.templates[board.cards[0]!.template]!.layers;
  const cell = (i: number): Extract<Layer, { type: 'rect' }> => {
    const l = tpl().find((x) => x.id === `cell-${String(i).padStart(2, '0')}`);
    expect(l?.type, `cell-${i}`).toBe('rect');
    return l as Extract<Layer, { type: 'rect' }>;
  };

  it('is one board card, BOARD, bound to its CSV row', () => {
    expect(board.cards.map((c) => [c.id, c.copies])).toEqual([['BOARD', 1]]);
    const texts = textOps(faces.find((x) => x.card.id === 'BOARD' && x.side === 'front')!.list).map((t) => t.text);
    expect(texts).toContain('生肖赛跑');
    expect(texts).toContain('ZODIAC RACE');
  });

  it('has 36 track squares, cell-00 … cell-35, forming a ring of 28 mm cells round the board', () => {
    const ids = tpl().map((l) => l.id).filter((id) => /^cell-\d+$/.test(id));
    expect(ids).toEqual(Array.from({ length: 36 }, (_, i) => `cell-${String(i).padStart(2, '0')}`));
    const centre = (i: number): [number, number] => {
      const c = cell(i);
      return [c.x + c.w / 2, c.y + c.h / 2];
    };
    const seen = new Set<string>();
    for (let i = 0; i < 36; i++) {
      const [x, y] = centre(i);
      const [nx, ny] = centre((i + 1) % 36);
      expect(Math.abs(nx - x) + Math.abs(ny - y), `${i} → ${(i + 1) % 36}`).toBeCloseTo(28, 6);
      // On the outer ring of a 10 × 10 grid.
      const col = (x - 14) / 28;
      const row = (y - 14) / 28;
      expect([col, row].some((v) => Math.abs(v) < 1e-6 || Math.abs(v - 9) < 1e-6), `cell ${i} on the edge`).toBe(true);
      seen.add(`${Math.round(col)},${Math.round(row)}`);
    }
    expect(seen.size).toBe(36);
  });

  it('has the start on square 0 and 12 stars, on the squares divisible by 3, each with its zodiac in order', () => {
    const stars = tpl()
      .map((l) => /^cell-(\d+)-star$/.exec(l.id))
      .filter((m): m is RegExpExecArray => !!m)
      .map((m) => Number(m[1]));
    expect(stars).toEqual(Array.from({ length: 12 }, (_, k) => 3 * k));
    for (let k = 0; k < 12; k++) {
      const icon = tpl().find((l) => l.id === `cell-${String(3 * k).padStart(2, '0')}-icon`);
      expect(icon?.type === 'image' && icon.src, `star ${3 * k}`).toBe(`icon:fluent-emoji-flat:${ZODIACS[k]![5]}`);
    }
    const start = tpl().filter((l) => l.id.startsWith('cell-00-'));
    expect(start.some((l) => l.type === 'text' && l.text === '起点')).toBe(true);
    expect(start.some((l) => l.type === 'text' && l.text === 'START')).toBe(true);
    expect(start.filter((l) => l.type === 'line' && l.id.includes('arrow'))).toHaveLength(3);
    expect(tpl().filter((l) => l.type === 'text' && (l.text === '起点' || l.text === 'START')).every((l) => l.id.startsWith('cell-00-'))).toBe(true);
  });

  it('numbers the other 35 squares and has a 0–31 score track marking the wins at 10, 21 and 31', () => {
    for (let i = 1; i < 36; i++) {
      const n = tpl().find((l) => l.id === `cell-${String(i).padStart(2, '0')}-no`);
      expect(n?.type === 'text' && n.text, `square ${i}`).toBe(String(i));
    }
    const score = tpl().filter((l) => /^score-\d+$/.test(l.id)).map((l) => Number(l.id.slice(6)));
    expect(score).toEqual(Array.from({ length: 32 }, (_, i) => i));
    const list = faces.find((x) => x.card.id === 'BOARD' && x.side === 'front')!.list;
    const goals = textOps(list).filter((t) => t.id?.startsWith('goal-')).map((t) => t.text);
    expect(goals.join(' ')).toMatch(/10.*21.*31/);
  });

  it('has a token well for each value, 1 and 4 red, the others blue', () => {
    for (let v = 1; v <= 6; v++) {
      const well = tpl().find((l) => l.id === `well-${v}`);
      expect(well?.type === 'ellipse' && well.stroke, `well ${v}`).toBe(v === 1 || v === 4 ? '#C23B22' : '#1E5CAE');
      expect(tpl().filter((l) => l.id.startsWith(`well-${v}-pip`))).toHaveLength(v);
    }
  });
});

describe('生肖赛跑 rulebook sources', () => {
  const source = (lang: 'zh' | 'en'): string => readFileSync(join(root, 'templates/zodiac-race', `rules.${lang}.md`), 'utf8');
  const CHAPTERS = {
    zh: ['背景', '配件', '准备', '回合', '十二生肖', '计分与胜利', '变体', '常见问题'],
    en: ['Background', 'Components', 'Setup', 'Turn', 'The twelve zodiacs', 'Scoring and winning', 'Variants', 'FAQ'],
  };

  it('is named in project.json, with the board as a figure project', () => {
    expect(cards.file.rulebook).toMatchObject({ sources: { zh: 'rules.zh.md', en: 'rules.en.md' }, figureProjects: { board: 'zodiac-race-board' } });
  });

  for (const lang of ['zh', 'en'] as const)
    it(`(${lang}) has the chapters in order, a section per zodiac and the clarifications`, () => {
      const md = source(lang);
      expect(md.startsWith(`# ${CHAPTERS[lang][0]}\n`)).toBe(true);
      expect([...md.matchAll(/^# (.+)$/gm)].map((m) => m[1])).toEqual(CHAPTERS[lang]);
      const zodiacs = [...md.matchAll(/^## (.+)$/gm)].map((m) => m[1]!).filter((h) => (lang === 'zh' ? /（.+）$/ : /\(.+\)$/).test(h));
      expect(zodiacs.map((h) => h.split(/[（(]/)[0]!.trim())).toEqual(ZODIACS.map((z) => (lang === 'zh' ? z[1] : z[2])));
      expect(md).toMatch(lang === 'zh' ? /^## 澄清$/m : /^## Clarifications$/m);
      // The clarifications are for players: at least ten points, none tagged with the tracker's HI-n codes.
      const clar = md.slice(md.search(lang === 'zh' ? /^## 澄清$/m : /^## Clarifications$/m));
      expect((clar.match(/^- /gm) ?? []).length).toBeGreaterThanOrEqual(10);
      expect(md).not.toMatch(/HI-\d/);
    });

  for (const lang of ['zh', 'en'] as const)
    it(`(${lang}) has figures of the board and of all 12 cards, every ref naming an existing card`, () => {
      const refs = [...source(lang).matchAll(/!\[[^\]]*\]\(([a-z]+):([A-Z]+)(?: "[^"]*")?\)/g)].map((m) => [m[1]!, m[2]!] as const);
      for (const [prefix, id] of refs) {
        const set = prefix === 'board' ? board : cards;
        expect(['card', 'back', 'board'], `${prefix}:${id}`).toContain(prefix);
        expect(set.cards.some((c) => c.id === id), `${prefix}:${id}`).toBe(true);
      }
      expect(refs.some(([p, id]) => p === 'board' && id === 'BOARD')).toBe(true);
      expect(new Set(refs.filter(([p]) => p === 'card').map(([, id]) => id))).toEqual(new Set(ZODIACS.map((z) => z[0])));
    });

  it('uses only characters the text faces have', () => {
    const missing: string[] = [];
    for (const lang of ['zh', 'en'] as const) {
      const text = source(lang).replace(/[#*|>\\`]/g, '');
      for (const face of ['sans', 'sans-bold'] as const) for (const ch of fonts.missingGlyphs(face, text)) if (ch.trim()) missing.push(`${lang} ${face} "${ch}"`);
    }
    expect(missing).toEqual([]);
  });
});

describe('生肖赛跑 faces with the real fonts', () => {
  it('lays out every face (12 cards and the board, fronts and backs) without a warning', () => {
    expect(faces).toHaveLength(26);
    expect(faces.flatMap((x) => x.warnings)).toEqual([]);
  });

  it('has every character of every face in its font', () => {
    expect(missingGlyphs(faces, fontOf)).toEqual([]);
  });

  it('keeps every text at 7 pt or more', () => {
    expect(textsBelowSize(faces, 7)).toEqual([]);
  });

  it('keeps all text ink inside the safe zone', () => {
    expect(textOutsideSafeZone(faces, fontOf)).toEqual([]);
  });

  it('meets WCAG AA contrast for every text against the shape under it', () => {
    expect(lowContrastTexts(faces)).toEqual([]);
  });

  it('draws every picture from an existing icon or project file', () => {
    const icons = JSON.parse(readFileSync(join(root, 'node_modules/@iconify-json/fluent-emoji-flat/icons.json'), 'utf8')) as { icons: Record<string, unknown> };
    for (const x of faces)
      walkOps(x.list.ops, (op) => {
        if (op.op !== 'image') return;
        const icon = /^icon:fluent-emoji-flat:(.+)$/.exec(op.ref);
        if (icon) expect(icon[1]! in icons.icons, op.ref).toBe(true);
        else expect(existsSync(join(root, 'templates', x.project, op.ref.replace(/^file:/, ''))), op.ref).toBe(true);
      });
  });

  it('has a card back that looks the same after a half turn', () => {
    const { width: W, height: H } = cards.file.card;
    const back = faces.find((x) => x.card.id === 'RAT' && x.side === 'back')!.list;
    expect(halfTurnKeys(back.ops, W, H, true)).toEqual(halfTurnKeys(back.ops, W, H, false));
  });
});
