import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Font, Glyph } from '@pdf-lib/fontkit';
import type { convert as ConvertFont } from 'fontverter';
import type SubsetFont from 'subset-font';
import { cacheDir as defaultCacheDir } from '../paths';
import { cacheKey, fileHash, readCached, writeCached } from './disk-cache';
import { hmtxAdvances, metricsSfnt } from './woff2-metrics';
import { readCachedSfnt, writeCachedSfnt } from './font-cache';
import { decodeFontObjects, encodeFontObjects, fontkit, makeFontObjects, subsetTag, type FontObjects } from './pdf-font';
import type { BuiltinFaceId, FontFaceId } from '../../../shared/cards/draw-list';
import { FONT_FACES, PROJECT_FONTS_DIR, isProjectFace, projectFontFile, type FaceMetrics, type TextMeasurer } from '../../../shared/cards/fonts';
import { pdfFontName, readProjectFont } from './project-font-file';
import { damagedFont, ProjectFontError, withProjectFonts } from './project-font-view';

export { FALLBACK_FACE, ProjectFontError } from './project-font-view';
import { ptToMm, type Mm, type Pt } from '../../../shared/util/units';

/**
 * The font file behind each face: an npm package and a file inside it. The `chinese-simplified`
 * files hold ASCII and ~8,200 CJK glyphs (they lack circled digits such as ①).
 */
export const FONT_FILES: Record<BuiltinFaceId, { pkg: string; file: string }> = {
  sans: { pkg: '@fontsource/noto-sans-sc', file: 'files/noto-sans-sc-chinese-simplified-400-normal.woff2' },
  'sans-medium': { pkg: '@fontsource/noto-sans-sc', file: 'files/noto-sans-sc-chinese-simplified-500-normal.woff2' },
  'sans-bold': { pkg: '@fontsource/noto-sans-sc', file: 'files/noto-sans-sc-chinese-simplified-700-normal.woff2' },
  brush: { pkg: '@fontsource/ma-shan-zheng', file: 'files/ma-shan-zheng-chinese-simplified-400-normal.woff2' },
  latin: { pkg: '@fontsource/noto-sans', file: 'files/noto-sans-latin-400-normal.woff2' },
  'latin-medium': { pkg: '@fontsource/noto-sans', file: 'files/noto-sans-latin-500-normal.woff2' },
  'latin-bold': { pkg: '@fontsource/noto-sans', file: 'files/noto-sans-latin-700-normal.woff2' },
};

const WEIGHT_NAMES: Record<number, string> = { 400: 'Regular', 500: 'Medium', 700: 'Bold' };

/**
 * The PostScript name a face is embedded under (without the subset tag), derived from
 * FONT_FACES. The fontsource Noto files call themselves `NotoSansSCThin-*`, which would mislead
 * print-shop preflight, so the name is not taken from the file.
 * @example postScriptName('sans-bold') === 'NotoSansSC-Bold'
 */
export function postScriptName(face: BuiltinFaceId): string {
  const f = FONT_FACES[face];
  return `${f.family.replace(/\s+/g, '')}-${WEIGHT_NAMES[f.weight] ?? String(f.weight)}`;
}


