import { PDFDict, PDFDocument, PDFName, type PDFContext, type PDFPage, type PDFRef } from 'pdf-lib';
import { textByFace, walkOps, walkOpsScaled, type DrawList, type FontFaceId } from '../../../shared/cards/draw-list';
import { faceCss } from '../../../shared/cards/fonts';
import { mmToPt, type Mm } from '../../../shared/util/units';
import { imageFailure, type AssetResolver, type PdfImage } from './assets';
import type { FontService } from './fonts';
import { compileOps, num, rectPath, type ContentResources } from './pdf-content';
import { placeFittedImages } from './fit';
import { flateStream } from './pdf-stream';
import { embedShadows, shadingObject, shadowKey } from './pdf-effects';
import type { Gradient, ShadowOp } from '../../../shared/cards/draw-list';
import { placeFontObjects } from './pdf-font';

export { subsetTag } from './pdf-font';

/** A rectangle in millimetres, page coordinates (origin top-left, y down). */
export interface PdfRect {
  x: Mm;
  y: Mm;
  w: Mm;
  h: Mm;
}

/** A draw list placed on a page: its trim box's top-left corner goes to (`x`, `y`). */
export interface PdfItem {
  list: DrawList;
  /** What the item is, for messages about it (e.g. `Card RAT-FU (front)`). */
  label?: { en: string; zh: string };
  x: Mm;
  y: Mm;
  /** Clip the item to this rectangle (page coordinates), e.g. its bleed box on a sheet. */
  clip?: PdfRect;
  /**
   * This item defines the page's TrimBox (its trim box) and BleedBox (trim + the list's bleed,
   * within the page) when the page has no explicit `boxes`. For single-card print-shop PDFs.
   */
  trimBox?: boolean;
}

/** One page: its size and the draw lists on it, painted in order. */
export interface PdfPage {
  widthMm: Mm;
  heightMm: Mm;
  items: PdfItem[];
  /** Explicit TrimBox / BleedBox in page coordinates. */
  boxes?: { trim?: PdfRect; bleed?: PdfRect };
}

/** Options of `writePdf`. */
export interface PdfOptions {
  /** Fonts to subset and embed (the same service that measured the text). */
  fonts: FontService;
  /** Turns image refs into PNGs; required when any list has an image. */
  assets?: AssetResolver;
  /** Minimum resolution of raster art at its largest drawn size (default 300). */
  dpi?: number;
  title?: string;
  author?: string;
  subject?: string;
  /** Default 'Fuqi Workshop'. */
  creator?: string;
  /** Default 'Fuqi Workshop (pdf-lib)'. */
  producer?: string;
  /** Creation and modification date (default 2000-01-01T00:00:00Z) so output is reproducible. */
  date?: Date;
  /** `error` (default): a character missing from its face throws. `notdef`: draw the font's .notdef box (preflight accepted it). */
  missingGlyphs?: 'error' | 'notdef';
  /** Called after each page with (pages done, pages total). */
  onProgress?: (done: number, total: number) => void;
  /** Checked before each page; aborting rejects with the signal's reason. */
  signal?: AbortSignal;
}

const DEFAULT_DATE = new Date('2000-01-01T00:00:00Z');


/** An image XObject (with its soft mask when it has alpha), as pdf-lib's `embedPng` makes it. */
function embedImage(ctx: PDFContext, img: PdfImage): PDFRef {
  const common = { Type: 'XObject', Subtype: 'Image', Width: img.pxWidth, Height: img.pxHeight, BitsPerComponent: 8 };
  const smask = img.alpha ? ctx.register(ctx.stream(img.alpha, { ...common, ColorSpace: 'DeviceGray', Decode: [0, 1], Filter: 'FlateDecode' })) : undefined;
  return ctx.register(ctx.stream(img.rgb, { ...common, ColorSpace: 'DeviceRGB', ...(smask ? { SMask: smask } : {}), Filter: 'FlateDecode' }));
}

