import { createRawApi, unwrapApi, type IpcEnvelope, type RawApi, type WindowApi } from '../../shared/ipc/contract';

/**
 * Invoke a channel over HTTP, as the browser-mode host (main's web host on 127.0.0.1) expects:
 * POST `/api/<channel>` with the argument as JSON, answered by the `{ ok, value | error }`
 * envelope. Transport failures become an `{ ok: false }` envelope too, so callers see one kind
 * of error (an `AppError` with a `net/…` code) whatever went wrong.
 */
export async function httpInvoke(channel: string, arg: unknown): Promise<IpcEnvelope<unknown>> {
  let res: Response;
  const body = JSON.stringify(arg ?? null);
  try {
    res = await fetch(`/api/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      // A save sent as the page goes away (reload, closed tab) still reaches the host. Browsers
      // cap keepalive bodies at 64 KiB in flight, so only small saves ask for it.
      keepalive: channel.startsWith('projects:save') && body.length < 48_000,
    });
  } catch (e) {
    return { ok: false, error: { code: 'net/unreachable', message: `The app host did not answer (${String(e)}).` } };
  }
  const text = await res.text();
  try {
    const env = JSON.parse(text) as IpcEnvelope<unknown>;
    if (env && typeof env === 'object' && 'ok' in env) return env;
  } catch {
    // Not JSON: fall through to the generic error below.
  }
  return { ok: false, error: { code: 'net/bad-response', message: `HTTP ${res.status} from /api/${channel}: ${text.slice(0, 200)}` } };
}

/**
 * The API the renderer uses: `window.api` when the Electron preload exposed it, otherwise the same
 * contract over HTTP (browser mode). Nothing else in the renderer talks to main.
 */
export function resolveApi(): WindowApi {
  // The preload exposes the raw form (envelopes): errors thrown across the context bridge lose their code.
  const exposed = (globalThis as { api?: RawApi }).api;
  return unwrapApi(exposed ?? createRawApi(httpInvoke));
}

/** The one API instance of this window. */
export const api: WindowApi = resolveApi();
