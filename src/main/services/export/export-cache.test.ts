// The cache folder behind a fast repeated export (disk-cache.ts): PDF-ready fonts, face metrics,
// image inspections and PDF-ready images. A warm cache must give exactly the PDF that no cache
// gives (same bytes, same rendering); a damaged entry must be ignored and made again; nothing may
// be kept inside a project folder.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { createServices } from '../index';
import { PrintService } from '../print';
import { createAssetService } from './assets';
import { cacheKey, cacheOutside, fileHash, readCached, sha256, writeCached } from './disk-cache';
import { createFontService } from './fonts';
import { exportKit } from './kit';
import { decodeFontObjects, encodeFontObjects, makeFontObjects, placeFontObjects } from './pdf-font';

const root = mkdtempSync(join(tmpdir(), 'fuqi-export-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const services = createServices({ mode: 'cli', exportDir: root });
// (file-hashes, the fourth kind an export writes, has its own test below: the icon set's hash is
// remembered for the whole process, so a second export in it does not look at that entry.)
const KINDS = ['font-metrics', 'image-info', 'pdf-fonts', 'pdf-images'];

/** The 斗福 kit exported with fresh font and asset services that keep their work in `cache` (null: nowhere). */
async function exportDoufu(cache: string | null, name: string): Promise<Buffer> {
  const fonts = createFontService({ cacheDir: cache });
  const deps = { projects: services.projects, fonts, assets: (dir: string) => createAssetService({ projectDir: dir, cacheDir: cache }) };
  const req = PrintService.resolve({ projectId: 'doufu', paper: 'a4', duplex: 'long' });
  if (!req.ok) throw new Error(req.error.message);
  const file = join(root, `${name}.pdf`);
  const res = await exportKit(deps, req.value, { pdf: file });
  if (!res.ok) throw new Error(res.error.message);
  return readFileSync(file);
}

/** Every page of a PDF rendered by poppler at 50 DPI, as PNG bytes. */
function render(pdf: Buffer, name: string): Buffer[] {
  const dir = join(root, `render-${name}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '50', '-png', join(dir, 'doc.pdf'), join(dir, 'p')]);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .map((f) => readFileSync(join(dir, f)));
}

const entries = (cache: string, kind: string): string[] => readdirSync(join(cache, kind)).map((f) => join(cache, kind, f));

describe('export cache', () => {
  const cache = join(root, 'cache');
  let uncached: Buffer;

  it('gives the same PDF from a warm cache as without any cache: same bytes, same rendering', async () => {
    uncached = await exportDoufu(null, 'uncached');
    const cold = await exportDoufu(cache, 'cold');
    for (const kind of KINDS) expect(entries(cache, kind).length, kind).toBeGreaterThan(0);
    const warm = await exportDoufu(cache, 'warm');
    expect(cold.equals(uncached)).toBe(true);
    expect(warm.equals(uncached)).toBe(true);
    const [a, b] = [render(uncached, 'uncached'), render(warm, 'warm')];
    // The default layout on A4: landscape, 8 cards a sheet (every mark inside the margin): 7 sheets
    // of fronts and backs and the calibration page and its back.
    expect(a).toHaveLength(16);
    expect(b).toHaveLength(16);
    for (const [i, page] of a.entries()) expect(page.equals(b[i]!), `page ${i + 1}`).toBe(true);
  }, 240_000);

  it('ignores damaged entries (flipped, truncated, well-hashed nonsense) and makes them again', async () => {
    const good = new Map<string, Buffer>();
    for (const kind of KINDS) for (const f of entries(cache, kind)) good.set(f, readFileSync(f));
    let n = 0;
    for (const kind of KINDS)
      for (const f of entries(cache, kind)) {
        const bytes = Buffer.from(good.get(f)!);
        const name = f.slice(f.lastIndexOf('/') + 1);
        const [key, ext] = name.split('.') as [string, string];
        // Three kinds of damage, in turn: a flipped byte, a cut-off file, and a sound entry
        // (its hash is right) whose contents are not what the reader expects.
        if (n % 3 === 0) {
          bytes[Math.floor(bytes.length / 2)]! ^= 0x55;
          writeFileSync(f, bytes);
        } else if (n % 3 === 1) writeFileSync(f, bytes.subarray(0, Math.floor(bytes.length / 3)));
        else writeCached(cache, kind, key, Buffer.from('{"objects":[{"dict":{"ref":99}}],"gids":[]} not what was kept'), ext);
        n++;
      }
    expect(n).toBeGreaterThan(8);
    const again = await exportDoufu(cache, 'repaired');
    expect(again.equals(uncached)).toBe(true);
    // Every entry was made again, exactly as it was.
    for (const [f, bytes] of good) expect(readFileSync(f).equals(bytes), f).toBe(true);
  }, 240_000);

  it('keeps nothing inside a project folder', async () => {
    expect(cacheOutside('/p/game/.cache', '/p/game')).toBeUndefined();
    expect(cacheOutside('/p/game', '/p/game')).toBeUndefined();
    expect(cacheOutside('/p/cache', '/p/game')).toBe('/p/cache');
    expect(cacheOutside('/p/game-cache', '/p/game')).toBe('/p/game-cache');
    expect(cacheOutside(undefined, '/p/game')).toBeUndefined();
    const project = join(root, 'project');
    mkdirSync(join(project, 'art'), { recursive: true });
    writeFileSync(join(project, 'art', 'dot.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><circle cx="2" cy="2" r="2" fill="red"/></svg>');
    const assets = createAssetService({ projectDir: project, cacheDir: join(project, 'cache') });
    expect((await assets.inspect('file:art/dot.svg')).format).toBe('svg');
    expect((await assets.pdfImage!('file:art/dot.svg', 5, 5)).pxWidth).toBe(60);
    expect(readdirSync(project).sort()).toEqual(['art']);
  });

  it("remembers a package file's hash by its identity, and hashes a changed or damaged one again", () => {
    const dir = join(root, 'hash-cache');
    const file = join(root, 'package-file.bin');
    writeFileSync(file, Buffer.alloc(100_000, 1));
    expect(fileHash(file, dir)).toBe(sha256(readFileSync(file)));
    expect(entries(dir, 'file-hashes')).toHaveLength(1);
    expect(fileHash(file, dir)).toBe(sha256(readFileSync(file))); // from the entry
    // The same size, rewritten: its change time moves, so it is hashed again.
    writeFileSync(file, Buffer.alloc(100_000, 2));
    expect(fileHash(file, dir)).toBe(sha256(readFileSync(file)));
    expect(entries(dir, 'file-hashes')).toHaveLength(2);
    // A damaged entry is not believed.
    for (const f of entries(dir, 'file-hashes')) writeFileSync(f, Buffer.alloc(64, 9));
    expect(fileHash(file, dir)).toBe(sha256(readFileSync(file)));
    expect(fileHash(file, undefined)).toBe(sha256(readFileSync(file)));
    expect(() => fileHash(join(root, 'no-such-file'), dir)).toThrow(/ENOENT/);
  });

  it('names entries only by their key, inside their kind folder', () => {
    expect(() => writeCached(cache, '../escape', cacheKey('x'), Buffer.from('x'))).toThrow(/Bad cache entry name/);
    expect(() => readCached(cache, 'fonts', '../../etc/passwd')).toThrow(/Bad cache entry name/);
    expect(cacheKey('a', 'bc')).not.toBe(cacheKey('ab', 'c'));
  });
});

/**
 * A PDF object with every reference followed and every stream inflated (its /Length dropped):
 * what a reader sees, whichever deflate compressed it.
 */
function resolved(doc: PDFDocument, o: PDFObject | undefined): unknown {
  if (o instanceof PDFRef) return resolved(doc, doc.context.lookup(o));
  if (o instanceof PDFRawStream) {
    const { Length: _, ...dict } = resolved(doc, o.dict) as Record<string, unknown>;
    const bytes = dict.Filter === '/FlateDecode' ? inflateSync(o.getContents()) : Buffer.from(o.getContents());
    return { dict, bytes: bytes.toString('base64') };
  }
  if (o instanceof PDFDict) return Object.fromEntries(o.entries().map(([k, v]) => [k.decodeText(), resolved(doc, v)]));
  if (o instanceof PDFArray) return o.asArray().map((v) => resolved(doc, v));
  return o?.toString();
}

describe('PDF font objects', () => {
  it("are exactly the objects pdf-lib's own embedder makes, and survive the cache", async () => {
    const fonts = createFontService({ cacheDir: null });
    const text = '福鼠投忌 AV “quote”';
    const subset = await fonts.subset('sans', text);
    const name = 'ABCDEF+NotoSansSC-Regular';

    const own = await PDFDocument.create({ updateMetadata: false });
    own.registerFontkit(fontkit);
    const embedded = await own.embedFont(subset, { subset: false, customName: name });
    await own.save(); // pdf-lib writes a font's objects when the document is saved

    const objects = await makeFontObjects(subset, name, text);
    const copy = decodeFontObjects(encodeFontObjects(objects));
    expect(copy).toBeDefined();
    const placed = await PDFDocument.create({ updateMetadata: false });
    const ref = placeFontObjects(placed.context, copy!);
    const expected = resolved(own, embedded.ref);
    expect(JSON.stringify(expected)).toMatch(/FontFile2/);
    expect(resolved(placed, ref)).toEqual(expected);
    // The glyph of every character, as fontkit maps it in the subset.
    const parsed = fontkit.create(Buffer.from(subset));
    for (const ch of text) expect(copy!.gids.get(ch.codePointAt(0)!)).toBe(parsed.glyphForCodePoint(ch.codePointAt(0)!).id);
  });

  it('refuses a cache entry that is not font objects', () => {
    expect(decodeFontObjects(Buffer.from('nonsense'))).toBeUndefined();
    const good = encodeFontObjects({ objects: [{ dict: { dict: [['Type', { name: 'Font' }]] } }], gids: new Map([[65, 3]]) });
    expect(decodeFontObjects(good)?.gids.get(65)).toBe(3);
    expect(decodeFontObjects(good.subarray(0, good.length - 2))).toBeUndefined();
    const dangling = encodeFontObjects({ objects: [{ dict: { dict: [['Next', { ref: 5 }]] } }], gids: new Map() });
    expect(decodeFontObjects(dangling)).toBeUndefined();
  });
});
