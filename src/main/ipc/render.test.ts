import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RenderedProject, RenderedRulebook } from '../../shared/ipc/contract';
import { createServices } from '../services';
import { bigProjectTemplates } from '../services/workers/big-project';
import { createHandlers } from './index';
import { dispatch } from './registry';

const templates = bigProjectTemplates(1000);
const exportDir = mkdtempSync(join(tmpdir(), 'fuqi-render-'));
const services = createServices({ mode: 'browser', exportDir, templatesDir: templates.dir });
const handlers = createHandlers(services, () => false);
afterAll(async () => {
  await services.workers.close();
  templates.dispose();
  rmSync(exportDir, { recursive: true, force: true });
});

async function page(arg: object): Promise<RenderedProject> {
  const r = await dispatch(handlers, 'projects:render', arg);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as RenderedProject;
}

describe('projects:render pages', () => {
  it('answers 60 cards by default, with the total and the offset, laid out on a worker thread', async () => {
    const first = await page({ projectId: 'big' });
    expect(first.total).toBe(1000);
    expect(first.offset).toBe(0);
    expect(first.cards).toHaveLength(60);
    expect(first.cards[0]!.id).toBe('RAT-FU-0');
    expect(services.workers.threads).toBeGreaterThan(0);
  });

  it('pages through a deck in order, each page carrying the images its faces use', async () => {
    const ids: string[] = [];
    for (let offset = 0; offset < 52; offset += 20) {
      const p = await page({ projectId: 'doufu', offset, limit: 20 });
      expect(p.offset).toBe(offset);
      expect(p.total).toBe(52);
      ids.push(...p.cards.map((c) => c.id));
      const refs = new Set<string>();
      for (const c of p.cards) for (const f of [c.front, c.back]) for (const op of f.list.ops) if (op.op === 'image') refs.add(op.ref);
      expect(Object.keys(p.images).sort()).toEqual([...refs].sort());
    }
    expect(ids).toHaveLength(52);
    expect(new Set(ids).size).toBe(52);
    expect(ids.slice(0, 2)).toEqual(['RAT-FU', 'RAT-HE']);
  });

  it('answers the cover alone (limit 1), an empty page past the end, and refuses pages over 200 cards', async () => {
    const cover = await page({ projectId: 'big', limit: 1 });
    expect(cover.cards.map((c) => c.id)).toEqual(['RAT-FU-0']);
    expect(cover.summary.cardCount).toBe(1000);
    const past = await page({ projectId: 'big', offset: 5000 });
    expect(past).toMatchObject({ cards: [], total: 1000, offset: 1000 });
    const big = await dispatch(handlers, 'projects:render', { projectId: 'big', limit: 500 });
    expect(big).toMatchObject({ ok: false, error: { code: 'ipc/bad-request' } });
    expect(!big.ok && big.error.message).toMatch(/projects:render: limit: ask for at most 200 cards per page/);
    expect(await dispatch(handlers, 'projects:render', { projectId: 'nosuch' })).toMatchObject({ ok: false, error: { code: 'projects/not-found' } });
  });
});

describe('rulebook:render', () => {
  it('typesets the rulebook on a worker thread, with its figures', async () => {
    const r = await dispatch(handlers, 'rulebook:render', { projectId: 'doufu', lang: 'en', paper: 'a5' });
    if (!r.ok) throw new Error(r.error.message);
    const book = r.value as RenderedRulebook;
    expect(book.pages.length).toBeGreaterThan(4);
    expect(book.toc.length).toBeGreaterThan(0);
    expect(Object.values(book.images).every((u) => u.startsWith('data:image/'))).toBe(true);
    expect(await dispatch(handlers, 'rulebook:render', { projectId: 'nosuch', lang: 'en', paper: 'a5' })).toMatchObject({ ok: false, error: { code: 'projects/not-found' } });
  });
});
