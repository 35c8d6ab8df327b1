import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Fonts decompressed once per machine instead of once per run. The bundled faces are WOFF2;
 * reading one with fontkit unpacks it with a JavaScript Brotli decoder (~0.6 s a face, and
 * measuring every glyph of a WOFF2 face decodes its outline). The plain TrueType that
 * wawoff2 (WebAssembly) makes of it is kept in the cache folder, named by the SHA-256 of the
 * WOFF2 file, followed by the SHA-256 of the TrueType bytes so that a damaged or truncated cache
 * file is recognised and ignored. The cache is best effort: a folder that cannot be written
 * costs speed, never a result.
 */
const DIGEST = 32;
const WOFF2_MAGIC = 0x774f4632; // 'wOF2'

/** Whether `bytes` is a WOFF2 file (the only kind worth caching decompressed). */
export function isWoff2(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 4 && new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0) === WOFF2_MAGIC;
}

function entryPath(dir: string, woff2: Uint8Array): string {
  return join(dir, 'fonts', `${createHash('sha256').update(woff2).digest('hex')}.ttf`);
}

/** The cached TrueType of a WOFF2 file, or undefined when there is none or it is damaged. */
export function readCachedSfnt(dir: string | undefined, woff2: Uint8Array): Buffer | undefined {
  if (!dir || !isWoff2(woff2)) return undefined;
  let file: Buffer;
  try {
    file = readFileSync(entryPath(dir, woff2));
  } catch {
    return undefined;
  }
  if (file.byteLength <= DIGEST) return undefined;
  const body = file.subarray(0, file.byteLength - DIGEST);
  const digest = createHash('sha256').update(body).digest();
  return digest.equals(file.subarray(file.byteLength - DIGEST)) ? body : undefined;
}

/** Keep the TrueType of a WOFF2 file; written to a temporary name and renamed, so readers never see half a file. */
export function writeCachedSfnt(dir: string | undefined, woff2: Uint8Array, sfnt: Uint8Array): void {
  if (!dir || !isWoff2(woff2)) return;
  const path = entryPath(dir, woff2);
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(join(dir, 'fonts'), { recursive: true, mode: 0o700 });
    writeFileSync(tmp, Buffer.concat([sfnt, createHash('sha256').update(sfnt).digest()]), { mode: 0o600 });
    renameSync(tmp, path);
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // The folder itself is unusable; there is nothing to clean.
    }
  }
}
