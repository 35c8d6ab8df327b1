import { createHash } from 'node:crypto';
import { readCached, writeCached } from './disk-cache';

/**
 * Fonts decompressed once per machine instead of once per run. The bundled faces are WOFF2;
 * reading one with fontkit unpacks it with a JavaScript Brotli decoder (~0.6 s a face, and
 * measuring every glyph of a WOFF2 face decodes its outline). The plain TrueType that
 * wawoff2 (WebAssembly) makes of it is kept in the cache folder, named by the SHA-256 of the
 * WOFF2 file, followed by the SHA-256 of the TrueType bytes so that a damaged or truncated cache
 * file is recognised and ignored (disk-cache.ts).
 */
const WOFF2_MAGIC = 0x774f4632; // 'wOF2'

/** Whether `bytes` is a WOFF2 file (the only kind worth caching decompressed). */
export function isWoff2(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 4 && new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0) === WOFF2_MAGIC;
}

const key = (woff2: Uint8Array): string => createHash('sha256').update(woff2).digest('hex');

/** The cached TrueType of a WOFF2 file, or undefined when there is none or it is damaged. */
export function readCachedSfnt(dir: string | undefined, woff2: Uint8Array): Buffer | undefined {
  if (!dir || !isWoff2(woff2)) return undefined;
  return readCached(dir, 'fonts', key(woff2), 'ttf');
}

/** Keep the TrueType of a WOFF2 file; written to a temporary name and renamed, so readers never see half a file. */
export function writeCachedSfnt(dir: string | undefined, woff2: Uint8Array, sfnt: Uint8Array): void {
  if (!dir || !isWoff2(woff2)) return;
  writeCached(dir, 'fonts', key(woff2), sfnt, 'ttf');
}
