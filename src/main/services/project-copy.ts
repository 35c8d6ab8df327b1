/** What a copy of a project folder takes: its regular files, never links or special files, within limits. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { err, ok, type Result } from '../../shared/util/result';
import { USER_PROJECT_ERRORS } from './user-project-errors';

/** A copy stops at this many files and bytes (a card game is far below). */
export const COPY_LIMITS = { files: 5_000, bytes: 2 * 1024 * 1024 * 1024, depth: 16 } as const;
/** Names never copied: version control, our own trash and staging, temp files. */
const SKIP = (name: string): boolean => name === '.git' || name === '.trash' || name.startsWith('.staging-') || name.endsWith('.tmp');

/** Every regular file of a folder, relative, for a copy: links and special files are skipped (with the reason), never followed. */
export function filesToCopy(src: string): Result<{ files: string[]; skipped: { file: string; reason: string }[] }> {
  const files: string[] = [];
  const skipped: { file: string; reason: string }[] = [];
  const walk = (rel: string, depth: number): Result<null> => {
    if (depth > COPY_LIMITS.depth) return err(USER_PROJECT_ERRORS.COPY_FAILED, `${join(src, rel)} is nested more than ${COPY_LIMITS.depth} folders deep; a project folder should be flatter.`);
    for (const d of readdirSync(join(src, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${d.name}` : d.name;
      if (SKIP(d.name)) continue;
      if (d.isSymbolicLink()) skipped.push({ file: r, reason: 'a link (links are never copied; copy the file itself into the project)' });
      else if (d.isDirectory()) {
        const w = walk(r, depth + 1);
        if (!w.ok) return w;
      } else if (d.isFile()) {
        files.push(r);
        if (files.length > COPY_LIMITS.files) return err(USER_PROJECT_ERRORS.COPY_FAILED, `${src} has more than ${COPY_LIMITS.files} files; a project this large cannot be copied by the app.`);
      } else skipped.push({ file: r, reason: 'not a regular file (a pipe, socket or device)' });
    }
    return ok(null);
  };
  const w = walk('', 0);
  return w.ok ? ok({ files, skipped }) : w;
}
