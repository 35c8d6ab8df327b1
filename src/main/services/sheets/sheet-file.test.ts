import { describe, expect, it } from 'vitest';
import { readSheet, sheetFormat, writeSheet } from './sheet-file';
import { readXlsx } from './xlsx';
import { makeZip, part } from './zip.test-fixture';

describe('readSheet / writeSheet', () => {
  it('picks CSV by the file name and round trips through it', async () => {
    const t = { columns: ['id', '名'], rows: [['007', '福,禄\n寿']] };
    const bytes = await writeSheet(t, 'csv');
    expect(Buffer.from(bytes).toString('utf8')).toBe('id,名\n007,"福,禄\n寿"\n');
    expect(await readSheet('Cards.CSV', bytes)).toEqual({ ok: true, value: t });
  });

  it('refuses formats it does not read, saying what to save as', () => {
    expect(sheetFormat('a.xlsx')).toEqual({ ok: true, value: 'xlsx' });
    for (const f of ['old.xls', 'deck.numbers', 'deck.ods', 'noext']) {
      const r = sheetFormat(f);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.message).toContain(f);
        expect(r.error.message).toContain('CSV UTF-8');
      }
    }
  });

  it('refuses a broken or bomb XLSX before the XLSX library ever sees it', async () => {
    const notZip = await readSheet('cards.xlsx', Buffer.from('id,name\n'));
    expect(!notZip.ok && notZip.error.code).toBe('sheets/invalid');
    const zeros = part('x', Buffer.alloc(64 * 1024 * 1024));
    const bomb = makeZip(Array.from({ length: 3 }, (_, i) => ({ ...zeros, name: `xl/worksheets/sheet${i}.xml` })));
    const r = await readXlsx('bomb.xlsx', bomb);
    expect(!r.ok && r.error.code).toBe('sheets/too-large');
  });
});
