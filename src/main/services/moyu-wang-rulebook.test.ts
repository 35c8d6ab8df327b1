// The 摸鱼王 rulebook (templates/moyu-wang/rules.zh.md and rules.en.md): the chapters in order,
// every excuse of the deck with its effect, figures drawn from the project's own cards, the worked
// scoring example adding up, the engine's options as variants; and both books typeset through the
// rulebook pipeline with the real fonts and figures, no glyph missing and no layout warning.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXCUSE_LABELS } from '../../shared/games/moyu-wang/cards';
import { OPTION_INFO } from '../../shared/games/moyu-wang/options';
import { ProjectStore } from './projects';
import { exportRulebook } from './rulebook';
import { createAssetService } from './export/assets';
import { createFontService } from './export/fonts';

const root = resolve(__dirname, '../../..');
const fonts = createFontService();
const projects = new ProjectStore(join(root, 'templates'));
const deps = { projects, fonts, assets: (dir: string) => createAssetService({ projectDir: dir }) };
const dir = mkdtempSync(join(tmpdir(), 'fuqi-mwrules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const source = (lang: 'zh' | 'en'): string => readFileSync(join(root, 'templates/moyu-wang', `rules.${lang}.md`), 'utf8');

const CHAPTERS = {
  zh: ['游戏简介 Overview', '游戏配件 Components', '游戏准备 Setup', '一轮的流程 A round', '借口牌 Excuses', '游戏结束与计分 Scoring', '身份玩法 Hidden roles', '可选规则 Variants', '常见问题 FAQ'],
  en: ['Overview', 'Components', 'Setup', 'A round', 'Excuses', 'Scoring', 'Hidden roles', 'Variants', 'FAQ'],
};

describe('摸鱼王 rulebook sources', () => {
  const p = projects.get('moyu-wang');
  if (!p.ok) throw new Error(p.error.message);
  const ids = new Set(p.value.set.cards.map((c) => c.id));

  for (const lang of ['zh', 'en'] as const) {
    it(`(${lang}) has the chapters in order`, () => {
      expect([...source(lang).matchAll(/^# (.+)$/gm)].map((m) => m[1])).toEqual(CHAPTERS[lang]);
    });

    it(`(${lang}) lists every excuse with its count in the excuse table`, () => {
      const md = source(lang);
      const counts: Record<string, number> = { not_me: 6, he_can: 4, its_you: 3, help_me: 3, stop: 1, no_leave: 2, hustle: 1, blank: 1 };
      for (const [k, label] of Object.entries(EXCUSE_LABELS)) {
        const name = lang === 'zh' ? label.zh : label.en.replace("'", '’');
        expect(md, name).toMatch(new RegExp(`^\\| ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| ${counts[k]} \\| .{8,}`, 'm'));
      }
    });

    it(`(${lang}) draws its figures from the project: every ref names one of its cards; holidays, rainbow, excuses and roles are shown`, () => {
      const refs = [...source(lang).matchAll(/!\[[^\]]*\]\(card:([A-Z0-9-]+)\)/g)].map((m) => m[1]!);
      for (const id of refs) expect(ids.has(id), id).toBe(true);
      for (const id of ['10', '60', '05', '80', '93', '97', '86', '90', '96', '99', 'ROLE-BOSS', 'ROLE-SECRETARY', 'ROLE-OLDHAND', 'ROLE-EMPLOYEE']) expect(refs, id).toContain(id);
    });

    it(`(${lang}) works the scoring example as §6: pile + hand × 4 for each player, lowest wins`, () => {
      const md = source(lang);
      const sums = [...md.matchAll(/(\d+) \+ (\d+) × 4 = (\d+)/g)];
      expect(sums.length).toBeGreaterThan(0);
      for (const m of sums) expect(Number(m[1]) + Number(m[2]) * 4).toBe(Number(m[3]));
      expect(md).toMatch(lang === 'zh' ? /丁分数最低，获胜/ : /Dan has the lowest score and wins/);
    });

    it(`(${lang}) gives every engine option a row in the variants`, () => {
      const md = source(lang);
      const variants = md.slice(md.indexOf(lang === 'zh' ? '# 可选规则' : '# Variants'), md.indexOf(lang === 'zh' ? '# 常见问题' : '# FAQ'));
      for (const info of Object.values(OPTION_INFO)) {
        const name = lang === 'zh' ? info.zh : info.en.replace("'", '’');
        expect(variants, name).toContain(`| ${name} |`);
      }
    });

    it(`(${lang}) uses only characters the text faces have`, () => {
      const text = source(lang).replace(/[#*|>\\`]/g, '');
      const missing = (['sans', 'sans-bold'] as const).flatMap((face) => fonts.missingGlyphs(face, text).filter((c) => c.trim()).map((c) => `${face} "${c}"`));
      expect(missing).toEqual([]);
    });
  }
});

describe('摸鱼王 rulebook PDFs', () => {
  it.each([['zh', 'a5', false], ['zh', 'a4', false], ['en', 'a4', false], ['en', 'letter', false], ['zh', 'a5', true]] as const)('%s on %s (booklet %s): typeset with the real figures, no warning, every font an embedded subset', async (lang, paper, booklet) => {
    const file = join(dir, `${lang}-${paper}-${booklet}.pdf`);
    const r = await exportRulebook(deps, { projectId: 'moyu-wang', lang, paper, booklet }, file);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.warnings).toEqual([]);
    expect(r.value.bookPages).toBeGreaterThanOrEqual(8);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(new RegExp(`Pages:\\s+${r.value.pages}\\n`));
    for (const l of execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean)) expect(l, l).toMatch(/^[A-Z]{6}\+\S+.*\byes\s+yes\b/);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(lang === 'zh' ? '摸鱼王' : 'King of Slackers');
    expect(text).toContain(lang === 'zh' ? '不能放假' : 'No Leave');
  }, 60_000);
});