// The one place where page millimetres (top-left, y down) meet PDF points (bottom-left, y up).
const K = mmToPt(1);
/** The content-stream matrix that makes user space millimetres with y down on a page `heightMm` tall. */
const pageMatrix = (heightMm: Mm): string => `${num(K, 8)} 0 0 ${num(-K, 8)} 0 ${num(mmToPt(heightMm), 6)} cm`;
/** A page-coordinate rectangle as PDF box arguments (x, y, w, h in points from the bottom-left). */
const pdfRect = (r: PdfRect, heightMm: Mm): [number, number, number, number] => [mmToPt(r.x), mmToPt(heightMm - r.y - r.h), mmToPt(r.w), mmToPt(r.h)];

interface EmbeddedFace {
  ref: PDFRef;
  /** Glyph id in the subset of each code point drawn in the face. */
  gids: Map<number, number>;
  hex: Map<number, string>;
}

/** Document-wide objects shared by every page's resources. */
interface DocObjects {
  ctx: PDFContext;
  faces: Map<FontFaceId, EmbeddedFace>;
  images: Map<string, PDFRef>;
  gstates: Map<string, PDFRef>;
  /** Shadings by gradient (JSON), made on first use. */
  shadings: Map<string, PDFRef>;
  /** Rasters of blurred shadows by `shadowKey`. */
  shadows: Map<string, PDFRef>;
}

/** Resource names of one page or form XObject, allocated on first use. */
class Scope implements ContentResources {
  private names = new Map<string, string>();
  private forms = 0;
  constructor(
    private doc: DocObjects,
    private dict: PDFDict,
  ) {}

  private sub(kind: 'Font' | 'XObject' | 'ExtGState' | 'Shading'): PDFDict {
    let d = this.dict.lookupMaybe(PDFName.of(kind), PDFDict);
    if (!d) this.dict.set(PDFName.of(kind), (d = this.doc.ctx.obj({})));
    return d;
  }
  private name(key: string, kind: 'Font' | 'XObject' | 'ExtGState' | 'Shading', prefix: string, ref: () => PDFRef): string {
    let n = this.names.get(key);
    if (!n) {
      n = `${prefix}${this.names.size + 1}`;
      this.sub(kind).set(PDFName.of(n), ref());
      this.names.set(key, n);
    }
    return n;
  }
  font(face: FontFaceId): string {
    return this.name(`font:${face}`, 'Font', 'F', () => this.doc.faces.get(face)!.ref);
  }
  encode(face: FontFaceId, text: string): string {
    const f = this.doc.faces.get(face)!;
    let s = '<';
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let h = f.hex.get(cp);
      if (h === undefined) f.hex.set(cp, (h = (f.gids.get(cp) ?? 0).toString(16).padStart(4, '0')));
      s += h;
    }
    return `${s}>`;
  }
  image(ref: string): string {
    return this.name(`image:${ref}`, 'XObject', 'Im', () => this.doc.images.get(ref)!);
  }
  gs(ca: number, CA: number): string {
    const key = `${num(ca)}/${num(CA)}`;
    return this.name(`gs:${key}`, 'ExtGState', 'GS', () => {
      let ref = this.doc.gstates.get(key);
      if (!ref) this.doc.gstates.set(key, (ref = this.doc.ctx.register(this.doc.ctx.obj({ Type: 'ExtGState', ca, CA }))));
      return ref;
    });
  }
  shading(g: Gradient): string {
    const key = JSON.stringify(g);
    return this.name(`sh:${key}`, 'Shading', 'Sh', () => {
      let ref = this.doc.shadings.get(key);
      if (!ref) this.doc.shadings.set(key, (ref = shadingObject(this.doc.ctx, g)));
      return ref;
    });
  }
  shadow(op: ShadowOp): string {
    const key = shadowKey(op);
    const ref = this.doc.shadows.get(key);
    if (!ref) throw new Error(`The shadow of "${op.id ?? '?'}" was not rasterized before its page; this is a bug, please report it.`);
    return this.name(`shadow:${key}`, 'XObject', 'Sd', () => ref);
  }
  form(build: (res: ContentResources) => string): string {
    const { ctx } = this.doc;
    const resources = ctx.obj({});
    const content = build(new Scope(this.doc, resources));
    const stream = flateStream(ctx, content, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [-10000, -10000, 10000, 10000],
      Group: { S: 'Transparency', I: true, K: false },
      Resources: resources,
    });
    return this.name(`form:${++this.forms}`, 'XObject', 'Fm', () => ctx.register(stream));
  }
}

