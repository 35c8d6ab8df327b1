import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Write bytes to `file` through a temporary file and a rename, so a crash never leaves half a file. */
export function writeAtomic(file: string, bytes: Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new Error(`Could not write ${file}: ${(e as Error).message}. Check that the folder exists and is writable.`);
  }
}
