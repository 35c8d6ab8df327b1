import { closeSync, fchmodSync, fsyncSync, lstatSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync, type Stats } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, parse, resolve, sep } from 'node:path';
import { err, ok, type Result } from '../../../shared/util/result';

/** A file or folder the app could not write: what, where, and what to do (`code` for callers). */
export class WriteError extends Error {
  constructor(
    /** Namespaced code, `export/write-failed` or `export/target`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'WriteError';
  }
}

/**
 * A temp name beside `file` that nobody can predict: `<file>.<32 random hex>.tmp`. Opened with
 * `wx`, so even a guessed name that someone planted (a symlink) fails instead of being followed.
 */
export function tempName(file: string): string {
  return `${file}.${randomBytes(16).toString('hex')}.tmp`;
}

/**
 * Make sure folder `dir` exists, creating the missing parts one at a time with `mode` (the app
 * creates its own folders 0700). Existing parts may be links to folders (a Documents folder
 * elsewhere is normal). Walks the path itself because Node 20's `mkdir -p` spins forever under
 * `/proc` (mkdir answers ENOENT there, and it retries the parent again and again).
 * @example ensureDir('/home/me/Documents/Fuqi Workshop/exports', 0o700)
 */
export function ensureDir(dir: string, mode = 0o777): void {
  const full = resolve(dir);
  const { root } = parse(full);
  const parts = full.slice(root.length).split(sep).filter(Boolean);
  let at = root;
  for (const part of parts) {
    at = at === root ? root + part : `${at}${sep}${part}`;
    const kind = kindOf(at);
    if (kind === 'dir') continue;
    if (kind === 'other') throw new WriteError('export/target', `"${at}" is a file, not a folder; choose another place to write, or move that file away.`);
    try {
      mkdirSync(at, { mode });
    } catch (e) {
      // Another process may have made it just now: fine if it is a folder.
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && kindOf(at) === 'dir') continue;
      throw new WriteError('export/write-failed', `Could not create the folder "${at}" (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); choose a folder you can write to.`);
    }
  }
}

/** `writeAtomic` answering a write failure as a value (its code and message). */
export function writeAtomicResult(file: string, bytes: Uint8Array): Result<void> {
  try {
    writeAtomic(file, bytes);
  } catch (e) {
    if (e instanceof WriteError) return err(e.code, e.message);
    throw e;
  }
  return ok(undefined);
}

/** `ensureDir` answering its failure as a value: the write's own code, or `code` in its place. */
export function makeDir(dir: string, mode: number, code?: string): Result<void> {
  try {
    ensureDir(dir, mode);
  } catch (e) {
    if (e instanceof WriteError) return err(code ?? e.code, e.message);
    throw e;
  }
  return ok(undefined);
}

/** Whether anything (a file, a folder, a link: not followed) stands at `p`. */
export function entryExists(p: string): boolean {
  return folderAt(p) !== 'missing';
}

/**
 * What stands at `at`, looked at without following a link: a real folder, nothing, or a link or a
 * file where a folder of the project's belongs (the app writes only into real folders).
 */
export function folderAt(at: string): 'folder' | 'missing' | 'link' | 'file' {
  let st: Stats;
  try {
    st = lstatSync(at);
  } catch {
    return 'missing';
  }
  return st.isDirectory() ? 'folder' : st.isSymbolicLink() ? 'link' : 'file';
}

function kindOf(p: string): 'dir' | 'other' | 'none' {
  try {
    return statSync(p).isDirectory() ? 'dir' : 'other';
  } catch {
    return 'none';
  }
}

/**
 * Write bytes to `file` so that a crash never leaves half a file and nothing planted in the
 * folder is followed: a fresh temp file (random name, opened `wx`, mode 0600) is written,
 * flushed to disk, given `mode` (default 0644: an export is an ordinary document) and renamed
 * over `file` (a rename replaces a link at `file`, never writes through it). The temp file is
 * removed when anything fails.
 */
export function writeAtomic(file: string, bytes: Uint8Array, mode = 0o644): void {
  ensureDir(dirname(file));
  const tmp = tempName(file);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'wx', 0o600);
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
    fchmodSync(fd, mode);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, file);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw writeFailed(file, e);
  }
}

/**
 * A file written piece by piece and put in place whole at the end (`commit`), or not at all
 * (`abort`): `writeAtomic` for data too big to hold in one string (a million games' JSONL). The
 * pieces go to a temp file beside `file`, created at once, so a folder that cannot be written is
 * found before the work that fills it.
 */
export class AtomicFile {
  private fd: number | undefined;
  private readonly tmp: string;

  constructor(
    readonly file: string,
    private readonly mode = 0o644,
  ) {
    this.tmp = tempName(file);
    // Says itself what is in the way (a file where a folder should be), as for `writeAtomic`.
    ensureDir(dirname(file));
    try {
      this.fd = openSync(this.tmp, 'wx', 0o600);
    } catch (e) {
      throw writeFailed(file, e);
    }
  }

  /** Append text (UTF-8). */
  write(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    try {
      for (let off = 0; off < bytes.length; ) off += writeSync(this.fd!, bytes, off, bytes.length - off);
    } catch (e) {
      this.abort();
      throw writeFailed(this.file, e);
    }
  }

  /** Flush and put the file in place. */
  commit(): void {
    try {
      fchmodSync(this.fd!, this.mode);
      fsyncSync(this.fd!);
      closeSync(this.fd!);
      this.fd = undefined;
      renameSync(this.tmp, this.file);
    } catch (e) {
      this.abort();
      throw writeFailed(this.file, e);
    }
  }

  /** Drop what was written: the temp file goes, `file` is untouched. */
  abort(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.tmp, { force: true });
  }
}

/**
 * `writeAtomic` with the writing and flushing done by the system's threads, so the caller's thread
 * is free meanwhile (a big file on a busy disk takes a few hundred milliseconds to flush).
 */
export async function writeAtomicAsync(file: string, bytes: Uint8Array, mode = 0o644): Promise<void> {
  ensureDir(dirname(file));
  const tmp = tempName(file);
  let handle: FileHandle | undefined;
  try {
    handle = await open(tmp, 'wx', 0o600);
    await handle.writeFile(bytes);
    await handle.chmod(mode);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(tmp, file);
  } catch (e) {
    await handle?.close();
    await rm(tmp, { force: true });
    throw writeFailed(file, e);
  }
}

/** The error of a failed write of `file`, with what to do. */
function writeFailed(file: string, e: unknown): WriteError {
  const code = (e as NodeJS.ErrnoException).code;
  const hint = code === 'EISDIR' || code === 'ENOTEMPTY' || code === 'EEXIST' ? 'a folder of that name is in the way; choose another file name' : 'check that the folder exists and is writable';
  return new WriteError('export/write-failed', `Could not write ${file}: ${(e as Error).message}. ${hint[0]!.toUpperCase()}${hint.slice(1)}.`);
}
