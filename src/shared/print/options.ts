import { CARD_SIZE_PRESETS } from '../cards/schema';
import { err, ok, type AppErrorInfo, type Result } from '../util/result';
import type { Mm } from '../util/units';
import { roundMm } from '../util/units';
import { EPS } from './geometry';
import type { MarksMode } from './marks';
import { PAPER_IDS, paperLabel, paperLabelZh, paperSize, type Orientation, type PaperId } from './paper';
import { computeGrid, MARK_GEOMETRY, type AxisFit, type ImposeOptions } from './sheet';

/** Papers card sheets print on: every paper of paper.ts (A3 and Tabloid take more cards a sheet). */
export type SheetPaper = PaperId;

/** Which cards print, and how many of each. */
export interface PrintSelection {
  /** `all`, or the ids of the cards to print (a filter: cards keep the set's order). */
  cardIds: 'all' | string[];
  /** `as-set`: each card's `copies`; a number multiplies them (2 prints two decks). */
  copies: 'as-set' | number;
}

/** Everything the print dialog decides for a card-sheet PDF. Structurally an {@link ImposeOptions}, so it can be passed to `impose`. */
export interface PrintOptions extends ImposeOptions {
  paper: SheetPaper;
  /** Crop marks outside the grid, full cut lines across the page, or nothing. */
  marks: MarksMode;
  /** Prepend the calibration page pair (one page for duplex none; calibration.ts). */
  calibration: boolean;
  selection: PrintSelection;
  /** Space between neighbouring cards: `auto` gives inner cuts as much bleed as the paper allows, or a width in mm (0 butts them). */
  gutter: 'auto' | Mm;
  /** Print each card's id (and variant, e.g. 1/2) as a tiny print-shop code on its face; off by default. */
  cardCode: boolean;
}

/** A problem with one option: where (`backOffset.x`) and what to do about it, in English (`message`) and Chinese (`zh`). */
export interface OptionProblem {
  path: string;
  message: string;
  zh: string;
}

/** Limits the validator enforces, in millimetres. */
export const OPTION_LIMITS = {
  /** Margin: 0 (borderless printers) to 30 mm. */
  margin: { min: 0, max: 30 },
  /** Bleed: 0 (off) to 10 mm, as in the card-set schema. */
  bleed: { min: 0, max: 10 },
  /** Back offset per axis; more than 10 mm is a wrong flip setting, not a printer tolerance. */
  backOffset: { min: -10, max: 10 },
  /** Card trim size, as in the card-set schema. */
  card: { min: 0, max: 400 },
  /** Copies multiplier. */
  copies: { min: 1, max: 20 },
  /** A fixed gutter between cards. */
  gutter: { min: 0, max: 20 },
} as const;

const KEYS = ['paper', 'orientation', 'margin', 'bleed', 'marks', 'duplex', 'backOffset', 'calibration', 'selection', 'card', 'gutter', 'cardCode'] as const;

/**
 * Default print options: A4 portrait, 5 mm margins, crop marks, long-edge duplex, no offset,
 * every card as many times as the set says. Card size and bleed come from `card` (a set's
 * `file.card` or a `CARD_SIZE_PRESETS` entry; both carry `bleed`), poker 63 × 88 mm with 3 mm
 * bleed when omitted.
 * @example defaultPrintOptions(CARD_SIZE_PRESETS['poker-in']).bleed // → 3.175
 */
export function defaultPrintOptions(card: { width: Mm; height: Mm; bleed?: Mm } = CARD_SIZE_PRESETS.poker): PrintOptions {
  return {
    paper: 'a4',
    orientation: 'portrait',
    margin: 5,
    bleed: card.bleed ?? 3,
    marks: 'crop',
    duplex: 'long',
    backOffset: { x: 0, y: 0 },
    calibration: false,
    selection: { cardIds: 'all', copies: 'as-set' },
    card: { width: card.width, height: card.height },
    gutter: 'auto',
    cardCode: false,
  };
}

/**
 * Validate print options from the renderer or a CLI flag file. Missing keys take `base`
 * (the defaults). Problems make the result fail with code `print/invalid-options`, a message
 * listing each problem with its fix, and `details` = { problems, zh } (the Chinese message).
 * Unknown keys, a bleed that only partly fits inside the margins and crop marks that cannot stay
 * inside the printable area are returned as warnings. Every message comes in English and Chinese.
 */
