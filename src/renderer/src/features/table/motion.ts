/**
 * Cards that move at the table (FLIP, keyed by card code): before a move's changes reach the DOM
 * the table notes where every card is (`snapshot`); after, each card that is somewhere else — or
 * new, coming from the deck or a seat (model/narrate.ts `moveOrigins`) — starts at its old place
 * and glides to its new one (`play`), turning face up when it comes off the deck. A drawn card back
 * flies from the deck to the drawing seat.
 *
 * Not Svelte's crossfade: its outgoing copy stays in the layout while it fades, and the table sizes
 * its pool to the room it has, so every move would shake the layout. Here the card is only ever in
 * its new place and only its transform animates (Web Animations, on the compositor).
 *
 * Skippable: `skip()` (any click or key at the table) ends every card motion at once. With
 * `prefers-reduced-motion: reduce` nothing animates: the cards are simply where they are.
 */
import { placeKey, type Origins, type Place } from './model/narrate';
import { GLIDE_MS } from './model/pace';

const DECK: Place = { at: 'deck' };

/** Where the cards were before a move. */
export interface Snapshot {
  cards: Map<string, DOMRect>;
  places: Map<string, DOMRect>;
}

/** Every running card motion has this id (tests and `skip` find them by it). */
export const MOTION_ID = 'fuqi-card-motion';

/** How long a card takes to move at normal speed (ms); each group of actions scales it (model/pace.ts). */
export const MOTION_MS = GLIDE_MS;

const running = new Set<Animation>();

/** Whether the person asked for less motion. */
export function reducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The cards on the table (not those of an overlay such as the hand-end screen), by code. */
function cardEls(root: HTMLElement): Map<string, HTMLElement> {
  const out = new Map<string, HTMLElement>();
  for (const el of root.querySelectorAll<HTMLElement>('.card[data-card]')) {
    if (el.closest('.overlay, [data-no-motion]')) continue;
    const code = el.dataset.card!;
    if (!out.has(code)) out.set(code, el);
  }
  return out;
}

/** The element standing for a place: the deck pile, the pool, a seat's name plate. */
function placeEl(root: HTMLElement, p: Place): HTMLElement | null {
  if (p.at === 'deck') return root.querySelector('[data-spot="deck"]');
  if (p.at === 'pool') return root.querySelector('[data-zone="pool"]');
  // The hand row when that seat is the one at the screen, else its place among the other sides.
  return root.querySelector(`[data-hand-of="${p.seat}"]`) ?? root.querySelector(`[data-spot="seat:${p.seat}"]`);
}

/** Nothing noted (the table was not on screen before: a match just dealt). */
export const EMPTY: Snapshot = { cards: new Map(), places: new Map() };

/** Note where every card and place is now. */
export function snapshot(root: HTMLElement): Snapshot {
  const cards = new Map<string, DOMRect>();
  for (const [code, el] of cardEls(root)) cards.set(code, el.getBoundingClientRect());
  const places = new Map<string, DOMRect>();
  const deck = placeEl(root, { at: 'deck' });
  if (deck) places.set('deck', deck.getBoundingClientRect());
  return { cards, places };
}

function placeRect(root: HTMLElement, before: Snapshot, p: Place): DOMRect | null {
  const key = placeKey(p);
  return before.places.get(key) ?? placeEl(root, p)?.getBoundingClientRect() ?? null;
}

/** A rect the size of `card` times `k`, centred on `place`. */
function centred(place: DOMRect, card: DOMRect, k: number): DOMRect {
  const w = card.width * k;
  const h = card.height * k;
  return new DOMRect(place.left + place.width / 2 - w / 2, place.top + place.height / 2 - h / 2, w, h);
}

/** Glide `el` from `from` to where it is now; `turn`: it also turns face up on the way; `delay`: a deal's cards go one after another. */
function glide(el: HTMLElement, from: DOMRect, turn: boolean, delay: number, ms: number): Animation | null {
  const to = el.getBoundingClientRect();
  if (!to.width || !to.height || !from.width) return null;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const s = from.width / to.width;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(s - 1) < 0.02 && !turn) return null;
  for (const a of el.getAnimations()) if (a.id === MOTION_ID) a.cancel();
  // The card's own transform (a used skill turned sideways, a lifted pick) is where it ends.
  const own = getComputedStyle(el).transform;
  const base = own && own !== 'none' ? ` ${own}` : '';
  const a = el.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${s})${turn ? ' rotateY(90deg)' : ''}${base}`, zIndex: 20 },
      { transform: `translate(0, 0) scale(1)${base}`, zIndex: 20 },
    ],
    { duration: ms, delay, fill: 'backwards', easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)' },
  );
  a.id = MOTION_ID;
  running.add(a);
  const done = () => running.delete(a);
  a.onfinish = done;
  a.oncancel = done;
  return a;
}

/**
 * Move the cards from where they were (`before`) to where they are, in `ms` each: cards that changed
 * place, new cards from their origin, and a new card back for each seat that drew. Returns the
 * motions started (none with reduced motion, or when `ms` is 0: the action's animation is skipped).
 */
export function play(root: HTMLElement, before: Snapshot, origins: Origins, ms: number = MOTION_MS): Animation[] {
  if (reducedMotion() || ms <= 0) return [];
  const out: Animation[] = [];
  const add = (a: Animation | null) => {
    if (a) out.push(a);
  };
  // A deal's cards leave the deck one after another (a short stagger, at most half a second at normal speed).
  let dealt = 0;
  const k = ms / MOTION_MS;
  const next = () => (origins.dealt ? Math.round(Math.min(500, 25 * dealt++) * k) : 0);
  for (const [code, el] of cardEls(root)) {
    const old = before.cards.get(code);
    if (old) add(glide(el, old, false, 0, ms));
    else {
      const origin = origins.cards.get(code) ?? (origins.dealt ? DECK : undefined);
      const place = origin ? placeRect(root, before, origin) : null;
      // The deck is a card; a seat's plate or the pool is not: there the card starts at its own
      // size (a little smaller), in the middle of the place.
      const from = place && origin!.at !== 'deck' ? centred(place, el.getBoundingClientRect(), 0.7) : place;
      if (from) add(glide(el, from, origin!.at === 'deck', origin!.at === 'deck' ? next() : 0, ms));
    }
  }
  const deck = placeRect(root, before, DECK);
  if (deck) {
    const backs = (sel: string) => [...root.querySelectorAll<HTMLElement>(`${sel} .backs .card`)];
    if (origins.dealt) for (const b of backs('[data-spot^="seat:"]')) add(glide(b, deck, false, next(), ms));
    else
      for (const seat of origins.drew) {
        const last = backs(`[data-spot="seat:${seat}"]`).pop();
        if (last) add(glide(last, deck, false, 0, ms));
      }
  }
  return out;
}

/** End every card motion now (a click or a key: the person does not want to wait). */
export function skip(): void {
  for (const a of [...running]) {
    try {
      a.finish();
    } catch {
      a.cancel();
    }
  }
  running.clear();
}
