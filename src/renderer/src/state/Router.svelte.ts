import { isLabGame } from '../../../shared/lab';
import { hasTable } from './Table.svelte';

/**
 * The views a project has, in navigation order (the data grid first, for the user's projects). The
 * rulebook tab is offered only for projects that have a rulebook, the table for projects that play a
 * built-in game (a copy of one included) and for the user's own projects, which play at the
 * sandbox table, and the balance lab only for a game that has one
 * (`tabsFor`).
 */
export const PROJECT_TABS = ['data', 'template', 'deck', 'print', 'rulebook', 'table', 'balance'] as const;
/** A project view. */
export type ProjectTab = (typeof PROJECT_TABS)[number];

/**
 * The tabs a project shows: the rulebook only when it has one (in any language), the table when
 * the project plays a built-in game (project.json's `game`, a copy of one included) or is the user's
 * own (the sandbox table); Balance only when that game has a balance lab (斗福, 生肖赛跑, 斗老闆, 摸鱼王, 斗十四
 * and copies).
 */
export function tabsFor(summary: { id: string; rulebook: readonly string[]; builtIn?: boolean; game?: string } | undefined): ProjectTab[] {
  const tabs = PROJECT_TABS.filter((t) => (t !== 'rulebook' || (summary?.rulebook.length ?? 0) > 0) && (t !== 'table' || hasTable(summary)) && (t !== 'balance' || isLabGame(summary?.game)));
  // The data comes first for the user's own projects; a built-in one opens on its deck, its data (read-only) next.
  if (summary?.builtIn === false) return tabs;
  return ['deck', 'data', ...tabs.filter((t) => t !== 'deck' && t !== 'data')];
}

/** Where the window is. */
export type Route = { view: 'home' } | { view: 'project'; projectId: string; tab: ProjectTab };

/**
 * Parse a location hash (`#/`, `#/p/<id>/data`, `#/p/<id>/template`, `#/p/<id>/deck`, `#/p/<id>/print`,
 * `#/p/<id>/rulebook`, `#/p/<id>/table`). Unknown hashes go home; an unknown tab opens the deck.
 * @example parseHash('#/p/doufu/print') // { view: 'project', projectId: 'doufu', tab: 'print' }
 */
export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'p' && parts[1]) {
    const tab = (PROJECT_TABS as readonly string[]).includes(parts[2] ?? '') ? (parts[2] as ProjectTab) : 'deck';
    return { view: 'project', projectId: parts[1], tab };
  }
  return { view: 'home' };
}

/** The hash of a route; the inverse of `parseHash`. */
export function routeHash(route: Route): string {
  return route.view === 'home' ? '#/' : `#/p/${encodeURIComponent(route.projectId)}/${route.tab}`;
}

/**
 * The current route, kept in the location hash so the browser's back and forward buttons (and
 * Electron's, via the same history) move between views, and a reload stays where it was.
 */
export class Router {
  route = $state<Route>(parseHash(globalThis.location?.hash ?? ''));

  constructor() {
    globalThis.addEventListener?.('hashchange', () => {
      this.route = parseHash(location.hash);
    });
  }

  /** Go to a route (adds a history entry). */
  go(route: Route): void {
    const hash = routeHash(route);
    if (location.hash !== hash) location.hash = hash;
    this.route = route;
  }

  /** Href for links, so they open with middle-click and show on hover. */
  href(route: Route): string {
    return routeHash(route);
  }
}

/** The window's router. */
export const router = new Router();