export function validatePrintOptions(
  input: unknown,
  base: PrintOptions = defaultPrintOptions(),
): Result<{ options: PrintOptions; warnings: OptionProblem[] }> {
  const problems: OptionProblem[] = [];
  const warnings: OptionProblem[] = [];
  const bad = (path: string, m: Msg) => problems.push({ path, message: m.en, zh: m.zh });
  if (!isObject(input))
    return fail([{ path: '', message: `Print options must be an object such as { "paper": "a4", "bleed": 3 } (got ${show(input)}).`, zh: `打印选项必须是一个对象，例如 { "paper": "a4", "bleed": 3 }（收到的是 ${show(input)}）。` }]);
  for (const k of Object.keys(input))
    if (!(KEYS as readonly string[]).includes(k))
      warnings.push({ path: k, message: `Unknown print option "${k}" is ignored; the options are ${KEYS.join(', ')}.`, zh: `未知的打印选项“${k}”已忽略；可用的选项有 ${KEYS.join('、')}。` });

  const o: PrintOptions = { ...base, backOffset: { ...base.backOffset }, card: { ...base.card }, selection: { ...base.selection } };
  const pick = <K extends keyof PrintOptions>(key: K, check: (v: unknown) => Msg | null) => {
    if (input[key] === undefined) return;
    const msg = check(input[key]);
    if (msg) bad(key, msg);
    else o[key] = input[key] as PrintOptions[K];
  };
  pick('paper', oneOf(PAPER_IDS, 'paper', { en: 'Cards print on A4, US Letter, A3 or Tabloid.', zh: '卡牌可用 A4、US Letter、A3 或 Tabloid 纸打印。' }));
  const autoOrientation = input.orientation === 'auto';
  if (!autoOrientation)
    pick('orientation', oneOf(['portrait', 'landscape', 'auto'], 'orientation', { en: '"auto" picks the way round that keeps crop marks and bleed inside the margins.', zh: '“auto”会自动选择能让裁切标记和出血留在页边距以内的方向。' }));
  pick('marks', oneOf(['crop', 'lines', 'none'], 'marks', { en: '"crop" draws marks outside the grid, "lines" full cut lines for a guillotine.', zh: '“crop”在卡牌外侧画裁切标记，“lines”画贯穿全页的裁切线（适合裁纸刀）。' }));
  pick('duplex', oneOf(['none', 'long', 'short'], 'duplex', { en: 'Use "none" for fronts only, else the paper edge your printer flips on.', zh: '只印正面用“none”，否则选打印机翻页的纸边。' }));
  pick('margin', mm('margin', OPTION_LIMITS.margin, { en: 'Most home printers cannot print the outer 3–5 mm; 5 mm is safe.', zh: '多数家用打印机印不到纸边 3–5 毫米以内；5 毫米是稳妥的值。' }));
  pick('bleed', mm('bleed', OPTION_LIMITS.bleed, { en: 'Use 3 mm, or 3.175 mm (1/8 in) for inch-sized cards; 0 turns bleed off.', zh: '一般用 3 毫米，英寸尺寸的牌用 3.175 毫米（1/8 英寸）；0 表示不要出血。' }));
  pick('gutter', (v) => (v === 'auto' ? null : mm('gutter', OPTION_LIMITS.gutter, { en: 'Use "auto" to give inner cuts as much bleed as the paper allows, or 0 to butt the cards.', zh: '用“auto”让内侧裁切线按纸张余量获得出血，或用 0 让卡牌紧挨。' })(v)));
  pick('calibration', (v) => (typeof v === 'boolean' ? null : { en: `calibration must be true or false (got ${show(v)}).`, zh: `calibration 必须是 true 或 false（收到的是 ${show(v)}）。` }));
  pick('cardCode', (v) => (typeof v === 'boolean' ? null : { en: `cardCode must be true or false (got ${show(v)}).`, zh: `cardCode 必须是 true 或 false（收到的是 ${show(v)}）。` }));
  pickPair(input, 'backOffset', ['x', 'y'], OPTION_LIMITS.backOffset, o.backOffset, bad, {
    en: 'Measure it with the calibration page; a larger shift usually means the wrong flip edge (try "long" ↔ "short").',
    zh: '请用校准页测量；偏移更大通常说明翻页边选错了（试试长边 ↔ 短边）。',
  });
  pickPair(input, 'card', ['width', 'height'], OPTION_LIMITS.card, o.card, bad, { en: 'Take it from the card set or a preset such as poker (63 × 88 mm).', zh: '请使用牌组的尺寸或预设尺寸，例如扑克牌（63 × 88 毫米）。' });
  pickSelection(input.selection, o.selection, bad);

  if (autoOrientation && problems.length === 0) o.orientation = chooseOrientation(o);
  if (problems.length === 0) crossCheck(o, bad, warnings, autoOrientation);
  return problems.length ? fail(problems) : ok({ options: o, warnings });
}

