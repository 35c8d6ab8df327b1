import { IPC_ARGS } from '../../shared/ipc/args';
import { IpcChannel, type IpcArg, type IpcEnvelope, type IpcInvokeMap, type IpcResult } from '../../shared/ipc/contract';
import type { AppErrorInfo } from '../../shared/util/result';
import { valueTooDeep, tooDeepMessage } from '../../shared/util/json-depth';
import { answerLimit, answerOver, answerTooLarge } from './answer-limit';
import { isAppFrame, type AppPage, type FrameLike } from '../window-guard';

/** A handler: receives the validated argument, returns the value or throws a HandlerError. */
export type Handler<C extends keyof IpcInvokeMap> = (arg: IpcArg<C>) => Promise<IpcResult<C>> | IpcResult<C>;
/** Handlers of every channel. A missing one is a type error (and a test checks the runtime map). */
export type Handlers = { [C in keyof IpcInvokeMap]: Handler<C> };

/** An expected failure a handler reports to the user (bad input, missing project). */
export class HandlerError extends Error {
  constructor(
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Throw a HandlerError from an `{ ok: false }` result, or return the value. */
export function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: AppErrorInfo }): T {
  if (r.ok) return r.value;
  throw new HandlerError(r.error.code, r.error.message, r.error.details);
}

const CHANNELS = new Set<string>(Object.values(IpcChannel));

/**
 * Validate a payload and run its channel's handler, always answering with the envelope.
 * Electron flattens thrown errors into a string, so errors are returned as values instead.
 */
export async function dispatch(handlers: Handlers, channel: string, payload: unknown): Promise<IpcEnvelope<unknown>> {
  if (!CHANNELS.has(channel)) return { ok: false, error: { code: 'ipc/unknown-channel', message: `No channel "${channel}".` } };
  const c = channel as keyof IpcInvokeMap;
  // Before the schema, which recurses: a payload nested 100,000 deep would overflow the stack.
  const deep = valueTooDeep(payload);
  if (deep !== undefined) {
    const m = tooDeepMessage(`The ${channel} request`, deep);
    return { ok: false, error: { code: 'ipc/too-deep', message: m.en, details: { zh: m.zh } } };
  }
  const parsed = IPC_ARGS[c].safeParse(payload ?? null);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const where = first.path.join('.') || 'payload';
    return { ok: false, error: { code: 'ipc/bad-request', message: `${channel}: ${where}: ${first.message}.`, details: parsed.error.issues } };
  }
  try {
    const value = await (handlers[c] as (a: unknown) => unknown)(parsed.data);
    const limit = answerLimit(channel);
    const over = answerOver(value, limit);
    if (over !== undefined) {
      console.warn(`[ipc] ${channel}: answer of over ${over} bytes refused (limit ${limit})`);
      return { ok: false, error: answerTooLarge(channel, limit) };
    }
    return { ok: true, value };
  } catch (e) {
    if (e instanceof HandlerError) return { ok: false, error: { code: e.code, message: e.message, details: e.details } };
    console.error(`[ipc] ${channel} failed`, e);
    return { ok: false, error: { code: 'internal', message: `${channel} failed unexpectedly: ${(e as Error).message ?? e}. The log has details.` } };
  }
}

/** The part of Electron's `ipcMain` the registry uses (a fake stands in for it in tests). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: { senderFrame: FrameLike | null }, arg: unknown) => Promise<IpcEnvelope<unknown>>): void;
}

/**
 * Register every channel of the contract on `ipcMain`. Before any handler runs, the sender must be
 * the app page's top frame: a subframe, a page the window was navigated to, or a frame already
 * gone is answered with `ipc/untrusted-sender` and reaches no handler.
 */
export function registerIpc(ipc: IpcMainLike, handlers: Handlers, page: AppPage): void {
  for (const channel of CHANNELS)
    ipc.handle(channel, async (event, arg) => {
      if (!isAppFrame(event.senderFrame, page)) {
        const from = event.senderFrame?.url ?? 'a frame that is gone';
        console.warn(`[ipc] ${channel} refused: sent from ${from}`);
        return { ok: false, error: { code: 'ipc/untrusted-sender', message: `${channel} refused: only the app's own page may call it (this came from ${from}).` } };
      }
      return dispatch(handlers, channel, arg);
    });
}
