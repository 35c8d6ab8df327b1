import { describe, expect, it } from 'vitest';
import { CARD_SIZE_PRESETS } from '../cards/schema';
import { chooseOrientation, defaultPrintOptions, expandSelection, orientationFit, validatePrintOptions, type OptionProblem } from './options';
import { markSpan } from './marks';
import { computeGrid, impose } from './sheet';
import { paperSize } from './paper';

function problems(input: unknown): OptionProblem[] {
  const r = validatePrintOptions(input);
  expect(r.ok).toBe(false);
  if (r.ok) return [];
  expect(r.error.code).toBe('print/invalid-options');
  const d = r.error.details as { problems: OptionProblem[]; zh: string };
  expect(d.zh).toMatch(/^打印设置有 \d+ 处需要修改：/);
  return d.problems;
}

describe('defaultPrintOptions', () => {
  it('A4 portrait, 5 mm margin, 3 mm bleed, crop marks, long-edge duplex, poker cards', () => {
    expect(defaultPrintOptions()).toEqual({
      paper: 'a4',
      orientation: 'portrait',
      margin: 5,
      bleed: 3,
      marks: 'crop',
      duplex: 'long',
      backOffset: { x: 0, y: 0 },
      calibration: false,
      selection: { cardIds: 'all', copies: 'as-set' },
      card: { width: 63, height: 88 },
      gutter: 'auto',
      cardCode: false,
    });
  });
  it('takes size and bleed from a preset or a set (1/8 in bleed for inch presets)', () => {
    expect(defaultPrintOptions(CARD_SIZE_PRESETS['poker-in'])).toMatchObject({ bleed: 3.175, card: { width: 63.5, height: 88.9 } });
    expect(defaultPrintOptions({ width: 50, height: 50 }).bleed).toBe(3);
  });
  it('is accepted by impose as is', () => {
    expect(impose(9, defaultPrintOptions())).toHaveLength(2);
  });
});

