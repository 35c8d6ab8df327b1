import { copyFileSync, constants, lstatSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { err, ok, type Result } from '../../../shared/util/result';
import { ensureDir, WriteError } from './write';
import { HOLDER_SUFFIX, ownerRecord, processAlive, readOwner } from './reserve';

/**
 * One output of an export job: a file (the PDF, a Tabletop Simulator sheet) or a folder of
 * files (the card PNGs).
 */
export interface PlaceSpec {
  /** Absolute path of the output. */
  path: string;
  kind: 'file' | 'dir';
  /** For a folder: the names of the files the job writes into it (checked before writing). */
  entries?: string[];
  /** The path holds an empty placeholder this job reserved (reserve.ts): replacing it is expected. */
  reserved?: boolean;
}

/** Staging folders are `.<name>.fuqi-XXXXXX`: dot-hidden, beside the output, on its file system. */
export const STAGING_PATTERN = /^\..+\.fuqi-[A-Za-z0-9]{6}$/;

type Found = { kind: 'none' } | { kind: 'file' | 'dir' | 'link' | 'other'; st: Stats };

function look(p: string): Found {
  let st: Stats;
  try {
    st = lstatSync(p);
  } catch {
    return { kind: 'none' };
  }
  return { kind: st.isSymbolicLink() ? 'link' : st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other', st };
}

const WHAT = { file: 'a file', dir: 'a folder', link: 'a link', other: 'a special file' } as const;

/**
 * Check every output before anything is written: a folder where a file is wanted (or the
 * reverse), a link, or an existing output without `overwrite` is a clear `export/target` error.
 * Overwriting a folder is allowed only when none of the files the job writes into it is a folder.
 * Two outputs at one path are refused too.
 */
export function checkTargets(specs: PlaceSpec[], overwrite: boolean): Result<void> {
  const seen = new Set<string>();
  const problems: string[] = [];
  const claim = (p: string) => {
    if (seen.has(p)) problems.push(`Two outputs of this export would both be written to "${p}"; give them different names.`);
    seen.add(p);
  };
  for (const s of specs) {
    claim(s.path);
    const f = look(s.path);
    if (f.kind === 'none') {
      if (s.kind === 'dir') for (const e of s.entries ?? []) claim(join(s.path, e));
      continue;
    }
    if (f.kind === 'link' || f.kind === 'other') {
      problems.push(`"${s.path}" is ${WHAT[f.kind]}; choose another ${s.kind === 'dir' ? 'folder' : 'file name'} for this output.`);
      continue;
    }
    if (f.kind !== s.kind) {
      problems.push(`"${s.path}" is ${WHAT[f.kind]}, but this output is ${WHAT[s.kind]}; choose another name or move it away.`);
      continue;
    }
    if (s.reserved && f.kind === 'file' && f.st.size === 0) continue;
    if (!overwrite) {
      problems.push(`"${s.path}" already exists; choose another name, or allow overwriting (--overwrite on the command line).`);
      continue;
    }
    if (s.kind === 'dir')
      for (const e of s.entries ?? []) {
        const p = join(s.path, e);
        claim(p);
        const k = look(p).kind;
        if (k !== 'none' && k !== 'file') problems.push(`"${p}" is ${WHAT[k]}; this export writes a file of that name. Move it away or choose another folder.`);
      }
  }
  if (!problems.length) return ok(undefined);
  return err('export/target', problems.length === 1 ? problems[0]! : `The export cannot write its files:\n${problems.map((p) => `• ${p}`).join('\n')}`, problems);
}

/** What a job did outside its staging folders, so that a failure can undo exactly that. */
type Step = { kind: 'placed'; path: string; ino: number; dev: number; backup?: string } | { kind: 'made-dir'; path: string };

/**
 * Where an export job writes: a fresh staging folder beside each output's folder (mkdtemp,
 * 0700, so nothing in it can be planted or predicted). `commit` moves the staged files into
 * place; `abort` removes the staging folders and undoes every move of this job, putting back any
 * file it replaced. A job never removes anything it did not create.
 */
export class Staging {
  private readonly dirs = new Map<string, string>();
  private readonly steps: Step[] = [];
  private done = false;

  private constructor(
    private readonly specs: PlaceSpec[],
    private readonly overwrite: boolean,
  ) {}

  /** Check the outputs and create the staging folders; nothing else is touched. */
  static open(specs: PlaceSpec[], opts: { overwrite?: boolean } = {}): Result<Staging> {
    const overwrite = opts.overwrite ?? false;
    const resolved = specs.map((s) => ({ ...s, path: resolve(s.path) }));
    const c = checkTargets(resolved, overwrite);
    if (!c.ok) return c;
    const st = new Staging(resolved, overwrite);
    try {
      for (const s of resolved) {
        const parent = dirname(s.path);
        if (st.dirs.has(parent)) continue;
        ensureDir(parent);
        const dir = mkdtempSync(join(parent, `.${basename(s.path).slice(0, 100)}.fuqi-`));
        // Which process works here: a later start removes the folder once that process is gone.
        writeFileSync(join(dir, 'owner'), ownerRecord(), { flag: 'wx', mode: 0o600 });
        mkdirSync(join(dir, 'out'));
        mkdirSync(join(dir, 'old'));
        st.dirs.set(parent, dir);
      }
      for (const s of resolved) if (s.kind === 'dir') mkdirSync(st.path(s.path));
    } catch (e) {
      st.abort();
      if (e instanceof WriteError) return err(e.code, e.message);
      return err('export/write-failed', `Could not prepare the export beside "${resolved[0]?.path}": ${(e as Error).message}. Choose a folder you can write to.`);
    }
    return ok(st);
  }

  /** Where to write output `target` (one of the specs' paths, or a file beside one). */
  path(target: string): string {
    const t = resolve(target);
    const dir = this.dirs.get(dirname(t));
    if (!dir) throw new Error(`Staging.path: "${t}" is not beside any output of this job.`);
    return join(dir, 'out', basename(t));
  }

  /**
   * Move every staged output into place. Files replace files (the replaced one is kept in the
   * staging folder until the job is done, so a failure can put it back); a folder output is
   * created, or with `overwrite` filled file by file (other files in it stay). On any failure
   * everything is undone and the error is thrown.
   */
  commit(): void {
    try {
      for (const s of this.specs) {
        const stage = this.dirs.get(dirname(s.path))!;
        if (s.kind === 'file') this.place(this.path(s.path), s.path, stage, s.reserved ?? false);
        else {
          const from = this.path(s.path);
          if (look(s.path).kind === 'none') {
            mkdirSync(s.path); // fails if someone made it since the check: then it is not ours
            this.steps.push({ kind: 'made-dir', path: s.path });
          }
          for (const name of readdirSync(from).sort()) this.place(join(from, name), join(s.path, name), stage, false);
        }
      }
    } catch (e) {
      this.abort();
      throw e;
    }
    this.done = true;
    this.cleanup();
  }

  private place(from: string, to: string, stage: string, reserved: boolean): void {
    const f = look(to);
    let backup: string | undefined;
    if (f.kind !== 'none') {
      const placeholder = reserved && f.kind === 'file' && f.st.size === 0;
      if (f.kind !== 'file' || !(this.overwrite || placeholder)) throw new Error(`"${to}" appeared while the export ran; nothing was replaced. Export again.`);
      backup = join(stage, 'old', String(this.steps.length));
      move(to, backup);
    }
    move(from, to);
    const st = lstatSync(to);
    this.steps.push({ kind: 'placed', path: to, ino: st.ino, dev: st.dev, ...(backup ? { backup } : {}) });
  }

  /**
   * Undo this job: remove the files it moved into place (only while they are still the ones it
   * placed), put back what they replaced, remove folders it created if they are empty, and
   * remove the staging folders. Safe to call twice; does nothing after a successful commit.
   */
  abort(): void {
    if (this.done) return;
    this.done = true;
    let kept = false;
    for (const s of this.steps.reverse()) {
      try {
        if (s.kind === 'made-dir') rmdirSync(s.path); // only when empty: never a recursive delete
        else {
          const now = look(s.path);
          if (now.kind === 'file' && now.st.ino === s.ino && now.st.dev === s.dev) unlinkSync(s.path);
          if (s.backup) {
            if (look(s.path).kind !== 'none') throw new Error('something new is in the way');
            move(s.backup, s.path);
          }
        }
      } catch {
        if (s.kind === 'placed' && s.backup) kept = true; // the replaced file is still in staging
      }
    }
    if (!kept) this.cleanup();
  }

  private cleanup(): void {
    for (const d of this.dirs.values()) rmSync(d, { recursive: true, force: true });
  }
}

/** Rename, or copy and remove across file systems (a folder output may be a mount point). */
function move(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    copyFileSync(from, to, look(to).kind === 'none' ? constants.COPYFILE_EXCL : 0);
    unlinkSync(from);
  }
}

/**
 * Remove what a crashed or killed export left in `dir`, and only that: staging folders
 * `.<name>.fuqi-XXXXXX` (real folders, never links) and name holders `.<name>.fuqi-holder`
 * (regular files), once the process that made them has ended (the `owner` record in them) or
 * they are more than `maxAgeMs` old (default one hour; no export runs that long). A staging folder that still keeps a file the export replaced (its `old` folder is not
 * empty) is left alone, so the user's file is never lost. Returns what was removed; problems
 * are ignored (best effort).
 */
export function removeStaleStaging(dir: string, maxAgeMs = 60 * 60 * 1000, now = Date.now()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return removed; // no export folder yet
  }
  for (const name of names) {
    if (!STAGING_PATTERN.test(name)) continue;
    const p = join(dir, name);
    const f = look(p);
    const holder = name.endsWith(HOLDER_SUFFIX);
    if (f.kind !== (holder ? 'file' : 'dir')) continue;
    const owner = readOwner(holder ? p : join(p, 'owner'));
    const dead = (owner !== undefined && !processAlive(owner.pid)) || now - f.st.mtimeMs >= maxAgeMs;
    if (!dead) continue;
    try {
      if (holder) unlinkSync(p);
      else {
        if (look(join(p, 'old')).kind === 'dir' && readdirSync(join(p, 'old')).length > 0) continue;
        rmSync(p, { recursive: true }); // removes links inside, never what they point to
      }
      removed.push(p);
    } catch {
      // In use or not ours to remove: leave it.
    }
  }
  return removed;
}
