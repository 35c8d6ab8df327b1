import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, join, posix, sep, win32 } from 'node:path';
import { PROJECT_LIMITS, ProjectFileError } from '../../shared/cards/limits';

/**
 * Why a project file was refused, for callers that word their own message (the asset service):
 * - `name`: the name itself is unusable (empty, a NUL byte).
 * - `outside`: the file is outside the project folder (absolute path, `..`, a symlink pointing out).
 * - `not-file`: a folder, named pipe, socket or device instead of a regular file.
 * - `too-large`: over the size limit.
 * - `encoding`: a text file that is not UTF-8.
 * - `unreadable`: the system refused to read it (permissions, too many links, an I/O error).
 */
export type ProjectReadReason = 'name' | 'outside' | 'not-file' | 'too-large' | 'encoding' | 'unreadable';

/** A `ProjectFileError` that also says why, so callers can classify it. */
export class ProjectReadError extends ProjectFileError {
  constructor(
    file: string,
    message: string,
    /** Why the file was refused. */
    public readonly reason: ProjectReadReason,
  ) {
    super(file, message);
  }
}

// O_NOFOLLOW refuses a symlink swapped in after the realpath check; O_NONBLOCK makes opening a
// FIFO return at once (a FIFO with no writer would otherwise block the process forever). Both
// are missing on Windows, where neither problem exists in this form.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** A size for a message: bytes, KB or MB. */
const size = (bytes: number): string =>
  bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Refuse names that can never be a file inside the project: empty, NUL, absolute, or with a `..`
 * part. Throws a `ProjectReadError`; every read below checks this first.
 */
export function checkProjectPath(rel: string): void {
  if (typeof rel !== 'string' || rel.trim() === '') throw new ProjectReadError(String(rel), 'A project file name is empty; write a path inside the project folder, e.g. art/rat.png.', 'name');
  if (rel.includes('\0')) throw new ProjectReadError(rel, `The file name "${rel.replace(/\0/g, '\\0')}" contains a NUL character; remove it.`, 'name');
  if (isAbsolute(rel) || posix.isAbsolute(rel) || win32.isAbsolute(rel) || /^[a-zA-Z]:/.test(rel))
    throw new ProjectReadError(rel, `${rel} is an absolute path; a project may only use files inside its own folder. Copy the file into the project and write its path relative to project.json (e.g. art/rat.png).`, 'outside');
  if (rel.split(/[\\/]/).includes('..'))
    throw new ProjectReadError(rel, `${rel} goes up out of the project folder with ".."; a project may only use files inside its own folder. Copy the file into the project and write its path without "..".`, 'outside');
}

const inside = (root: string, real: string): boolean => real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);

function outsideError(rel: string): ProjectReadError {
  return new ProjectReadError(rel, `${rel} is a link to a file outside the project folder; a project may only use files inside its own folder. Replace the link with a copy of the file.`, 'outside');
}

/** The error for a system error code, or undefined when the file is simply missing. */
function fromErrno(rel: string, e: unknown): ProjectReadError | undefined {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
  if (code === 'ELOOP') return new ProjectReadError(rel, `${rel} is a symbolic link (or a loop of links) that cannot be followed safely; replace it with the file itself.`, 'unreadable');
  if (code === 'ENXIO') return new ProjectReadError(rel, `${rel} is a socket, not a file; replace it with an ordinary file.`, 'not-file');
  if (code === 'EACCES' || code === 'EPERM') return new ProjectReadError(rel, `${rel} cannot be read: permission denied. Give yourself read access to the file.`, 'unreadable');
  return new ProjectReadError(rel, `${rel} cannot be read (${code ?? (e as Error).message}); check the file and try again.`, 'unreadable');
}

/** Refuse anything but a regular file within the size limit. */
function checkStat(rel: string, st: Stats, maxBytes: number): void {
  if (!st.isFile()) {
    const what = st.isDirectory() ? 'a folder' : st.isFIFO() ? 'a named pipe (FIFO)' : st.isSocket() ? 'a socket' : 'a device';
    throw new ProjectReadError(rel, `${rel} is ${what}, not a file; replace it with an ordinary file.`, 'not-file');
  }
  if (st.size > maxBytes)
    throw new ProjectReadError(rel, `${rel} is ${size(st.size)}, over the limit of ${size(maxBytes)} for one project file; make it smaller (split the file, or reduce the image).`, 'too-large');
}

