import { describe, expect, it } from 'vitest';
import type { RenderPageArg, RenderedProject } from '../../../shared/ipc/contract';
import { DECK_PAGE, loadAllPages } from './render-pages';

/** A fake `projects:render` over a deck of `total` cards, recording what it was asked. */
function fakeMain(total: number) {
  const asked: RenderPageArg[] = [];
  const render = async (arg: RenderPageArg): Promise<RenderedProject> => {
    asked.push(arg);
    const offset = Math.min(arg.offset ?? 0, total);
    const ids = Array.from({ length: Math.max(0, Math.min(arg.limit ?? 60, total - offset)) }, (_, i) => `C${offset + i}`);
    const face = (id: string) => ({ cardId: id, side: 'front' as const, template: 'front', list: { width: 63, height: 88, bleed: 3, ops: [] } });
    return {
      summary: { id: 'p', name: { zh: '牌', en: 'P' }, builtIn: true, cardCount: total, faceCount: total, card: { width: 63, height: 88, bleed: 3, preset: 'poker', cornerRadius: 3 }, rulebook: [] },
      cards: ids.map((id) => ({ id, copies: 1, fields: {}, front: face(id), back: face(id) })),
      images: Object.fromEntries(ids.map((id) => [`icon:${id}`, `data:image/svg+xml,${id}`])),
      warnings: ids.filter((_, i) => (offset + i) % 50 === 0).map((id) => ({ cardId: id, layer: 'name', message: 'overflows' })),
      total,
      offset,
    };
  };
  return { asked, render };
}

describe('loading a deck page by page', () => {
  it('asks for consecutive pages until it has every card, and merges cards, images and warnings in order', async () => {
    const main = fakeMain(150);
    const seen: number[] = [];
    const complete: boolean[] = [];
    const all = await loadAllPages(main.render, 'p', {
      onPage: (r, done) => {
        seen.push(r.cards.length);
        complete.push(done);
      },
      everyMs: 0,
    });
    expect(main.asked).toEqual([
      { projectId: 'p', offset: 0, limit: DECK_PAGE },
      { projectId: 'p', offset: 60, limit: DECK_PAGE },
      { projectId: 'p', offset: 120, limit: DECK_PAGE },
    ]);
    expect(seen).toEqual([60, 120, 150]);
    expect(complete).toEqual([false, false, true]);
    expect(all!.cards.map((c) => c.id)).toEqual(Array.from({ length: 150 }, (_, i) => `C${i}`));
    expect(Object.keys(all!.images)).toHaveLength(150);
    expect(all!.warnings.map((w) => w.cardId)).toEqual(['C0', 'C50', 'C100']);
    expect(all).toMatchObject({ total: 150, offset: 0 });
  });

  it('shows the first page at once and then reports at most every so often, always the last page', async () => {
    const main = fakeMain(600);
    let clock = 0;
    const seen: number[] = [];
    await loadAllPages(main.render, 'p', { onPage: (r) => seen.push(r.cards.length), everyMs: 250, now: () => (clock += 100) });
    expect(main.asked).toHaveLength(10);
    expect(seen[0]).toBe(60);
    expect(seen.at(-1)).toBe(600);
    expect(seen.length).toBeLessThan(10);
  });

  it('stops without reporting once a newer load replaced it, and ends on an empty page', async () => {
    const main = fakeMain(500);
    let pages = 0;
    const stale = await loadAllPages(main.render, 'p', { onPage: () => pages++, stale: () => main.asked.length > 2, everyMs: 0 });
    expect(stale).toBeNull();
    expect(pages).toBe(2);
    const empty = await loadAllPages(fakeMain(0).render, 'p', { onPage: () => {} });
    expect(empty).toMatchObject({ cards: [], total: 0 });
  });
});