describe('validatePrintOptions', () => {
  it('fills missing keys from the defaults', () => {
    const r = validatePrintOptions({ paper: 'letter', bleed: 0 });
    expect(r.ok && r.value.options).toMatchObject({ paper: 'letter', bleed: 0, margin: 5, duplex: 'long', gutter: 'auto', cardCode: false });
    // Only the crop marks above and below 3 rows of poker cards on Letter are left to warn about.
    expect(r.ok && r.value.warnings.map((w) => w.path)).toEqual(['marks']);
  });

  it('accepts every valid field', () => {
    const input = {
      paper: 'a4', orientation: 'landscape', margin: 3, bleed: 2, marks: 'lines', duplex: 'short',
      backOffset: { x: 1.5, y: -0.7 }, calibration: true, selection: { cardIds: ['A', 'B'], copies: 2 }, card: { width: 57.15, height: 88.9 },
      gutter: 4, cardCode: true,
    };
    const r = validatePrintOptions(input);
    expect(r.ok && r.value.options).toEqual(input);
  });

  it('says what is wrong and how to fix it, for each bad field', () => {
    const p = problems({
      paper: 'A3', orientation: 'up', margin: -1, bleed: 12, marks: 'dots', duplex: true,
      backOffset: { x: 14, y: 'a' }, calibration: 'yes', selection: { cardIds: [], copies: 0 }, card: { width: 0, height: 88 },
      gutter: 'wide', cardCode: 1,
    });
    const zh = Object.fromEntries(p.map((x) => [x.path, x.zh]));
    const by = Object.fromEntries(p.map((x) => [x.path, x.message]));
    expect(by.paper).toBe('paper must be "a4", "letter", "a3" or "tabloid" (got "A3"). Cards print on A4, US Letter, A3 or Tabloid.');
    expect(by.orientation).toMatch(/^orientation must be "portrait", "landscape" or "auto" \(got "up"\)\. "auto" picks/);
    expect(by.margin).toMatch(/margin must be a number of millimetres from 0 to 30 \(got -1\)\. Most home printers/);
    expect(by.bleed).toMatch(/from 0 to 10 \(got 12\)\. Use 3 mm, or 3.175 mm/);
    expect(by.marks).toMatch(/"crop", "lines" or "none" \(got "dots"\)/);
    expect(by.duplex).toMatch(/"none", "long" or "short" \(got true\)/);
    expect(by['backOffset.x']).toMatch(/from -10 to 10 \(got 14\)\. Measure it with the calibration page; .*wrong flip edge/);
    expect(by['backOffset.y']).toMatch(/got "a"/);
    expect(by.calibration).toBe('calibration must be true or false (got "yes").');
    expect(by['selection.cardIds']).toMatch(/"all" or a non-empty list/);
    expect(by['selection.copies']).toMatch(/"as-set" or a whole number from 1 to 20/);
    expect(by['card.width']).toMatch(/greater than 0 and at most 400 \(got 0\)/);
    expect(by.gutter).toMatch(/gutter must be a number of millimetres from 0 to 20 \(got "wide"\)\. Use "auto"/);
    expect(by.cardCode).toBe('cardCode must be true or false (got 1).');
    // Every problem in Chinese too.
    expect(zh.paper).toBe('paper 必须是 "a4"、"letter"、"a3"、"tabloid" 之一（收到的是 "A3"）。卡牌可用 A4、US Letter、A3 或 Tabloid 纸打印。');
    expect(zh.margin).toMatch(/^margin 必须是在 0 到 30 之间的毫米数（收到的是 -1）。多数家用打印机/);
    for (const x of p) expect(x.zh, x.path).toMatch(/[\u4e00-\u9fff]/);
    expect(p).toHaveLength(14);
  });

  it('summarises the problems in the error message', () => {
    const r = validatePrintOptions({ margin: 'wide' });
    expect(!r.ok && r.error.message).toBe(
      'The print settings need one fix:\n• margin must be a number of millimetres from 0 to 30 (got "wide"). Most home printers cannot print the outer 3–5 mm; 5 mm is safe.',
    );
    expect(problems(null)[0]!.message).toMatch(/must be an object/);
  });

  it('warns about unknown keys, naming the known ones', () => {
    const r = validatePrintOptions({ paper: 'a4', cropMarks: true });
    expect(r.ok && r.value.warnings).toEqual([
      {
        path: 'cropMarks',
        message: 'Unknown print option "cropMarks" is ignored; the options are paper, orientation, margin, bleed, marks, duplex, backOffset, calibration, selection, card, gutter, cardCode.',
        zh: '未知的打印选项“cropMarks”已忽略；可用的选项有 paper、orientation、margin、bleed、marks、duplex、backOffset、calibration、selection、card、gutter、cardCode。',
      },
      expect.objectContaining({ path: 'marks' }),
    ]);
  });

  it('refuses a card that does not fit, suggesting pages where it does', () => {
    expect(problems({ card: { width: 250, height: 150 } })).toEqual([
      {
        path: 'card',
        message: 'A 250 × 150 mm card does not fit on A4 portrait inside 5 mm margins. It fits on A4 landscape (1 × 1), US Letter landscape (1 × 1), A3 portrait (1 × 2), A3 landscape (1 × 1), Tabloid portrait (1 × 2), Tabloid landscape (1 × 1).',
        zh: '250 × 150 毫米的牌在 A4 纵向、5 毫米页边距内放不下。可以放在 A4 横向 (1 × 1)、US Letter 横向 (1 × 1)、A3 纵向 (1 × 2)、A3 横向 (1 × 1)、Tabloid 纵向 (1 × 2)、Tabloid 横向 (1 × 1)。',
      },
    ]);
    expect(problems({ card: { width: 300, height: 300 } })[0]!.message).toMatch(/Reduce the margin or print it on A3\/Tabloid as a board\.$/);
  });

  it('warns when only part of the bleed fits at the outer edges, with the margin that would keep it', () => {
    const r = validatePrintOptions({ paper: 'letter', marks: 'lines' });
    expect(r.ok && r.value.warnings).toEqual([
      {
        path: 'bleed',
        message: 'Only 2.7 mm of the 3 mm bleed fits at the top and bottom of the grid on US Letter portrait inside 5 mm margins. ' +
          'If your printer can print closer to the edge, set the margin to 4.7 mm to keep it all.',
        zh: '在 US Letter 纵向、5 毫米页边距内，网格上下两侧只能保留 3 毫米出血中的 2.7 毫米。如果打印机能印得更靠近纸边，把页边距设为 4.7 毫米即可保留全部出血。',
      },
    ]);
    // The margin option is the control that message names.
    const fixed = validatePrintOptions({ paper: 'letter', marks: 'lines', margin: 4.7 });
    expect(fixed.ok && fixed.value.warnings).toEqual([]);
  });

  it('warns, in both languages, where crop marks cannot stay on white inside the margin, naming the fixes', () => {
    const a4 = validatePrintOptions({});
    const w = a4.ok ? a4.value.warnings : [];
    expect(w).toHaveLength(1);
    expect(w[0]!.message).toBe(
      'The crop marks at the left and right of the grid do not fit inside the 5 mm margin on A4 portrait: only 2.5 mm of white is left between the bleed and the margin, and a mark needs 5 mm. ' +
        'They start outside the bleed and run into the margin, where your printer may not print them. Choose "cut lines", turn the page (A4 landscape keeps them inside, 8 cards a sheet; orientation "auto" chooses it), or use a smaller gutter or bleed.',
    );
    expect(w[0]!.zh).toMatch(/^在 A4 纵向 上，网格左右两侧的裁切标记放不进 5 毫米页边距以内：出血与页边距之间只剩 2.5 毫米空白/);
    // Landscape has room for everything: 4 × 2 poker cards with full bleed, gutters and marks.
    const land = validatePrintOptions({ orientation: 'landscape' });
    expect(land.ok && land.value.warnings).toEqual([]);
    const lines = validatePrintOptions({ marks: 'lines' });
    expect(lines.ok && lines.value.warnings).toEqual([]);
  });

  it('accepts the calibration page with simplex output (it becomes a one-page scale check)', () => {
    const r = validatePrintOptions({ calibration: true, duplex: 'none' });
    expect(r.ok && r.value.options).toMatchObject({ calibration: true, duplex: 'none' });
  });
});

