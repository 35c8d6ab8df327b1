/**
 * What the games' rulebook tests share: a game's rule sources and project from `templates/`, the
 * check that a source uses only characters the text faces have, and the typeset books on every
 * paper (no layout warning, the page count poppler reads, every font an embedded subset, the
 * book's title and a word of its own in the text).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectStore } from './projects';
import { exportRulebook } from './rulebook';
import { createAssetService } from './export/assets';
import { createFontService, type FontService } from './export/fonts';

export type Lang = 'zh' | 'en';

const root = resolve(__dirname, '../../..');

/** A game's rulebook as the tests read it. */
export interface RulebookFixture {
  projectId: string;
  fonts: FontService;
  projects: ProjectStore;
  /** `templates/<game>/rules.<lang>.md`. */
  source(lang: Lang): string;
  /** The ids of the project's cards (a figure must name one); throws if the project does not load. */
  cardIds(): Set<string>;
}

/** The rulebook of the template project `projectId`. */
export function rulebookFixture(projectId: string): RulebookFixture {
  const fonts = createFontService();
  const projects = new ProjectStore(join(root, 'templates'));
  return {
    projectId,
    fonts,
    projects,
    source: (lang) => readFileSync(join(root, 'templates', projectId, `rules.${lang}.md`), 'utf8'),
    cardIds: () => {
      const p = projects.get(projectId);
      if (!p.ok) throw new Error(p.error.message);
      return new Set(p.value.set.cards.map((c) => c.id));
    },
  };
}

/** The test that a source (`md` read when the test runs) uses only characters the text faces have. */
export function itUsesOnlyTextFaceCharacters(fx: RulebookFixture, lang: Lang, md: () => string): void {
  it(`(${lang}) uses only characters the text faces have`, () => {
    const text = md().replace(/[#*|>\\`]/g, '');
    const missing = (['sans', 'sans-bold'] as const).flatMap((face) => fx.fonts.missingGlyphs(face, text).filter((c) => c.trim()).map((c) => `${face} "${c}"`));
    expect(missing).toEqual([]);
  });
}

/**
 * `<name> rulebook PDFs`: each language on its papers (and the A5 booklet) typeset with the real
 * figures, no warning, at least 8 book pages, every font an embedded subset, and `words[lang]`
 * (the title and a word of the book) in the text.
 */
export function describeRulebookPdfs(name: string, fx: RulebookFixture, words: Record<Lang, readonly string[]>): void {
  const deps = { projects: fx.projects, fonts: fx.fonts, assets: (dir: string) => createAssetService({ projectDir: dir }) };
  const dir = mkdtempSync(join(tmpdir(), `fuqi-${fx.projectId}-rules-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  describe(`${name} rulebook PDFs`, () => {
    it.each([['zh', 'a5', false], ['zh', 'a4', false], ['en', 'a4', false], ['en', 'letter', false], ['zh', 'a5', true]] as const)('%s on %s (booklet %s): typeset with the real figures, no warning, every font an embedded subset', async (lang, paper, booklet) => {
      const file = join(dir, `${lang}-${paper}-${booklet}.pdf`);
      const r = await exportRulebook(deps, { projectId: fx.projectId, lang, paper, booklet }, file);
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.warnings).toEqual([]);
      expect(r.value.bookPages).toBeGreaterThanOrEqual(8);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(new RegExp(`Pages:\\s+${r.value.pages}\\n`));
      for (const l of execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean)) expect(l, l).toMatch(/^[A-Z]{6}\+\S+.*\byes\s+yes\b/);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      for (const w of words[lang]) expect(text).toContain(w);
    }, 60_000);
  });
}
