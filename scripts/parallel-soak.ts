// The 斗福 soundness soak (src/shared/games/doufu/bots/soak.ts) split over worker threads, each on a
// bundle of the engine (scripts/bundle.ts) with its own seed. Used by the 100,000-hand soak test
// and by `npm run bench`. A violation in any thread rejects with the soak's own message (match,
// seed, options, move).
import { Worker } from 'node:worker_threads';
import type { SoakStats } from '../src/shared/games/doufu/bots/soak';
import { bundle } from './bundle';

/** The summed stats of every thread, plus the wall time. */
export type ParallelSoakStats = SoakStats & { wallMs: number; threads: number };

/** Soak `hands` hands over `threads` worker threads (thread w uses seed `${seed}/${w}`). */
export async function parallelSoak(opts: { hands: number; threads: number; seed: string; maxAlternatives?: number; onProgress?: (hands: number) => void }): Promise<ParallelSoakStats> {
  const t0 = performance.now();
  const url = await bundle(new URL('../src/shared/games/doufu/bots/soak.ts', import.meta.url));
  const code = `const { parentPort, workerData } = require('node:worker_threads');
import(${JSON.stringify(url.href)}).then(({ soak }) => {
  let last = Date.now();
  parentPort.postMessage({ done: true, stats: soak({ hands: workerData.hands, seed: workerData.seed, maxAlternatives: workerData.maxAlternatives, onMatch: (st) => {
    if (Date.now() - last > 5000) { last = Date.now(); parentPort.postMessage({ progress: st.hands }); }
  } }) });
});`; // a throw inside (a violation) rejects in the thread and reaches us as an error event
  const progress = new Array<number>(opts.threads).fill(0);
  const workers: Worker[] = [];
  try {
    const parts = await Promise.all(
      Array.from({ length: opts.threads }, (_, w) =>
        new Promise<SoakStats>((resolve, reject) => {
          const worker = new Worker(code, { eval: true, workerData: { hands: Math.ceil(opts.hands / opts.threads), seed: `${opts.seed}/${w}`, maxAlternatives: opts.maxAlternatives } });
          workers.push(worker);
          worker.on('message', (m: { done?: boolean; stats?: SoakStats; progress?: number }) => {
            if (m.progress !== undefined) {
              progress[w] = m.progress;
              opts.onProgress?.(progress.reduce((a, b) => a + b, 0));
            }
            if (m.done) resolve(m.stats!);
          });
          worker.on('error', reject);
          worker.on('exit', (c) => c !== 0 && reject(new Error(`soak thread ${w} exited with code ${c}`)));
        }),
      ),
    );
    const sum: SoakStats = { hands: 0, matches: 0, moves: 0, alternatives: 0, refused: 0, settlements: 0, byMode: {}, ms: 0 };
    for (const p of parts) {
      sum.hands += p.hands;
      sum.matches += p.matches;
      sum.moves += p.moves;
      sum.alternatives += p.alternatives;
      sum.refused += p.refused;
      sum.settlements += p.settlements;
      sum.ms += p.ms;
      for (const [k, v] of Object.entries(p.byMode)) sum.byMode[k] = (sum.byMode[k] ?? 0) + v;
    }
    return { ...sum, wallMs: performance.now() - t0, threads: opts.threads };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
