import { walkOpsScaled } from '../../../shared/cards/draw-list';
import type { PreflightIssue } from '../../../shared/ipc/contract';
import type { ImageInfo as PixelSize, PreflightFace } from '../../../shared/print/preflight';
import { roundMm } from '../../../shared/util/units';
import { AssetError, checkBox, type AssetService, type ImageInfo } from './assets';

/** What `checkImages` found. */
export interface ImageCheck {
  /** One error per unusable ref or oversized box (`print/image-<kind>`), naming card, side, layer and file. */
  issues: PreflightIssue[];
  /** Pixel sizes of the raster images that are fine, for preflight's low-DPI check (vectors have none). */
  sizes: Map<string, PixelSize>;
}

/** Where a ref is first used, and on how many faces in all. */
interface Use {
  cardId: string;
  side: 'front' | 'back';
  layer: string | undefined;
  faces: number;
}

const sideZh = (side: Use['side']): string => (side === 'front' ? '正面' : '背面');

/** "Card RAT-FU (front), layer “art”" in both languages, plus how many other faces share the problem. */
function where(u: Use): { en: string; zh: string } {
  const more = u.faces > 1 ? { en: ` (and ${u.faces - 1} other face${u.faces > 2 ? 's' : ''})`, zh: `（另有 ${u.faces - 1} 面相同）` } : { en: '', zh: '' };
  return {
    en: `Card ${u.cardId} (${u.side})${u.layer ? `, layer “${u.layer}”` : ''}${more.en}`,
    zh: `卡牌 ${u.cardId}（${sideZh(u.side)}）${u.layer ? `，图层“${u.layer}”` : ''}${more.zh}`,
  };
}

function issue(e: AssetError, u: Use): PreflightIssue {
  const at = e.at(where(u));
  return { severity: 'error', code: `print/image-${e.kind}`, cardId: u.cardId, ...(u.layer ? { elementId: u.layer } : {}), message: { en: at.text.en, zh: at.text.zh } };
}

/**
 * Check every image of every face before an export: each distinct ref is read and decoded once
 * (`AssetService.inspect`), and each image box is checked against `PROJECT_LIMITS.imageBoxMm`.
 * Whatever the export would fail on (a file outside the project, missing, not an image, too many
 * pixels, an SVG that does not parse, a huge box) becomes a preflight error naming the card,
 * side, layer and ref, once per problem with a count of the other faces it affects.
 * @example const { issues, sizes } = await checkImages(faces, assets)
 */
export async function checkImages(faces: readonly PreflightFace[], assets: Pick<AssetService, 'inspect'>): Promise<ImageCheck> {
  const refs = new Map<string, Use>();
  const boxes = new Map<string, { use: Use; error: AssetError }>();
  for (const face of faces)
    walkOpsScaled(face.list.ops, (op, k) => {
      if (op.op !== 'image') return;
      const use = refs.get(op.ref);
      if (use) use.faces++;
      else refs.set(op.ref, { cardId: face.cardId, side: face.side, layer: op.id, faces: 1 });
      const [w, h] = [roundMm(op.w * k), roundMm(op.h * k)];
      // An empty box draws nothing (the writers skip it); only a box that is too big is an error.
      const error = op.w > 0 && op.h > 0 ? checkBox(op.ref, w, h) : undefined;
      if (!error) return;
      const key = `${face.side}|${op.id ?? ''}|${w}x${h}`;
      const seen = boxes.get(key);
      if (seen) seen.use.faces++;
      else boxes.set(key, { use: { cardId: face.cardId, side: face.side, layer: op.id, faces: 1 }, error });
    });

  const sorted = [...refs.keys()].sort();
  const results = await Promise.all(
    sorted.map((ref) =>
      assets.inspect(ref).then(
        (info): ImageInfo | AssetError => info,
        (e: unknown) =>
          e instanceof AssetError
            ? e
            : new AssetError('unreadable', ref, {
                en: `Image ref "${ref}" cannot be read (${(e as Error).message}); check the file.`,
                zh: `图片“${ref}”无法读取（${(e as Error).message}）；请检查该文件。`,
              }),
      ),
    ),
  );
  const issues: PreflightIssue[] = [];
  const sizes = new Map<string, PixelSize>();
  for (const [i, ref] of sorted.entries()) {
    const r = results[i]!;
    if (r instanceof AssetError) issues.push(issue(r, refs.get(ref)!));
    else if (!r.vector) sizes.set(ref, { widthPx: r.widthPx, heightPx: r.heightPx });
  }
  for (const { use, error } of boxes.values()) issues.push(issue(error, use));
  return { issues, sizes };
}
