import type { LabLines } from './runner';

/**
 * A run's raw games as the workers send them: each batch's JSONL lines as one string, kept by the
 * batch's first game index. Batches arrive in any order; the text is in game order (A before B
 * for each index, as each batch writes them). A string a batch is a few objects for the garbage
 * collector where a kept game object was dozens (and ~6 KiB of heap against ~1 KiB of text).
 */
export class JsonlChunks {
  private chunks = new Map<number, string>();
  private lines = 0;
  private over = false;

  /** Keep at most `limit` lines (beyond it the text is dropped: `text()` says null). */
  constructor(private readonly limit = Infinity) {}

  /** A batch's lines. */
  add(b: LabLines): void {
    if (this.over) return;
    if (this.lines + b.count > this.limit) {
      this.over = true;
      this.chunks.clear();
      return;
    }
    this.lines += b.count;
    this.chunks.set(b.from, b.lines);
  }

  /** Lines kept. */
  get size(): number {
    return this.lines;
  }

  /** All the lines in game order, or null when there were more games than the limit. */
  text(): string | null {
    if (this.over) return null;
    return [...this.chunks.entries()]
      .sort((a, b) => a[0] - b[0])
      .map((e) => e[1])
      .join('');
  }
}
