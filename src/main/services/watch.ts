import { lstatSync, readdirSync, watch as fsWatch, type FSWatcher } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, sep } from 'node:path';
import { PROJECT_LIMITS } from '../../shared/cards/limits';
import type { ProjectChangeEvent, ProjectChanges } from '../../shared/ipc/contract';
import { readProjectBytes } from './safe-read';

/** The content revision of bytes: their sha1, hex. Writers record it with `ProjectWatcher.recordWrite`. */
export const revisionOf = (bytes: Uint8Array | string): string => createHash('sha1').update(bytes).digest('hex');

/**
 * Names never reported: temp files (`*.tmp`, what `writeAtomic` writes before its rename), the
 * export's staging folders (`.<name>.fuqi-XXXXXX`), git's own folder, and the lock files that
 * LibreOffice (`.~lock.cards.csv#`) and Excel (`~$cards.xlsx`) keep beside an open file.
 */
export function ignoredName(name: string): boolean {
  return name.endsWith('.tmp') || /^\..*\.fuqi-[A-Za-z0-9]{6}$/.test(name) || name === '.git' || name === 'node_modules' || /^\.~lock\..*#$/.test(name) || name.startsWith('~$');
}

/** Folders watched per project when the system has no recursive watch, and how deep. */
const MAX_FOLDERS = 1_000;
const MAX_DEPTH = 12;
/** Events kept per project for pollers that fall behind. */
const KEEP = 200;
/** Files listed when watching starts (so that deleting one that was already there is reported). */
const MAX_FILES = 20_000;
/** The known revision of a file that was there when watching started, never read. */
const UNHASHED = '';

interface Watched {
  projectId: string;
  dir: string;
  /** Open system watchers, by folder (relative, '' for the project folder), with the folder's inode to notice a folder replaced by another. */
  watchers: Map<string, { fw: FSWatcher; ino: number }>;
  /** Files seen changed since the last report. */
  pending: Set<string>;
  timer?: NodeJS.Timeout;
  firstPending?: number;
  /**
   * The last revision the app knows of each file (its own writes and what was reported); null:
   * absent; '' (UNHASHED): present when watching started, content not read.
   */
  known: Map<string, string | null>;
  events: ProjectChangeEvent[];
  stopped: boolean;
}

export interface WatcherOptions {
  /** Quiet time after the last change before reporting (default 150 ms). */
  debounceMs?: number;
  /** Longest wait from the first change of a burst to its report (default 600 ms), so a file written continuously is still reported within a second. */
  maxWaitMs?: number;
  /**
   * Use the system's recursive watch (default: on macOS and Windows, where it is native). Linux
   * watches each folder instead: Node's recursive mode there is emulated and loses a file that is
   * replaced by a rename, which is how every save (ours and most editors') writes.
   */
  recursive?: boolean;
}

/**
 * Watches project folders and keeps, per project, a numbered list of what changed on disk —
 * another program saved cards.csv, git pulled new art — for the renderer to poll
 * (`projects:changes`). A burst of changes is debounced into one event; a file whose content is
 * what the app itself last wrote (announced with `recordWrite`) or last reported is not
 * reported again; temp files and staging folders are ignored. Nothing is followed outside the
 * project: links are neither watched nor read, and files are hashed through `readProjectBytes`.
 * When the project folder disappears, one `gone` event is kept and watching stops.
 */
export class ProjectWatcher {
  private projects = new Map<string, Watched>();
  private seq = 0;
  private readonly debounceMs: number;
  private readonly maxWaitMs: number;
  private readonly recursive: boolean;
  private listeners: ((e: ProjectChangeEvent) => void)[] = [];

  constructor(opts: WatcherOptions = {}) {
    this.debounceMs = opts.debounceMs ?? 150;
    this.maxWaitMs = opts.maxWaitMs ?? 600;
    this.recursive = opts.recursive ?? (process.platform === 'darwin' || process.platform === 'win32');
  }

  /** Call `fn` with every event as it is recorded (e.g. to drop a cached copy of the project). */
  onChange(fn: (e: ProjectChangeEvent) => void): void {
    this.listeners.push(fn);
  }

  /** Whether `projectId` was ever watched (its events are kept, also after its folder was removed). */
  knows(projectId: string): boolean {
    return this.projects.has(projectId);
  }

  /** Whether `projectId` is being watched (false again after its folder was removed). */
  isWatching(projectId: string): boolean {
    const w = this.projects.get(projectId);
    return !!w && !w.stopped;
  }

