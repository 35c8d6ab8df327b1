/**
 * A finished lab run as a PDF report, through the app's PDF writer: a title, the settings that
 * reproduce the run, then per option set every plot the Balance page shows (drawn as vectors from
 * the same SVG, see report-svg.ts) with its numbers beside it, and the paired B − A comparison.
 * One language per report (the plots' labels and the numbers' captions).
 */
import { parseHTML } from 'linkedom';
import type { DrawOp, FontFaceId } from '../../../shared/cards/draw-list';
import { botsWords, botWords, coverageRatio, measureWords, optionLines, type LabOptionsSaid, type LabStartArg, type LabStatus, type LabSummary, type MeanInterval, type Rate } from '../../../shared/lab';
import { histogramPlot, liftPlot, matrixPlot, pairedPlot, winBySeatPlot, type Lang } from '../../../shared/lab/plots';
import type { FontService } from '../export/fonts';
import { writePdf, type PdfPage } from '../export/pdf';
import { svgToOps } from './report-svg';
import { runMeasurer, splitRuns } from './report-text';
import type { TextMeasurer } from '../../../shared/cards/fonts';

/** What a report says about how the run was asked for: the settings that reproduce it (the run's own start arguments), under a title. */
export interface LabReportSettings extends Omit<LabStartArg, 'projectId'> {
  /** The project or game name shown as the title. */
  title: string;
  /** The options' names and value words in the report's language (else their keys and values). */
  said?: LabOptionsSaid;
}

const PAGE = { w: 210, h: 297, margin: 15 };
const PLOT_W = 112;
const NUM_X = PAGE.margin + PLOT_W + 6;
const NUM_W = PAGE.w - PAGE.margin - NUM_X;
const INK = '#222222';
const MUTED = '#666666';
const FACE: FontFaceId = 'sans';
const BOLD: FontFaceId = 'sans-bold';
const LINE = 4.2;

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ci = (r: Rate) => `${pct(r.rate)} [${pct(r.lo)}, ${pct(r.hi)}]`;
const signed = (m: MeanInterval, f: (x: number) => string) => `${m.mean >= 0 ? '+' : ''}${f(m.mean)} [${Number.isFinite(m.lo) ? f(m.lo) : '–'}, ${Number.isFinite(m.hi) ? f(m.hi) : '–'}]`;

