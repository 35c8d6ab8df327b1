import type { DrawList } from '../../../shared/cards/draw-list';
import { drawListToSvg } from '../../../shared/cards/svg';

// Keyed by the page's draw list: a typeset book is immutable, and typesetting again produces new
// objects, so entries of a dropped book are collected with it.
const cache = new WeakMap<DrawList, string>();
// Every SVG inlined in the page needs its own clip-path id prefix: they share one id space.
let seq = 0;

/**
 * The inline SVG markup of a rulebook page (trimmed to the page; bleed is 0). Text stays <text> in
 * the print fonts, so it needs the page's @font-face rules: use it inline, not in <img>. Cached
 * per page, so scrolling back, switching layout or zooming never rebuilds it; each page is on
 * screen once, so one copy per page is enough.
 */
export function pageSvg(list: DrawList, images: Record<string, string>): string {
  let svg = cache.get(list);
  if (svg === undefined) {
    svg = drawListToSvg(list, { text: 'text', imageHref: (ref) => images[ref], showBleed: false, idPrefix: `rb${++seq}-` });
    cache.set(list, svg);
  }
  return svg;
}
