import { closeSync, fstatSync, lstatSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { err, ok, type Result } from '../../../shared/util/result';
import { entryExists as exists, makeDir, writeAtomic, WriteError } from './write';

/** A file name an export job holds from its start until its end. */
export interface Reservation {
  /** The reserved file. Nothing is at this name until the job's final rename puts the finished file there. */
  file: string;
  /** Its name without the extension, e.g. `doufu-a4-duplex-long-2`. */
  name: string;
  /**
   * Give the name back (call it when the job ends, finished or not): removes the hidden holder
   * file while it is still the one this reservation created. Never touches `file`.
   */
  release(): void;
}

/** How many numbered names to try before giving up (`-2` … `-999`). */
const MAX_TRIES = 999;

/** The suffix of a holder file: `.<file name>.fuqi-holder` beside the reserved name. */
export const HOLDER_SUFFIX = '.fuqi-holder';

/** The hidden file that holds `file`'s name for a running job. */
export function holderOf(file: string): string {
  return join(dirname(file), `.${basename(file)}${HOLDER_SUFFIX}`);
}

/** Who holds a reservation (or a staging folder): the process, so a later start can tell a dead job's leftovers. */
export interface Owner {
  pid: number;
  at: string;
}

/** The owner record this process writes into holder files and staging folders. */
export function ownerRecord(): string {
  return `${JSON.stringify({ pid: process.pid, at: new Date().toISOString() } satisfies Owner)}\n`;
}

/** The owner in a holder file or a staging folder's `owner` file, or undefined when it cannot be read. */
export function readOwner(file: string): Owner | undefined {
  try {
    const st = lstatSync(file);
    if (!st.isFile() || st.size > 1024) return undefined;
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<Owner>;
    return Number.isInteger(v.pid) && (v.pid as number) > 0 ? { pid: v.pid as number, at: String(v.at ?? '') } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether process `pid` is running (on this machine). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // running, as another user
  }
}

/**
 * Reserve `<base><ext>`, or `<base>-2<ext>`, `<base>-3<ext>` … in `dir`, atomically, without
 * creating anything under that name: a name is taken when the file exists, and held by a job
 * while its hidden holder file `.<name><ext>.fuqi-holder` exists (created with `wx`, so two
 * exports started together get different names, and nothing planted there is followed). The
 * holder records this process, so that a job killed before it ended leaves no file under the
 * real name, and its holder is removed at the next start (see `removeStaleStaging`). A name is
 * skipped too when one of its `companions` (the PNG folder, the TTS sheets that go with that
 * name) already exists.
 * @example reserveName(exportDir, 'doufu-a4-duplex-long', '.pdf', (n) => [join(exportDir, `${n}-png`)])
 */
export function reserveName(dir: string, base: string, ext: string, companions: (name: string) => string[] = () => []): Result<Reservation> {
  for (let n = 1; n <= MAX_TRIES; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    const file = join(dir, `${name}${ext}`);
    if (exists(file)) continue;
    const holder = holderOf(file);
    let fd: number;
    try {
      fd = openSync(holder, 'wx', 0o600);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      return err('export/write-failed', `Could not create a file in ${dir} (${code ?? (e as Error).message}); check that the export folder ${dir} exists and is writable.`);
    }
    let ino: number;
    let dev: number;
    try {
      writeSync(fd, ownerRecord());
      ({ ino, dev } = fstatSync(fd));
    } finally {
      closeSync(fd);
    }
    const release = (): void => {
      try {
        const st = lstatSync(holder);
        if (st.isFile() && st.ino === ino && st.dev === dev) unlinkSync(holder);
      } catch {
        // Already gone: nothing of ours is left.
      }
    };
    // Made by someone else between the look and the hold, or a companion is there: skip the name.
    if (exists(file) || companions(name).some(exists)) {
      release();
      continue;
    }
    return ok({ file, name, release });
  }
  return err('export/no-name', `There are already ${MAX_TRIES} exports named ${base}… in ${dir}; move some of them away.`);
}

/** A local time to the minute as export names carry it: `20260314-0905`. */
export function minuteStamp(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}`;
}

/**
 * Write `bytes` as a new file `<base><ext>` (or `<base>-2<ext>` …, see `reserveName`) in `dir`,
 * made (0700) when missing: the name reserved first, the file written atomically, the name's
 * holder given back. Never overwrites anything.
 */
export function writeNewFile(dir: string, base: string, ext: string, bytes: Uint8Array): Result<{ file: string; name: string }> {
  const made = makeDir(dir, 0o700);
  if (!made.ok) return made;
  const slot = reserveName(dir, base, ext);
  if (!slot.ok) return slot;
  try {
    writeAtomic(slot.value.file, bytes);
  } catch (e) {
    slot.value.release();
    if (e instanceof WriteError) return err(e.code, e.message);
    throw e;
  }
  slot.value.release();
  return ok({ file: slot.value.file, name: slot.value.name });
}