const WORDS = {
  zh: {
    report: '平衡测试报告', settings: '设置', players: '人数', bots: '机器人', games: '局数', seed: '种子', rotate: '机器人轮换座位', search: '搜索强度', optionsA: '选项 A', optionsB: '选项 B', defaults: '规则书默认',
    state: { done: '已完成', cancelled: '已取消', failed: '失败', running: '进行中' }, played: (d: number, g: number) => `已下 ${d}/${g} 个种子`, time: (s: string, r: string, w: number) => `用时 ${s} 秒，每秒 ${r} 局，${w} 个线程`,
    set: (k: string) => `选项 ${k}`, win: '各座位胜率（95% Wilson 区间）', seat: (n: number) => `座位 ${n + 1}`, verdict: { advantage: '先手有优势', disadvantage: '先手吃亏', fair: '没有先手优势（±3 个百分点内）', unclear: '尚无定论：请多下几局' },
    fair: '公平胜率', needs: (n: number) => `±3 个百分点约需 ${n} 局`, capped: (n: number, r: string) => `触到步数上限 ${n} 局 = ${r}`, counts: (g: number, f: number, d: number) => `${g} 局：完成 ${f}，平局 ${d}`,
    dist: (m: string, med: number, p10: number, p90: number, max: number) => [`平均 ${m}`, `中位数 ${med}`, `p10 ${p10} · p90 ${p90}`, `最大 ${max}`], winner: '赢家得分', margin: '分差',
    coverage: (b: string, n: number) => `机器人覆盖：${b}（${n} 个座位局）`, covRun: '随机列来自本次测试里随机机器人坐的座位。', covBase: (n: number) => `本次没有随机机器人：随机列来自额外 ${n} 局全随机对局（同样的种子和规则）。`, covNone: '没有随机走法的基准。',
    covRow: (n: string, p: string, g: string, r: string) => `${n}：每局 ${p}，用过 ${g}${r}`, covRandom: (p: string, g: string, x: string) => ` · 随机 ${p}（${g}）${x}`, never: ' · 从不使用', rare: ' · 远少于随机',
    lift: (g: string) => `${g}：使用次数与胜率提升`, liftRow: (n: string, u: number, l: string) => `${n}：${u} 次，提升 ${l}`, matrix: '机器人强弱（行胜列）', paired: (n: number) => `B − A（${n} 个配对种子，95% 区间）`, points: '个百分点', sig: '显著', colon: '：',
  },
  en: {
    report: 'Balance report', settings: 'Settings', players: 'Players', bots: 'Bots', games: 'Games', seed: 'Seed', rotate: 'Bots rotate seats', search: 'Search strength', optionsA: 'Options A', optionsB: 'Options B', defaults: 'rulebook defaults',
    state: { done: 'finished', cancelled: 'cancelled', failed: 'failed', running: 'running' }, played: (d: number, g: number) => `${d}/${g} seeds played`, time: (s: string, r: string, w: number) => `${s} s, ${r} games/s on ${w} workers`,
    set: (k: string) => `Option set ${k}`, win: 'Win rate by seat (95% Wilson interval)', seat: (n: number) => `Seat ${n + 1}`, verdict: { advantage: 'The first player has an advantage', disadvantage: 'The first player is at a disadvantage', fair: 'No first-player advantage (within ±3 points)', unclear: 'Not decided yet: play more games' },
    fair: 'Fair win rate', needs: (n: number) => `±3 points needs ~${n} games`, capped: (n: number, r: string) => `Stopped by a cap: ${n} = ${r}`, counts: (g: number, f: number, d: number) => `${g} games: ${f} finished, ${d} draws`,
    dist: (m: string, med: number, p10: number, p90: number, max: number) => [`mean ${m}`, `median ${med}`, `p10 ${p10} · p90 ${p90}`, `max ${max}`], winner: 'Winner’s score', margin: 'Margin',
    coverage: (b: string, n: number) => `Bot coverage: ${b} (${n} seat-games)`, covRun: 'The random column comes from this run’s random seats.', covBase: (n: number) => `No seat was random: the random column comes from ${n} extra all-random games (same seeds and rules).`, covNone: 'No random-play baseline.',
    covRow: (n: string, p: string, g: string, r: string) => `${n}: ${p} per game, used in ${g}${r}`, covRandom: (p: string, g: string, x: string) => ` · random ${p} (${g})${x}`, never: ' · never used', rare: ' · far below random',
    lift: (g: string) => `${g}: uses and win lift`, liftRow: (n: string, u: number, l: string) => `${n}: ${u} uses, lift ${l}`, matrix: 'Bot strength (row beat column)', paired: (n: number) => `B − A on ${n} paired seeds (95% interval)`, points: 'pts', sig: 'significant', colon: ': ',
  },
} as const;

/** A block of the report: a heading, an optional plot, and lines of numbers beside it. */
interface Block {
  heading: string;
  svg?: string;
  lines: string[];
}

function summaryBlocks(s: LabSummary, lang: Lang, set: string, doc: object): Block[] {
  const W = WORDS[lang];
  const pre = set ? `${W.set(set)} · ` : '';
  const dist = (d: LabSummary['scores']['all']) => W.dist(d.mean.toFixed(1), d.median, d.p10, d.p90, d.max);
  const seatName = (n: number) => W.seat(n);
  const f = s.firstPlayer;
  const blocks: Block[] = [
    {
      heading: `${pre}${W.win}`,
      svg: winBySeatPlot(doc, s, lang, seatName),
      lines: [W.counts(s.games, s.finished, s.draws), ...s.winBySeat.map((w) => `${seatName(w.seat)} (${botsWords(w.bots)[lang]})${W.colon}${ci(w)}`), `${W.verdict[f.verdict]}`, `${W.fair} ${pct(f.fair)}; ${W.needs(f.gamesForVerdict)}`, W.capped(s.capped.count, ci(s.capped))],
    },
  ];
  const L = s.labels.lengths;
  for (const [d, label] of [[s.lengths.moves, L.moves], [s.lengths.turns, L.turns], [s.lengths.rounds, L.rounds], [s.scores.all, s.labels.score], [s.scores.margin, { zh: W.margin, en: W.margin }]] as const)
    if (d.n) blocks.push({ heading: `${pre}${label[lang]}`, svg: histogramPlot(doc, d, label[lang]), lines: dist(d) });
  const groups = [...new Set(s.counters.map((c) => c.group))];
  for (const g of groups) {
    const rows = s.counters.filter((c) => c.group === g);
    const name = (s.labels.groups[g] ?? { zh: g, en: g })[lang];
    const top = rows.slice(0, 24);
    blocks.push({
      heading: `${pre}${W.lift(name)}`,
      ...(top.some((c) => c.lift !== null) ? { svg: liftPlot(doc, s, lang, top.map((c) => c.key)) } : {}),
      lines: top.map((c) => W.liftRow(c[lang], c.uses, c.lift === null ? '–' : c.lift.toFixed(2))),
    });
  }
  blocks.push(...coverageBlocks(s, lang, pre));
  if (s.matrix.bots.length > 1)
    blocks.push({ heading: `${pre}${W.matrix}`, svg: matrixPlot(doc, s, lang), lines: s.matrix.bots.flatMap((a, i) => s.matrix.cells[i]!.map((c, j) => (c ? `${botWords(a)[lang]} > ${botWords(s.matrix.bots[j]!)[lang]}${W.colon}${ci(c)}` : '')).filter(Boolean)) });
  return blocks;
}

