/** Thrown when a public entry point is misused; the message says how to fix the call. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Assert a condition at a public entry point. */
export function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new UsageError(message);
}

/** Exhaustiveness check for switches over unions. */
export function assertNever(x: never, what = 'value'): never {
  throw new UsageError(`Unexpected ${what}: ${JSON.stringify(x)}`);
}
