import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IpcChannel, type CreatedProject, type ProjectSummary, type RulebookSource } from '../../shared/ipc/contract';
import type { TextOp } from '../../shared/cards/draw-list';
import { walkOps } from '../../shared/cards/draw-list';
import { exportRulebook, typesetProjectRulebook } from '../services/rulebook';
import { ipcTestApp } from './app.test-fixture';


const { tmp, services, call } = ipcTestApp('rules');
const deps = { projects: services.projects, fonts: services.fonts, assets: services.assets.forProject };

async function newProject(name: string): Promise<ProjectSummary> {
  return (await call<CreatedProject>(IpcChannel.PROJECTS_CREATE, { name, card: { preset: 'poker' } })).summary;
}

/** Every text drawn on the book's pages, joined. */
function bookText(pages: { ops: Parameters<typeof walkOps>[0] }[]): string {
  const out: string[] = [];
  for (const p of pages) walkOps(p.ops, (op) => op.op === 'text' && out.push((op as TextOp).text));
  return out.join(' ');
}

describe('a project of the user’s has a Rules page', () => {
  it('starts with a rules outline in both languages whose figure is the project’s first card', async () => {
    const s = await newProject('Rules start');
    expect(s.rulebook).toEqual(['zh', 'en']);
    for (const lang of ['zh', 'en'] as const) {
      const src = await call<RulebookSource>(IpcChannel.RULEBOOK_SOURCE, { projectId: s.id, lang });
      expect(src).toMatchObject({ lang, file: `rules.${lang}.md`, editable: true });
      expect(src.text).toBe(readFileSync(join(s.dir!, `rules.${lang}.md`), 'utf8'));
      expect(src.revision).toMatch(/^[0-9a-f]{40}$/);
      // Components, setup, turn, end, scoring.
      expect(src.text.match(/^# .*$/gm)).toHaveLength(5);
      const t = typesetProjectRulebook(deps, { projectId: s.id, lang, paper: 'a4' });
      expect(t.ok).toBe(true);
      if (!t.ok) return;
      expect(t.value.book.warnings).toEqual([]);
      expect(t.value.book.toc.map((e) => e.title)).toEqual(lang === 'zh' ? ['游戏配件 Components', '游戏准备 Setup', '回合流程 Turn', '游戏结束 End', '计分 Scoring'] : ['Components', 'Setup', 'Turn', 'End', 'Scoring']);
      // The figure is card-1's front, its title drawn from the card's data.
      expect(bookText(t.value.book.pages)).toContain('春 Spring');
    }
  });

  it('typesets the text being typed, before it is saved, and saves it atomically with its revision', async () => {
    const s = await newProject('Rules save');
    const src = await call<RulebookSource>(IpcChannel.RULEBOOK_SOURCE, { projectId: s.id, lang: 'en' });
    const draft = '# Setup\n\nDeal five cards.\n\n# Play\n\n![](card:card-2 "40%")\n';
    const t = typesetProjectRulebook(deps, { projectId: s.id, lang: 'en', paper: 'a5', markdown: draft });
    expect(t.ok && t.value.book.toc.map((e) => e.title)).toEqual(['Setup', 'Play']);
    expect(t.ok && bookText(t.value.book.pages)).toContain('夏 Summer');

    const saved = await call<{ revision: string }>(IpcChannel.RULEBOOK_SAVE_SOURCE, { projectId: s.id, lang: 'en', text: draft, baseRevision: src.revision });
    expect(readFileSync(join(s.dir!, 'rules.en.md'), 'utf8')).toBe(draft);
    expect(saved.revision).not.toBe(src.revision);
    // A save from the old revision is refused: the file changed since.
    await expect(call(IpcChannel.RULEBOOK_SAVE_SOURCE, { projectId: s.id, lang: 'en', text: 'x', baseRevision: src.revision })).rejects.toMatchObject({ code: 'projects/conflict' });
    // Edited elsewhere: the next open answers the new text and revision.
    writeFileSync(join(s.dir!, 'rules.en.md'), '# Edited elsewhere\n');
    const again = await call<RulebookSource>(IpcChannel.RULEBOOK_SOURCE, { projectId: s.id, lang: 'en' });
    expect(again.text).toBe('# Edited elsewhere\n');
    await call(IpcChannel.RULEBOOK_SAVE_SOURCE, { projectId: s.id, lang: 'en', text: '# Mine\n', baseRevision: again.revision });
    expect(readFileSync(join(s.dir!, 'rules.en.md'), 'utf8')).toBe('# Mine\n');
  });

  it('typesets a deleted rules file as an empty book, and creates it again on save', async () => {
    const s = await newProject('Rules gone');
    rmSync(join(s.dir!, 'rules.zh.md'));
    const src = await call<RulebookSource>(IpcChannel.RULEBOOK_SOURCE, { projectId: s.id, lang: 'zh' });
    expect(src).toMatchObject({ text: '', revision: 'missing' });
    const t = typesetProjectRulebook(deps, { projectId: s.id, lang: 'zh', paper: 'a4' });
    expect(t.ok && t.value.book.pages.length).toBeGreaterThan(0);
    await call(IpcChannel.RULEBOOK_SAVE_SOURCE, { projectId: s.id, lang: 'zh', text: '# 准备\n', baseRevision: 'missing' });
    expect(readFileSync(join(s.dir!, 'rules.zh.md'), 'utf8')).toBe('# 准备\n');
  });

  it('refuses to write the built-in games’ rules, and a language or revision that is not one', async () => {
    const src = await call<RulebookSource>(IpcChannel.RULEBOOK_SOURCE, { projectId: 'doufu', lang: 'zh' });
    expect(src.editable).toBe(false);
    expect(src.text).toContain('#');
    await expect(call(IpcChannel.RULEBOOK_SAVE_SOURCE, { projectId: 'doufu', lang: 'zh', text: 'x', baseRevision: src.revision })).rejects.toMatchObject({ code: 'projects/read-only' });
    const s = await newProject('Rules bad');
    await expect(call(IpcChannel.RULEBOOK_SAVE_SOURCE, { projectId: s.id, lang: '../x', text: 'x', baseRevision: 'missing' })).rejects.toMatchObject({ code: 'ipc/bad-request' });
    await expect(call(IpcChannel.RULEBOOK_SAVE_SOURCE, { projectId: s.id, lang: 'en', text: 'x', baseRevision: 'HEAD' })).rejects.toMatchObject({ code: 'ipc/bad-request' });
  });
});

describe('a project reads only itself and the built-in games', () => {
  it('does not draw another project’s cards through project.json "figureProjects"', async () => {
    const victim = await newProject('Victim');
    // The victim's card holds text that must never reach another project's rulebook.
    writeFileSync(join(victim.dir!, 'cards.csv'), 'id,copies,name,text\ncard-1,1,SECRET-NAME,SECRET-TEXT\n');
    const thief = await newProject('Thief');
    const pj = JSON.parse(readFileSync(join(thief.dir!, 'project.json'), 'utf8'));
    pj.rulebook = { title: { zh: '贼', en: 'Thief' }, sources: { zh: 'rules.zh.md', en: 'rules.en.md' }, figureProjects: { steal: victim.id, doufu: 'doufu' } };
    writeFileSync(join(thief.dir!, 'project.json'), JSON.stringify(pj));
    writeFileSync(join(thief.dir!, 'rules.en.md'), '# Rules\n\n![x](steal:card-1 "40%")\n\n![](doufu:RAT-FU "20%")\n');
    services.projects.forget();
    const t = typesetProjectRulebook(deps, { projectId: thief.id, lang: 'en', paper: 'a4' });
    expect(t.ok).toBe(true);
    if (!t.ok) return;
    const text = bookText(t.value.book.pages);
    expect(text).not.toContain('SECRET');
    expect(t.value.book.warnings.join('\n')).toContain(`Figure "steal:card-1": "steal" names project "${victim.id}", which is not a built-in game`);
    // A built-in game's card is still a figure (a copy of 生肖赛跑 keeps its board this way).
    expect(t.value.book.warnings.join('\n')).not.toContain('doufu:RAT-FU');
    // The export says the same and writes no secret either.
    const out = join(tmp, 'thief.pdf');
    const r = await exportRulebook(deps, { projectId: thief.id, lang: 'en', paper: 'a4' }, out);
    expect(r.ok && r.value.warnings.some((w) => w.includes('steal:card-1'))).toBe(true);
    expect(readFileSync(out).includes(Buffer.from('SECRET'))).toBe(false);
  }, 60_000);
});
