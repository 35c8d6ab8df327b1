/** A value or a described failure. Used for every operation whose failure is expected (bad input, illegal move). */
export type Result<T, E = AppErrorInfo> = { ok: true; value: T } | { ok: false; error: E };

/** A failure a user can act on: a namespaced code and a message that says what is wrong and how to fix it. */
export interface AppErrorInfo {
  /** Namespaced code, e.g. `'cards/invalid'`, `'export/font-missing'`. */
  code: string;
  /** One or two sentences: what is wrong, and how to fix it. */
  message: string;
  /** Optional structured details (e.g. the list of problems). */
  details?: unknown;
}

/** Wrap a value as a success. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}
/** Wrap a failure. */
export function err(code: string, message: string, details?: unknown): { ok: false; error: AppErrorInfo } {
  return { ok: false, error: details === undefined ? { code, message } : { code, message, details } };
}
