/**
 * A small, fast, seedable PRNG (sfc32, Chris Doty-Humphrey's "small fast counting" generator) whose
 * whole state is four uint32s in a plain array, so it can live inside a JSON game state and a save
 * file reproduces every shuffle. Only 32-bit integer arithmetic (`Math.imul`, `>>>`, `|0`) is
 * used, so the sequence is the same on every platform and JS engine.
 *
 * Two ways to use it:
 * - functional: `const [x, next] = nextUint32(state)`, for code that wants one value;
 * - an `Rng` cursor: `const r = new Rng(state); r.shuffle(deck); state = r.state()`. Reducers copy
 *   the state in, draw as many values as they need, and write the final state back; the input
 *   state is never mutated.
 */

/** The generator's state: four uint32s. A plain JSON value. */
export type RngState = readonly [number, number, number, number];

/** Turn any string or number into 128 bits of seed material (cyrb128: well-mixed, not cryptographic). */
function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/**
 * The initial state for a seed. Equal seeds give equal sequences; `'42'` and `42` are the same seed.
 * @example const s = seedRng('match-1'); new Rng(s).int(6) // 0..5, the same on every machine
 */
export function seedRng(seed: string | number): RngState {
  const s = cyrb128(String(seed));
  const r = new Rng(s);
  // sfc32 needs a few rounds to mix a poor seed; 12 is the author's recommendation.
  for (let i = 0; i < 12; i++) r.nextUint32();
  return r.state();
}

/** Whether a value is a valid `RngState` (used when loading saved states). */
export function isRngState(x: unknown): x is RngState {
  return Array.isArray(x) && x.length === 4 && x.every((v) => Number.isInteger(v) && v >= 0 && v <= 0xffffffff);
}

/** `int`'s rejection limit 2^32 − (2^32 mod n) for small n (a floating-point remainder is slow in a hot loop). */
const SMALL_LIMITS: Float64Array = Float64Array.from({ length: 257 }, (_, n) => (n === 0 ? 0 : 4294967296 - (4294967296 % n)));

/**
 * A cursor over the generator. Copies the state in; `state()` copies it out.
 *
 * The four words are kept as int32 (`| 0`), the same bits as the uint32s of the state: a field
 * holding a uint32 above 2^31 − 1 is a boxed double in V8, and every step of a game's draws read
 * and wrote those boxes. They are turned back into uint32s only where they leave (`state()`,
 * `nextUint32`).
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** Start from a state (a copy is taken; the argument is never mutated). */
  constructor(state: RngState) {
    this.a = state[0] | 0;
    this.b = state[1] | 0;
    this.c = state[2] | 0;
    this.d = state[3] | 0;
  }

  /** The current state, as a fresh array. */
  state(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** The next step of sfc32, as an int32 (the uint32 output's bits). */
  private step(): number {
    const a = this.a;
    const b = this.b;
    const c = this.c;
    const d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    this.b = (c + (c << 3)) | 0;
    return t;
  }

  /** The next uniformly distributed uint32 (0 … 2³²−1). */
  nextUint32(): number {
    return this.step() >>> 0;
  }

  /** A float in [0, 1) with 32 bits of randomness. */
  nextFloat(): number {
    return (this.step() >>> 0) / 4294967296;
  }

  /**
   * A uniform integer in [0, n). Unbiased (rejection sampling), for 1 ≤ n ≤ 2³².
   * @example r.int(6) + 1 // a die roll
   */
  int(n: number): number {
    // The small bounds of a game's draws first, checked with one comparison of int32s.
    if ((n | 0) === n && n > 1 && n < SMALL_LIMITS.length) {
      // The same values as below, faster: a table for the limit, and x mod n by division (exact:
      // for x < 2^32 and n ≤ 256, x / n is never within rounding distance of the next integer).
      const limit = SMALL_LIMITS[n]!;
      for (;;) {
        const x = this.step() >>> 0;
        if (x < limit) return x - Math.floor(x / n) * n;
      }
    }
    if (!Number.isInteger(n) || n < 1 || n > 4294967296) throw new RangeError(`Rng.int(n) needs an integer 1 ≤ n ≤ 2^32, got ${n}`);
    if (n === 1) return 0;
    // Largest multiple of n that fits in 2^32; values at or above it are rejected.
    const limit = 4294967296 - (4294967296 % n);
    for (;;) {
      const x = this.step() >>> 0;
      if (x < limit) return x % n;
    }
  }

  /** Shuffle an array in place (Fisher–Yates, from the end) and return it. */
  shuffle<T>(arr: T[]): T[] {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = arr[i]!;
      arr[i] = arr[j]!;
      arr[j] = t;
    }
    return arr;
  }

  /** A uniformly chosen element of a non-empty array. */
  pick<T>(arr: readonly T[]): T {
    if (arr.length === 0) throw new RangeError('Rng.pick needs a non-empty array');
    return arr[this.int(arr.length)]!;
  }
}

/** Functional form: the next uint32 and the state after it. */
export function nextUint32(state: RngState): [number, RngState] {
  const r = new Rng(state);
  const x = r.nextUint32();
  return [x, r.state()];
}

/** Functional form: a float in [0, 1) and the state after it. */
export function nextFloat(state: RngState): [number, RngState] {
  const r = new Rng(state);
  const x = r.nextFloat();
  return [x, r.state()];
}

/** Functional form: a uniform integer in [0, n) and the state after it. */
export function nextInt(state: RngState, n: number): [number, RngState] {
  const r = new Rng(state);
  const x = r.int(n);
  return [x, r.state()];
}

/** Functional form: a shuffled copy of `arr` and the state after it. */
export function shuffled<T>(state: RngState, arr: readonly T[]): [T[], RngState] {
  const r = new Rng(state);
  const out = r.shuffle([...arr]);
  return [out, r.state()];
}