/** The bot-coverage tables: per bot kind (random's rate beside, unless random is the only kind), one line per counter. */
function coverageBlocks(s: LabSummary, lang: Lang, pre: string): Block[] {
  const W = WORDS[lang];
  const c = s.coverage;
  if (!c.rows.length) return [];
  const source = c.random?.source === 'run' ? W.covRun : c.random?.source === 'baseline' ? W.covBase(c.random.games) : W.covNone;
  const kinds = c.bots.length > 1 || c.bots[0] !== 'random' ? c.bots.filter((b) => b !== 'random') : c.bots;
  return kinds.map((bot) => ({
    heading: `${pre}${W.coverage(botWords(bot)[lang], c.seatGames[bot] ?? 0)}`,
    lines: [
      ...(bot === 'random' ? [] : [source]),
      ...c.rows.map((r) => {
        const u = r.byBot[bot]!;
        const rnd = bot !== 'random' && r.random ? r.random : null;
        const ratio = coverageRatio(u, rnd);
        const flag = rnd && rnd.uses > 0 && u.uses === 0 ? W.never : ratio !== null && ratio < 0.25 ? W.rare : '';
        const vs = rnd ? W.covRandom(rnd.perGame.toFixed(2), pct(rnd.games.rate), ratio === null ? '' : ` ×${ratio.toFixed(2)}`) : '';
        return W.covRow(`${(s.labels.groups[r.group] ?? { zh: r.group, en: r.group })[lang]} · ${r[lang]}`, u.perGame.toFixed(2), pct(u.games.rate), vs + flag);
      }),
    ],
  }));
}

