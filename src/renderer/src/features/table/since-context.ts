/**
 * The cards the others touched since the person at the screen last moved ("since your last turn"),
 * handed from the table down to every card it draws, so each card marks itself without every
 * component in between passing it on.
 */
import { getContext, setContext } from 'svelte';

const KEY = Symbol('table.since');
const NONE: ReadonlySet<string> = new Set();

/** Give the cards under this component the set to mark (read when they render, so it stays live). */
export function provideSince(cards: () => ReadonlySet<string>): void {
  setContext(KEY, cards);
}

/** The cards to mark, as provided by the table (none outside a table). */
export function sinceCards(): () => ReadonlySet<string> {
  return getContext<(() => ReadonlySet<string>) | undefined>(KEY) ?? (() => NONE);
}
