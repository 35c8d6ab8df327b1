import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { ProjectFolders } from '../../shared/ipc/contract';

/** At most this many folders are listed (a projects folder with more is unusual; the rest can be typed). */
export const PROJECT_FOLDERS_MAX = 500;

/**
 * The project folders directly inside the projects folder, for the "open folder" dialog of
 * browser mode: real subfolders (a link to a folder is neither listed nor followed), not hidden
 * (`.trash`, staging folders), holding a project.json that is itself a regular file. A projects
 * folder that does not exist yet answers an empty list.
 */
export function listProjectFolders(dir: string): ProjectFolders {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return { dir, folders: [] };
  }
  const folders: ProjectFolders['folders'] = [];
  // Dirent types come from lstat: a symlink is `isSymbolicLink()`, never `isDirectory()`.
  for (const d of entries) {
    if (!d.isDirectory() || d.name.startsWith('.')) continue;
    const path = join(dir, d.name);
    if (!isRegularFile(join(path, 'project.json'))) continue;
    folders.push({ name: d.name, path });
  }
  folders.sort((a, b) => a.name.localeCompare(b.name));
  return { dir, folders: folders.slice(0, PROJECT_FOLDERS_MAX) };
}

function isRegularFile(p: string): boolean {
  try {
    return lstatSync(p).isFile();
  } catch {
    return false;
  }
}