/** Plots keep one scale (the 460 px wide ones fill the plot column); narrower ones stay narrower. */
function plotWidth(svg: string): number {
  const w = Number(/viewBox="[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)/.exec(svg)?.[1]);
  return w > 0 ? Math.min(PLOT_W, (w * PLOT_W) / 460) : PLOT_W;
}

/**
 * Split `text` into lines no wider than `width` mm: between words (a number or an English word
 * stays whole) or between Chinese characters; a word wider than the line is split by character.
 */
function wrap(measurer: TextMeasurer, face: FontFaceId, text: string, size: number, width: number): string[] {
  const out: string[] = [];
  const fits = (s: string) => measurer.width(face, s, size) <= width;
  let line = '';
  for (const token of text.match(/\p{Script=Han}[\p{P}\s]*|[^\s\p{Script=Han}]+\s*|\s+/gu) ?? []) {
    if (fits(line + token.trimEnd())) {
      line += token;
      continue;
    }
    if (line.trim()) out.push(line.trimEnd());
    line = '';
    for (const ch of [...token]) {
      if (line && !fits(line + ch)) {
        out.push(line);
        line = '';
      }
      line += ch;
    }
  }
  line = line.trimEnd();
  if (line) out.push(line);
  return out;
}

/** The PDF bytes of a lab run's report. */
export async function labReportPdf(st: LabStatus, settings: LabReportSettings, lang: Lang, fonts: FontService): Promise<Uint8Array> {
  const W = WORDS[lang];
  // Lines are measured and drawn in runs: shared punctuation beside Latin text in the Latin face.
  const measurer = runMeasurer(fonts.measurer);
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const pages: DrawOp[][] = [[]];
  let y = PAGE.margin;
  const page = () => pages[pages.length - 1]!;
  const newPage = () => {
    pages.push([]);
    y = PAGE.margin;
  };
  // Characters a face lacks (an arrow in an axis label) are left out rather than drawn as boxes.
  const clean = (face: FontFaceId, t: string) => {
    t = t.replace(/\s*[→↑]/g, ' >').replace(/[←↓]\s*/g, '< ').trim();
    const missing = new Set(fonts.missingGlyphs(face, t));
    return missing.size ? [...t].filter((c) => !missing.has(c)).join('') : t;
  };
  const text = (t: string, x: number, yy: number, size: number, face = FACE, color = INK) => {
    const s = clean(face, t);
    page().push(...splitRuns({ op: 'text', x, y: yy, text: s, face, size, color, width: measurer.width(face, s, size) }, fonts.measurer));
  };
  const para = (t: string, x: number, size: number, width: number, face = FACE, color = INK) => {
    for (const l of wrap(measurer, face, clean(face, t), size, width)) {
      if (y + LINE > PAGE.h - PAGE.margin) newPage();
      text(l, x, y + 3, size, face, color);
      y += LINE;
    }
  };

  text(`${settings.title} · ${W.report}`, PAGE.margin, y + 7, 18, BOLD);
  y += 14;
  const state = `${W.state[st.state]} · ${W.played(st.done, st.games)} · ${W.time((st.elapsedMs / 1000).toFixed(1), st.gamesPerSec.toFixed(1), st.workers)}`;
  para(state, PAGE.margin, 9, PAGE.w - 2 * PAGE.margin, FACE, MUTED);
  y += 3;
  text(W.settings, PAGE.margin, y + 4, 12, BOLD);
  y += 7;
  const colon = lang === 'zh' ? '：' : ': ';
  const options = (o: Record<string, unknown>) => (Object.keys(o).length ? optionLines(o, settings.said ?? {}, colon).join(lang === 'zh' ? '；' : '; ') : W.defaults);
  const setting = [
    `${W.players}${colon}${settings.players}`,
    `${W.bots}${colon}${settings.bots.map((b) => botWords(b)[lang]).join(lang === 'zh' ? '、' : ', ')}${settings.rotate ? (lang === 'zh' ? `（${W.rotate}）` : ` (${W.rotate})`) : ''}`,
    `${W.games}${colon}${settings.games}`,
    `${W.seed}${colon}${settings.seed}`,
    ...(settings.searchIterations ? [`${W.search}${colon}${settings.searchIterations}`] : []),
    `${W.optionsA}${colon}${options(settings.options)}`,
    ...(settings.vs ? [`${W.optionsB}${colon}${options(settings.vs)}`] : []),
  ];
  for (const s of setting) para(s, PAGE.margin, 9, PAGE.w - 2 * PAGE.margin);
  for (const w of st.warnings) para(`! ${w}`, PAGE.margin, 8, PAGE.w - 2 * PAGE.margin, FACE, MUTED);
  y += 4;

  const blocks: Block[] = [];
  if (st.b && st.paired) {
    blocks.push({
      heading: W.paired(st.paired.pairs),
      svg: pairedPlot(document, st.paired, lang, (n) => W.seat(n)),
      lines: st.paired.measures.map((m) => {
        const isRate = m.key.startsWith('win:') || m.key === 'capped';
        const name = measureWords(m.key, st.a.labels.lengths)[lang];
        return `${name}${W.colon}${signed(m, isRate ? (x) => `${(100 * x).toFixed(1)}` : (x) => x.toFixed(2))}${isRate ? ` ${W.points}` : ''}${m.significant ? ` · ${W.sig}` : ''}`;
      }),
    });
  }
  blocks.push(...summaryBlocks(st.a, lang, st.b ? 'A' : '', document));
  if (st.b) blocks.push(...summaryBlocks(st.b, lang, 'B', document));

  for (const b of blocks) {
    const plot = b.svg ? svgToOps(b.svg, { measurer, face: FACE, widthMm: plotWidth(b.svg), clean: (t) => clean(FACE, t) }) : null;
    const lines = b.lines.flatMap((l) => wrap(measurer, FACE, clean(FACE, l), 8, plot ? NUM_W : PAGE.w - 2 * PAGE.margin));
    const height = 8 + Math.max(plot?.heightMm ?? 0, lines.length * LINE) + 6;
    if (y + Math.min(height, 120) > PAGE.h - PAGE.margin) newPage();
    text(b.heading, PAGE.margin, y + 4, 11, BOLD);
    y += 8;
    const top = y;
    if (plot) page().push({ op: 'group', transform: { x: PAGE.margin, y }, ops: splitRuns(plot.op, fonts.measurer) });
    for (const l of lines) {
      if (y + LINE > PAGE.h - PAGE.margin) {
        newPage();
      }
      text(l, plot ? NUM_X : PAGE.margin, y + 3, 8);
      y += LINE;
    }
    y = Math.max(y, pages.length && plot && y >= top ? top + plot.heightMm : y) + 6;
  }

  const pdfPages: PdfPage[] = pages.map((ops) => ({ widthMm: PAGE.w, heightMm: PAGE.h, items: [{ list: { width: PAGE.w, height: PAGE.h, bleed: 0, ops }, x: 0, y: 0 }] }));
  return writePdf(pdfPages, { fonts, title: `${settings.title} · ${W.report}`, subject: lang === 'zh' ? '平衡实验室' : 'Balance lab' });
}