describe('orientation auto', () => {
  /** Whether every crop mark of the grid lies on white, ≥ 5 mm long, between the outer bleed and the margin (item 6 of the print audit). */
  function marksInside(o: ReturnType<typeof defaultPrintOptions>): boolean {
    const g = computeGrid(o.card, o.bleed, paperSize(o.paper, o.orientation), o.margin, { marks: true, gutter: o.gutter });
    return [g.x, g.y].every((a) => {
      const span = markSpan(a, o.margin);
      return a.marksFit && span.end - span.start >= 5 - 1e-9 && span.start >= a.outerBleed && a.first - span.end >= o.margin - 1e-9;
    });
  }

  it('turns poker cards on A4 and Letter to landscape, where every crop mark fits on white inside the 5 mm margin', () => {
    for (const paper of ['a4', 'letter'] as const) {
      const portrait = { ...defaultPrintOptions(), paper };
      expect(marksInside(portrait), `${paper} portrait`).toBe(false);
      expect(chooseOrientation(portrait)).toBe('landscape');
      const r = validatePrintOptions({ paper, orientation: 'auto' });
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.value.options.orientation).toBe('landscape');
      expect(r.value.warnings).toEqual([]);
      expect(marksInside(r.value.options), `${paper} auto`).toBe(true);
    }
  });

  it('keeps marks inside before more cards; when neither way can, the full bleed, then more cards, then portrait', () => {
    const on = (card: { width: number; height: number; bleed: number }, paper: 'a4' | 'letter', marks: 'crop' | 'lines' = 'crop') => ({ ...defaultPrintOptions(card), paper, marks });
    // Mini on A4: portrait holds 16 with every mark inside, landscape 18 with marks in the margin.
    expect(orientationFit({ ...on(CARD_SIZE_PRESETS.mini, 'a4'), orientation: 'landscape' })).toEqual({ cards: 18, marksFit: false, bleedFits: true });
    expect(chooseOrientation(on(CARD_SIZE_PRESETS.mini, 'a4'))).toBe('portrait');
    // Bridge on A4: portrait meets the rule (9), landscape (10) would not.
    expect(chooseOrientation(on(CARD_SIZE_PRESETS.bridge, 'a4'))).toBe('portrait');
    // Inch poker on Letter: marks fit neither way; landscape keeps the full bleed.
    expect(orientationFit({ ...on(CARD_SIZE_PRESETS['poker-in'], 'letter'), orientation: 'portrait' })).toMatchObject({ marksFit: false, bleedFits: false });
    expect(orientationFit({ ...on(CARD_SIZE_PRESETS['poker-in'], 'letter'), orientation: 'landscape' })).toMatchObject({ marksFit: false, bleedFits: true });
    expect(chooseOrientation(on(CARD_SIZE_PRESETS['poker-in'], 'letter'))).toBe('landscape');
    // Square on A4: marks fit neither way, 8 cards either way: portrait.
    expect(chooseOrientation(on(CARD_SIZE_PRESETS.square, 'a4'))).toBe('portrait');
    // Without crop marks poker on A4 keeps 9 cards upright.
    expect(chooseOrientation(on(CARD_SIZE_PRESETS.poker, 'a4', 'lines'))).toBe('portrait');
  });

  it('chooses the way round the card fits at all', () => {
    // A 250 × 150 mm card only fits A4 landscape.
    const wide = { ...defaultPrintOptions({ width: 250, height: 150, bleed: 3 }) };
    expect(chooseOrientation(wide)).toBe('landscape');
    const r = validatePrintOptions({ orientation: 'auto', card: { width: 250, height: 150 } });
    expect(r.ok && r.value.options.orientation).toBe('landscape');
  });

  it('a fixed orientation that breaks the rule names the one that keeps it', () => {
    const r = validatePrintOptions({ paper: 'letter', orientation: 'portrait' });
    const w = (r.ok ? r.value.warnings : []).filter((x) => x.path === 'marks');
    expect(w).toHaveLength(1);
    expect(w[0]!.message).toContain('turn the page (US Letter landscape keeps them inside, 8 cards a sheet; orientation "auto" chooses it)');
    expect(w[0]!.zh).toContain('转换纸张方向（US Letter 横向 能放下标记，每页 8 张牌；方向选“自动”会自动选择它）');
  });
});

