import { closeSync, fstatSync, lstatSync, openSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { err, ok, type Result } from '../../../shared/util/result';

/** A file name an export job holds from its start until its end. */
export interface Reservation {
  /** The reserved file: an empty placeholder until the job's final rename replaces it. */
  file: string;
  /** Its name without the extension, e.g. `doufu-a4-duplex-long-2`. */
  name: string;
  /**
   * Give the name back if the job did not use it: removes the placeholder only while it is
   * still the empty file this reservation created (a finished export's file is never removed).
   */
  release(): void;
}

/** How many numbered names to try before giving up (`-2` … `-999`). */
const MAX_TRIES = 999;

/**
 * Reserve `<base><ext>`, or `<base>-2<ext>`, `<base>-3<ext>` … in `dir`, atomically: the name is
 * created as an empty file with `wx` (so two exports started together get different names,
 * and nothing planted there is followed). A name is skipped too when one of its `companions`
 * (the PNG folder, the TTS sheets that go with that name) already exists.
 * @example reserveName(exportDir, 'doufu-a4-duplex-long', '.pdf', (n) => [join(exportDir, `${n}-png`)])
 */
export function reserveName(dir: string, base: string, ext: string, companions: (name: string) => string[] = () => []): Result<Reservation> {
  for (let n = 1; n <= MAX_TRIES; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    const file = join(dir, `${name}${ext}`);
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      return err('export/write-failed', `Could not create ${file} (${code ?? (e as Error).message}); check that the export folder ${dir} exists and is writable.`);
    }
    const { ino, dev } = fstatSync(fd);
    closeSync(fd);
    const release = (): void => {
      try {
        const st = lstatSync(file);
        if (st.isFile() && st.size === 0 && st.ino === ino && st.dev === dev) unlinkSync(file);
      } catch {
        // Already gone (or replaced and then removed by someone else): nothing of ours is left.
      }
    };
    if (companions(name).some(exists)) {
      release();
      continue;
    }
    return ok({ file, name, release });
  }
  return err('export/no-name', `There are already ${MAX_TRIES} exports named ${base}… in ${dir}; move some of them away.`);
}

function exists(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}
