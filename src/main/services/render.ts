import { layoutFace, type LayoutOptions } from '../../shared/cards/layout';
import type { Card } from '../../shared/cards/schema';
import type { TextMeasurer } from '../../shared/cards/fonts';
import { walkOps } from '../../shared/cards/draw-list';
import type { RenderedFace, RenderedProject } from '../../shared/ipc/contract';
import type { LoadedProject, ProjectStore } from './projects';
import { rowCard } from '../../shared/cards/row-card';

/** Lay out both faces of one card. */
export function renderCard(p: LoadedProject, card: Card, m: TextMeasurer, opts: LayoutOptions = {}) {
  const f = layoutFace(p.set, card, 'front', m, opts);
  const b = layoutFace(p.set, card, 'back', m, opts);
  const front: RenderedFace = { cardId: card.id, side: 'front', template: card.template, list: f.list };
  const back: RenderedFace = { cardId: card.id, side: 'back', template: card.back, list: b.list };
  return { front, back, warnings: [...f.warnings, ...b.warnings] };
}

/** Which cards of a project to lay out: `limit` cards from `offset` (in deck order). */
export interface RenderPage {
  offset: number;
  limit: number;
}

/** Cards a `projects:render` page holds unless asked otherwise, and at most. */
export const RENDER_PAGE = { default: 60, max: 200 } as const;

/**
 * Lay out one page of a project's cards for the renderer (every card unless `page` says
 * otherwise), with the images those faces use as data URLs (the renderer has no file access and
 * loads nothing remote). `total` is the number of cards in the project; warnings and images are
 * those of the page's cards.
 */
export async function renderProject(
  store: ProjectStore,
  p: LoadedProject,
  m: TextMeasurer,
  imageDataUrl: (ref: string) => Promise<string | undefined>,
  page: RenderPage = { offset: 0, limit: p.set.cards.length },
): Promise<RenderedProject> {
  const cards: RenderedProject['cards'] = [];
  const warnings: RenderedProject['warnings'] = [];
  const refs = new Set<string>();
  const total = p.set.cards.length;
  const offset = Math.min(Math.max(0, page.offset), total);
  for (const card of p.set.cards.slice(offset, offset + Math.max(0, page.limit))) {
    const r = renderCard(p, card, m);
    for (const face of [r.front, r.back]) walkOps(face.list.ops, (op) => op.op === 'image' && refs.add(op.ref));
    cards.push({ id: card.id, copies: card.copies, fields: card.fields, front: r.front, back: r.back });
    for (const w of r.warnings) warnings.push({ cardId: w.cardId, layer: w.layer, message: w.message });
  }
  const images: Record<string, string> = {};
  for (const ref of refs) {
    const url = await imageDataUrl(ref);
    if (url) images[ref] = url;
    else warnings.push({ cardId: '', layer: '', message: `Image "${ref}" could not be found; check the art column and the icon name.` });
  }
  return { summary: store.summary(p), cards, images, warnings, total, offset };
}

/**
 * Lay out one row of a cards table (the data page's focused row, maybe unsaved) as the project's
 * card, with its images and warnings: those of the layout and those of a row the loader would
 * refuse (no id, unknown template). Same shape as a `projects:render` page of one card.
 */
export async function renderRow(
  store: ProjectStore,
  p: LoadedProject,
  columns: readonly string[],
  row: readonly string[],
  m: TextMeasurer,
  imageDataUrl: (ref: string) => Promise<string | undefined>,
): Promise<RenderedProject> {
  const { card, warnings: rowWarnings } = rowCard(columns, row, new Set(Object.keys(p.set.templates)), p.set.file.templateRules);
  const r = renderCard(p, card, m);
  const refs = new Set<string>();
  for (const face of [r.front, r.back]) walkOps(face.list.ops, (op) => op.op === 'image' && refs.add(op.ref));
  const warnings: RenderedProject['warnings'] = [...rowWarnings];
  for (const w of r.warnings) warnings.push({ cardId: w.cardId, layer: w.layer, message: w.message });
  const images: Record<string, string> = {};
  for (const ref of refs) {
    const url = await imageDataUrl(ref);
    if (url) images[ref] = url;
    else warnings.push({ cardId: card.id, layer: '', message: `Image "${ref}" could not be found; check the art column and the icon name.` });
  }
  return { summary: store.summary(p), cards: [{ id: card.id, copies: card.copies, fields: { ...card.fields }, front: r.front, back: r.back }], images, warnings, total: 1, offset: 0 };
}