/** Fonts for measuring, subsetting and outlining text; one instance caches parsed fonts and subsets. */
export interface FontService {
  /** The shared-layout measurer: fontkit advance widths, no kerning, exactly what the PDF writer draws. */
  measurer: TextMeasurer;
  /**
   * A TrueType subset of `face` holding the glyphs of `text` (and .notdef), cached by (face, text).
   * Characters the face lacks are silently absent; check `missingGlyphs` first.
   */
  subset(face: FontFaceId, text: string): Promise<Uint8Array>;
  /**
   * Outline of a text run as SVG path data in millimetres, for a run whose baseline starts at
   * (`x`, `y`) (y down). Glyphs advance exactly as `measurer.width` measures, plus
   * `letterSpacing` (mm) after every character.
   */
  glyphPath(face: FontFaceId, text: string, sizePt: Pt, x: Mm, y: Mm, letterSpacing?: Mm): string;
  /** The distinct characters of `text` that `face` has no glyph for, in order of first use. */
  missingGlyphs(face: FontFaceId, text: string): string[];
  /** The glyph `face` draws for a code point (.notdef when missing): the one mapping every writer uses. */
  glyphFor(face: FontFaceId, codePoint: number): Glyph;
  /** Absolute path of the font file behind `face`. */
  fontFile(face: FontFaceId): string;
  /**
   * The PDF objects that embed a subset of `face` holding `text` (pdf-font.ts), kept in the cache
   * folder by (font file, text): a repeated export neither subsets nor loads fontkit.
   */
  pdfFont(face: FontFaceId, text: string): Promise<FontObjects>;
  /**
   * These fonts with the `font:<file>` faces of one project folder: project faces are read from
   * its `fonts/` folder (kept per folder, read again when a file changes); the bundled faces stay
   * shared. A project font that cannot be used measures as `sans` (so a preview still draws) and
   * is listed by `problems`; subsetting or embedding it throws its ProjectFontError.
   */
  forProject(dir: string): FontService;
  /** The project fonts this service could not use so far (see `forProject`), each with its message. */
  problems(): ProjectFontError[];
  /**
   * Try the project faces `faces` the way an export uses them (measure, outline, subset and embed
   * a few glyphs) before anything is laid out, so that one that cannot be embedded falls back to
   * the bundled face for the whole job, not halfway through it. Nothing for bundled faces.
   */
  ready(faces: Iterable<FontFaceId>): Promise<void>;
  /** Up to `n` characters `face` has glyphs for, lowest code points first (what `ready` embeds). */
  sample(face: FontFaceId, n: number): string;
}

/** Options of `createFontService`, mainly for tests. */
export interface FontServiceOptions {
  /** Override the font file of some faces (absolute paths). */
  files?: Partial<Record<FontFaceId, string>>;
  /** How many subsets to keep cached (default 64). */
  subsetCacheSize?: number;
  /** Folder that keeps decompressed faces between runs (default `cacheDir()`; null: none). */
  cacheDir?: string | null;
  /**
   * The project folder whose `fonts/` holds the `font:<file>` faces. Without it a project face is
   * an error; project fonts are read only through `readProjectFont` (inside the folder, no links).
   */
  projectDir?: string;
}

const req = createRequire(import.meta.url);
// Loaded on first use: a run that finds its fonts in the cache folder needs neither (fontverter
// starts wawoff2's WebAssembly when loaded, subset-font HarfBuzz's).
const convertFont: typeof ConvertFont = (...args) => (req('fontverter') as { convert: typeof ConvertFont }).convert(...args);
const subsetFont: typeof SubsetFont = (...args) => (req('subset-font') as typeof SubsetFont)(...args);

/** Bump when what a cache entry of this file holds, or how it is made, changes. */
const METRICS_VERSION = 'face-metrics-v1';
const PDF_FONT_VERSION = 'pdf-font-v1';

/**
 * What measuring needs of a face, without parsing it: its vertical metrics, the advance (font
 * units) of every code point it maps to a glyph, and the advance of .notdef (drawn for the rest).
 * Made once from fontkit's reading of the face, then kept in the cache folder.
 */
interface FaceTable {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
  notdef: number;
  advances: Map<number, number>;
}

const TABLE_MAGIC = 0x4651464d; // FQFM

function encodeTable(t: FaceTable): Buffer {
  const b = Buffer.alloc(48 + t.advances.size * 8);
  b.writeUInt32BE(TABLE_MAGIC, 0);
  b.writeUInt32BE(t.advances.size, 4);
  [t.unitsPerEm, t.ascent, t.descent, t.capHeight, t.notdef].forEach((v, i) => b.writeDoubleBE(v, 8 + i * 8));
  let at = 48;
  for (const [cp, adv] of t.advances) {
    b.writeUInt32BE(cp, at);
    b.writeUInt32BE(adv, at + 4);
    at += 8;
  }
  return b;
}

function decodeTable(b: Buffer): FaceTable | undefined {
  if (b.byteLength < 48 || b.readUInt32BE(0) !== TABLE_MAGIC) return undefined;
  const n = b.readUInt32BE(4);
  if (b.byteLength !== 48 + n * 8) return undefined;
  const [unitsPerEm, ascent, descent, capHeight, notdef] = [0, 1, 2, 3, 4].map((i) => b.readDoubleBE(8 + i * 8)) as [number, number, number, number, number];
  if (!(unitsPerEm > 0) || ![ascent, descent, capHeight, notdef].every(Number.isFinite)) return undefined;
  const advances = new Map<number, number>();
  for (let at = 48; at < b.byteLength; at += 8) advances.set(b.readUInt32BE(at), b.readUInt32BE(at + 4));
  return { unitsPerEm, ascent, descent, capHeight, notdef, advances };
}

