/**
 * The app's IPC handlers over a fresh projects folder, for the IPC tests: browser-mode services
 * in a temporary folder (removed, with the watcher and workers closed, after the file's tests), and
 * `call`, which answers a channel's value or throws `code: message` with the error's `code` on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createServices } from '../services';
import { createHandlers } from './index';
import { dispatch } from './registry';

export function ipcTestApp(prefix: string) {
  const tmp = mkdtempSync(join(tmpdir(), `fuqi-${prefix}-`));
  const services = createServices({ mode: 'browser', exportDir: join(tmp, 'exports'), projectsDir: join(tmp, 'projects') });
  const handlers = createHandlers(services, () => false);
  afterAll(async () => {
    services.watcher.close();
    await services.workers.close();
    rmSync(tmp, { recursive: true, force: true });
  });
  async function call<T>(channel: string, arg: unknown): Promise<T> {
    const r = await dispatch(handlers, channel as never, arg);
    if (!r.ok) throw Object.assign(new Error(`${r.error.code}: ${r.error.message}`), { code: r.error.code });
    return r.value as T;
  }
  return { tmp, services, handlers, call };
}
