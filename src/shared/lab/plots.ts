/**
 * The lab's plots, drawn with Observable Plot into SVG text: the Balance page shows them inline,
 * and a report can embed the same vectors. Plot needs a DOM `document`: the renderer passes a
 * document of its own making (`document.implementation.createHTMLDocument`), a worker would pass a
 * linkedom one. The SVG comes back without `<style>` elements or `style` attributes (the app's CSS
 * sizes it; a strict content security policy forbids inline styles), colours follow `currentColor`.
 */
import * as Plot from '@observablehq/plot';
import type { PairedSummary } from './paired';
import type { Distribution, Rate } from './stats';
import type { LabSummary } from './summary';
import { botWords } from './words';

/** The language of the plot's labels. */
export type Lang = 'zh' | 'en';

const ACCENT = '#c23b22';
const INK = 'currentColor';

/** The part of a DOM document Plot needs (typed loosely: this module has no DOM library). */
export type PlotDocument = object;
interface PlotNode {
  querySelectorAll(selector: string): Iterable<PlotNode>;
  remove(): void;
  removeAttribute(name: string): void;
  readonly outerHTML: string;
}

/** Render a plot to SVG text, cleaned of inline styles. */
function svgOf(doc: PlotDocument, options: Plot.PlotOptions): string {
  const el = Plot.plot({ ...options, document: doc as never, className: 'lab-plot' }) as unknown as PlotNode;
  for (const s of [...el.querySelectorAll('style')]) s.remove();
  el.removeAttribute('style');
  for (const n of [...el.querySelectorAll('[style]')]) n.removeAttribute('style');
  return el.outerHTML;
}

const pts = (x: number) => 100 * x;

/**
 * An axis title centred under (or over) its ticks on a row of its own: Plot's default puts it at
 * the axis' end, level with the last tick's label, and the two overlapped. `MARGIN` leaves the
 * row (ticks 9–19 px from the frame, the title's baseline at 37).
 */
const TITLE = { labelAnchor: 'center', labelArrow: false } as const;
const MARGIN = 40;

/** Win rate by seat: a dot per seat with its Wilson interval, and the fair share as a dashed line. */
export function winBySeatPlot(doc: PlotDocument, s: LabSummary, lang: Lang, seatName: (seat: number) => string): string {
  const rows = s.winBySeat.map((w) => ({ seat: seatName(w.seat), rate: pts(w.rate), lo: pts(w.lo), hi: pts(w.hi) }));
  return svgOf(doc, {
    width: 460,
    height: 50 + 28 * rows.length,
    marginLeft: 70,
    marginBottom: MARGIN,
    x: { ...TITLE, label: lang === 'zh' ? '胜率 (%)' : 'Win rate (%)', domain: [0, Math.max(10, ...rows.map((r) => r.hi)) * 1.1], grid: true },
    y: { label: null, domain: rows.map((r) => r.seat) },
    marks: [
      Plot.ruleX([pts(s.firstPlayer.fair)], { stroke: INK, strokeDasharray: '4 3', strokeOpacity: 0.6 }),
      Plot.ruleY(rows, { y: 'seat', x1: 'lo', x2: 'hi', stroke: ACCENT, strokeWidth: 2 }),
      Plot.dot(rows, { y: 'seat', x: 'rate', fill: ACCENT, r: 4 }),
    ],
  });
}

/** A distribution as a histogram (a bar per value, or bins when there are many values). */
export function histogramPlot(doc: PlotDocument, d: Distribution, label: string): string {
  // A bar per value when there are few; else about 30 equal bins.
  const span = d.hist.length ? d.max - d.min + 1 : 1;
  const w = d.hist.length <= 30 ? 1 : Math.max(1, Math.ceil(span / 30));
  const bins = new Map<number, number>();
  for (const [value, count] of d.hist) {
    const b = d.min + Math.floor((value - d.min) / w) * w;
    bins.set(b, (bins.get(b) ?? 0) + count);
  }
  const rows = [...bins.entries()].map(([x, count]) => ({ x1: x - (w === 1 ? 0.4 : 0), x2: x + (w === 1 ? 0.4 : w), count }));
  // Counts are whole: a short bar gets a tick per game, not 0.2, 0.4 …
  const top = Math.max(0, ...rows.map((r) => r.count));
  return svgOf(doc, {
    width: 460,
    height: 190,
    marginLeft: 48,
    marginBottom: MARGIN,
    x: { ...TITLE, label },
    y: { label: null, grid: true, ...(top <= 8 ? { ticks: Array.from({ length: top + 1 }, (_, i) => i), tickFormat: 'd' } : {}) },
    marks: [Plot.rectY(rows, { x1: 'x1', x2: 'x2', y: 'count', fill: ACCENT, fillOpacity: 0.85, inset: w === 1 ? 0 : 0.5 }), Plot.ruleY([0], { stroke: INK })],
  });
}