/**
 * The table of a face as fontkit reads it: advances as `advanceOfGlyph` reads them (from `hmtx`, here read from the bytes when given), only code points with a
 * glyph. Glyph ids come straight from fontkit's character map: making a glyph object for each of
 * ~8,000 code points cost more than all the rest (and, for WOFF2, decoded every outline).
 */
function tableOf(font: Font, hmtx?: Uint16Array): FaceTable {
  const advances = new Map<number, number>();
  const advanceOf = (f: Font, id: number): number => (hmtx ? hmtx[Math.min(id, hmtx.length - 1)]! : advanceOfGlyph(f, id));
  const cmap = (font as unknown as { _cmapProcessor?: { lookup?: (cp: number) => number } })._cmapProcessor;
  const idOf = typeof cmap?.lookup === 'function' ? (cp: number) => cmap.lookup!(cp) : (cp: number) => font.glyphForCodePoint(cp).id;
  for (const cp of font.characterSet) {
    const id = idOf(cp);
    if (id) advances.set(cp, advanceOf(font, id));
  }
  return { unitsPerEm: font.unitsPerEm, ascent: font.ascent, descent: font.descent, capHeight: font.capHeight || font.ascent, notdef: advanceOf(font, 0), advances };
}

/**
 * A glyph's advance in font units (by glyph id), read from the `hmtx` table as fontkit's `advanceWidth` does.
 * `advanceWidth` also works out vertical metrics, which for fonts without `vmtx` (ours) decodes
 * the glyph's outline: most of the cost of measuring text. Static fonts only (no `HVAR`), which
 * every bundled face is; otherwise, or without `hmtx`, fontkit's own answer.
 */
function advanceOfGlyph(font: Font, id: number): number {
  const f = font as unknown as { hmtx?: { metrics: { length: number; get(i: number): { advance: number } } }; HVAR?: unknown };
  const metrics = f.HVAR ? undefined : f.hmtx?.metrics;
  if (!metrics || metrics.length === 0) return font.getGlyph(id).advanceWidth;
  return metrics.get(Math.min(id, metrics.length - 1)).advance;
}

/** Resolve the file of a face inside node_modules, from src (tsx, vitest) or a bundled out/main. */
function resolveFontFile(face: BuiltinFaceId): string {
  const { pkg, file } = FONT_FILES[face];
  try {
    return req.resolve(`${pkg}/${file}`);
  } catch (e) {
    throw new Error(
      `Font file for face "${face}" not found (${pkg}/${file}): ${(e as Error).message}. ` +
        `Run \`npm ci\` so that ${pkg} is installed.`,
    );
  }
}

const fmt = (v: number): string => {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? '0' : String(r);
};

/** WOFF2 decompressions run one at a time in a process (see `subset`). */
let decompressing: Promise<unknown> = Promise.resolve();

/**
 * Create a font service. Font files are read and parsed on first use of a face, then kept.
 * @example const fonts = createFontService(); fonts.measurer.width('sans', '福鼠', 10)
 */
