import { CARD_SIZE_PRESETS } from '../cards/schema';
import { err, ok, type AppErrorInfo, type Result } from '../util/result';
import type { Mm } from '../util/units';
import { roundMm } from '../util/units';
import { EPS } from './geometry';
import type { MarksMode } from './marks';
import { PAPER_IDS, paperLabel, paperSize, type PaperId } from './paper';
import { computeGrid, type AxisFit, type ImposeOptions } from './sheet';

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
}

/** A problem with one option: where (`backOffset.x`) and what to do about it. */
export interface OptionProblem {
  path: string;
  message: string;
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
} as const;

const KEYS = ['paper', 'orientation', 'margin', 'bleed', 'marks', 'duplex', 'backOffset', 'calibration', 'selection', 'card'] as const;

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
  };
}

/**
 * Validate print options from the renderer or a CLI flag file. Missing keys take `base`
 * (the defaults). Problems make the result fail with code `print/invalid-options`, a message
 * listing each problem with its fix, and `details` = the problems. Unknown keys and a bleed that
 * only partly fits inside the margins are returned as warnings.
 */
export function validatePrintOptions(
  input: unknown,
  base: PrintOptions = defaultPrintOptions(),
): Result<{ options: PrintOptions; warnings: OptionProblem[] }> {
  const problems: OptionProblem[] = [];
  const warnings: OptionProblem[] = [];
  const bad = (path: string, message: string) => problems.push({ path, message });
  if (!isObject(input)) return fail([{ path: '', message: `Print options must be an object such as { "paper": "a4", "bleed": 3 } (got ${show(input)}).` }]);
  for (const k of Object.keys(input))
    if (!(KEYS as readonly string[]).includes(k)) warnings.push({ path: k, message: `Unknown print option "${k}" is ignored; the options are ${KEYS.join(', ')}.` });

  const o: PrintOptions = { ...base, backOffset: { ...base.backOffset }, card: { ...base.card }, selection: { ...base.selection } };
  const pick = <K extends keyof PrintOptions>(key: K, check: (v: unknown) => string | null) => {
    if (input[key] === undefined) return;
    const msg = check(input[key]);
    if (msg) bad(key, msg);
    else o[key] = input[key] as PrintOptions[K];
  };
  pick('paper', oneOf(PAPER_IDS, 'paper', 'Cards print on A4, US Letter, A3 or Tabloid.'));
  pick('orientation', oneOf(['portrait', 'landscape'], 'orientation', ''));
  pick('marks', oneOf(['crop', 'lines', 'none'], 'marks', '"crop" draws marks outside the grid, "lines" full cut lines for a guillotine.'));
  pick('duplex', oneOf(['none', 'long', 'short'], 'duplex', 'Use "none" for fronts only, else the paper edge your printer flips on.'));
  pick('margin', mm('margin', OPTION_LIMITS.margin, 'Most home printers cannot print the outer 3–5 mm; 5 mm is safe.'));
  pick('bleed', mm('bleed', OPTION_LIMITS.bleed, 'Use 3 mm, or 3.175 mm (1/8 in) for inch-sized cards; 0 turns bleed off.'));
  pick('calibration', (v) => (typeof v === 'boolean' ? null : `calibration must be true or false (got ${show(v)}).`));
  pickPair(input, 'backOffset', ['x', 'y'], OPTION_LIMITS.backOffset, o.backOffset, bad,
    'Measure it with the calibration page; a larger shift usually means the wrong flip edge (try "long" ↔ "short").');
  pickPair(input, 'card', ['width', 'height'], OPTION_LIMITS.card, o.card, bad, 'Take it from the card set or a preset such as poker (63 × 88 mm).');
  pickSelection(input.selection, o.selection, bad);

  if (problems.length === 0) crossCheck(o, bad, warnings);
  return problems.length ? fail(problems) : ok({ options: o, warnings });
}

function fail(problems: OptionProblem[]): { ok: false; error: AppErrorInfo } {
  const lines = problems.map((p) => `• ${p.message}`).join('\n');
  return err('print/invalid-options', `The print settings need ${problems.length === 1 ? 'one fix' : `${problems.length} fixes`}:\n${lines}`, problems);
}

/**
 * Checks that need several options: the card fits, the bleed fits. (Calibration goes with any
 * duplex: simplex output gets a one-page calibration page that checks the scale.)
 */
