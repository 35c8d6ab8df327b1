// Worker thread of the safety fuzz test: runs one generated project through load → preflight →
// export (and the rulebook when the case asks), exactly as the CLI does, and posts what happened.
// It runs in a worker so that the test's main thread can time each case and stop a hang.
import { readlinkSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { join } from 'node:path';
import { ProjectStore } from '../../src/main/services/projects';
import { createFontService } from '../../src/main/services/export/fonts';
import { createAssetService, type AssetService } from '../../src/main/services/export/assets';
import { PrintService } from '../../src/main/services/print';
import { exportKit, type ExportTargets } from '../../src/main/services/export/kit';
import { exportRulebook } from '../../src/main/services/rulebook';
import type { FuzzCase } from './corrupt-projects';

/** One step's outcome: a value, a described failure, or a throw (with its class). */
export interface StepOutcome {
  stage: 'load' | 'preflight' | 'export' | 'rulebook';
  ok: boolean;
  code?: string;
  message?: string;
  /** The step threw instead of answering with a failure value. */
  threw?: string;
  files?: { path: string; kind: string }[];
  /** Preflight issues: each must name a card (or be about the whole print). */
  issues?: { severity: string; cardId?: string; code: string; message: string }[];
}

/** A case's request. */
export interface CaseMessage {
  c: FuzzCase;
  projectsDir: string;
  out: string;
}

const fonts = createFontService();
const perDir = new Map<string, AssetService>();
const assets = (dir: string): AssetService => {
  let a = perDir.get(dir);
  if (!a) perDir.set(dir, (a = createAssetService({ projectDir: dir })));
  return a;
};

async function step(stage: StepOutcome['stage'], run: () => Promise<StepOutcome>): Promise<StepOutcome> {
  try {
    return await run();
  } catch (e) {
    const x = e as Error;
    return { stage, ok: false, threw: x?.name ?? 'throw', message: x?.message ?? String(e) };
  }
}

async function runCase({ c, projectsDir, out }: CaseMessage): Promise<StepOutcome[]> {
  const steps: StepOutcome[] = [];
  const projects = new ProjectStore(projectsDir);
  const deps = { projects, fonts, assets };
  const load = await step('load', async () => {
    const r = projects.get(c.id);
    return r.ok ? { stage: 'load', ok: true } : { stage: 'load', ok: false, code: r.error.code, message: r.error.message };
  });
  steps.push(load);
  if (!load.ok) return steps;
  const req = PrintService.resolve({ projectId: c.id, paper: 'a4', duplex: 'long', png: c.png, tts: c.png, acceptPreflight: c.acceptPreflight, calibration: false });
  // (No calibration page: it draws nothing of the project, and every case would pay for it.)
  if (!req.ok) throw new Error(`fuzz request refused: ${req.error.message}`);
  const pf = await step('preflight', async () => {
    const print = new PrintService({ projects, fonts, assets, exportDir: join(out, 'app-exports') });
    const r = await print.preflight(req.value);
    if (!r.ok) return { stage: 'preflight', ok: false, code: r.error.code, message: r.error.message };
    return { stage: 'preflight', ok: true, issues: r.value.issues.map((i) => ({ severity: i.severity, code: i.code, message: i.message.en, ...(i.cardId !== undefined ? { cardId: i.cardId } : {}) })) };
  });
  steps.push(pf);
  // Like `--overwrite`: the user's old x.pdf may be replaced, and must come back if the export fails.
  const targets: ExportTargets = { pdf: join(out, 'x.pdf'), overwrite: true };
  if (c.png) {
    targets.pngDir = join(out, 'cards');
    targets.ttsFile = join(out, 'tts.png');
  }
  steps.push(
    await step('export', async () => {
      const r = await exportKit(deps, req.value, targets);
      return r.ok
        ? { stage: 'export', ok: true, files: r.value.files.map((f) => ({ path: f.path, kind: f.kind })) }
        : { stage: 'export', ok: false, code: r.error.code, message: r.error.message };
    }),
  );
  if (c.rulebook)
    steps.push(
      await step('rulebook', async () => {
        const file = join(out, 'rules.pdf');
        const r = await exportRulebook(deps, { projectId: c.id, lang: 'zh', paper: 'a5' }, file);
        return r.ok ? { stage: 'rulebook', ok: true, files: [{ path: file, kind: 'pdf' }] } : { stage: 'rulebook', ok: false, code: r.error.code, message: r.error.message };
      }),
    );
  return steps;
}

const port = parentPort;
if (!port) throw new Error('pipeline-worker.ts must run in a worker thread.');
// The thread's own /proc entry ("<pid>/task/<tid>" on Linux), so the test can time its CPU.
let task: string | null = null;
try {
  task = readlinkSync('/proc/thread-self');
} catch {
  // Not Linux: the test times by the clock alone.
}
port.postMessage({ task });
port.on('message', (msg: CaseMessage) => {
  void runCase(msg).then(
    (steps) => port.postMessage({ id: msg.c.id, steps }),
    (e: unknown) => port.postMessage({ id: msg.c.id, steps: [{ stage: 'load', ok: false, threw: 'harness', message: String((e as Error)?.stack ?? e) }] }),
  );
});
