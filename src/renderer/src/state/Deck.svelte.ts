import { SvelteSet } from 'svelte/reactivity';
import type { RenderedProject } from '../../../shared/ipc/contract';
import { searchText } from './face-svg';

/** One card of a rendered project. */
export type DeckCard = RenderedProject['cards'][number];
/** Which face the grid shows. */
export type Side = 'front' | 'back';

/** Zoom range: the width of one card tile in CSS pixels. */
export const ZOOM = { min: 64, max: 400, step: 8, initial: 168 } as const;
const ZOOM_KEY = 'fuqi.deck.zoom';

function loadZoom(): number {
  try {
    const v = Number(globalThis.localStorage?.getItem(ZOOM_KEY));
    if (v >= ZOOM.min && v <= ZOOM.max) return v;
  } catch {
    // Storage disabled: use the default.
  }
  return ZOOM.initial;
}

/**
 * The deck view of one project: zoom, side, search, selection and the open card detail. It
 * outlives the view, so selection and search survive a trip to the Print tab.
 */
export class DeckState {
  /** Tile width in CSS pixels (remembered across projects). */
  zoom = $state(loadZoom());
  side = $state<Side>('front');
  query = $state('');
  /** Ids of the cards selected for printing. */
  readonly selected = new SvelteSet<string>();
  /** Id of the card whose detail is open, if any. */
  detailId = $state<string | null>(null);

  #cards = $state.raw<DeckCard[]>([]);
  #index = $derived(this.#cards.map((c) => ({ card: c, text: searchText(c) })));

  /** Cards matching the search, in deck order. */
  readonly shown: DeckCard[] = $derived.by(() => {
    const q = this.query.trim().normalize('NFKC').toLowerCase();
    if (!q) return this.#cards;
    const terms = q.split(/\s+/);
    return this.#index.filter((e) => terms.every((t) => e.text.includes(t))).map((e) => e.card);
  });

  /** Position of the open detail in `shown`, or -1. */
  readonly detailIndex = $derived(this.detailId === null ? -1 : this.shown.findIndex((c) => c.id === this.detailId));

  /**
   * Give the deck its cards (as pages of the project arrive). Once `complete`, drops selections of
   * cards that are gone; before, the missing ones may simply not have arrived yet.
   */
  setCards(cards: DeckCard[], complete = true): void {
    this.#cards = cards;
    if (!complete) return;
    const ids = new Set(cards.map((c) => c.id));
    for (const id of [...this.selected]) if (!ids.has(id)) this.selected.delete(id);
  }

  /** All cards, unfiltered. */
  get cards(): DeckCard[] {
    return this.#cards;
  }

  /** Set the zoom, clamped to the range, and remember it. */
  setZoom(px: number): void {
    this.zoom = Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(px)));
    try {
      globalThis.localStorage?.setItem(ZOOM_KEY, String(this.zoom));
    } catch {
      // Not remembered; harmless.
    }
  }

  /** Toggle a card's selection. */
  toggle(id: string): void {
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
  }

  /** Select every card the search shows. */
  selectShown(): void {
    for (const c of this.shown) this.selected.add(c.id);
  }

  /** Open a card's detail. */
  open(id: string): void {
    this.detailId = id;
  }

  /** Open a card's detail even if the search hides it (by clearing the search). */
  reveal(id: string): void {
    if (!this.shown.some((c) => c.id === id)) this.query = '';
    this.detailId = id;
  }

  /** Close the detail. */
  close(): void {
    this.detailId = null;
  }

  /** Move the open detail by `delta` cards within `shown`, wrapping around. */
  step(delta: number): void {
    const n = this.shown.length;
    if (n === 0 || this.detailIndex < 0) return;
    this.detailId = this.shown[(((this.detailIndex + delta) % n) + n) % n].id;
  }
}