function crossCheck(o: PrintOptions, bad: (path: string, message: string) => void, warnings: OptionProblem[]): void {
  const page = paperSize(o.paper, o.orientation);
  const grid = computeGrid(o.card, o.bleed, page, o.margin);
  const here = paperLabel(o.paper, o.orientation);
  if (grid.cols === 0 || grid.rows === 0) {
    const fits = PAPER_IDS
      .flatMap((p) => (['portrait', 'landscape'] as const).map((r) => ({ p, r, g: computeGrid(o.card, o.bleed, paperSize(p, r), o.margin) })))
      .filter((c) => c.g.cols * c.g.rows > 0)
      .map((c) => `${paperLabel(c.p, c.r)} (${c.g.cols} × ${c.g.rows})`);
    bad('card', `A ${o.card.width} × ${o.card.height} mm card does not fit on ${here} inside ${o.margin} mm margins. ` +
      (fits.length ? `It fits on ${fits.join(', ')}.` : 'Reduce the margin or print it on A3/Tabloid as a board.'));
    return;
  }
  const short = (a: AxisFit, len: Mm, card: Mm, edges: string) => {
    if (a.outerBleed >= o.bleed - EPS) return;
    // Cut-back bleed only happens in butt mode, where the trim block is count × card.
    const need = roundMm((len - a.count * card) / 2 - o.bleed);
    warnings.push({
      path: 'bleed',
      message: `Only ${roundMm(a.outerBleed)} mm of the ${o.bleed} mm bleed fits at the ${edges} of the grid on ${here} inside ${o.margin} mm margins. ` +
        (need > 0 ? `If your printer can print closer to the edge, set the margin to ${need} mm to keep it all.` : 'Use larger paper to keep it all.'),
    });
  };
  short(grid.x, page.width, o.card.width, 'left and right');
  short(grid.y, page.height, o.card.height, 'top and bottom');
}

function pickSelection(v: unknown, out: PrintSelection, bad: (path: string, message: string) => void): void {
  if (v === undefined) return;
  if (!isObject(v)) return void bad('selection', `selection must be an object { "cardIds": "all" | ["RAT-FU", …], "copies": "as-set" | 2 } (got ${show(v)}).`);
  const ids = v.cardIds;
  if (ids === 'all' || (Array.isArray(ids) && ids.length > 0 && ids.every((s) => typeof s === 'string' && s.length > 0))) out.cardIds = ids === 'all' ? 'all' : [...new Set(ids as string[])];
  else if (ids !== undefined) bad('selection.cardIds', `selection.cardIds must be "all" or a non-empty list of card ids (got ${show(ids)}).`);
  const c = v.copies;
  const { min, max } = OPTION_LIMITS.copies;
  if (c === 'as-set' || (Number.isInteger(c) && (c as number) >= min && (c as number) <= max)) out.copies = c as PrintSelection['copies'];
  else if (c !== undefined) bad('selection.copies', `selection.copies must be "as-set" or a whole number from ${min} to ${max} that multiplies each card's copies (got ${show(c)}).`);
}

function pickPair<K extends string>(
  input: Record<string, unknown>, key: string, fields: readonly [K, K], lim: { min: number; max: number },
  out: Record<K, Mm>, bad: (path: string, message: string) => void, hint: string,
): void {
  const v = input[key];
  if (v === undefined) return;
  if (!isObject(v)) return void bad(key, `${key} must be an object { "${fields[0]}": …, "${fields[1]}": … } in millimetres (got ${show(v)}).`);
  for (const f of fields) {
    if (v[f] === undefined) continue;
    const msg = mm(`${key}.${f}`, lim, hint)(v[f]);
    if (msg) bad(`${key}.${f}`, msg);
    else out[f] = v[f] as number;
  }
}

/** A check for a millimetre value within limits (a card size must be above its minimum). */
function mm(path: string, lim: { min: number; max: number }, hint: string) {
  const positive = path.startsWith('card.');
  return (v: unknown): string | null => {
    if (typeof v === 'number' && Number.isFinite(v) && (positive ? v > lim.min : v >= lim.min) && v <= lim.max) return null;
    const range = positive ? `greater than ${lim.min} and at most ${lim.max}` : `from ${lim.min} to ${lim.max}`;
    return `${path} must be a number of millimetres ${range} (got ${show(v)}). ${hint}`.trim();
  };
}

function oneOf(allowed: readonly string[], path: string, hint: string) {
  return (v: unknown): string | null =>
    typeof v === 'string' && allowed.includes(v) ? null : `${path} must be ${allowed.map((a) => `"${a}"`).join(', ').replace(/, ([^,]*)$/, ' or $1')} (got ${show(v)}). ${hint}`.trim();
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
