// Reading a written PDF back, for tests: page sizes, the placement of every clipped item (each
// card face on a sheet), fonts, images and extractable text — checked on the bytes, not on the
// writer's inputs.
import { execFileSync } from 'node:child_process';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { ptToMm } from '../src/shared/util/units';

/** One item drawn with a clip rectangle and a translation (how the writer places a card face). */
export interface PlacedItem {
  clip: { x: number; y: number; w: number; h: number };
  at: { x: number; y: number };
}

export function contentText(doc: PDFDocument, pageIndex: number): string {
  const page = doc.getPage(pageIndex);
  const contents = page.node.Contents();
  const streams: PDFRawStream[] = [];
  const add = (o: unknown) => {
    const v = o instanceof PDFRef ? doc.context.lookup(o) : o;
    if (v instanceof PDFRawStream) streams.push(v);
    else if (v instanceof PDFArray) for (let i = 0; i < v.size(); i++) add(v.get(i));
  };
  add(contents);
  return streams.map((s) => new TextDecoder('latin1').decode(decodePDFRawStream(s).decode())).join('\n');
}

/** Every `q <x y w h re> W n 1 0 0 1 X Y cm` sequence of a page: the clipped, placed items, in mm (y down). */
export function placedItems(doc: PDFDocument, pageIndex: number): PlacedItem[] {
  const text = contentText(doc, pageIndex);
  // A card is a clipped group holding a translated one (shared/print/sheet-page.ts): the clip, then `q`, then the move.
  const re = /q\s+(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\s+W n\s+(?:q\s+)?1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm/g;
  return [...text.matchAll(re)].map((m) => ({
    clip: { x: +m[1]!, y: +m[2]!, w: +m[3]!, h: +m[4]! },
    at: { x: +m[5]!, y: +m[6]! },
  }));
}

/** Page sizes in millimetres. */
export function pageSizesMm(doc: PDFDocument): { w: number; h: number }[] {
  return doc.getPages().map((p) => ({ w: ptToMm(p.getWidth()), h: ptToMm(p.getHeight()) }));
}

/** Pictures stored in the file: image XObjects, not counting the alpha masks (SMask) that belong to them. */
export function imageObjectCount(doc: PDFDocument): number {
  const images: string[] = [];
  const masks = new Set<string>();
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFRawStream ? obj.dict : obj instanceof PDFDict ? obj : undefined;
    if (dict?.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    images.push(ref.toString());
    const mask = dict.get(PDFName.of('SMask'));
    if (mask instanceof PDFRef) masks.add(mask.toString());
  }
  return images.filter((r) => !masks.has(r)).length;
}

/** `pdffonts` rows: name, emb, sub. */
export function pdffonts(file: string): { name: string; emb: boolean; sub: boolean }[] {
  const out = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  return out.map((l) => {
    const cols = l.trim().split(/\s+/);
    // name type... encoding emb sub uni object ID: emb/sub/uni are the 5th, 4th, 3rd from the end
    return { name: cols[0]!, emb: cols[cols.length - 5] === 'yes', sub: cols[cols.length - 4] === 'yes' };
  });
}

/** The text of the whole file, or of one page (1-based), as pdftotext extracts it. */
export function pdftotext(file: string, page?: number): string {
  const args = page ? ['-f', String(page), '-l', String(page), '-layout', file, '-'] : ['-layout', file, '-'];
  return execFileSync('pdftotext', args, { encoding: 'utf8' });
}

/** Words with their boxes (mm, y down) from `pdftotext -bbox`, for one page (1-based). */
export function wordBoxes(file: string, page: number): { word: string; x: number; y: number; x2: number; y2: number }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    word: m[5]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"'),
    x: ptToMm(+m[1]!),
    y: ptToMm(+m[2]!),
    x2: ptToMm(+m[3]!),
    y2: ptToMm(+m[4]!),
  }));
}

/** A filled path of a page read back from its content stream: its fill colour and its points in page mm (y down). */
export interface FilledPath {
  fill: string;
  points: { x: number; y: number }[];
}

/**
 * Every filled path drawn directly in a page's content stream (form XObjects are not followed),
 * with the transformation matrices (`q`/`Q`/`cm`) applied: where the shapes really land on the
 * page, read from the bytes. Curves contribute their end points only.
 */
export function filledPaths(doc: PDFDocument, pageIndex: number): FilledPath[] {
  const text = contentText(doc, pageIndex);
  const hPt = doc.getPage(pageIndex).getHeight();
  const tokens = text.match(/\/[^\s/[\]()<>]+|<[0-9a-fA-F]*>|\[[^\]]*\]|\([^)]*\)|[^\s[\]()<>/]+/g) ?? [];
  type M = [number, number, number, number, number, number];
  let ctm: M = [1, 0, 0, 1, 0, 0];
  const stack: M[] = [];
  let fill = '#000000';
  const fills: string[] = [];
  let path: { x: number; y: number }[] = [];
  const out: FilledPath[] = [];
  let args: string[] = [];
  let inText = false;
  const at = (x: number, y: number) => {
    const [a, b, c, d, e, f] = ctm;
    const px = a * x + c * y + e;
    const py = b * x + d * y + f;
    return { x: ptToMm(px), y: ptToMm(hPt - py) };
  };
  const hex = (v: string) => Math.round(Number(v) * 255).toString(16).padStart(2, '0').toUpperCase();
  for (const t of tokens) {
    if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t) || t.startsWith('/') || t.startsWith('<') || t.startsWith('[') || t.startsWith('(')) {
      args.push(t);
      continue;
    }
    const n = args.map(Number);
    if (t === 'BT') inText = true;
    else if (t === 'ET') inText = false;
    else if (inText) {
      /* text operators do not build paths */
    } else if (t === 'q') {
      stack.push(ctm);
      fills.push(fill);
    } else if (t === 'Q') {
      ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
      fill = fills.pop() ?? '#000000';
    } else if (t === 'cm') {
      const [a, b, c, d, e, f] = n as M;
      const [A, B, C, D, E, F] = ctm;
      ctm = [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
    } else if (t === 'rg') fill = `#${hex(args[0]!)}${hex(args[1]!)}${hex(args[2]!)}`;
    else if (t === 'm' || t === 'l') path.push(at(n[0]!, n[1]!));
    else if (t === 'c') path.push(at(n[4]!, n[5]!));
    else if (t === 're') {
      const [x, y, w, h] = n as [number, number, number, number];
      path.push(at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h));
    } else if (t === 'f' || t === 'f*' || t === 'B' || t === 'B*') {
      out.push({ fill, points: path });
      path = [];
    } else if (t === 'S' || t === 'n' || t === 'W') {
      if (t !== 'W') path = [];
    }
    args = [];
  }
  return out;
}
