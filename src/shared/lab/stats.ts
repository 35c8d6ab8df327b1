/**
 * The statistics of the balance lab, pure and small: Wilson score intervals for proportions, a
 * normal interval for a mean (the paired A/B difference), the sample size a chosen precision
 * needs, and quantiles of a histogram.
 */

/** 1.96: the two-sided 95 % normal quantile every interval of the lab uses. */
export const Z95 = 1.959963984540054;

/** A proportion with its 95 % Wilson score interval. */
export interface Rate {
  count: number;
  of: number;
  rate: number;
  lo: number;
  hi: number;
}

/**
 * Wilson score interval for `k` successes in `n` trials (Wilson 1927; Newcombe 1998, method 3).
 * It stays inside [0, 1] and behaves at p = 0 and p = 1, where the textbook normal interval fails.
 * @example wilson(81, 263) // rate 0.308, lo 0.2553, hi 0.3662 (Newcombe 1998, Table I)
 */
export function wilson(k: number, n: number, z = Z95): Rate {
  if (n <= 0) return { count: k, of: 0, rate: 0, lo: 0, hi: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // The interval always contains p; the clamps only absorb rounding at p = 0 and p = 1.
  return { count: k, of: n, rate: p, lo: Math.max(0, Math.min(p, center - half)), hi: Math.min(1, Math.max(p, center + half)) };
}

/** A mean with its 95 % normal interval and the sample's standard deviation. */
export interface MeanInterval {
  n: number;
  mean: number;
  sd: number;
  lo: number;
  hi: number;
}

/** Running mean and variance (Welford), so a streaming run never keeps its samples. */
export class Welford {
  n = 0;
  private m = 0;
  private s = 0;
  add(x: number): void {
    this.n++;
    const d = x - this.m;
    this.m += d / this.n;
    this.s += d * (x - this.m);
  }
  /** Mean ± z·sd/√n (sd with n − 1); an empty sample gives zeros and an unbounded interval. */
  interval(z = Z95): MeanInterval {
    if (this.n === 0) return { n: 0, mean: 0, sd: 0, lo: -Infinity, hi: Infinity };
    const sd = this.n > 1 ? Math.sqrt(this.s / (this.n - 1)) : 0;
    const half = this.n > 1 ? (z * sd) / Math.sqrt(this.n) : Infinity;
    return { n: this.n, mean: this.m, sd, lo: this.m - half, hi: this.m + half };
  }
}

/**
 * Mean ± z·sd/√n from a sample's count, sum and sum of squares. For whole-number samples (wins,
 * moves) the sums are exact, so the interval does not depend on the order the values came in:
 * the same games give the same digits whichever worker finished first.
 */
export function meanInterval(n: number, sum: number, sumSq: number, z = Z95): MeanInterval {
  if (n === 0) return { n: 0, mean: 0, sd: 0, lo: -Infinity, hi: Infinity };
  const mean = sum / n;
  const sd = n > 1 ? Math.sqrt(Math.max(0, (sumSq - (sum * sum) / n) / (n - 1))) : 0;
  const half = n > 1 ? (z * sd) / Math.sqrt(n) : Infinity;
  return { n, mean, sd, lo: mean - half, hi: mean + half };
}

/**
 * Games needed for a 95 % interval of half-width `halfWidth` on a mean whose per-game standard
 * deviation is `sd`: ⌈(z·sd / h)²⌉. With no estimate yet, a win indicator's worst case (sd 0.5).
 * @example sampleSize(0.5, 0.02) // 2401
 */
export function sampleSize(sd: number, halfWidth: number, z = Z95): number {
  if (!(halfWidth > 0)) return Infinity;
  const s = sd > 0 ? sd : 0.5;
  return Math.ceil(((z * s) / halfWidth) ** 2);
}

/** A distribution as value → count, summarised. */
export interface Distribution {
  n: number;
  mean: number;
  min: number;
  p10: number;
  median: number;
  p90: number;
  max: number;
  /** [value, count] by ascending value. */
  hist: [number, number][];
}

/** A histogram's whole state: [value, count] by ascending value (plain JSON, what a shard file keeps). */
export type HistogramState = [number, number][];

/**
 * Counts of values, summarised on demand. Every number of the summary is computed from the counts
 * in ascending value order, so two histograms with the same counts give the same summary to the
 * last bit, whatever order the values were added or merged in (a sharded run merges to the same
 * numbers as one run).
 */
export class Histogram {
  private counts = new Map<number, number>();
  private n = 0;
  add(v: number, times = 1): void {
    this.counts.set(v, (this.counts.get(v) ?? 0) + times);
    this.n += times;
  }
  /** Add another histogram's counts. */
  merge(state: HistogramState): this {
    for (const [v, c] of state) this.add(v, c);
    return this;
  }
  state(): HistogramState {
    return [...this.counts.entries()].sort((a, b) => a[0] - b[0]);
  }
  private mean(hist: HistogramState): number {
    let sum = 0;
    for (const [v, c] of hist) sum += v * c;
    return sum / this.n;
  }
  summary(): Distribution {
    const hist = this.state();
    if (!this.n) return { n: 0, mean: 0, min: 0, p10: 0, median: 0, p90: 0, max: 0, hist };
    const q = (f: number) => {
      const target = Math.max(1, Math.ceil(f * this.n));
      let acc = 0;
      for (const [v, c] of hist) if ((acc += c) >= target) return v;
      return hist[hist.length - 1]![0];
    };
    return { n: this.n, mean: this.mean(hist), min: hist[0]![0], p10: q(0.1), median: q(0.5), p90: q(0.9), max: hist[hist.length - 1]![0], hist };
  }
  /** Mean ± z·sd/√n (sd with n − 1, two passes over the counts); as `Welford.interval`. */
  interval(z = Z95): MeanInterval {
    const n = this.n;
    if (n === 0) return { n: 0, mean: 0, sd: 0, lo: -Infinity, hi: Infinity };
    const hist = this.state();
    const mean = this.mean(hist);
    let ss = 0;
    for (const [v, c] of hist) ss += c * (v - mean) ** 2;
    const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
    const half = n > 1 ? (z * sd) / Math.sqrt(n) : Infinity;
    return { n, mean, sd, lo: mean - half, hi: mean + half };
  }
}
