/**
 * A/B of a rule change on paired seeds: game i of option set A and game i of option set B are
 * dealt from the same seed, so the luck of the deal cancels in the per-game difference B − A. The
 * difference of each measure is reported as a mean with a 95 % interval (normal, on the paired
 * differences), with the games a chosen precision would need. The differences are kept as a
 * histogram and the sums of A and B as whole numbers, so shards of a run merge exactly.
 */
import { Histogram, sampleSize, type HistogramState, type MeanInterval } from './stats';
import type { LabGame } from './types';

/** One paired measure. */
export interface PairedMeasure extends MeanInterval {
  key: string;
  /** Mean under A and under B. */
  a: number;
  b: number;
  /** The interval excludes 0: the change moved this measure. */
  significant: boolean;
}

/** The paired comparison so far. */
export interface PairedSummary {
  pairs: number;
  /** Seat s's win (1/0) under B minus under A, per seat; then length and stall measures. */
  measures: PairedMeasure[];
}

/** A paired accumulator's whole state (plain JSON): pairs counted, and per measure its differences and sums. */
export interface PairedTally {
  pairs: number;
  /** Per measure in first-seen order: key, histogram of B − A, sum under A, sum under B. */
  measures: [key: string, diffs: HistogramState, a: number, b: number][];
}

/** Paired measures of a game: per seat `win:s`, then `moves`, `turns`, `rounds`, `capped`. */
function measures(g: LabGame): [string, number][] {
  const out: [string, number][] = g.bots.map((_, s) => [`win:${s}`, !g.draw && g.winners.includes(s) ? 1 : 0]);
  out.push(['moves', g.moves], ['turns', g.turns], ['rounds', g.rounds], ['capped', g.capped ? 1 : 0]);
  return out;
}

/** Pairs A and B games by index (in any order of arrival) and keeps the running differences. */
export class PairedAccumulator {
  private waiting = [new Map<number, LabGame>(), new Map<number, LabGame>()];
  private diffs = new Map<string, { d: Histogram; a: number; b: number }>();
  private n = 0;

  /** Add game `g` of side 0 (A) or 1 (B); it is counted once its twin has arrived. */
  add(side: 0 | 1, g: LabGame): void {
    const twin = this.waiting[1 - side]!.get(g.index);
    if (!twin) {
      this.waiting[side]!.set(g.index, g);
      return;
    }
    this.waiting[1 - side]!.delete(g.index);
    const [a, b] = side === 0 ? [g, twin] : [twin, g];
    const mb = new Map(measures(b));
    this.n++;
    for (const [key, va] of measures(a)) {
      const vb = mb.get(key) ?? 0;
      const t = this.measure(key);
      t.d.add(vb - va);
      t.a += va;
      t.b += vb;
    }
  }

  private measure(key: string): { d: Histogram; a: number; b: number } {
    let t = this.diffs.get(key);
    if (!t) this.diffs.set(key, (t = { d: new Histogram(), a: 0, b: 0 }));
    return t;
  }

  /** Games still waiting for their twin (none once a run has finished). */
  get unpaired(): number {
    return this.waiting[0]!.size + this.waiting[1]!.size;
  }

  /** The counted pairs' state (games still waiting for a twin are not part of it). */
  state(): PairedTally {
    return { pairs: this.n, measures: [...this.diffs.entries()].map(([key, t]) => [key, t.d.state(), t.a, t.b]) };
  }

  /** Add another accumulator's counted pairs (a shard of the same run). */
  merge(t: PairedTally): this {
    this.n += t.pairs;
    for (const [key, diffs, a, b] of t.measures) {
      const m = this.measure(key);
      m.d.merge(diffs);
      m.a += a;
      m.b += b;
    }
    return this;
  }

  summary(): PairedSummary {
    const measures = [...this.diffs.entries()].map(([key, t]): PairedMeasure => {
      const i = t.d.interval();
      return { key, ...i, a: this.n ? t.a / this.n : 0, b: this.n ? t.b / this.n : 0, significant: i.n > 1 && (i.lo > 0 || i.hi < 0) };
    });
    return { pairs: this.n, measures };
  }
}

/** Games a paired measure needs for a ±`halfWidth` interval, from its observed spread. */
export function pairsNeeded(m: MeanInterval, halfWidth: number): number {
  return sampleSize(m.n > 1 ? m.sd : 0, halfWidth);
}
