import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Font } from '@pdf-lib/fontkit';
import { PDFArray, PDFBool, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNull, PDFNumber, PDFRawStream, PDFRef, PDFString, type PDFContext, type PDFObject } from 'pdf-lib';
import { flateStream } from './pdf-stream';

/**
 * A font subset as the PDF objects that embed it (Type0 font, CIDFontType2, descriptor, the
 * compressed TrueType, the ToUnicode CMap), detached from any document, plus the glyph id of
 * every character of the text it was made for. Made once by pdf-lib's own embedder (with
 * fontkit), then kept in the cache folder, so a later export places the same objects without
 * loading fontkit or subsetting again.
 */
export interface FontObjects {
  /** The objects; the first is the font dictionary, `{ ref: i }` points at object i. */
  objects: { dict: Lit; stream?: Uint8Array }[];
  /** Glyph id in the subset of each code point of the text (0, .notdef, for those the face lacks). */
  gids: Map<number, number>;
}

/** A PDF value in plain data: numbers, names, strings, arrays, dictionaries, references. */
export type Lit =
  | number
  | boolean
  | null
  | { name: string }
  | { str: string }
  | { hex: string }
  | { ref: number }
  | Lit[]
  | { dict: [string, Lit][] };

/** The PDF subset tag of font bytes: six upper-case letters derived from their SHA-256 (ISO 32000 §9.6.4). */
export function subsetTag(bytes: Uint8Array): string {
  const h = createHash('sha256').update(bytes).digest();
  return Array.from(h.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
}

const req = createRequire(import.meta.url);
type Fontkit = typeof import('@pdf-lib/fontkit');
let fontkitLib: Fontkit | undefined;
/** fontkit, loaded on first use: it decompresses its Brotli dictionary when loaded (~0.2 s). */
export function fontkit(): Fontkit {
  fontkitLib ??= req('@pdf-lib/fontkit') as Fontkit;
  return fontkitLib;
}

/**
 * Embed `subset` (TrueType bytes) under `name` with pdf-lib in a scratch document and take the
 * objects it made. `text` is every character the document draws in this face.
 */
export async function makeFontObjects(subset: Uint8Array, name: string, text: string): Promise<FontObjects> {
  const scratch = await PDFDocument.create({ updateMetadata: false });
  scratch.registerFontkit(fontkit());
  const ctx = scratch.context;
  // The font program and CMap deflated natively (pdf-lib's own deflate is JavaScript).
  ctx.flateStream = (contents, dict) => flateStream(ctx, contents, dict);
  const font = await scratch.embedFont(subset, { subset: false, customName: name });
  await font.embed();
  const index = new Map<string, number>();
  const objects: FontObjects['objects'] = [];
  const visit = (ref: PDFRef): number => {
    const key = ref.toString();
    let i = index.get(key);
    if (i !== undefined) return i;
    i = objects.length;
    index.set(key, i);
    objects.push({ dict: null });
    const obj = ctx.lookup(ref);
    if (obj instanceof PDFRawStream) objects[i] = { dict: lit(obj.dict), stream: obj.getContents() };
    else if (obj) objects[i] = { dict: lit(obj) };
    else throw new Error(`Font object ${key} is missing from the scratch document.`);
    return i;
  };
  const lit = (o: PDFObject): Lit => {
    if (o instanceof PDFRef) return { ref: visit(o) };
    if (o instanceof PDFNumber) return o.asNumber();
    if (o instanceof PDFBool) return o.asBoolean();
    if (o === PDFNull) return null;
    if (o instanceof PDFName) return { name: o.decodeText() };
    if (o instanceof PDFString) return { str: o.asString() };
    if (o instanceof PDFHexString) return { hex: o.asString() };
    if (o instanceof PDFArray) return o.asArray().map(lit);
    if (o instanceof PDFDict) return { dict: o.entries().map(([k, v]) => [k.decodeText(), lit(v)]) };
    throw new Error(`Unexpected object ${o.constructor.name} in an embedded font.`);
  };
  visit(font.ref);
  if (isOpenTypeCff(subset)) relabelCff(objects);
  const parsed: Font = fontkit().create(Buffer.from(subset));
  const gids = new Map<number, number>();
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (!gids.has(cp)) gids.set(cp, parsed.glyphForCodePoint(cp).id);
  }
  return { objects, gids };
}

/** Whether font bytes are OpenType with CFF outlines (`OTTO`): a project's .otf. */
function isOpenTypeCff(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 4 && bytes[0] === 0x4f && bytes[1] === 0x54 && bytes[2] === 0x54 && bytes[3] === 0x4f;
}

/**
 * pdf-lib labels every font TrueType (its fontkit has no `cff` property, which it checks), so a
 * CFF-flavoured OpenType subset would be a CIDFontType2 with a FontFile2 holding CFF outlines:
 * invalid, and readers complain or fail. Label it as PDF 1.6 says: CIDFontType0 (no
 * CIDToGIDMap: CIDs are glyph ids), the program in FontFile3 with Subtype OpenType.
 */
