/** A failure message for the UI (AppError messages come from main in English; the code says more). */
export function describeError(e: unknown): string {
  if (e instanceof Error) return 'code' in e && typeof e.code === 'string' ? `${e.message} (${e.code})` : e.message;
  return String(e);
}
