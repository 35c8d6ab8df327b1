import type { RawApi } from '../shared/ipc/contract';

declare global {
  interface Window {
    /** The main-process API (desktop mode), one function per channel answering envelopes; absent in browser mode. */
    api?: RawApi;
  }
}
export {};