  /**
   * Start watching project `projectId` in folder `dir` (again, if it was watching another folder
   * or had stopped). Returns false when the folder cannot be watched (missing, not a folder).
   */
  watch(projectId: string, dir: string): boolean {
    const prev = this.projects.get(projectId);
    if (prev && !prev.stopped && prev.dir === dir) return true;
    if (prev) this.stop(prev);
    const w: Watched = { projectId, dir, watchers: new Map(), pending: new Set(), known: prev?.known ?? new Map(), events: prev?.events ?? [], stopped: false };
    this.projects.set(projectId, w);
    if (!isDir(dir)) {
      w.stopped = true;
      return false;
    }
    for (const f of filesUnder(dir, '')) if (!w.known.has(f)) w.known.set(f, UNHASHED);
    if (this.recursive) {
      try {
        this.open(w, '', true);
        return true;
      } catch {
        // No recursive watch on this system: watch each folder.
      }
    }
    this.addTree(w, '', 0);
    return !w.stopped;
  }

  /** Stop watching a project and forget its events. */
  unwatch(projectId: string): void {
    const w = this.projects.get(projectId);
    if (w) this.stop(w);
    this.projects.delete(projectId);
  }

  /**
   * Announce a write the app makes (call it just before `writeAtomic`): when the watcher then sees
   * `rel` with exactly this content, it does not report it. `content` is the bytes or the text
   * (as UTF-8) written; null announces a delete.
   * @example watcher.recordWrite('doufu', 'cards.csv', csvText); writeAtomic(join(dir, 'cards.csv'), Buffer.from(csvText))
   */
  recordWrite(projectId: string, rel: string, content: Uint8Array | string | null): void {
    this.recordRevision(projectId, rel, content === null ? null : revisionOf(content));
  }

  /** `recordWrite` with the content's `revisionOf` (sha1) instead of the content. */
  recordRevision(projectId: string, rel: string, revision: string | null): void {
    this.projects.get(projectId)?.known.set(toPosix(rel), revision);
  }

  /**
   * Events of `projectId` numbered after `since` (0 for all that are kept), and the newest number
   * to pass as `since` next time.
   */
  changes(projectId: string, since: number): ProjectChanges {
    const w = this.projects.get(projectId);
    return { events: w ? w.events.filter((e) => e.seq > since) : [], seq: this.seq, watching: !!w && !w.stopped };
  }

  /** Stop every watcher (app quit, tests). */
  close(): void {
    for (const w of this.projects.values()) this.stop(w);
    this.projects.clear();
  }

  private open(w: Watched, rel: string, recursive: boolean): void {
    const fw = fsWatch(rel === '' ? w.dir : join(w.dir, rel), { recursive, persistent: false }, (_type, name) => {
      if (w.stopped) return;
      const file = name == null ? null : toPosix(rel === '' ? String(name) : `${rel}/${String(name)}`);
      this.seen(w, file);
    });
    fw.on('error', () => {
      // The folder went away (or the system dropped the watch): check and report on the next flush.
      fw.close();
      if (w.watchers.get(rel)?.fw === fw) w.watchers.delete(rel);
      if (!w.stopped) this.seen(w, rel === '' ? null : rel);
    });
    w.watchers.set(rel, { fw, ino: inodeOf(rel === '' ? w.dir : join(w.dir, rel)) });
  }

  /** Watch folder `rel` and the folders under it (not through links, not ignored ones). */
  private addTree(w: Watched, rel: string, depth: number): void {
    const had = w.watchers.get(rel);
    if (had) {
      // Still the same folder: nothing to do. Replaced (deleted and made again): watch the new one.
      if (had.ino === inodeOf(join(w.dir, rel))) return;
      this.dropTree(w, rel);
    }
    if (w.watchers.size >= MAX_FOLDERS || depth > MAX_DEPTH) return;
    try {
      this.open(w, rel, false);
    } catch {
      return;
    }
    let names: string[];
    try {
      names = readdirSync(rel === '' ? w.dir : join(w.dir, rel), { withFileTypes: true })
        .filter((d) => d.isDirectory() && !ignoredName(d.name))
        .map((d) => d.name);
    } catch {
      return;
    }
    for (const n of names) this.addTree(w, rel === '' ? n : `${rel}/${n}`, depth + 1);
  }

  /** Close the watchers of folder `rel` and the folders under it (the folder is gone or replaced). */
  private dropTree(w: Watched, rel: string): void {
    for (const [r, { fw }] of [...w.watchers]) if (r === rel || r.startsWith(`${rel}/`)) {
      fw.close();
      w.watchers.delete(r);
    }
  }

  /** Note a change of `file` (null: unknown, just check the folder) and schedule the report. */
  private seen(w: Watched, file: string | null): void {
    if (file !== null) {
      if (file.split('/').some(ignoredName)) return;
      w.pending.add(file);
    } else w.pending.add('');
    const now = Date.now();
    w.firstPending ??= now;
    clearTimeout(w.timer);
    const wait = Math.max(0, Math.min(this.debounceMs, w.firstPending + this.maxWaitMs - now));
    w.timer = setTimeout(() => this.flush(w), wait);
    w.timer.unref?.();
  }