/** A message in both languages. */
type Msg = { en: string; zh: string };

function fail(problems: OptionProblem[]): { ok: false; error: AppErrorInfo } {
  const en = `The print settings need ${problems.length === 1 ? 'one fix' : `${problems.length} fixes`}:\n${problems.map((p) => `• ${p.message}`).join('\n')}`;
  const zh = `打印设置有 ${problems.length} 处需要修改：\n${problems.map((p) => `• ${p.zh}`).join('\n')}`;
  return err('print/invalid-options', en, { problems, zh });
}

/**
 * Checks that need several options: the card fits, the bleed fits, the crop marks stay inside
 * the printable area. (Calibration goes with any duplex: simplex output gets a one-page
 * calibration page that checks the scale.)
 */
function crossCheck(o: PrintOptions, bad: (path: string, m: Msg) => void, warnings: OptionProblem[], auto = false): void {
  const page = paperSize(o.paper, o.orientation);
  const layout = { marks: o.marks === 'crop', gutter: o.gutter };
  const grid = computeGrid(o.card, o.bleed, page, o.margin, layout);
  const here = paperLabel(o.paper, o.orientation);
  const hereZh = paperLabelZh(o.paper, o.orientation);
  if (grid.cols === 0 || grid.rows === 0) {
    const fits = PAPER_IDS
      .flatMap((p) => (['portrait', 'landscape'] as const).map((r) => ({ p, r, g: computeGrid(o.card, o.bleed, paperSize(p, r), o.margin, layout) })))
      .filter((c) => c.g.cols * c.g.rows > 0);
    const list = (zh: boolean) => fits.map((c) => `${zh ? paperLabelZh(c.p, c.r) : paperLabel(c.p, c.r)} (${c.g.cols} × ${c.g.rows})`).join(zh ? '、' : ', ');
    bad('card', {
      en: `A ${o.card.width} × ${o.card.height} mm card does not fit on ${here} inside ${o.margin} mm margins. ` +
        (fits.length ? `It fits on ${list(false)}.` : 'Reduce the margin or print it on A3/Tabloid as a board.'),
      zh: `${o.card.width} × ${o.card.height} 毫米的牌在 ${hereZh}、${o.margin} 毫米页边距内放不下。` +
        (fits.length ? `可以放在 ${list(true)}。` : '请减小页边距，或作为棋盘用 A3/Tabloid 打印。'),
    });
    return;
  }
  const axis = (a: AxisFit, len: Mm, edges: Msg) => {
    if (a.outerBleed < o.bleed - EPS) {
      // Bleed is only cut back when the trims (and fixed gutters) leave less than two bleeds inside the margins.
      const need = roundMm((len - (a.count * (a.pitch - a.gutter) + (a.count - 1) * a.gutter)) / 2 - o.bleed);
      warnings.push({
        path: 'bleed',
        message: `Only ${roundMm(a.outerBleed)} mm of the ${o.bleed} mm bleed fits at the ${edges.en} of the grid on ${here} inside ${o.margin} mm margins. ` +
          (need > 0 ? `If your printer can print closer to the edge, set the margin to ${need} mm to keep it all.` : 'Use larger paper to keep it all.'),
        zh: `在 ${hereZh}、${o.margin} 毫米页边距内，网格${edges.zh}只能保留 ${o.bleed} 毫米出血中的 ${roundMm(a.outerBleed)} 毫米。` +
          (need > 0 ? `如果打印机能印得更靠近纸边，把页边距设为 ${need} 毫米即可保留全部出血。` : '换用更大的纸张才能保留全部出血。'),
      });
    }
    if (!a.marksFit) {
      const white = roundMm(Math.max(0, a.first - a.outerBleed - o.margin));
      const other: Orientation = o.orientation === 'portrait' ? 'landscape' : 'portrait';
      const turned = orientationFit({ ...o, orientation: other });
      const turn: Msg = turned.cards > 0 && turned.marksFit
        ? { en: `turn the page (${paperLabel(o.paper, other)} keeps them inside, ${turned.cards} cards a sheet; orientation "auto" chooses it)`, zh: `转换纸张方向（${paperLabelZh(o.paper, other)} 能放下标记，每页 ${turned.cards} 张牌；方向选“自动”会自动选择它）` }
        : { en: 'turn the page', zh: '转换纸张方向' };
      warnings.push({
        path: 'marks',
        message: `The crop marks at the ${edges.en} of the grid do not fit inside the ${o.margin} mm margin on ${here}: only ${white} mm of white is left between the bleed and the margin, and a mark needs ${MARK_GEOMETRY.length} mm. ` +
          `They start outside the bleed and run into the margin, where your printer may not print them. Choose "cut lines", ${turn.en}, or use a smaller gutter or bleed.`,
        zh: `在 ${hereZh} 上，网格${edges.zh}的裁切标记放不进 ${o.margin} 毫米页边距以内：出血与页边距之间只剩 ${white} 毫米空白，而标记需要 ${MARK_GEOMETRY.length} 毫米。` +
          `标记从出血外开始，伸入页边距，打印机可能印不出来。请改用“裁切线”、${turn.zh}，或减小间隔或出血。`,
      });
    }
  };
  const before = warnings.length;
  axis(grid.x, page.width, { en: 'left and right', zh: '左右两侧' });
  axis(grid.y, page.height, { en: 'top and bottom', zh: '上下两侧' });
  // Orientation "auto" found no way round that keeps the marks inside: one message that says so
  // and what does fit, instead of per-edge ones whose "turn the page" cannot help (the bleed
  // warnings stay: they name their own fix).
  const other: Orientation = o.orientation === 'portrait' ? 'landscape' : 'portrait';
  if (auto && o.marks === 'crop' && !orientationFit(o).marksFit && !orientationFit({ ...o, orientation: other }).marksFit) {
    const added = warnings.splice(before);
    warnings.push(marksNowhereWarning(o), ...added.filter((w) => w.path !== 'marks'));
  }
}

