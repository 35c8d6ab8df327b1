/**
 * Append every item to `out`. `out.push(...items)` passes each item as an argument and throws
 * RangeError past the engine's argument limit (a page of a big board or a long book has tens of
 * thousands of ops), so layout code appends with this instead (no-spread-calls.test.ts holds it).
 */
export function appendAll<T>(out: T[], items: Iterable<T>): void {
  for (const item of items) out.push(item);
}
