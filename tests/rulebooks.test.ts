// Every built-in rulebook through the real pipeline (project files, card figures laid out from the
// projects' own draw lists, fonts, PDF writer), read back from the PDF bytes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../src/main/services';
import { exportRulebook, rulebookLanguages, typesetProjectRulebook } from '../src/main/services/rulebook';
import { walkOps } from '../src/shared/cards/draw-list';
import { ptToMm } from '../src/shared/util/units';
import { pdffonts, pdftotext } from './pdf-probe';

const dir = mkdtempSync(join(tmpdir(), 'fuqi-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const services = createServices({ mode: 'cli', exportDir: dir });
const deps = { projects: services.projects, fonts: services.fonts, assets: services.assets.forProject };
const books = services.projects.ids().flatMap((id) => {
  const p = services.projects.get(id);
  return p.ok ? rulebookLanguages(p.value).map((lang) => [id, lang] as const) : [];
});

describe('built-in rulebooks', () => {
  it('斗福 and 生肖赛跑 each have Chinese and English editions', () => {
    expect(books).toEqual(expect.arrayContaining([['doufu', 'zh'], ['doufu', 'en'], ['zodiac-race', 'zh'], ['zodiac-race', 'en']]));
  });

  describe.each(books)('%s (%s)', (projectId, lang) => {
    it('has a Clarifications chapter for players: points without internal tracker codes such as [HI-01]', () => {
      const t = typesetProjectRulebook(deps, { projectId, lang, paper: 'a5' });
      if (!t.ok) throw new Error(t.error.message);
      const texts: string[] = [];
      for (const page of t.value.book.pages) walkOps(page.ops, (o) => void (o.op === 'text' && texts.push(o.text)));
      const text = texts.join(' ');
      expect(text).toContain(lang === 'zh' ? '澄清' : 'Clarifications');
      expect(text).not.toMatch(/HI-\d/);
    });

    it('typesets without warnings: every figure resolves, every glyph exists', () => {
      const t = typesetProjectRulebook(deps, { projectId, lang, paper: 'a5' });
      if (!t.ok) throw new Error(t.error.message);
      expect(t.value.book.warnings).toEqual([]);
      expect(t.value.book.pages.length).toBeGreaterThan(8);
    });

    it('writes an A5 PDF: exact page size, tagged font subsets, every TOC heading extractable', async () => {
      const file = join(dir, `${projectId}-${lang}.pdf`);
      const r = await exportRulebook(deps, { projectId, lang, paper: 'a5' }, file);
      if (!r.ok) throw new Error(r.error.message);
      const doc = await PDFDocument.load(readFileSync(file));
      expect(doc.getPageCount()).toBe(r.value.bookPages);
      for (const page of doc.getPages()) {
        expect(ptToMm(page.getWidth())).toBeCloseTo(148, 1);
        expect(ptToMm(page.getHeight())).toBeCloseTo(210, 1);
      }
      for (const f of pdffonts(file)) expect(f).toMatchObject({ emb: true, sub: true, name: expect.stringMatching(/^[A-Z]{6}\+/) });
      const text = pdftotext(file).replace(/\s+/g, '');
      const t = typesetProjectRulebook(deps, { projectId, lang, paper: 'a5' });
      if (!t.ok) throw new Error(t.error.message);
      for (const e of t.value.book.toc) expect(text, e.title).toContain(e.title.replace(/\s+/g, ''));
    });

    it('imposes a saddle-stitch booklet: A5 pages two-up on A4 landscape, padded to a multiple of 4', async () => {
      const file = join(dir, `${projectId}-${lang}-booklet.pdf`);
      const r = await exportRulebook(deps, { projectId, lang, paper: 'a5', booklet: true }, file);
      if (!r.ok) throw new Error(r.error.message);
      const doc = await PDFDocument.load(readFileSync(file));
      expect(doc.getPageCount()).toBe(Math.ceil(r.value.bookPages / 4) * 2);
      expect(ptToMm(doc.getPage(0).getWidth())).toBeCloseTo(297, 1);
      expect(ptToMm(doc.getPage(0).getHeight())).toBeCloseTo(210, 1);
    });
  });

  it('refuses a project without a rulebook, and a missing language, with a message', () => {
    const none = typesetProjectRulebook(deps, { projectId: 'zodiac-race-board', lang: 'zh', paper: 'a5' });
    expect(!none.ok && none.error.code).toBe('rulebook/none');
    const bad = typesetProjectRulebook(deps, { projectId: 'nope', lang: 'zh', paper: 'a5' });
    expect(!bad.ok && bad.error.code).toBe('projects/not-found');
  });
});
