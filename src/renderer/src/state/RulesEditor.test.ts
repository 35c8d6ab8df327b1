import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, type ProjectChanges, type RenderedRulebook, type WindowApi } from '../../../shared/ipc/contract';
import { RulebookState } from './Rulebook.svelte';
import { headingBefore, PREVIEW_DELAY_MS, RulesEditor, SAVE_DELAY_MS, type RulesApi } from './RulesEditor.svelte';

/** A fake main: one rules file on "disk", the typesetter's requests recorded, change events on demand. */
function fakeMain() {
  const disk = { text: '# Setup\n', revision: 'r0' };
  let n = 0;
  let seq = 0;
  const events: ProjectChanges['events'] = [];
  const renders: (string | undefined)[] = [];
  const saves: string[] = [];
  const api = {
    RULEBOOK_SOURCE: async ({ lang }: { lang: 'zh' | 'en' }) => ({ lang, file: `rules.${lang}.md`, text: disk.text, revision: disk.revision, editable: true }),
    RULEBOOK_SAVE_SOURCE: async ({ text, baseRevision }: { text: string; baseRevision: string }) => {
      if (baseRevision !== disk.revision) throw new AppError('projects/conflict', 'changed on disk');
      saves.push(text);
      disk.text = text;
      disk.revision = `r${++n}`;
      return { revision: disk.revision };
    },
    PROJECTS_CHANGES: async ({ since }: { since: number }) => ({ events: events.filter((e) => e.seq > since), seq, watching: true }),
    RULEBOOK_RENDER: async ({ markdown }: { markdown?: string }): Promise<RenderedRulebook> => {
      renders.push(markdown);
      return { pages: [], toc: [], warnings: [], images: {} };
    },
  };
  /** Another program writes the file. */
  const external = (text: string) => {
    disk.text = text;
    disk.revision = `x${++n}`;
    events.push({ seq: ++seq, projectId: 'u-x', kind: 'changed', files: [{ path: 'rules.zh.md', revision: disk.revision }], revision: disk.revision, at: Date.now() });
  };
  return { api, disk, renders, saves, external };
}

function setup() {
  const m = fakeMain();
  const rb = new RulebookState(m.api as unknown as WindowApi, 'u-x', () => 'zh');
  rb.setAvailable(['zh', 'en']);
  const ed = new RulesEditor(m.api as unknown as RulesApi, rb, 'u-x');
  return { m, rb, ed };
}

describe('RulesEditor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('typesets the typed text a moment after the typing pauses, then saves it from the revision it opened', async () => {
    const { m, ed } = setup();
    await ed.open('zh');
    expect(ed.text).toBe('# Setup\n');
    ed.edit('# Setup\n\nD');
    ed.edit('# Setup\n\nDeal.');
    expect(ed.status).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS + 1);
    // One typesetting, of the newest text, not of every keystroke.
    expect(m.renders.filter((r) => r !== undefined)).toEqual(['# Setup\n\nDeal.']);
    expect(m.saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(m.saves).toEqual(['# Setup\n\nDeal.']);
    expect(ed.status).toBe('saved');
  });

  it('inserts picked Markdown as its own paragraph at the selection', async () => {
    const { ed } = setup();
    await ed.open('zh');
    ed.edit('# Setup\nDeal five.');
    const { caret } = ed.insert('![A](card:a "35%")', 8);
    expect(ed.text).toBe('# Setup\n\n![A](card:a "35%")\n\nDeal five.');
    expect(ed.text.slice(0, caret)).toBe('# Setup\n\n![A](card:a "35%")\n\n');
    ed.insert('| a |\n| --- |', ed.text.length);
    expect(ed.text.endsWith('Deal five.\n\n| a |\n| --- |\n')).toBe(true);
  });

  it('reloads a file another program changed, and with unsaved edits asks instead of overwriting', async () => {
    const { m, ed } = setup();
    await ed.open('zh');
    await ed.poll(); // starts the watch
    m.external('# Theirs\n');
    await ed.poll();
    expect(ed.text).toBe('# Theirs\n');
    expect(ed.reloaded).toBe(true);

    ed.edit('# Mine\n');
    m.external('# Theirs again\n');
    await ed.poll();
    expect(ed.conflict).toBe(true);
    expect(ed.text).toBe('# Mine\n');
    await ed.flush();
    expect(m.disk.text).toBe('# Theirs again\n');
    await ed.keepMine();
    expect(m.disk.text).toBe('# Mine\n');
    expect(ed.conflict).toBe(false);
    expect(ed.status).toBe('saved');
  });

  it('finds the heading the caret is under, as the contents list it', () => {
    const text = '# 准备 Setup\n\nDeal.\n\n## The **first** turn ##\n\nPlay.\n';
    expect(headingBefore(text, 3)).toBe('准备 Setup');
    expect(headingBefore(text, text.indexOf('Play'))).toBe('The first turn');
    expect(headingBefore('No heading', 5)).toBe(null);
  });
});
