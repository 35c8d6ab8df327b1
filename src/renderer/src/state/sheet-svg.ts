import type { DrawList } from '../../../shared/cards/draw-list';
import { drawListToSvg } from '../../../shared/cards/svg';

// Keyed by the page's draw list: each preflight answer brings new lists, so old entries go with it.
const cache = new WeakMap<DrawList, string>();
// Every SVG inlined in the page needs its own clip-path id prefix: they share one id space.
let seq = 0;

/**
 * The inline SVG markup of an imposed sheet page (page coordinates, bleed 0): the same draw list
 * the PDF writer draws. Text stays <text> in the print fonts (the page has their @font-face rules);
 * images come from the project's data URLs by asset ref.
 */
export function sheetSvg(list: DrawList, images: Record<string, string>): string {
  let svg = cache.get(list);
  if (svg === undefined) {
    svg = drawListToSvg(list, { text: 'text', imageHref: (ref) => images[ref], showBleed: false, idPrefix: `sh${++seq}-` });
    cache.set(list, svg);
  }
  return svg;
}