/**
 * The warning for a card size whose crop marks fit inside the margin on neither orientation of
 * the paper: names the size, the paper and the margin, and the fixes that work — the larger papers
 * (and orientation) that keep every mark inside, the largest scale of the card that fits here, cut
 * lines, a smaller bleed.
 */
function marksNowhereWarning(o: PrintOptions): OptionProblem {
  const { width: w, height: h } = o.card;
  const portrait = orientationFit({ ...o, orientation: 'portrait' }).cards;
  const landscape = orientationFit({ ...o, orientation: 'landscape' }).cards;
  const area = (p: PaperId) => paperSize(p, 'portrait').width * paperSize(p, 'portrait').height;
  const bigger = PAPER_IDS.filter((p) => area(p) > area(o.paper)).flatMap((p) => {
    const r = chooseOrientation({ ...o, paper: p });
    const f = orientationFit({ ...o, paper: p, orientation: r });
    return f.marksFit ? [{ p, r, cards: f.cards }] : [];
  });
  let scale = 0;
  for (let pc = 99; pc >= 50 && !scale; pc--) {
    const card = { width: roundMm((w * pc) / 100), height: roundMm((h * pc) / 100) };
    if (orientationFit({ ...o, card, orientation: chooseOrientation({ ...o, card }) }).marksFit) scale = pc;
  }
  const paperName = (zh: boolean) => (zh ? paperLabelZh(o.paper, 'portrait') : paperLabel(o.paper, 'portrait')).replace(/ \S+$/, '');
  const biggerEn = bigger.map((b) => `${paperLabel(b.p, b.r)} (${b.cards} cards a sheet)`).join(' or ');
  const biggerZh = bigger.map((b) => `${paperLabelZh(b.p, b.r)}（每页 ${b.cards} 张）`).join('或');
  const fixesEn = [
    bigger.length ? `print on bigger paper: ${biggerEn}` : '',
    scale ? `shrink the card to ${scale} % (${roundMm((w * scale) / 100)} × ${roundMm((h * scale) / 100)} mm)` : '',
    'choose "cut lines" instead of crop marks',
    o.bleed > 0 ? 'use a smaller bleed' : '',
  ].filter(Boolean);
  const fixesZh = [
    bigger.length ? `换用更大的纸：${biggerZh}` : '',
    scale ? `把牌缩小到 ${scale}%（${roundMm((w * scale) / 100)} × ${roundMm((h * scale) / 100)} 毫米）` : '',
    '改用“裁切线”代替裁切标记',
    o.bleed > 0 ? '减小出血' : '',
  ].filter(Boolean);
  return {
    path: 'marks',
    message:
      `A ${w} × ${h} mm card with ${o.bleed} mm bleed leaves no room for crop marks inside the ${o.margin} mm margin on ${paperName(false)} either way round ` +
      `(portrait ${portrait} cards a sheet, landscape ${landscape}): the sheets print ${o.orientation} with marks that run into the margin, where your printer may not print them. ` +
      `To fix it: ${fixesEn.join('; ')}.`,
    zh:
      `${w} × ${h} 毫米、出血 ${o.bleed} 毫米的牌，在 ${paperName(true)} 纸上无论纵向还是横向，${o.margin} 毫米页边距以内都放不下裁切标记` +
      `（纵向每页 ${portrait} 张，横向 ${landscape} 张）：现按${o.orientation === 'portrait' ? '纵向' : '横向'}打印，标记会伸入页边距，打印机可能印不出来。` +
      `解决办法：${fixesZh.join('；')}。`,
  };
}