  private flush(w: Watched): void {
    w.timer = undefined;
    w.firstPending = undefined;
    if (w.stopped) return;
    const pending = [...w.pending].sort();
    w.pending.clear();
    const queued = new Set(pending);
    const queue = (f: string): void => {
      if (!queued.has(f)) {
        queued.add(f);
        pending.push(f);
      }
    };
    if (!isDir(w.dir)) {
      this.stop(w);
      this.record(w, 'gone', [], revisionOf(''));
      return;
    }
    const files: { path: string; revision: string | null }[] = [];
    for (const rel of pending) {
      if (rel === '') continue;
      const kind = entryKind(join(w.dir, ...rel.split('/')));
      if (kind === 'dir') {
        // A new or replaced folder: watch it, and look at its files (all of them when it replaced
        // another, only the new ones when it is the same folder, e.g. its mode changed).
        const had = w.watchers.get(rel);
        const replaced = !had || had.ino !== inodeOf(join(w.dir, ...rel.split('/')));
        if (!this.recursive) this.addTree(w, rel, rel.split('/').length);
        for (const f of filesUnder(w.dir, rel)) if (replaced || w.known.get(f) == null) queue(f);
        continue;
      }
      if (kind === 'none') {
        // A folder that went away: its known files are gone too.
        if (!this.recursive) this.dropTree(w, rel);
        for (const [f, rev] of w.known) if (f.startsWith(`${rel}/`) && rev !== null) queue(f);
      }
      if (kind === 'link' || kind === 'other') continue;
      const revision = kind === 'none' ? null : hashFile(w.dir, rel);
      const before = w.known.get(rel);
      // Unchanged since the app wrote or reported it; or a file that came and went unseen (a temp file).
      if (before === revision || (revision === null && before === undefined)) continue;
      w.known.set(rel, revision);
      files.push({ path: rel, revision });
    }
    if (files.length === 0) return;
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    this.record(w, 'changed', files, revisionOf(files.map((f) => `${f.path}\0${f.revision ?? '-'}`).join('\n')));
  }

  private record(w: Watched, kind: ProjectChangeEvent['kind'], files: ProjectChangeEvent['files'], revision: string): void {
    const e: ProjectChangeEvent = { seq: ++this.seq, projectId: w.projectId, kind, files, revision, at: Date.now() };
    w.events.push(e);
    if (w.events.length > KEEP) w.events.splice(0, w.events.length - KEEP);
    for (const fn of this.listeners) {
      try {
        fn(e);
      } catch {
        // A listener's failure must not stop the watching.
      }
    }
  }

  private stop(w: Watched): void {
    w.stopped = true;
    clearTimeout(w.timer);
    w.timer = undefined;
    for (const { fw } of w.watchers.values()) fw.close();
    w.watchers.clear();
  }
}

const toPosix = (p: string): string => p.split(sep).join('/').replace(/^\.\//, '');

function isDir(p: string): boolean {
  try {
    return lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

function inodeOf(p: string): number {
  try {
    return lstatSync(p).ino;
  } catch {
    return -1;
  }
}

function entryKind(p: string): 'file' | 'dir' | 'link' | 'other' | 'none' {
  try {
    const st = lstatSync(p);
    return st.isSymbolicLink() ? 'link' : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
  } catch {
    return 'none';
  }
}

/** The revision of a project file; a file that cannot be read (too large, refused) gets one from its size and time, so it is still reported once. */
function hashFile(dir: string, rel: string): string | null {
  try {
    const bytes = readProjectBytes(dir, rel, PROJECT_LIMITS.imageBytes);
    return bytes === undefined ? null : revisionOf(bytes);
  } catch {
    // Refused (too large, not a file) or an I/O error: never thrown from a timer, where it would stop the app.
    try {
      const st = lstatSync(join(dir, ...rel.split('/')));
      return revisionOf(`unreadable:${st.size}:${st.mtimeMs}`);
    } catch {
      return null;
    }
  }
}

/** Files (not links) under folder `rel`, relative to the project, ignored names left out. */
function filesUnder(dir: string, rel: string, depth = 0, out: string[] = []): string[] {
  if (depth > MAX_DEPTH || out.length >= MAX_FILES) return out;
  let entries;
  try {
    entries = readdirSync(rel === '' ? dir : join(dir, ...rel.split('/')), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const d of entries) {
    if (ignoredName(d.name)) continue;
    const r = rel === '' ? d.name : `${rel}/${d.name}`;
    if (d.isFile()) out.push(r);
    else if (d.isDirectory()) filesUnder(dir, r, depth + 1, out);
  }
  return out;
}
