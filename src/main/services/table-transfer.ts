/**
 * A cards table sent to a worker in a form that is quick to copy. Posting 10,000 rows × 200 cells
 * as arrays makes the main thread clone two million strings in one go (about a tenth of a second);
 * packed, each block of rows is one string of its cells end to end and one array of their lengths,
 * built a block at a time with the event loop free in between, and the message copies a few
 * strings and typed arrays.
 */
import type { CardTable } from './project-write';

/** Rows packed per block: a few milliseconds of work each at 200 columns. */
const ROWS_PER_BLOCK = 500;

/** One block of rows: their cells end to end, and per row its cell count then each cell's length (UTF-16 code units). */
interface PackedBlock {
  text: string;
  lengths: Uint32Array;
}

/** A table as `packTable` sends it. */
export interface PackedTable {
  columns: string[];
  blocks: PackedBlock[];
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Pack `table`, letting other work run before each block. */
export async function packTable(table: CardTable): Promise<PackedTable> {
  const blocks: PackedBlock[] = [];
  for (let start = 0; start < table.rows.length; start += ROWS_PER_BLOCK) {
    await nextTurn();
    const rows = table.rows.slice(start, start + ROWS_PER_BLOCK);
    const cells = rows.reduce((n, r) => n + r.length, 0);
    const lengths = new Uint32Array(rows.length + cells);
    const parts = new Array<string>(cells);
    let at = 0;
    let k = 0;
    for (const row of rows) {
      lengths[at++] = row.length;
      for (const cell of row) {
        lengths[at++] = cell.length;
        parts[k++] = cell;
      }
    }
    blocks.push({ text: parts.join(''), lengths });
  }
  return { columns: table.columns, blocks };
}

/** The table `packTable` packed. */
export function unpackTable(packed: PackedTable): CardTable {
  const rows: string[][] = [];
  for (const { text, lengths } of packed.blocks) {
    let pos = 0;
    for (let at = 0; at < lengths.length; ) {
      const row = new Array<string>(lengths[at++]!);
      for (let j = 0; j < row.length; j++) {
        const end = pos + lengths[at++]!;
        row[j] = text.slice(pos, end);
        pos = end;
      }
      rows.push(row);
    }
  }
  return { columns: packed.columns, rows };
}
