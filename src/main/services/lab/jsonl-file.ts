/**
 * A run's raw games written to a JSONL file as they come (`balance --jsonl`): a million games'
 * lines are more than one string may hold, so they are never joined. Batches arrive in any order;
 * each is written once every game before it is, so the file is in game order (A before B for
 * each index), and it is put in place whole when the run ends (`AtomicFile`).
 */
import { AtomicFile } from '../export/write';
import type { LabLines } from './runner';

export class JsonlFile {
  private readonly out: AtomicFile;
  private readonly waiting = new Map<number, LabLines>();
  private lines = 0;

  /** Write to `file`, the run's games starting at index `from`. Throws a WriteError at once if the file cannot be written. */
  constructor(
    file: string,
    private next: number,
  ) {
    this.out = new AtomicFile(file);
  }

  /** A batch's lines: written now if every game before it is, else kept until they are. */
  add(b: LabLines): void {
    this.waiting.set(b.from, b);
    for (let w = this.waiting.get(this.next); w; w = this.waiting.get(this.next)) {
      this.waiting.delete(w.from);
      this.out.write(w.lines);
      this.lines += w.count;
      this.next = w.to;
    }
  }

  /** Lines written or waiting. */
  get size(): number {
    let n = this.lines;
    for (const w of this.waiting.values()) n += w.count;
    return n;
  }

  /**
   * Put the file in place with every game played: a cancelled run leaves gaps in its indices, so
   * the batches still waiting follow in game order.
   */
  finish(): void {
    for (const w of [...this.waiting.values()].sort((a, b) => a.from - b.from)) {
      this.out.write(w.lines);
      this.lines += w.count;
    }
    this.waiting.clear();
    this.out.commit();
  }

  /** Leave nothing behind (the run failed): the temp file goes, no file is written. */
  abort(): void {
    this.out.abort();
  }
}
