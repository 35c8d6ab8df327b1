/**
 * The project's own card faces for the sandbox table: the deck's rendered faces (the same layout
 * and SVG as the Deck tab, state/face-svg.ts), looked up by card id. A card on the table whose id
 * is no longer in the data is flagged, not dropped.
 */
import type { RenderedFace, RenderedProject } from '../../../../shared/ipc/contract';

export interface TableFaces {
  front: Map<string, RenderedFace>;
  /** The project's back (the first card's), drawn for every face-down card so no back tells one card from another. */
  back: RenderedFace | null;
  images: Record<string, string>;
  names: Record<string, string>;
  /** Every card id in the data (null while the cards are still loading: nothing is flagged yet). */
  ids: Set<string> | null;
}

/** A card's name in the data: its Chinese or English name column, else its id. */
export function cardName(fields: Record<string, string>, id: string): string {
  return fields.name_zh || fields.name || fields.zh || fields.name_en || fields.en || fields.title || id;
}

export function tableFaces(rendered: RenderedProject | null, complete: boolean, dataIds: readonly string[] | null): TableFaces {
  const front = new Map<string, RenderedFace>();
  const names: Record<string, string> = {};
  for (const c of rendered?.cards ?? []) {
    front.set(c.id, c.front);
    names[c.id] = cardName(c.fields, c.id);
  }
  const ids = complete && rendered ? new Set(rendered.cards.map((c) => c.id)) : dataIds ? new Set(dataIds) : null;
  return { front, back: rendered?.cards[0]?.back ?? null, images: rendered?.images ?? {}, names, ids };
}
