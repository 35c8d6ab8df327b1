import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { templatesDir } from '../paths';

/**
 * A templates folder for tests holding the built-in 斗福 project and `big`: 斗福 with its cards
 * repeated to `cards` rows (ids suffixed `-0`, `-1`…), the kind of project that takes seconds to
 * lay out. `dispose` removes the folder.
 */
export function bigProjectTemplates(cards: number): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'fuqi-big-'));
  cpSync(join(templatesDir(), 'doufu'), join(dir, 'doufu'), { recursive: true });
  cpSync(join(templatesDir(), 'doufu'), join(dir, 'big'), { recursive: true });
  const file = join(dir, 'big', 'cards.csv');
  const csv = Papa.parse<Record<string, string>>(readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true });
  const rows = Array.from({ length: cards }, (_, i) => {
    const r = csv.data[i % csv.data.length]!;
    return { ...r, id: `${r.id}-${Math.floor(i / csv.data.length)}` };
  });
  writeFileSync(file, Papa.unparse(rows, { columns: csv.meta.fields }));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