/** The print options orientation depends on. */
type OrientationInput = Pick<PrintOptions, 'paper' | 'orientation' | 'margin' | 'bleed' | 'card' | 'marks' | 'gutter'>;

/** How well the cards sit on one orientation of the paper: cards a sheet, crop marks on white inside the margins, the full outer bleed. */
export function orientationFit(o: OrientationInput): { cards: number; marksFit: boolean; bleedFits: boolean } {
  const grid = computeGrid(o.card, o.bleed, paperSize(o.paper, o.orientation), o.margin, { marks: o.marks === 'crop', gutter: o.gutter });
  const cards = grid.cols * grid.rows;
  return {
    cards,
    marksFit: cards > 0 && grid.x.marksFit && grid.y.marksFit,
    bleedFits: cards > 0 && grid.x.outerBleed >= o.bleed - EPS && grid.y.outerBleed >= o.bleed - EPS,
  };
}

/**
 * The orientation `auto` prints in: the one where the cards fit, then where crop marks stay on
 * white inside the margins (≥ 5 mm, print.md), then where the full bleed fits, then with more
 * cards a sheet; portrait on a tie. Poker on A4 goes landscape (8 cards with every mark inside
 * the 5 mm margin rather than 9 with the side marks in it).
 * @example chooseOrientation({ ...defaultPrintOptions(), paper: 'a4' }) // → 'landscape'
 */
export function chooseOrientation(o: Omit<OrientationInput, 'orientation'>): Orientation {
  const score = (r: Orientation) => {
    const f = orientationFit({ ...o, orientation: r });
    return [f.cards > 0 ? 1 : 0, o.marks !== 'crop' || f.marksFit ? 1 : 0, f.bleedFits ? 1 : 0, f.cards];
  };
  const p = score('portrait');
  const l = score('landscape');
  for (let i = 0; i < p.length; i++) if (p[i] !== l[i]) return l[i]! > p[i]! ? 'landscape' : 'portrait';
  return 'portrait';
}

function pickSelection(v: unknown, out: PrintSelection, bad: (path: string, m: Msg) => void): void {
  if (v === undefined) return;
  if (!isObject(v))
    return void bad('selection', {
      en: `selection must be an object { "cardIds": "all" | ["RAT-FU", …], "copies": "as-set" | 2 } (got ${show(v)}).`,
      zh: `selection 必须是形如 { "cardIds": "all" | ["RAT-FU", …], "copies": "as-set" | 2 } 的对象（收到的是 ${show(v)}）。`,
    });
  const ids = v.cardIds;
  if (ids === 'all' || (Array.isArray(ids) && ids.length > 0 && ids.every((s) => typeof s === 'string' && s.length > 0))) out.cardIds = ids === 'all' ? 'all' : [...new Set(ids as string[])];
  else if (ids !== undefined)
    bad('selection.cardIds', { en: `selection.cardIds must be "all" or a non-empty list of card ids (got ${show(ids)}).`, zh: `selection.cardIds 必须是 "all" 或非空的牌 id 列表（收到的是 ${show(ids)}）。` });
  const c = v.copies;
  const { min, max } = OPTION_LIMITS.copies;
  if (c === 'as-set' || (Number.isInteger(c) && (c as number) >= min && (c as number) <= max)) out.copies = c as PrintSelection['copies'];
  else if (c !== undefined)
    bad('selection.copies', {
      en: `selection.copies must be "as-set" or a whole number from ${min} to ${max} that multiplies each card's copies (got ${show(c)}).`,
      zh: `selection.copies 必须是 "as-set" 或 ${min} 到 ${max} 之间的整数（每张牌的份数乘以它；收到的是 ${show(c)}）。`,
    });
}