/**
 * Room on the left for the longest of `labels` at the axis' 10 px type (a Chinese character about
 * 10 px wide, a Latin letter about 5.5), between 80 and 280 px: long names are not cut off.
 */
export function labelMargin(labels: readonly string[]): number {
  const px = (t: string) => [...t].reduce((w, ch) => w + (/[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u.test(ch) ? 10 : 5.5), 0);
  return Math.round(Math.min(280, Math.max(80, 12 + Math.max(0, ...labels.map(px)))));
}

/** Win lift per counter: the winning seat's rate when it used the counter ÷ the fair share, with its interval; 1 = no effect. */
export function liftPlot(doc: PlotDocument, s: LabSummary, lang: Lang, keys: string[]): string {
  const fair = s.firstPlayer.fair;
  const rows = s.counters
    .filter((c) => keys.includes(c.key) && c.winWhenUsed && c.winWhenUsed.of > 0 && fair > 0)
    .map((c) => ({ name: lang === 'zh' ? c.zh : c.en, lift: c.lift!, lo: c.winWhenUsed!.lo / fair, hi: c.winWhenUsed!.hi / fair }));
  return svgOf(doc, {
    width: 460,
    height: 50 + 20 * Math.max(1, rows.length),
    marginLeft: labelMargin(rows.map((r) => r.name)),
    marginBottom: MARGIN,
    x: { ...TITLE, label: lang === 'zh' ? '胜率提升（1 = 无影响）' : 'Win lift (1 = no effect)', grid: true },
    y: { label: null, domain: rows.map((r) => r.name) },
    marks: [Plot.ruleX([1], { stroke: INK, strokeDasharray: '4 3', strokeOpacity: 0.6 }), Plot.ruleY(rows, { y: 'name', x1: 'lo', x2: 'hi', stroke: ACCENT, strokeWidth: 2 }), Plot.dot(rows, { y: 'name', x: 'lift', fill: ACCENT, r: 3.5 })],
  });
}

/** The bot strength matrix: a cell per (row bot, column bot), shaded by how often the row bot beat the column bot (white figures on the dark ends of the scale). */
export function matrixPlot(doc: PlotDocument, s: LabSummary, lang: Lang): string {
  const rows: { a: string; b: string; rate: number }[] = [];
  s.matrix.bots.forEach((a, i) => s.matrix.cells[i]!.forEach((c: Rate | null, j) => c && rows.push({ a, b: s.matrix.bots[j]!, rate: pts(c.rate) })));
  return svgOf(doc, {
    width: 120 + 90 * s.matrix.bots.length,
    height: 70 + 40 * s.matrix.bots.length,
    marginLeft: 90,
    marginTop: MARGIN,
    x: { ...TITLE, label: lang === 'zh' ? '对手' : 'Opponent', axis: 'top', domain: s.matrix.bots, tickFormat: (b: string) => botWords(b)[lang] },
    y: { label: null, domain: s.matrix.bots, tickFormat: (b: string) => botWords(b)[lang] },
    color: { type: 'diverging', domain: [0, 100], pivot: 50, scheme: 'RdBu' },
    marks: [Plot.cell(rows, { x: 'b', y: 'a', fill: 'rate', inset: 1 }), Plot.text(rows, { x: 'b', y: 'a', text: (r: { rate: number }) => `${r.rate.toFixed(0)}%`, fill: (r: { rate: number }) => (Math.abs(r.rate - 50) > 30 ? 'white' : 'black') })],
  });
}

/** A/B: each seat's win-rate change B − A (points) with its paired interval; 0 = no change. */
export function pairedPlot(doc: PlotDocument, p: PairedSummary, lang: Lang, seatName: (seat: number) => string): string {
  const rows = p.measures
    .filter((m) => m.key.startsWith('win:'))
    .map((m) => ({ seat: seatName(Number(m.key.slice(4))), d: pts(m.mean), lo: Number.isFinite(m.lo) ? pts(m.lo) : pts(m.mean), hi: Number.isFinite(m.hi) ? pts(m.hi) : pts(m.mean) }));
  const span = Math.max(5, ...rows.map((r) => Math.max(Math.abs(r.lo), Math.abs(r.hi)))) * 1.1;
  return svgOf(doc, {
    width: 460,
    height: 50 + 28 * rows.length,
    marginLeft: 70,
    marginBottom: MARGIN,
    x: { ...TITLE, label: lang === 'zh' ? 'B − A 胜率变化（百分点）' : 'B − A win rate (points)', domain: [-span, span], grid: true },
    y: { label: null, domain: rows.map((r) => r.seat) },
    marks: [Plot.ruleX([0], { stroke: INK, strokeOpacity: 0.6 }), Plot.ruleY(rows, { y: 'seat', x1: 'lo', x2: 'hi', stroke: ACCENT, strokeWidth: 2 }), Plot.dot(rows, { y: 'seat', x: 'd', fill: ACCENT, r: 4 })],
  });
}