function checkGlyphs(fonts: FontService, lists: DrawList[], byFace: Map<FontFaceId, string>): void {
  const problems: string[] = [];
  for (const [face, text] of byFace) {
    for (const ch of fonts.missingGlyphs(face, text)) {
      let where = '';
      for (const l of lists)
        walkOps(l.ops, (op) => {
          if (!where && op.op === 'text' && op.face === face && op.text.includes(ch)) where = ` in "${op.text}"${op.id ? ` (element "${op.id}")` : ''}`;
        });
      const cp = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      problems.push(`"${ch}" (U+${cp}) is missing from face "${face}" (${faceCss(face).family} ${faceCss(face).weight})${where}`);
    }
  }
  if (problems.length)
    throw new Error(`Cannot write the PDF: ${problems.join('; ')}. Replace the character, choose a face that has it, or accept missing glyphs in preflight.`);
}

/**
 * Write pages of draw lists as a PDF: vector shapes, selectable text in HarfBuzz-subset fonts
 * tagged as subsets, each image embedded once at ≥ `dpi` for its largest use, fixed metadata so
 * that the same input gives the same bytes.
 * @example const bytes = await writePdf([{ widthMm: 210, heightMm: 297, items: [{ list, x: 10, y: 10 }] }], { fonts })
 */
