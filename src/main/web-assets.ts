/**
 * The renderer's files as browser mode serves them: Vite's content-hashed files under `assets/`
 * are cached by the browser for a year and never asked for again (a new build has new names);
 * everything else (index.html) is asked for every time. Text files are compressed once (brotli or
 * gzip, as the browser accepts) and kept compressed in memory: a reload moves kilobytes, not 8 MB.
 */
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** File types worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json']);

/** A Vite output name with its content hash, e.g. `index-CESy1uUt.js`. */
const HASHED = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

/** The Cache-Control of a renderer file at `rel` (relative to the renderer folder). */
export function cacheControl(rel: string): string {
  return rel.startsWith('assets/') && HASHED.test(basename(rel)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The encoding to answer with for an Accept-Encoding header: br, then gzip, else none. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (e: string) => (offered.get(e) ?? offered.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

export interface AssetBody {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

/** Reads and compresses renderer files, each once per encoding (a new build means a new process). */
export class AssetCache {
  readonly #cache = new Map<string, Promise<Buffer>>();

  /** The bytes of `file` to send for a request accepting `accept`; throws when the file cannot be read. */
  async get(file: string, accept: string | undefined): Promise<AssetBody> {
    const raw = await this.#remember(`raw:${file}`, () => readFile(file));
    const encoding = COMPRESSIBLE.has(extname(file)) && raw.length > 1024 ? pickEncoding(accept) : undefined;
    if (!encoding) return { body: raw };
    const body = await this.#remember(`${encoding}:${file}`, () =>
      // Brotli at quality 9: nearly all of 11's gain at a fraction of its time, paid once per file.
      encoding === 'br' ? brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : gz(raw, { level: 9 }),
    );
    return { body, encoding };
  }

  #remember(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    let p = this.#cache.get(key);
    if (!p) {
      this.#cache.set(key, (p = make()));
      p.catch(() => this.#cache.delete(key)); // a file that appears later is read then
    }
    return p;
  }
}
