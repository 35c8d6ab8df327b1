import hyphenEnUs from 'hyphen/en-us/index.js';

/** Fewest letters left before and carried after a hyphen (TeX's lefthyphenmin / righthyphenmin). */
const LEFT_MIN = 2;
const RIGHT_MIN = 3;
/** Shorter words are never hyphenated. */
const MIN_WORD = 6;

const cache = new Map<string, number[]>();

/**
 * Where an English word may be hyphenated: offsets into `word` (a break between `word[i-1]` and
 * `word[i]`), from the Knuth–Liang US English patterns of the `hyphen` package. Words under six
 * letters, words with anything but letters, and all-capital words (abbreviations, the spaced
 * kickers) get none; at least two letters stay before a break and three go after it.
 * @example hyphenPoints('hyphenation') // → [2, 6]  (hy-phen-ation)
 */
export function hyphenPoints(word: string): number[] {
  if (word.length < MIN_WORD || !/^[A-Za-z]+$/.test(word) || word === word.toUpperCase()) return [];
  let out = cache.get(word);
  if (!out) {
    const parts = hyphenEnUs.hyphenateSync(word, { hyphenChar: '\u00AD' }).split('\u00AD');
    out = [];
    let at = 0;
    for (const p of parts.slice(0, -1)) {
      at += p.length;
      if (at >= LEFT_MIN && word.length - at >= RIGHT_MIN) out.push(at);
    }
    if (cache.size > 20_000) cache.clear();
    cache.set(word, out);
  }
  return out;
}
