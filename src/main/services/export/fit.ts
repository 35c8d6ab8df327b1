import { fitListImages, fittedRefs, type ImageSize } from '../../../shared/cards/image-fit';
import type { DrawList } from '../../../shared/cards/draw-list';
import { imageFailure, type AssetResolver } from './assets';

/**
 * Draw lists with every `contain` / `cover` image placed by the picture's own proportions (the
 * assets' `inspect`), so that the writers draw stretched images only. Lists without fitted
 * images come back as they are, and need no `inspect`.
 */
export async function placeFittedImages(lists: readonly DrawList[], assets: AssetResolver | undefined): Promise<DrawList[]> {
  const refs = new Set<string>();
  for (const l of lists) fittedRefs(l.ops, refs);
  if (!refs.size) return [...lists];
  if (!assets?.inspect) throw new Error('The draw list has images with fit "contain" or "cover" but the writer got no asset service that can inspect them; pass createAssetService(...).');
  const sizes = new Map<string, ImageSize>();
  for (const ref of [...refs].sort()) {
    const info = await assets.inspect(ref).catch((e: unknown) => {
      throw imageFailure(e, ref, undefined);
    });
    sizes.set(ref, { w: info.widthPx, h: info.heightPx });
  }
  return lists.map((l) => fitListImages(l, (ref) => sizes.get(ref)));
}
