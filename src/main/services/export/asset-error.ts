import { PROJECT_LIMITS } from '../../../shared/cards/limits';

/**
 * What is wrong with an image ref; preflight reports it as `print/image-<kind>`.
 * - `outside`: the file is outside the project folder (absolute path, `..`, a symlink pointing out).
 * - `missing`: no such file, icon set or icon.
 * - `unreadable`: not a regular file (a folder, a FIFO), no permission, or no project folder known.
 * - `unsupported`: not PNG, JPEG, WebP or SVG (by name or by content).
 * - `not-image`: the bytes do not decode as the image they claim to be.
 * - `too-large`: over `PROJECT_LIMITS.imageBytes` or `imagePixels`.
 * - `box`: the image box is empty or over `PROJECT_LIMITS.imageBoxMm`.
 * - `unknown`: the ref is neither `icon:` nor `file:`.
 */
export type AssetErrorKind = 'outside' | 'missing' | 'unreadable' | 'unsupported' | 'not-image' | 'too-large' | 'box' | 'unknown';

/** An image ref that cannot be used: a code (`asset/<kind>`) and a message in English and Chinese naming the ref. */
export class AssetError extends Error {
  override name = 'AssetError';
  /** `asset/<kind>`. */
  readonly code: `asset/${AssetErrorKind}`;
  constructor(
    /** What is wrong. */
    public readonly kind: AssetErrorKind,
    /** The image ref as the template or CSV wrote it. */
    public readonly ref: string,
    /** What is wrong and how to fix it; `message` is the English text. */
    public readonly text: { en: string; zh: string },
  ) {
    super(text.en);
    this.code = `asset/${kind}`;
  }

  /**
   * The same error with where the ref is used in front (card, side, layer), for messages that
   * reach the user from an export.
   * @example e.at({ en: 'Card RAT-FU (front), layer "art"', zh: '卡牌 RAT-FU（正面），图层“art”' })
   */
  at(where: { en: string; zh: string }): AssetError {
    return new AssetError(this.kind, this.ref, { en: `${where.en}: ${this.text.en}`, zh: `${where.zh}：${this.text.zh}` });
  }
}

/**
 * Any failure of an image as an `AssetError` naming the ref, with `where` it is used in front.
 * The writers wrap image resolution with it, so an export never fails with a bare library message.
 */
export function imageFailure(e: unknown, ref: string, where?: { en: string; zh: string }): AssetError {
  const base =
    e instanceof AssetError
      ? e
      : new AssetError('not-image', ref, {
          en: `Image ref "${ref}" could not be drawn (${(e as Error)?.message ?? String(e)}). Check the file, or save it again as PNG, JPEG, WebP or SVG.`,
          zh: `图片“${ref}”无法绘制（${(e as Error)?.message ?? String(e)}）。请检查该文件，或重新保存为 PNG、JPEG、WebP 或 SVG。`,
        });
  return where ? base.at(where) : base;
}

/** An empty box, or one longer than `PROJECT_LIMITS.imageBoxMm` on a side, as an `AssetError`. */
export function checkBox(ref: string, widthMm: number, heightMm: number): AssetError | undefined {
  if (!(widthMm > 0 && heightMm > 0))
    return new AssetError('box', ref, {
      en: `Image "${ref}" has an empty box (${widthMm} × ${heightMm} mm); give the layer a positive width and height.`,
      zh: `图片“${ref}”的框为空（${widthMm} × ${heightMm} 毫米）；请给图层设置正的宽和高。`,
    });
  const max = PROJECT_LIMITS.imageBoxMm;
  if (!(widthMm <= max && heightMm <= max))
    return new AssetError('box', ref, {
      en: `Image "${ref}" has a box of ${widthMm} × ${heightMm} mm, over the limit of ${max} mm a side; make the layer smaller.`,
      zh: `图片“${ref}”的框为 ${widthMm} × ${heightMm} 毫米，超过每边 ${max} 毫米的上限；请缩小图层。`,
    });
  return undefined;
}