/** The real path of `rel` inside the real project folder; undefined when missing; throws when outside. */
export function resolveSync(dir: string, rel: string): string | undefined {
  checkProjectPath(rel);
  let root: string;
  let real: string;
  try {
    root = realpathSync(dir);
    real = realpathSync(join(root, rel));
  } catch (e) {
    const error = fromErrno(rel, e);
    if (error) throw error;
    return undefined;
  }
  if (!inside(root, real)) throw outsideError(rel);
  return real;
}

async function resolveAsync(dir: string, rel: string): Promise<string | undefined> {
  checkProjectPath(rel);
  let root: string;
  let real: string;
  try {
    root = await realpath(dir);
    real = await realpath(join(root, rel));
  } catch (e) {
    const error = fromErrno(rel, e);
    if (error) throw error;
    return undefined;
  }
  if (!inside(root, real)) throw outsideError(rel);
  return real;
}

/**
 * Read the bytes of a file named relative to a project folder, without ever leaving the folder:
 * absolute paths, `..` and symlinks that resolve outside are refused, and so is anything but a
 * regular file of at most `maxBytes`. A missing file is `undefined`; every refusal throws a
 * `ProjectReadError` naming the file and the fix.
 * @example readProjectBytes('/games/doufu', 'art/fu.svg', PROJECT_LIMITS.imageBytes)
 */
export function readProjectBytes(dir: string, rel: string, maxBytes: number = PROJECT_LIMITS.fileBytes): Buffer | undefined {
  const real = resolveSync(dir, rel);
  if (real === undefined) return undefined;
  let fd: number;
  try {
    fd = openSync(real, OPEN_FLAGS);
  } catch (e) {
    const error = fromErrno(rel, e);
    if (error) throw error;
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    checkStat(rel, st, maxBytes);
    const buf = Buffer.alloc(st.size);
    let off = 0;
    for (let n = 1; off < st.size && n > 0; off += n) n = readSync(fd, buf, off, st.size - off, off);
    return buf.subarray(0, off);
  } catch (e) {
    if (e instanceof ProjectFileError) throw e;
    throw fromErrno(rel, e) ?? e;
  } finally {
    closeSync(fd);
  }
}

/** `readProjectBytes` without blocking the event loop (for images, up to `PROJECT_LIMITS.imageBytes`). */
export async function readProjectBytesAsync(dir: string, rel: string, maxBytes: number = PROJECT_LIMITS.fileBytes): Promise<Buffer | undefined> {
  const real = await resolveAsync(dir, rel);
  if (real === undefined) return undefined;
  let fh: Awaited<ReturnType<typeof open>>;
  try {
    fh = await open(real, OPEN_FLAGS);
  } catch (e) {
    const error = fromErrno(rel, e);
    if (error) throw error;
    return undefined;
  }
  try {
    const st = await fh.stat();
    checkStat(rel, st, maxBytes);
    const buf = Buffer.alloc(st.size);
    let off = 0;
    for (let n = 1; off < st.size && n > 0; off += n) n = (await fh.read(buf, off, st.size - off, off)).bytesRead;
    return buf.subarray(0, off);
  } catch (e) {
    if (e instanceof ProjectFileError) throw e;
    throw fromErrno(rel, e) ?? e;
  } finally {
    await fh.close();
  }
}

/**
 * Decode a project text file as UTF-8, dropping a UTF-8 byte-order mark. UTF-16 (by its mark, or
 * by the NUL bytes every other character of UTF-16 text has) and invalid UTF-8 are refused with
 * "save the file as UTF-8": decoding them anyway gives garbage that fails later, far from the cause.
 */
export function decodeProjectText(rel: string, bytes: Uint8Array): string {
  const utf16 = `${rel} is UTF-16 text; save the file as UTF-8 (e.g. in Excel choose "CSV UTF-8", in an editor choose the UTF-8 encoding).`;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw new ProjectReadError(rel, utf16, 'encoding');
  const head = bytes.subarray(0, 65536);
  let nuls = 0;
  for (const b of head) if (b === 0) nuls++;
  if (nuls * 10 >= head.length && nuls > 0) throw new ProjectReadError(rel, utf16, 'encoding');
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(bom));
  } catch {
    throw new ProjectReadError(rel, `${rel} is not valid UTF-8 text; save the file as UTF-8 (e.g. in Excel choose "CSV UTF-8", in an editor choose the UTF-8 encoding).`, 'encoding');
  }
}

/** Read a project text file (at most `PROJECT_LIMITS.fileBytes`, UTF-8); undefined when missing. */
export function readProjectText(dir: string, rel: string): string | undefined {
  const bytes = readProjectBytes(dir, rel, PROJECT_LIMITS.fileBytes);
  return bytes === undefined ? undefined : decodeProjectText(rel, bytes);
}
