import type { RenderPageArg, RenderedProject } from '../../../shared/ipc/contract';

/** Cards the deck asks main for at a time (main answers at most 200). */
export const DECK_PAGE = 60;

/** The cards loaded so far and the next page, as one rendered project (a new object each time). */
export function mergePage(soFar: RenderedProject | null, page: RenderedProject): RenderedProject {
  if (!soFar) return page;
  return {
    summary: page.summary,
    cards: soFar.cards.concat(page.cards),
    images: { ...soFar.images, ...page.images },
    warnings: soFar.warnings.concat(page.warnings),
    total: page.total,
    offset: soFar.offset,
  };
}

/** How `loadAllPages` reports and stops. */
export interface PageHooks {
  /** The cards so far: after the first page, then at most every `everyMs`, and after the last (`complete`). */
  onPage(soFar: RenderedProject, complete: boolean): void;
  /** True when a newer load replaced this one: stop without reporting. */
  stale?: () => boolean;
  /** Least time between two reports after the first (default 300 ms): each one re-indexes the deck. */
  everyMs?: number;
  now?: () => number;
}

/**
 * Ask main for a project's cards page by page, in deck order, so the first faces show at once and
 * a big deck never travels in one message. Resolves with every card, or null when it went stale.
 */
export async function loadAllPages(render: (arg: RenderPageArg) => Promise<RenderedProject>, projectId: string, hooks: PageHooks): Promise<RenderedProject | null> {
  const now = hooks.now ?? (() => performance.now());
  let soFar: RenderedProject | null = null;
  let reported = -Infinity;
  for (;;) {
    const page = await render({ projectId, offset: soFar ? soFar.offset + soFar.cards.length : 0, limit: DECK_PAGE });
    if (hooks.stale?.()) return null;
    soFar = mergePage(soFar, page);
    // An empty page means the project shrank meanwhile: what arrived is the whole deck.
    const last = page.cards.length === 0 || soFar.cards.length >= soFar.total;
    if (last || reported === -Infinity || now() - reported >= (hooks.everyMs ?? 300)) {
      hooks.onPage(soFar, last);
      reported = now();
    }
    if (last) return soFar;
  }
}
