import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createFontService } from '../export/fonts';
import { LabJob, resolveLabRun } from '.';
import { labOptionsSaid } from '../../../shared/lab';
import { labReportPdf } from './report';
import { svgColor, svgToOps } from './report-svg';

const fonts = createFontService();

async function finishedRun() {
  const r = resolveLabRun({ game: 'doufu', players: 3, bots: 'random,heuristic,random', games: 12, seed: 'report', options: { settlement_value: 'declared_combo_only' }, vs: { mode: 'ffa' }, workers: 1 });
  if (!r.ok) throw new Error(r.error.message);
  const job = new LabJob(r.value);
  await job.finished;
  return job.status();
}

describe('lab plots as draw ops', () => {
  it('turn Plot SVG into vectors: lines, rects, dots, paths and measured text, placed by translate', () => {
    const svg = '<svg viewBox="0 0 200 100" width="200" height="100" text-anchor="middle" font-size="10" fill="currentColor"><g transform="translate(10,5)" stroke="#c23b22" stroke-width="2"><line x1="0" y1="0" x2="50" y2="0"/><path d="M0,0L-6,0" transform="translate(3,4)"/></g><g fill="rgb(237, 239, 241)"><rect x="1" y="2" width="3" height="4"/><circle cx="5" cy="6" r="2"/></g><text transform="translate(100,50)" y="0.32em">Seat 1<title>ignored</title></text><g transform="rotate(90)"><rect width="5" height="5"/></g></svg>';
    const { op, heightMm } = svgToOps(svg, { measurer: fonts.measurer, face: 'sans', widthMm: 100 });
    expect(heightMm).toBeCloseTo(50);
    if (op.op !== 'group') throw new Error('a group');
    expect(op.transform).toEqual({ x: 0, y: 0, scale: 0.5 });
    const kinds = op.ops.map((o) => o.op);
    expect(kinds).toEqual(['line', 'group', 'rect', 'ellipse', 'text']);
    expect(op.ops[0]).toMatchObject({ x1: 10, y1: 5, x2: 60, stroke: { color: '#c23b22', width: 2 } });
    expect(op.ops[1]).toMatchObject({ transform: { x: 13, y: 9 } });
    expect(op.ops[2]).toMatchObject({ fill: { color: '#edeff1' } });
    const t = op.ops[4]!;
    if (t.op !== 'text') throw new Error('text');
    expect(t.text).toBe('Seat 1');
    expect(t.x).toBeCloseTo(100 - t.width / 2);
    expect(t.y).toBeCloseTo(53.2);
    expect(svgColor('none')).toBeNull();
    expect(svgColor('#abc')).toBe('#aabbcc');
  });
});

describe('the lab report PDF', () => {
  it('has the title, the settings, every plot as vectors and the numbers, in either language', async () => {
    const st = await finishedRun();
    expect(st.state).toBe('done');
    for (const lang of ['zh', 'en'] as const) {
      const settings = { title: '斗福', players: 3, bots: ['random', 'heuristic', 'random'], options: { settlement_value: 'declared_combo_only' }, vs: { mode: 'ffa' }, games: 12, seed: 'report', said: labOptionsSaid('doufu', lang) };
      const bytes = await labReportPdf(st, settings, lang, fonts);
      if (process.env.FUQI_LAB_REPORT_OUT) writeFileSync(`${process.env.FUQI_LAB_REPORT_OUT}-${lang}.pdf`, bytes);
      const doc = await PDFDocument.load(bytes);
      expect(doc.getTitle()).toBe(lang === 'zh' ? '斗福 · 平衡测试报告' : '斗福 · Balance report');
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
      // Vectors, no raster images.
      expect(Buffer.from(bytes).toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
      // The bot-coverage table of the heuristic bot, with random's rate from the run's random seats.
      const dir = mkdtempSync(join(tmpdir(), 'fuqi-lab-report-'));
      writeFileSync(join(dir, 'r.pdf'), bytes);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      rmSync(dir, { recursive: true, force: true });
      // The settings in words: bots by name, options as "name: value" in the new-game page's short words.
      if (lang === 'zh') expect(text).toContain('机器人：随机、启发式、随机 局数：12 种子：report 选项 A：宣胜后别人扣多少福气：最大的搭子 选项 B：模式：各自为战');
      else expect(text).toContain('Bots: Random, Heuristic, Random Games: 12 Seed: report Options A: What the others pay when you declare: best combo only Options B: Mode: free-for-all');
      // The A/B measures and the bot matrix by name, never by key or id.
      expect(text).not.toMatch(/\b(win:\d|capped|heuristic|random >)/);
      if (lang === 'zh') expect(text).toMatch(/机器人覆盖：启发式（\d+ 个座位局）.*随机列来自本次测试里随机机器人坐的座位.*每局 \d+\.\d\d，用过 [\d.]+% · 随机 \d+\.\d\d/);
      else expect(text).toMatch(/Bot coverage: Heuristic \(\d+ seat-games\).*random column comes from this run.*per game, used in [\d.]+% · random \d+\.\d\d/);
    }
  }, 60_000);
});
