/**
 * Where the user's projects are and what they are called: folder names made from project names,
 * the ids of folders in the projects folder (`u-…`) and of folders opened from elsewhere (`x-…`),
 * and the recent list that maps the latter back to their paths.
 *
 * Ids are safe in links and file names: `u-<folder>` for a folder in the projects folder
 * (`u-<slug>-<hash>` when the folder's name is not already lowercase ASCII), `x-<slug>-<hash of
 * the path>` for a folder opened from elsewhere, which the recent list (`.recent.json` in the
 * projects folder) maps back to its path — so worker threads and a restarted app resolve it too.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { jsonTextTooDeep, tooDeepMessage } from '../../shared/util/json-depth';
import { ensureDir, writeAtomic } from './export/write';
import { readProjectText } from './safe-read';

/** How many folders the recent list keeps. */
const RECENT_MAX = 30;

const sha = (s: string): string => createHash('sha1').update(s).digest('hex');

/** Lowercase ASCII letters, digits and dashes from a name ('' when nothing is left). */
export function slug(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
}

/** The id of a folder in the projects folder: `u-<name>` when the name is already an id, else `u-<slug>-<hash>`. */
export function folderId(name: string): string {
  if (/^[a-z0-9][a-z0-9-]{0,40}$/.test(name) && !name.endsWith('-')) return `u-${name}`;
  const s = slug(name);
  return `u-${s ? `${s}-` : ''}${sha(name).slice(0, 8)}`;
}

/** The id of a folder opened from elsewhere: `x-<slug>-<hash of its absolute path>`. */
export function externalId(path: string): string {
  const s = slug(basename(path));
  return `x-${s ? `${s}-` : ''}${sha(resolve(path)).slice(0, 8)}`;
}

/** Names Windows reserves for devices, whatever the extension (`CON`, `nul.txt`, `COM1`…). */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * A name usable as a visible folder name on every system: separators and reserved characters
 * become spaces, and leading or trailing dots and spaces go (so `../../x` is `x`, never a hidden
 * `.. x`); a device name such as `CON` gets ` project` after it; nothing left is `project`.
 */
export function folderName(name: string): string {
  const visible = name
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '');
  // At most 60 characters, counted whole (never half of a surrogate pair).
  let clean = Array.from(visible).slice(0, 60).join('').replace(/[\s.]+$/, '');
  if (RESERVED.test(clean)) clean = `${clean} project`;
  return clean || 'project';
}

const RecentFile = z.strictObject({
  entries: z.array(z.strictObject({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/), path: z.string().min(1).max(4096), openedAt: z.string().max(40) })).max(200),
});
/** One entry of the recent list. */
export type RecentEntry = z.infer<typeof RecentFile>['entries'][number];

/**
 * Which folder a user project id names. Cheap to build (a worker thread makes its own): the
 * projects folder is listed and the recent list read on each lookup, so ids created by another
 * thread resolve at once.
 */
export class UserProjectRegistry {
  /** Folders known for this process only (the CLI's folder arguments), id → path. */
  private readonly session = new Map<string, string>();
  constructor(readonly dir: string) {}

  /** The recent list's file. */
  get recentFile(): string {
    return join(this.dir, '.recent.json');
  }

  /** Whether an id is a user project's (`u-…` or `x-…`). */
  static isUserId(id: string): boolean {
    return /^[ux]-/.test(id);
  }

  /** The project folders in the projects folder (real folders, not links or hidden ones), by id. */
  local(): { id: string; dir: string }[] {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(this.dir, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries
      .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
      .map((d) => ({ id: folderId(d.name), dir: join(this.dir, d.name) }))
      .sort((a, b) => basename(a.dir).localeCompare(basename(b.dir)));
  }

  /** The recent list, most recent first (empty when there is none or it is unreadable). */
  recent(): RecentEntry[] {
    let text: string | undefined;
    try {
      text = readProjectText(this.dir, '.recent.json');
    } catch {
      return [];
    }
    if (text === undefined) return [];
    try {
      const r = RecentFile.safeParse(JSON.parse(text));
      return r.success ? r.data.entries : [];
    } catch {
      return [];
    }
  }

  /** The id a folder gets: `u-…` when it is directly in the projects folder, else `x-…`. */
  idFor(path: string): string {
    const abs = resolve(path);
    return dirname(abs) === resolve(this.dir) ? folderId(basename(abs)) : externalId(abs);
  }

  /** The folder of a user project id, or undefined. */
  resolve(id: string): string | undefined {
    if (!UserProjectRegistry.isUserId(id)) return undefined;
    const s = this.session.get(id);
    if (s) return s;
    if (id.startsWith('u-')) return this.local().find((p) => p.id === id)?.dir;
    const path = this.recent().find((e) => e.id === id)?.path;
    return path !== undefined && isRealDir(path) ? path : undefined;
  }

  /** Every user project: the projects folder's, then folders opened from elsewhere (recent or this session). */
  all(): { id: string; dir: string }[] {
    const out = this.local();
    const seen = new Set(out.map((p) => p.id));
    const extra = [...this.recent().map((e) => ({ id: e.id, dir: e.path })), ...[...this.session].map(([id, dir]) => ({ id, dir }))];
    // A folder opened from elsewhere that is gone (or was swapped for a link) is left out.
    for (const p of extra) if (p.id.startsWith('x-') && !seen.has(p.id) && isRealDir(p.dir)) (seen.add(p.id), out.push(p));
    return out;
  }

  /** Know a folder for this process only (the CLI's `export <folder>`); answers its id. */
  addSession(path: string): string {
    const abs = resolve(path);
    const id = this.idFor(abs);
    if (id.startsWith('x-')) this.session.set(id, abs);
    return id;
  }

  /** Put a folder at the top of the recent list (written 0600 in the projects folder, created 0700). */
  remember(id: string, path: string, now: Date = new Date()): void {
    const entries = [{ id, path: resolve(path), openedAt: now.toISOString() }, ...this.recent().filter((e) => e.id !== id)].slice(0, RECENT_MAX);
    ensureDir(this.dir, 0o700);
    writeAtomic(this.recentFile, Buffer.from(JSON.stringify({ entries }, null, 2) + '\n'), 0o600);
  }

  /** Take a folder off the recent list. */
  drop(id: string): void {
    const all = this.recent();
    const entries = all.filter((e) => e.id !== id);
    if (entries.length !== all.length) writeAtomic(this.recentFile, Buffer.from(JSON.stringify({ entries }, null, 2) + '\n'), 0o600);
    this.session.delete(id);
  }
}

/** A project's name: one name for both languages, or one per language. */

/** A folder itself, not a link to one (a project folder is never reached through a link). */
export function isRealDir(p: string): boolean {
  try {
    return lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}
