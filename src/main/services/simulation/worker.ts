/**
 * Worker-thread entry of the simulator: plays the matches it is sent and posts each result back.
 * Messages in: `{ type: 'run', config, from, to }` (matches from…to−1). Out: one `{ type: 'match',
 * result }` per match, then `{ type: 'done', from, to }`; `{ type: 'error', index, message }` if a
 * match throws (the run then fails).
 */
import { parentPort } from 'node:worker_threads';
import type { SimConfig } from './config';
import { playMatch } from './match';
import { playZrMatch, type ZrSimConfig } from './zodiac';
import { playDlMatch, type DlSimConfig } from './dou-laoban';
import { playMwMatch, type MwSimConfig } from './moyu-wang';
import { playDsMatch, type DsSimConfig } from './dou-shisi';

/** A batch of matches for a worker. */
export interface RunMessage {
  type: 'run';
  config: SimConfig | ZrSimConfig | DlSimConfig | MwSimConfig | DsSimConfig;
  from: number;
  to: number;
}

const port = parentPort;
if (!port) throw new Error('simulation/worker.ts must run in a worker thread.');
port.on('message', (msg: RunMessage) => {
  for (let i = msg.from; i < msg.to; i++) {
    try {
      const cfg = msg.config;
      port.postMessage({ type: 'match', result: cfg.game === 'zodiac-race' ? playZrMatch(cfg, i) : cfg.game === 'dou-laoban' ? playDlMatch(cfg, i) : cfg.game === 'moyu-wang' ? playMwMatch(cfg, i) : cfg.game === 'dou-shisi' ? playDsMatch(cfg, i) : playMatch(cfg, i) });
    } catch (e) {
      port.postMessage({ type: 'error', index: i, message: (e as Error).stack ?? String(e) });
      return;
    }
  }
  port.postMessage({ type: 'done', from: msg.from, to: msg.to });
});