export function createFontService(opts: FontServiceOptions = {}): FontService {
  const fonts = new Map<FontFaceId, { font: Font; bytes: Buffer; file: string }>();
  const sources = new Map<FontFaceId, { file: string; hash: string; bytes?: Buffer; stamp?: string }>();
  const tables = new Map<FontFaceId, FaceTable>();
  const pdfFonts = new Map<string, Promise<FontObjects>>();
  const widths = new Map<FontFaceId, Map<number, number>>();
  const paths = new Map<string, { command: string; args: number[] }[]>();
  const subsets = new Map<string, Promise<Uint8Array>>();
  /** Each face as plain TrueType, decompressed once: subsetting WOFF2 bytes would unpack them on every call. */
  const sfnt = new Map<FontFaceId, Promise<Buffer>>();
  const maxSubsets = opts.subsetCacheSize ?? 64;
  const cache = opts.cacheDir === null ? undefined : (opts.cacheDir ?? defaultCacheDir());

  function fontFile(face: FontFaceId): string {
    if (isProjectFace(face)) {
      if (!opts.projectDir) throw new Error(`Face "${face}" is a project font, but these fonts belong to no project; use fonts.forProject(dir).`);
      return join(opts.projectDir, PROJECT_FONTS_DIR, projectFontFile(face));
    }
    if (!Object.hasOwn(FONT_FILES, face)) throw new Error(`Unknown font face "${face}"; use one of ${Object.keys(FONT_FILES).join(', ')}, or a project font "font:<file>".`);
    return opts.files?.[face] ?? resolveFontFile(face);
  }

  const unreadable = (face: FontFaceId, file: string, e: unknown): Error =>
    isProjectFace(face)
      ? new ProjectFontError(face, `The project font ${PROJECT_FONTS_DIR}/${projectFontFile(face)} cannot be read: ${(e as Error).message}`)
      : new Error(`Cannot read the font file of face "${face}" at ${file}: ${(e as Error).message}. Reinstall dependencies with \`npm ci\`.`);

  /** The font file of a face and its SHA-256 (its identity in cache keys; `fileHash`). */
  function source(face: FontFaceId): { file: string; hash: string; bytes?: Buffer; stamp?: string } {
    let src = sources.get(face);
    if (!src) {
      const file = fontFile(face);
      try {
        if (isProjectFace(face)) {
          // Read whole and hashed from its bytes: a project file is never trusted by its path.
          const bytes = readProjectFont(opts.projectDir!, projectFontFile(face));
          if (!bytes)
            throw new ProjectFontError(
              face,
              `The project has no font ${PROJECT_FONTS_DIR}/${projectFontFile(face)}; add it again in the template editor's fonts panel, or choose another face.`,
              'missing',
              `项目字体 ${PROJECT_FONTS_DIR}/${projectFontFile(face)} 不在项目中。请在模板编辑器的字体面板中重新添加该字体，或改用其他字体。`,
            );
          src = { file, hash: createHash('sha256').update(bytes).digest('hex'), bytes, stamp: fileStamp(file) };
        } else src = { file, hash: fileHash(file, cache) };
        sources.set(face, src);
      } catch (e) {
        if (e instanceof ProjectFontError) throw e;
        throw unreadable(face, file, e);
      }
    }
    return src;
  }

  /** The bytes of a face's font file, read once (only when its work is not in the cache folder). */
  function fileBytes(face: FontFaceId): Buffer {
    const src = source(face);
    if (!src.bytes) {
      try {
        src.bytes = readFileSync(src.file);
      } catch (e) {
        throw unreadable(face, src.file, e);
      }
    }
    return src.bytes;
  }

  /** The face parsed by fontkit (outlines, and the tables of faces not yet in the cache folder). */
  function load(face: FontFaceId): { font: Font; bytes: Buffer; file: string } {
    let f = fonts.get(face);
    if (!f) {
      const { file } = source(face);
      const bytes = fileBytes(face);
      // Parsed from the cached TrueType when there is one: the same glyphs and advances as the
      // WOFF2, without fontkit's slow WOFF2 decoding.
      const plain = readCachedSfnt(cache, bytes);
      let font: Font | undefined;
      if (plain) {
        try {
          font = fontkit().create(plain);
          sfnt.set(face, Promise.resolve(plain));
        } catch {
          font = undefined;
        }
      }
      try {
        f = { font: font ?? fontkit().create(bytes), bytes, file };
      } catch (e) {
        if (isProjectFace(face)) throw damagedFont(face, e);
        throw e;
      }
      fonts.set(face, f);
    }
    return f;
  }

  /** What measuring needs of a face: from the cache folder, else from fontkit (and then kept there). */
  function table(face: FontFaceId): FaceTable {
    let t = tables.get(face);
    if (!t) {
      const key = cacheKey(METRICS_VERSION, source(face).hash);
      const hit = readCached(cache, 'font-metrics', key);
      t = hit && decodeTable(hit);
      if (!t) {
        // From the few tables measuring needs (Node's Brotli, no outlines), else the whole face.
        const small = fonts.has(face) ? undefined : metricsSfnt(fileBytes(face));
        let font: Font | undefined;
        try {
          font = small && fontkit().create(small);
        } catch {
          font = undefined;
        }
        t = font ? tableOf(font, small && hmtxAdvances(small)) : tableOf(load(face).font);
        writeCached(cache, 'font-metrics', key, encodeTable(t));
      }
      tables.set(face, t);
      widths.set(face, new Map());
    }
    return t;
  }

  function glyphFor(face: FontFaceId, cp: number): Glyph {
    return load(face).font.glyphForCodePoint(cp);
  }

  /** Advance of one code point in em. */
  function advanceEm(face: FontFaceId, cp: number): number {
    const t = table(face);
    const cache = widths.get(face)!;
    let w = cache.get(cp);
    if (w === undefined) {
      w = (t.advances.get(cp) ?? t.notdef) / t.unitsPerEm;
      cache.set(cp, w);
    }
    return w;
  }

  const measurer: TextMeasurer = {
    width(face, text, size) {
      let em = 0;
      for (const ch of text) em += advanceEm(face, ch.codePointAt(0)!);
      return ptToMm(em * size);
    },
    metrics(face): FaceMetrics {
      const t = table(face);
      const u = t.unitsPerEm;
      return { ascent: t.ascent / u, descent: t.descent / u, capHeight: t.capHeight / u };
    },
    hasGlyph(face, codePoint) {
      return table(face).advances.has(codePoint);
    },
  };

  function missingGlyphs(face: FontFaceId, text: string): string[] {
    const { advances } = table(face);
    const out: string[] = [];
    for (const ch of new Set(text)) if (!advances.has(ch.codePointAt(0)!)) out.push(ch);
    return out;
  }

  /** Glyph outline commands in font units (y up), cached per glyph. */
  function outline(face: FontFaceId, glyph: Glyph): { command: string; args: number[] }[] {
    const key = `${face}:${glyph.id}`;
    let cmds = paths.get(key);
    if (!cmds) {
      cmds = (glyph.path as unknown as { commands: { command: string; args: number[] }[] }).commands;
      paths.set(key, cmds);
    }
    return cmds;
  }

  function glyphPath(face: FontFaceId, text: string, sizePt: Pt, x: Mm, y: Mm, letterSpacing: Mm = 0): string {
    const { font } = load(face);
    const s = ptToMm(sizePt) / font.unitsPerEm; // mm per font unit
    const parts: string[] = [];
    let pen = x;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const glyph = font.glyphForCodePoint(cp);
      const X = (v: number): string => fmt(pen + v * s);
      const Y = (v: number): string => fmt(y - v * s);
      for (const { command: cmd, args: a } of outline(face, glyph)) {
        if (cmd === 'moveTo') parts.push(`M${X(a[0])} ${Y(a[1])}`);
        else if (cmd === 'lineTo') parts.push(`L${X(a[0])} ${Y(a[1])}`);
        else if (cmd === 'quadraticCurveTo') parts.push(`Q${X(a[0])} ${Y(a[1])} ${X(a[2])} ${Y(a[3])}`);
        else if (cmd === 'bezierCurveTo') parts.push(`C${X(a[0])} ${Y(a[1])} ${X(a[2])} ${Y(a[3])} ${X(a[4])} ${Y(a[5])}`);
        else if (cmd === 'closePath') parts.push('Z');
      }
      pen += ptToMm(advanceEm(face, cp) * sizePt) + letterSpacing;
    }
    return parts.join('');
  }

  function subset(face: FontFaceId, text: string): Promise<Uint8Array> {
    const key = `${face}\u0000${text}`;
    let p = subsets.get(key);
    if (p) {
      subsets.delete(key); // re-insert: most recently used last
      subsets.set(key, p);
      return p;
    }
    const bytes = fileBytes(face);
    let ttf = sfnt.get(face);
    const plain = ttf ? undefined : readCachedSfnt(cache, bytes);
    if (plain) sfnt.set(face, (ttf = Promise.resolve(plain)));
    if (!ttf) {
      // One at a time: wawoff2 hands back a view of its WebAssembly memory, and a second
      // decompression started before fontverter copies the first overwrites it (two faces
      // converted side by side came back as one corrupt font).
      const next = decompressing
        .catch(() => undefined)
        .then(() => convertFont(bytes, 'sfnt'))
        .then((b) => {
          writeCachedSfnt(cache, bytes, b);
          return b;
        });
      decompressing = next;
      ttf = next;
      ttf.catch(() => sfnt.delete(face));
      sfnt.set(face, ttf);
    }
    p = ttf.then((b) => subsetFont(b, text, { targetFormat: 'truetype', noLayoutClosure: true })).then(
      (b) => {
        // HarfBuzz writes the glyf table last. @pdf-lib/fontkit reads a glyph header even for an
        // empty glyph, so an empty last glyph (a space, in some fonts) reads past the end of the
        // file and embedding fails. Zero padding after the last table is ignored by every reader
        // and gives that read ten harmless zero bytes.
        const padded = new Uint8Array(b.byteLength + 16);
        padded.set(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
        return padded;
      },
      (e: unknown) => {
        subsets.delete(key);
        throw new Error(`Subsetting face "${face}" failed: ${(e as Error).message}. The font file may be damaged; reinstall with \`npm ci\`.`);
      },
    );
    subsets.set(key, p);
    while (subsets.size > maxSubsets) subsets.delete(subsets.keys().next().value!);
    return p;
  }

  function pdfFont(face: FontFaceId, text: string): Promise<FontObjects> {
    // A project font's name comes from its own bytes, which the hash already names.
    const key = cacheKey(PDF_FONT_VERSION, source(face).hash, isProjectFace(face) ? 'project' : postScriptName(face), text);
    let p = pdfFonts.get(key);
    if (p) {
      pdfFonts.delete(key); // re-insert: most recently used last
      pdfFonts.set(key, p);
      return p;
    }
    const hit = readCached(cache, 'pdf-fonts', key);
    const cached = hit && decodeFontObjects(hit);
    p = cached
      ? Promise.resolve(cached)
      : subset(face, text).then(async (bytes) => {
          const name = isProjectFace(face) ? pdfFontName(load(face).font.postscriptName, projectFontFile(face)) : postScriptName(face);
          const made = await makeFontObjects(bytes, `${subsetTag(bytes)}+${name}`, text);
          writeCached(cache, 'pdf-fonts', key, encodeFontObjects(made));
          return made;
        });
    p.catch(() => pdfFonts.delete(key));
    pdfFonts.set(key, p);
    while (pdfFonts.size > maxSubsets) pdfFonts.delete(pdfFonts.keys().next().value!);
    return p;
  }

  /** Whether a project font read so far changed on disk since (then the folder's service is made again). */
  function stale(): boolean {
    for (const [face, src] of sources) if (isProjectFace(face) && fileStamp(src.file) !== src.stamp) return true;
    return false;
  }

  const self: FontService & { stale(): boolean } = {
    measurer,
    subset,
    glyphPath,
    missingGlyphs,
    glyphFor,
    fontFile,
    pdfFont,
    forProject: (dir) => (opts.projectDir === dir ? self : projectView(dir)),
    problems: () => [],
    ready: async () => undefined,
    sample: (face, n) => String.fromCodePoint(...[...table(face).advances.keys()].filter((cp) => cp > 32).sort((a, b) => a - b).slice(0, n)),
    stale,
  };

  /** Project services by folder (a few: one per open project). */
  const perProject = new Map<string, FontService & { stale(): boolean }>();

  function projectView(dir: string): FontService {
    let svc = perProject.get(dir);
    // A font file replaced, changed or removed since it was read: start over for this folder.
    if (svc?.stale()) svc = undefined;
    if (!svc) {
      perProject.delete(dir);
      svc = createFontService({ ...opts, projectDir: dir, cacheDir: cache ?? null }) as FontService & { stale(): boolean };
      perProject.set(dir, svc);
      while (perProject.size > 8) perProject.delete(perProject.keys().next().value!);
    }
    return withProjectFonts(self, svc, dir);
  }

  return self;
}

/** A file's identity on disk (size, change time, inode), or '' when it is gone. */
function fileStamp(file: string): string {
  try {
    const st = lstatSync(file);
    return `${st.size}|${st.mtimeMs}|${st.ctimeMs}|${st.ino}`;
  } catch {
    return '';
  }
}