function relabelCff(objects: FontObjects['objects']): void {
  const entries = (o: { dict: Lit }): [string, Lit][] | undefined => (o.dict && typeof o.dict === 'object' && 'dict' in o.dict ? o.dict.dict : undefined);
  for (const o of objects) {
    const e = entries(o);
    if (!e) continue;
    const isCidFont = e.some(([k, v]) => k === 'Subtype' && typeof v === 'object' && v !== null && 'name' in v && v.name === 'CIDFontType2');
    if (isCidFont) o.dict = { dict: e.filter(([k]) => k !== 'CIDToGIDMap').map(([k, v]) => [k, k === 'Subtype' ? { name: 'CIDFontType0' } : v]) };
    const file = e.find(([k]) => k === 'FontFile2');
    if (file && typeof file[1] === 'object' && file[1] !== null && 'ref' in file[1]) {
      o.dict = { dict: e.map(([k, v]) => [k === 'FontFile2' ? 'FontFile3' : k, v]) };
      const program = objects[file[1].ref];
      const pe = program && entries(program);
      if (pe) program.dict = { dict: [...pe.filter(([k]) => k !== 'Subtype'), ['Subtype', { name: 'OpenType' }]] };
    }
  }
}

/** Put the objects into a document; answers the font dictionary's reference. */
export function placeFontObjects(ctx: PDFContext, f: FontObjects): PDFRef {
  const refs = f.objects.map(() => ctx.nextRef());
  const obj = (l: Lit): PDFObject => {
    if (typeof l === 'number') return PDFNumber.of(l);
    if (typeof l === 'boolean') return l ? PDFBool.True : PDFBool.False;
    if (l === null) return PDFNull;
    if (Array.isArray(l)) {
      const a = PDFArray.withContext(ctx);
      for (const v of l) a.push(obj(v));
      return a;
    }
    if ('ref' in l) return refs[l.ref]!;
    if ('name' in l) return PDFName.of(l.name);
    if ('str' in l) return PDFString.of(l.str);
    if ('hex' in l) return PDFHexString.of(l.hex);
    const d = PDFDict.withContext(ctx);
    for (const [k, v] of l.dict) d.set(PDFName.of(k), obj(v));
    return d;
  };
  for (const [i, o] of f.objects.entries()) {
    const dict = obj(o.dict);
    if (!(dict instanceof PDFDict)) throw new Error('A font object is not a dictionary.');
    ctx.assign(refs[i]!, o.stream ? PDFRawStream.of(dict, o.stream) : dict);
  }
  return refs[0]!;
}

/** A cached font: `FQFO`, the length of a JSON part, the JSON (objects with stream offsets, gids), the stream bytes. */
const MAGIC = 0x4651464f;

export function encodeFontObjects(f: FontObjects): Buffer {
  const streams: Uint8Array[] = [];
  let at = 0;
  const objects = f.objects.map((o) => {
    if (!o.stream) return { dict: o.dict };
    streams.push(o.stream);
    const s = { dict: o.dict, at, len: o.stream.byteLength };
    at += o.stream.byteLength;
    return s;
  });
  const json = Buffer.from(JSON.stringify({ objects, gids: [...f.gids] }), 'utf8');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(MAGIC, 0);
  head.writeUInt32BE(json.byteLength, 4);
  return Buffer.concat([head, json, ...streams]);
}

const isLit = (l: unknown): l is Lit => {
  if (l === null || typeof l === 'number' || typeof l === 'boolean') return true;
  if (Array.isArray(l)) return l.every(isLit);
  if (typeof l !== 'object') return false;
  const o = l as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length !== 1) return false;
  if (keys[0] === 'ref') return Number.isInteger(o.ref);
  if (keys[0] === 'name' || keys[0] === 'str' || keys[0] === 'hex') return typeof o[keys[0]] === 'string';
  if (keys[0] === 'dict') return Array.isArray(o.dict) && o.dict.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && isLit(e[1]));
  return false;
};

/** The font objects of a cache entry, or undefined when it is not one (then the font is made again). */
export function decodeFontObjects(b: Buffer): FontObjects | undefined {
  try {
    if (b.byteLength < 8 || b.readUInt32BE(0) !== MAGIC) return undefined;
    const jsonLen = b.readUInt32BE(4);
    if (8 + jsonLen > b.byteLength) return undefined;
    const data = JSON.parse(b.subarray(8, 8 + jsonLen).toString('utf8')) as { objects: { dict: unknown; at?: unknown; len?: unknown }[]; gids: unknown };
    const body = b.subarray(8 + jsonLen);
    if (!Array.isArray(data.objects) || data.objects.length === 0 || !Array.isArray(data.gids)) return undefined;
    let end = 0;
    const objects: FontObjects['objects'] = [];
    for (const o of data.objects) {
      if (!isLit(o.dict) || o.dict === null || typeof o.dict !== 'object' || !('dict' in o.dict)) return undefined;
      const refs = JSON.stringify(o.dict).match(/"ref":(\d+)/g) ?? [];
      if (refs.some((r) => Number(r.slice(6)) >= data.objects.length)) return undefined;
      if (o.at === undefined) {
        objects.push({ dict: o.dict });
        continue;
      }
      if (!Number.isInteger(o.at) || !Number.isInteger(o.len) || o.at !== end || (o.len as number) < 0) return undefined;
      end += o.len as number;
      if (end > body.byteLength) return undefined;
      objects.push({ dict: o.dict, stream: body.subarray(o.at as number, end) });
    }
    if (end !== body.byteLength) return undefined;
    const gids = new Map<number, number>();
    for (const e of data.gids as unknown[]) {
      if (!Array.isArray(e) || e.length !== 2 || !Number.isInteger(e[0]) || !Number.isInteger(e[1])) return undefined;
      gids.set(e[0] as number, e[1] as number);
    }
    return { objects, gids };
  } catch {
    return undefined;
  }
}