export async function writePdf(pages: PdfPage[], opts: PdfOptions): Promise<Uint8Array> {
  if (!pages.length) throw new Error('writePdf needs at least one page; nothing was selected for export.');
  opts.signal?.throwIfAborted();
  // Fitted images (contain / cover) become stretched ones at their place, cover ones clipped.
  const placed = await placeFittedImages(pages.flatMap((p) => p.items.map((i) => i.list)), opts.assets);
  let at = 0;
  pages = pages.map((p) => ({ ...p, items: p.items.map((i) => ({ ...i, list: placed[at++]! })) }));
  const lists = pages.flatMap((p) => p.items.map((i) => i.list));
  const doc = await PDFDocument.create({ updateMetadata: false });
  const date = opts.date ?? DEFAULT_DATE;
  if (opts.title !== undefined) doc.setTitle(opts.title);
  if (opts.author !== undefined) doc.setAuthor(opts.author);
  if (opts.subject !== undefined) doc.setSubject(opts.subject);
  doc.setCreator(opts.creator ?? 'Fuqi Workshop');
  doc.setProducer(opts.producer ?? 'Fuqi Workshop (pdf-lib)');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const objects: DocObjects = { ctx: doc.context, faces: new Map(), images: new Map(), gstates: new Map(), shadings: new Map(), shadows: new Map() };

  // Fonts: all text of the document per face, subset once, embedded under a subset-tagged name.
  const byFace = textByFace(lists);
  if ((opts.missingGlyphs ?? 'error') === 'error') checkGlyphs(opts.fonts, lists, byFace);
  const faces = [...byFace.keys()].filter((f) => byFace.get(f)!.length > 0).sort();
  const embedded = await Promise.all(faces.map((f) => opts.fonts.pdfFont(f, byFace.get(f)!)));
  for (const [i, face] of faces.entries()) {
    const f = embedded[i]!;
    objects.faces.set(face, { ref: placeFontObjects(doc.context, f), gids: f.gids, hex: new Map() });
  }

  // Images: one raster per ref, big enough for its largest box.
  const sizes = new Map<string, { w: number; h: number }>();
  const users = new Map<string, { en: string; zh: string }>(); // the first item and layer using each ref, to name them in errors
  for (const item of pages.flatMap((p) => p.items))
    walkOpsScaled(item.list.ops, (op, k) => {
      if (op.op !== 'image' || !(op.w > 0 && op.h > 0)) return;
      const s = sizes.get(op.ref);
      sizes.set(op.ref, { w: Math.max(s?.w ?? 0, op.w * k), h: Math.max(s?.h ?? 0, op.h * k) });
      if (users.has(op.ref) || (!op.id && !item.label)) return;
      const layer = op.id ? { en: `layer “${op.id}”`, zh: `图层“${op.id}”` } : undefined;
      const both = item.label && layer ? { en: `${item.label.en}, ${layer.en}`, zh: `${item.label.zh}，${layer.zh}` } : (item.label ?? layer)!;
      users.set(op.ref, { en: both.en[0]!.toUpperCase() + both.en.slice(1), zh: both.zh });
    });
  if (sizes.size && !opts.assets) throw new Error('The document has images but writePdf got no `assets` resolver; pass createAssetService(...) as opts.assets.');
  const refs = [...sizes.keys()].sort();
  const assets = opts.assets!;
  const dpi = opts.dpi ?? 300;
  const rasters = await Promise.all(
    refs.map((r) => {
      const { w, h } = sizes.get(r)!;
      const ready = assets.pdfImage ? assets.pdfImage(r, w, h, dpi) : assets.resolve(r, w, h, dpi);
      return ready.catch((e: unknown) => {
        throw imageFailure(e, r, users.get(r));
      });
    }),
  );
  for (const [i, ref] of refs.entries()) {
    const r = rasters[i]!;
    objects.images.set(ref, 'png' in r ? (await doc.embedPng(r.png)).ref : embedImage(doc.context, r));
  }

  // Blurred shadows: rasters of the PNG writer's SVG blur (PDF has no blur; see pdf-effects.ts).
  objects.shadows = await embedShadows(doc, lists, Math.min(dpi, 300));

  for (const [i, p] of pages.entries()) {
    await new Promise((r) => setImmediate(r)); // let an abort arrive
    opts.signal?.throwIfAborted();
    addPage(doc, objects, p, i);
    opts.onProgress?.(i + 1, pages.length);
  }
  return doc.save({ useObjectStreams: false });
}

function addPage(doc: PDFDocument, objects: DocObjects, p: PdfPage, index: number): PDFPage {
  if (!(p.widthMm > 0 && p.heightMm > 0)) throw new Error(`Page ${index + 1} has no size (${p.widthMm} × ${p.heightMm} mm); choose a paper size.`);
  const page = doc.addPage([mmToPt(p.widthMm), mmToPt(p.heightMm)]);
  const scope = new Scope(objects, page.node.normalizedEntries().Resources);
  const parts = [pageMatrix(p.heightMm), '4 M'];
  for (const item of p.items) {
    parts.push('q');
    if (item.clip) parts.push(rectPath(item.clip.x, item.clip.y, item.clip.w, item.clip.h), 'W n');
    parts.push(`1 0 0 1 ${num(item.x)} ${num(item.y)} cm`, compileOps(item.list.ops, scope), 'Q');
  }
  page.node.addContentStream(doc.context.register(flateStream(doc.context, parts.join('\n'))));

  let { trim, bleed } = p.boxes ?? {};
  const owner = !p.boxes ? p.items.find((i) => i.trimBox) : undefined;
  if (owner) {
    const b = owner.list.bleed;
    trim = { x: owner.x, y: owner.y, w: owner.list.width, h: owner.list.height };
    const [x0, y0] = [Math.max(0, trim.x - b), Math.max(0, trim.y - b)];
    const [x1, y1] = [Math.min(p.widthMm, trim.x + trim.w + b), Math.min(p.heightMm, trim.y + trim.h + b)];
    bleed = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  }
  if (bleed) page.setBleedBox(...pdfRect(bleed, p.heightMm));
  if (trim) page.setTrimBox(...pdfRect(trim, p.heightMm));
  return page;
}
