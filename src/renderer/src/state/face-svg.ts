import type { RenderedFace } from '../../../shared/ipc/contract';
import { drawListToSvg } from '../../../shared/cards/svg';

/** Corner radius drawn on screen only (print.md: never clipped into printed art). */
export const SCREEN_CORNER_MM = 3;

// Keyed by the draw list object: a project's faces are immutable once rendered, and a re-render
// produces new objects, so stale entries are collected with the old project.
const cache = new WeakMap<object, string>();
// Every SVG inlined in the page gets its own clip-path id prefix: they share one id space.
let seq = 0;

/**
 * The inline SVG markup of a face, trimmed to the card (no bleed) with rounded corners. Text stays
 * <text> in the print fonts, so it needs the page's @font-face rules: use it inline, not in <img>.
 * Cached per face; pass `fresh` for a second copy on the same page, since a cached string repeats
 * its clip-path ids and a reference would resolve to the first copy (which may be off-screen).
 * Each string gets its own id prefix, so no two different faces share a clip-path id.
 */
export function faceSvg(face: RenderedFace, images: Record<string, string>, fresh = false): string {
  let svg = fresh ? undefined : cache.get(face.list);
  if (svg === undefined) {
    svg = drawListToSvg(face.list, {
      text: 'text',
      imageHref: (ref) => images[ref],
      showBleed: false,
      cornerRadius: SCREEN_CORNER_MM,
      idPrefix: `s${++seq}-`,
    });
    if (!fresh) cache.set(face.list, svg);
  }
  return svg;
}

/** Everything searchable about a card, lower-cased: id, template and field values. */
export function searchText(card: { id: string; fields: Record<string, string>; front: RenderedFace }): string {
  return [card.id, card.front.template, ...Object.values(card.fields)].join('\u0000').normalize('NFKC').toLowerCase();
}
