// An export killed while it runs (the app crashed, the machine lost power, the user ended the
// process) must leave nothing under the real file name, and its leftovers — the hidden name
// holder and the staging folder — go at the next start, and only those: never the user's files,
// a running job's staging, nor a staging folder that still keeps a file the export replaced.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssetService } from './assets';
import { createFontService } from './fonts';
import { PrintService } from '../print';
import { ProjectStore } from '../projects';
import { tinyProject } from '../tiny-project.test-fixture';
import { removeStaleStaging } from './place';

/** A process that starts an export of a project and kills itself once the job's staging folder exists. */
const CHILD = `
import { readdirSync } from 'node:fs';
import { PrintService } from '../print';
import { ProjectStore } from '../projects';
import { createFontService } from './fonts';
import { createAssetService } from './assets';
const [root, exportDir, id] = process.argv.slice(2);
const print = new PrintService({ projects: new ProjectStore(root), fonts: createFontService(), assets: (dir) => createAssetService({ projectDir: dir }), exportDir });
const r = print.start({ projectId: id, png: true, tts: true });
if (!r.ok) { console.error(r.error.message); process.exit(2); }
const timer = setInterval(() => {
  const s = print.status(r.value.jobId);
  if (s.ok && s.value.state !== 'running') { console.error('finished before the kill: ' + s.value.state); process.exit(3); }
  if (readdirSync(exportDir).some((n) => /\\.fuqi-[A-Za-z0-9]{6}$/.test(n) && !n.endsWith('.fuqi-holder'))) process.kill(process.pid, 'SIGKILL');
}, 1);
`;

let work: string;
let childFile: string;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'fuqi-killed-'));
  // Bundled beside node_modules, so that its packages (sharp, pdf-lib) resolve.
  const dir = mkdtempSync(join(process.cwd(), 'node_modules', '.killed-export-'));
  childFile = join(dir, 'child.mjs');
  await build({
    stdin: { contents: CHILD, resolveDir: __dirname, loader: 'ts', sourcefile: 'child.ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outfile: childFile,
    logLevel: 'error',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Run the child until it dies; its pid and how it ended. */
function runChild(args: string[]): Promise<{ pid: number; signal: NodeJS.Signals | null; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, [childFile, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    c.stderr.on('data', (d) => (stderr += d));
    c.on('error', reject);
    c.on('exit', (code, signal) => resolve({ pid: c.pid!, signal, code, stderr }));
  });
}

describe('a killed export', () => {
  it('leaves no file under the real name, and the next start removes only its leftovers', async () => {
    const ids = Array.from({ length: 24 }, (_, i) => `C${i}`);
    const t = tinyProject({ root: join(work, 'a'), cards: ids });
    const exportDir = join(work, 'a-exports');
    mkdirSync(exportDir);
    writeFileSync(join(exportDir, 'keep.txt'), "the user's notes\n");
    // A staging folder of a job still running (this process), and one of a dead job that still
    // keeps a file it replaced: both stay.
    const running = join(exportDir, '.x.pdf.fuqi-Run123');
    mkdirSync(join(running, 'out'), { recursive: true });
    writeFileSync(join(running, 'owner'), JSON.stringify({ pid: process.pid, at: new Date().toISOString() }));

    const kills: number[] = [];
    for (let k = 0; k < 3; k++) {
      const r = await runChild([t.root, exportDir, t.id]);
      expect(r.signal, r.stderr).toBe('SIGKILL');
      kills.push(r.pid);
      const left = readdirSync(exportDir).sort();
      // Nothing under a real name: no empty PDF, no PNG folder, no TTS sheet.
      expect(left.filter((n) => !n.startsWith('.'))).toEqual(['keep.txt']);
      // Each start cleared the job killed before it: one holder and one staging folder are left, the last job's.
      expect(left.filter((n) => n.endsWith('.fuqi-holder'))).toEqual([`.${t.id}-a4-duplex-long.pdf.fuqi-holder`]);
      expect(left.filter((n) => /^\.tiny-a4-duplex-long\.pdf\.fuqi-[A-Za-z0-9]{6}$/.test(n) && !n.endsWith('holder')).length).toBe(1);
    }
    const kept = join(exportDir, '.y.pdf.fuqi-Old123');
    mkdirSync(join(kept, 'old'), { recursive: true });
    writeFileSync(join(kept, 'old', '0'), "the user's replaced PDF");
    writeFileSync(join(kept, 'owner'), JSON.stringify({ pid: kills[0], at: new Date().toISOString() }));

    // The next start: the dead jobs' holders and staging folders go, nothing else.
    const print = new PrintService({ projects: new ProjectStore(t.root), fonts: createFontService(), assets: (dir) => createAssetService({ projectDir: dir }), exportDir });
    expect(readdirSync(exportDir).sort()).toEqual(['.x.pdf.fuqi-Run123', '.y.pdf.fuqi-Old123', 'keep.txt']);
    expect(readdirSync(join(kept, 'old'))).toEqual(['0']);
    // And the name is free again: the next export gets the plain name.
    const started = print.start({ projectId: t.id, duplex: 'long' });
    expect(started.ok).toBe(true);
    for (let i = 0; i < 2400; i++) {
      const s = started.ok ? print.status(started.value.jobId) : undefined;
      if (s?.ok && s.value.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(readdirSync(exportDir).filter((n) => !n.startsWith('.')).sort()).toEqual(['keep.txt', `${t.id}-a4-duplex-long.pdf`]);
    expect(readdirSync(exportDir).filter((n) => n.endsWith('.fuqi-holder'))).toEqual([]);
  }, 180_000);

  it('a holder or staging folder without an owner record goes only once it is an hour old', () => {
    const dir = join(work, 'b');
    mkdirSync(dir);
    writeFileSync(join(dir, '.a.pdf.fuqi-holder'), '');
    mkdirSync(join(dir, '.a.pdf.fuqi-Abc123'));
    writeFileSync(join(dir, 'a.pdf.fuqi-holder'), 'not hidden: not ours');
    expect(removeStaleStaging(dir)).toEqual([]);
    expect(removeStaleStaging(dir, 60 * 60 * 1000, Date.now() + 2 * 60 * 60 * 1000).sort()).toEqual([join(dir, '.a.pdf.fuqi-Abc123'), join(dir, '.a.pdf.fuqi-holder')]);
    expect(readdirSync(dir)).toEqual(['a.pdf.fuqi-holder']);
  });
});
