import type { AppErrorInfo } from '../util/result';
import { APP_CHANNELS, type AppInvokeMap } from './channels/app';
import { PROJECTS_CHANNELS, type ProjectsInvokeMap } from './channels/projects';
import { ASSETS_CHANNELS, type AssetsInvokeMap } from './channels/assets';
import { PRINT_CHANNELS, type PrintInvokeMap } from './channels/print';
import { LAB_CHANNELS, type LabInvokeMap } from './channels/lab';
import { MATCHES_CHANNELS, type MatchesInvokeMap } from './channels/matches';
import { SHEETS_CHANNELS, type SheetsInvokeMap } from './channels/sheets';
import { LAN_CHANNELS, type LanInvokeMap } from './channels/lan';
import { TEMPLATES_CHANNELS, type TemplatesInvokeMap } from './channels/templates';

/**
 * The IPC contract between renderer and main: channel names (`domain:verb`) and their
 * signatures. Electron (ipcMain.handle / preload) and the browser host (HTTP POST /api/<channel>)
 * both implement exactly this map; every handler validates its payload before use.
 *
 * The channels and their shapes live per feature in `channels/` (one file per domain, each with
 * its `*_CHANNELS` names and `*InvokeMap` signatures); this file joins them and stays the one
 * import surface. A key must belong to exactly one feature: `contract.test.ts` checks that the
 * joined map loses none.
 */
export * from './channels/app';
export * from './channels/projects';
export * from './channels/assets';
export * from './channels/print';
export * from './channels/lab';
export * from './channels/matches';
export * from './channels/sheets';
export * from './channels/lan';
export * from './channels/templates';

/** Every channel by key: the features' `*_CHANNELS` joined. */
export const IpcChannel = {
  ...APP_CHANNELS,
  ...PROJECTS_CHANNELS,
  ...ASSETS_CHANNELS,
  ...PRINT_CHANNELS,
  ...LAB_CHANNELS,
  ...MATCHES_CHANNELS,
  ...SHEETS_CHANNELS,
  ...LAN_CHANNELS,
  ...TEMPLATES_CHANNELS,
} as const;

/** Every channel's name. */
export type IpcChannelName = (typeof IpcChannel)[keyof typeof IpcChannel];

/** Every invoke channel with its argument and result. */
export interface IpcInvokeMap extends AppInvokeMap, ProjectsInvokeMap, AssetsInvokeMap, PrintInvokeMap, LabInvokeMap, MatchesInvokeMap, SheetsInvokeMap, LanInvokeMap, TemplatesInvokeMap {}

/** The envelope every handler answers with; the preload unwraps it and throws AppError on failure. */
export type IpcEnvelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorInfo };

/** Argument type of a channel. */
export type IpcArg<C extends keyof IpcInvokeMap> = Parameters<IpcInvokeMap[C]>[0];
/** Result type of a channel. */
export type IpcResult<C extends keyof IpcInvokeMap> = ReturnType<IpcInvokeMap[C]>;

/** The API the preload exposes on `window.api`: one function per channel. */
export type WindowApi = { [K in keyof typeof IpcChannel]: (arg: IpcArg<(typeof IpcChannel)[K]>) => Promise<IpcResult<(typeof IpcChannel)[K]>> };

/** Error thrown in the renderer when a handler answered `{ ok: false }`. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
  }
}

/** The same API before unwrapping: every function answers the envelope. This is what the preload exposes. */
export type RawApi = { [K in keyof typeof IpcChannel]: (arg: IpcArg<(typeof IpcChannel)[K]>) => Promise<IpcEnvelope<IpcResult<(typeof IpcChannel)[K]>>> };

/**
 * One function per channel over an invoke function (ipcRenderer.invoke in the preload, fetch in
 * the browser). The preload exposes this raw form because errors thrown across Electron's context
 * bridge lose their fields; the renderer unwraps it with `unwrapApi`.
 */
export function createRawApi(invoke: (channel: string, arg: unknown) => Promise<IpcEnvelope<unknown>>): RawApi {
  const api = {} as Record<string, (arg: unknown) => Promise<IpcEnvelope<unknown>>>;
  for (const [key, channel] of Object.entries(IpcChannel)) api[key] = (arg: unknown) => invoke(channel, arg ?? null);
  return api as unknown as RawApi;
}

/** Turn envelopes into values, and `{ ok: false }` into a thrown AppError carrying the code. */
export function unwrapApi(raw: RawApi): WindowApi {
  const api = {} as Record<string, (arg: unknown) => Promise<unknown>>;
  for (const key of Object.keys(IpcChannel)) {
    const fn = (raw as unknown as Record<string, (arg: unknown) => Promise<IpcEnvelope<unknown>>>)[key]!;
    api[key] = async (arg: unknown) => {
      const env = await fn(arg ?? null);
      if (env.ok) return env.value;
      throw new AppError(env.error.code, env.error.message, env.error.details);
    };
  }
  return api as unknown as WindowApi;
}

/** `unwrapApi(createRawApi(invoke))`: the API the renderer uses. */
export function createApi(invoke: (channel: string, arg: unknown) => Promise<IpcEnvelope<unknown>>): WindowApi {
  return unwrapApi(createRawApi(invoke));
}
