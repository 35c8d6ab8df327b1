import { layoutFace, type LayoutOptions } from '../../shared/cards/layout';
import type { Card } from '../../shared/cards/schema';
import type { TextMeasurer } from '../../shared/cards/fonts';
import { walkOps } from '../../shared/cards/draw-list';
import type { RenderedFace, RenderedProject } from '../../shared/ipc/contract';
import type { LoadedProject, ProjectStore } from './projects';

/** Lay out both faces of one card. */
export function renderCard(p: LoadedProject, card: Card, m: TextMeasurer, opts: LayoutOptions = {}) {
  const f = layoutFace(p.set, card, 'front', m, opts);
  const b = layoutFace(p.set, card, 'back', m, opts);
  const front: RenderedFace = { cardId: card.id, side: 'front', template: card.template, list: f.list };
  const back: RenderedFace = { cardId: card.id, side: 'back', template: card.back, list: b.list };
  return { front, back, warnings: [...f.warnings, ...b.warnings] };
}

/**
 * Lay out every card of a project for the renderer, with the images its faces use as data URLs
 * (the renderer has no file access and loads nothing remote).
 */
export async function renderProject(
  store: ProjectStore,
  p: LoadedProject,
  m: TextMeasurer,
  imageDataUrl: (ref: string) => Promise<string | undefined>,
): Promise<RenderedProject> {
  const cards: RenderedProject['cards'] = [];
  const warnings: RenderedProject['warnings'] = [];
  const refs = new Set<string>();
  for (const card of p.set.cards) {
    const r = renderCard(p, card, m);
    for (const face of [r.front, r.back]) walkOps(face.list.ops, (op) => op.op === 'image' && refs.add(op.ref));
    cards.push({ id: card.id, copies: card.copies, fields: card.fields, front: r.front, back: r.back });
    warnings.push(...r.warnings.map((w) => ({ cardId: w.cardId, layer: w.layer, message: w.message })));
  }
  const images: Record<string, string> = {};
  for (const ref of refs) {
    const url = await imageDataUrl(ref);
    if (url) images[ref] = url;
    else warnings.push({ cardId: '', layer: '', message: `Image "${ref}" could not be found; check the art column and the icon name.` });
  }
  return { summary: store.summary(p), cards, images, warnings };
}
