// Benchmark sizes: the real ones, or tiny ones when BENCH_SMOKE=1 (tests/bench-smoke.test.ts runs
// every part that way in CI, so a change of file format or API cannot silently break the
// benchmarks; smoke runs report numbers but no one reads them as measurements).

/** Whether the benchmarks run in smoke mode (tiny sizes, one repetition). */
export function smoke(): boolean {
  return process.env.BENCH_SMOKE === '1';
}

/** `full` in a real run, `tiny` in a smoke run. */
export function sized<T>(full: T, tiny: T): T {
  return smoke() ? tiny : full;
}
