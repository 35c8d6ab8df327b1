// The install is never written to at run time: a packaged app (read-only asar, Program Files) or a
// checkout on a read-only disk must work. The CLI runs here from a copy of the install (sources,
// templates and node_modules), whose folders are made read-only and whose files are recorded
// before the run; every
// bundle it makes (its own, the export and simulation workers') goes to the cache folder, and the
// copy is byte for byte and file for file as it was.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
let base: string;
let install: string;
let cache: string;

/** Every file and folder under `dir` with its size and modification time (links as links). */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = lstatSync(p);
      out.set(relative(dir, p), `${st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : 'f'} ${st.isDirectory() ? '' : st.size} ${st.mtimeMs}`);
      if (st.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

/**
 * Make every folder under `dir` read-only: nothing can be created, renamed or removed in them (for
 * everyone but root, whom the snapshot catches). Files are left alone: node_modules is a tree of
 * hard links to the real install's files, whose modes they share.
 */
function readOnlyFolders(dir: string, mode = 0o555): void {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (lstatSync(p).isDirectory()) readOnlyFolders(p, mode);
  }
  chmodSync(dir, mode);
}

/** Undo `readOnlyFolders`, so the copy can be removed (bottom up needs the parent writable first). */
function writableFolders(dir: string): void {
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (lstatSync(p).isDirectory()) writableFolders(p);
  }
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'fuqi-ro-'));
  install = join(base, 'install');
  cache = join(base, 'cache');
  mkdirSync(install);
  // The sources as they are in this checkout (tracked and new files), and node_modules as hard links.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'src', 'scripts', 'templates', 'package.json', 'tsconfig.base.json'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && existsSync(join(ROOT, f)));
  execFileSync('tar', ['-cf', join(base, 'src.tar'), '--null', '-T', '-'], { cwd: ROOT, input: files.join('\0') });
  execFileSync('tar', ['-xf', join(base, 'src.tar'), '-C', install]);
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(install, 'node_modules')]);
  // What runs from the real checkout leave in node_modules/.cache and .vite (vitest's own, which
  // it rewrites through the hard links while this test runs) is not part of an install.
  for (const cache of ['.cache', '.vite']) rmSync(join(install, 'node_modules', cache), { recursive: true, force: true });
  readOnlyFolders(install);
}, 120_000);

afterAll(() => {
  if (base) {
    writableFolders(install);
    rmSync(base, { recursive: true, force: true });
  }
});

describe('the CLI from a read-only install', () => {
  it('exports XLSX, PDFs and simulations without writing a byte into the install', () => {
    const before = snapshot(install);
    const out = join(base, 'out');
    mkdirSync(out);
    const env = { ...process.env, FUQI_CACHE_DIR: cache, FUQI_CLI_CACHE: '', FUQI_PROJECTS_DIR: join(base, 'projects') };
    delete (env as Record<string, string | undefined>).FUQI_CLI_CACHE;
    const cli = (...args: string[]) => spawnSync(process.execPath, [join(install, 'scripts', 'cli.mjs'), ...args], { cwd: base, env, encoding: 'utf8', timeout: 240_000 });

    const xlsx = cli('export-data', 'doufu', '--format', 'xlsx', '--out', join(out, 'doufu.xlsx'));
    expect(xlsx.stderr).toBe('');
    expect(xlsx.status).toBe(0);
    // An XLSX file is a zip: it starts with the local file header.
    expect(readFileSync(join(out, 'doufu.xlsx')).subarray(0, 2).toString()).toBe('PK');

    const pdf = cli('export', 'doufu', '--cards', 'RAT-FU', '--no-calibration', '--out', join(out, 'rat.pdf'));
    expect(pdf.status, pdf.stderr).toBe(0);
    expect(readFileSync(join(out, 'rat.pdf')).subarray(0, 5).toString()).toBe('%PDF-');

    const sim = cli('simulate', 'doufu', '--players', '2', '--games', '4', '--bots', 'random', '--workers', '2', '--out', join(out, 'sim.jsonl'));
    expect(sim.status, sim.stderr).toBe(0);
    expect(readFileSync(join(out, 'sim.jsonl'), 'utf8').trim().split('\n').length).toBeGreaterThanOrEqual(4);

    // The install is as it was: no new file, none changed.
    const after = snapshot(install);
    const changed = [...after].filter(([p, v]) => before.get(p) !== v).map(([p]) => p);
    expect(changed).toEqual([]);
    expect([...before.keys()].filter((p) => !after.has(p))).toEqual([]);
    // The bundles went to the cache folder: the CLI's and the simulation worker's.
    expect(readdirSync(join(cache, 'cli')).some((f) => /^cli-[0-9a-f]{12}\.cjs$/.test(f))).toBe(true);
    expect(readdirSync(join(cache, 'workers')).some((f) => /^worker-[0-9a-f]{12}\.cjs$/.test(f))).toBe(true);
  }, 300_000);
});
