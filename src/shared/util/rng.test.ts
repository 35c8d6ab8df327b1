import { describe, expect, it } from 'vitest';
import { isRngState, nextInt, nextUint32, Rng, seedRng, shuffled } from './rng';

describe('rng (sfc32)', () => {
  it('is deterministic: golden values for a fixed seed (a change here breaks every saved game)', () => {
    const s = seedRng('golden');
    expect(s).toEqual([3513627081, 2663123036, 507710091, 2118965337]);
    const r = new Rng(s);
    expect([r.nextUint32(), r.nextUint32(), r.nextUint32(), r.int(10), r.int(1000)]).toEqual([4000748158, 765169045, 3444407678, 9, 163]);
    expect(new Rng(seedRng(42)).shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual([10, 1, 6, 8, 7, 5, 2, 9, 3, 4]);
  });

  it('treats "42" and 42 as the same seed and different seeds differently', () => {
    expect(seedRng('42')).toEqual(seedRng(42));
    expect(seedRng('a')).not.toEqual(seedRng('b'));
  });

  it('never mutates the state it was given; the state is plain JSON', () => {
    const s = seedRng(1);
    const copy = JSON.parse(JSON.stringify(s));
    const r = new Rng(s);
    r.nextUint32();
    r.shuffle([1, 2, 3]);
    expect(s).toEqual(copy);
    expect(isRngState(r.state())).toBe(true);
    expect(isRngState([1, 2, 3])).toBe(false);
    expect(isRngState([1, 2, 3, -1])).toBe(false);
  });

  it('resumes exactly from a saved state', () => {
    const r = new Rng(seedRng('resume'));
    r.nextUint32();
    const saved = JSON.parse(JSON.stringify(r.state()));
    const a = [r.nextUint32(), r.nextUint32()];
    const r2 = new Rng(saved);
    expect([r2.nextUint32(), r2.nextUint32()]).toEqual(a);
  });

  it('functional forms agree with the cursor', () => {
    const s = seedRng('f');
    const [x, s1] = nextUint32(s);
    const r = new Rng(s);
    expect(x).toBe(r.nextUint32());
    expect(s1).toEqual(r.state());
    const [k] = nextInt(s1, 7);
    expect(k).toBe(r.int(7));
    const [arr] = shuffled(s, [1, 2, 3, 4]);
    expect([...arr].sort()).toEqual([1, 2, 3, 4]);
  });

  it('int(n) stays in range and is roughly uniform; floats are in [0, 1)', () => {
    const r = new Rng(seedRng('uniform'));
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60000; i++) counts[r.int(6)]++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
    for (let i = 0; i < 1000; i++) {
      const f = r.nextFloat();
      expect(f >= 0 && f < 1).toBe(true);
    }
    expect(() => r.int(0)).toThrow(RangeError);
    expect(() => r.int(1.5)).toThrow(RangeError);
    expect(r.int(1)).toBe(0);
  });

  it('shuffle is a permutation and every position is reachable', () => {
    const r = new Rng(seedRng('perm'));
    const firstSeen = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const a = r.shuffle([0, 1, 2, 3, 4]);
      expect([...a].sort()).toEqual([0, 1, 2, 3, 4]);
      firstSeen.add(a[0]!);
    }
    expect(firstSeen.size).toBe(5);
  });
});