function pickPair<K extends string>(
  input: Record<string, unknown>, key: string, fields: readonly [K, K], lim: { min: number; max: number },
  out: Record<K, Mm>, bad: (path: string, m: Msg) => void, hint: Msg,
): void {
  const v = input[key];
  if (v === undefined) return;
  if (!isObject(v))
    return void bad(key, {
      en: `${key} must be an object { "${fields[0]}": …, "${fields[1]}": … } in millimetres (got ${show(v)}).`,
      zh: `${key} 必须是以毫米为单位的对象 { "${fields[0]}": …, "${fields[1]}": … }（收到的是 ${show(v)}）。`,
    });
  for (const f of fields) {
    if (v[f] === undefined) continue;
    const msg = mm(`${key}.${f}`, lim, hint)(v[f]);
    if (msg) bad(`${key}.${f}`, msg);
    else out[f] = v[f] as number;
  }
}

/** A check for a millimetre value within limits (a card size must be above its minimum). */
function mm(path: string, lim: { min: number; max: number }, hint: Msg) {
  const positive = path.startsWith('card.');
  return (v: unknown): Msg | null => {
    if (typeof v === 'number' && Number.isFinite(v) && (positive ? v > lim.min : v >= lim.min) && v <= lim.max) return null;
    const range = positive ? `greater than ${lim.min} and at most ${lim.max}` : `from ${lim.min} to ${lim.max}`;
    const rangeZh = positive ? `大于 ${lim.min} 且不超过 ${lim.max}` : `在 ${lim.min} 到 ${lim.max} 之间`;
    return { en: `${path} must be a number of millimetres ${range} (got ${show(v)}). ${hint.en}`.trim(), zh: `${path} 必须是${rangeZh}的毫米数（收到的是 ${show(v)}）。${hint.zh}`.trim() };
  };
}

function oneOf(allowed: readonly string[], path: string, hint: Msg) {
  return (v: unknown): Msg | null => {
    if (typeof v === 'string' && allowed.includes(v)) return null;
    const list = allowed.map((a) => `"${a}"`);
    return {
      en: `${path} must be ${list.join(', ').replace(/, ([^,]*)$/, ' or $1')} (got ${show(v)}). ${hint.en}`.trim(),
      zh: `${path} 必须是 ${list.join('、')} 之一（收到的是 ${show(v)}）。${hint.zh}`.trim(),
    };
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function show(v: unknown): string {
  return typeof v === 'string' ? `"${v}"` : v === undefined ? 'nothing' : JSON.stringify(v) ?? String(v);
}

/**
 * The card ids to print, one entry per printed copy, in the set's order: the selection filters
 * the set, then each card prints `copies` times (× the multiplier). Cards with 0 copies are in
 * the set but never print. Selected ids the set does not have are returned in `unknown`.
 * @example expandSelection([{ id: 'A', copies: 2 }, { id: 'B', copies: 1 }], { cardIds: 'all', copies: 2 }).ids // → ['A','A','A','A','B','B']
 */
export function expandSelection(
  cards: readonly { id: string; copies: number }[],
  selection: PrintSelection,
): { ids: string[]; unknown: string[] } {
  const wanted = selection.cardIds === 'all' ? null : new Set(selection.cardIds);
  const factor = selection.copies === 'as-set' ? 1 : selection.copies;
  const ids = cards.filter((c) => !wanted || wanted.has(c.id)).flatMap((c) => Array<string>(Math.max(0, c.copies * factor)).fill(c.id));
  const known = new Set(cards.map((c) => c.id));
  return { ids, unknown: wanted ? [...wanted].filter((id) => !known.has(id)) : [] };
}
