import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';

/**
 * Work kept between runs in the cache folder (`paths.cacheDir()`): decompressed fonts, font
 * subsets ready to embed, images rasterised for a PDF. Every entry lives in `<dir>/<kind>/`, is
 * named by a SHA-256 key of everything it was made from, and ends with the SHA-256 of its
 * contents, so a damaged or truncated entry is recognised and ignored (the caller then makes the
 * work again and writes it anew). Entries are written to a temporary name and renamed, so a
 * reader never sees half a file. The cache is best effort: a folder that cannot be read or
 * written costs speed, never a result.
 */
const DIGEST = 32;

/** Folders an entry kind may be kept in: plain names only, never a path. */
const KIND = /^[a-z][a-z0-9-]*$/;

/**
 * A cache key: the SHA-256 (hex) of the parts, each prefixed with its length so that no two
 * different lists of parts give the same bytes.
 * @example cacheKey('pdf-image-v1', sourceHash, '300x300')
 */
export function cacheKey(...parts: (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) {
    const b = typeof p === 'string' ? Buffer.from(p, 'utf8') : p;
    const len = Buffer.alloc(4);
    len.writeUInt32BE(b.byteLength);
    h.update(len).update(b);
  }
  return h.digest('hex');
}

/** SHA-256 (hex) of some bytes: the identity of a source file in cache keys. */
export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

function entryPath(dir: string, kind: string, key: string, ext: string): string {
  if (!KIND.test(kind) || !/^[0-9a-f]{64}$/.test(key) || !/^[a-z0-9]*$/.test(ext)) throw new Error(`Bad cache entry name ${kind}/${key}.${ext}`);
  return join(dir, kind, ext ? `${key}.${ext}` : key);
}

/** The contents of an entry, or undefined when there is none, it cannot be read, or it is damaged. */
export function readCached(dir: string | undefined, kind: string, key: string, ext = 'bin'): Buffer | undefined {
  if (!dir) return undefined;
  const path = entryPath(dir, kind, key, ext); // a bad name is a bug: it throws
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch {
    return undefined;
  }
  if (file.byteLength <= DIGEST) return undefined;
  const body = file.subarray(0, file.byteLength - DIGEST);
  const digest = createHash('sha256').update(body).digest();
  return digest.equals(file.subarray(file.byteLength - DIGEST)) ? body : undefined;
}

/** Keep `body` as an entry (replacing a damaged one); a folder that cannot be written is passed over. */
export function writeCached(dir: string | undefined, kind: string, key: string, body: Uint8Array, ext = 'bin'): void {
  if (!dir) return;
  const path = entryPath(dir, kind, key, ext); // a bad name is a bug: it throws
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(join(dir, kind), { recursive: true, mode: 0o700 });
    writeFileSync(tmp, Buffer.concat([body, createHash('sha256').update(body).digest()]), { mode: 0o600 });
    renameSync(tmp, path);
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // The folder itself is unusable; there is nothing to clean.
    }
  }
}

/**
 * The cache folder to use next to a project: none when `dir` is inside `projectDir` (or is it),
 * so that cache files never land among a project's files (and are never shared with it).
 */
export function cacheOutside(dir: string | undefined, projectDir: string | undefined): string | undefined {
  if (!dir || !projectDir) return dir;
  const rel = relative(resolve(projectDir), resolve(dir));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel)) ? undefined : dir;
}

/**
 * The SHA-256 (hex) of a file that seldom changes (a package's font or icon set, megabytes each),
 * remembered in the cache folder under the file's identity: its path, device, inode, size, and
 * modification and change times in nanoseconds. A later run learns it from one `stat` instead of
 * reading and hashing the file; writing the file changes its change time, so a changed file is
 * read and hashed again. Throws what reading the file throws.
 */
export function fileHash(path: string, dir: string | undefined): string {
  const st = statSync(path, { bigint: true });
  const key = cacheKey('file-hash-v1', resolve(path), ...[st.dev, st.ino, st.size, st.mtimeNs, st.ctimeNs].map(String));
  const hit = readCached(dir, 'file-hashes', key);
  if (hit?.byteLength === 32) return hit.toString('hex');
  const digest = createHash('sha256').update(readFileSync(path)).digest();
  writeCached(dir, 'file-hashes', key, digest);
  return digest.toString('hex');
}