describe('expandSelection', () => {
  const cards = [{ id: 'A', copies: 2 }, { id: 'B', copies: 1 }, { id: 'C', copies: 0 }];
  it('prints each card its copies times, in set order', () => {
    expect(expandSelection(cards, { cardIds: 'all', copies: 'as-set' })).toEqual({ ids: ['A', 'A', 'B'], unknown: [] });
  });
  it('filters by id and multiplies copies; reports ids the set does not have', () => {
    expect(expandSelection(cards, { cardIds: ['B', 'A', 'Z'], copies: 2 })).toEqual({ ids: ['A', 'A', 'A', 'A', 'B', 'B'], unknown: ['Z'] });
  });
});

describe('a card size whose crop marks fit neither way round', () => {
  it('says so once, naming the size, the paper and the fixes that work, in both languages', () => {
    const r = validatePrintOptions({ orientation: 'auto', card: { width: 66, height: 92 } });
    const w = r.ok ? r.value.warnings : [];
    expect(w.map((x) => x.path)).toEqual(['marks']);
    expect(w[0]!.message).toBe(
      'A 66 × 92 mm card with 3 mm bleed leaves no room for crop marks inside the 5 mm margin on A4 either way round (portrait 9 cards a sheet, landscape 8): ' +
        'the sheets print landscape with marks that run into the margin, where your printer may not print them. ' +
        'To fix it: print on bigger paper: A3 portrait (16 cards a sheet) or Tabloid landscape (12 cards a sheet); shrink the card to 99 % (65.34 × 91.08 mm); choose "cut lines" instead of crop marks; use a smaller bleed.',
    );
    expect(w[0]!.zh).toContain('66 × 92 毫米、出血 3 毫米的牌，在 A4 纸上无论纵向还是横向');
    expect(w[0]!.zh).toContain('解决办法：换用更大的纸');
    // Each fix named works.
    for (const fix of [{ paper: 'a3' }, { paper: 'tabloid' }, { card: { width: 65.34, height: 91.08 } }, { marks: 'lines' }]) {
      const f = validatePrintOptions({ orientation: 'auto', card: { width: 66, height: 92 }, ...fix });
      expect(f.ok && f.value.warnings.filter((x) => x.path === 'marks')).toEqual([]);
    }
  });

  it('keeps the per-edge warning when the orientation was chosen by hand', () => {
    const r = validatePrintOptions({ orientation: 'portrait', card: { width: 66, height: 92 } });
    expect(r.ok && r.value.warnings.filter((x) => x.path === 'marks').map((x) => x.message)).toEqual([expect.stringMatching(/^The crop marks at the left and right/), expect.stringMatching(/^The crop marks at the top and bottom/)]);
  });
});
