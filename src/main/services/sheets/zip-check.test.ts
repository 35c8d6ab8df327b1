import { describe, expect, it } from 'vitest';
import { PROJECT_LIMITS } from '../../../shared/cards/limits';
import { checkXlsxZip } from './zip-check';
import { makeZip, part } from './zip.test-fixture';

describe('checkXlsxZip', () => {
  it('accepts an ordinary small zip and reports its unpacked size', () => {
    const r = checkXlsxZip('cards.xlsx', makeZip([part('[Content_Types].xml', '<Types/>'), part('xl/workbook.xml', '<workbook/>')]));
    expect(r).toEqual({ ok: true, value: { parts: 2, unpackedBytes: 19 } });
  });

  it('refuses a 5 MB zip bomb by its declared sizes, without inflating it', () => {
    // 100 MB of zeros deflate to ~100 KB; 50 such parts make a ~5 MB file that unpacks to 5 GB.
    const zeros = part('x', Buffer.alloc(100 * 1024 * 1024));
    const parts = Array.from({ length: 50 }, (_, i) => ({ ...zeros, name: `xl/worksheets/sheet${i}.xml` }));
    const bomb = makeZip(parts);
    expect(bomb.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(6 * 1024 * 1024);
    const t = performance.now();
    const r = checkXlsxZip('bomb.xlsx', bomb);
    expect(performance.now() - t).toBeLessThan(500);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('sheets/too-large');
      expect(r.error.message).toContain('bomb.xlsx');
      expect(r.error.message).toContain('CSV UTF-8');
    }
  });

  it('refuses a part that unpacks to more than it declares, with memory capped at the declared size', () => {
    const big = part('xl/sharedStrings.xml', Buffer.alloc(PROJECT_LIMITS.sheetUnpackedBytes + 1024));
    const liar = makeZip([{ ...big, size: 1000 }]);
    const r = checkXlsxZip('liar.xlsx', liar);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('sheets/too-large');
  });

  it('refuses too many parts and files that are not zips', () => {
    const many = makeZip(Array.from({ length: PROJECT_LIMITS.sheetParts + 1 }, (_, i) => part(`p${i}`, 'a')));
    const r = checkXlsxZip('many.xlsx', many);
    expect(!r.ok && r.error.code).toBe('sheets/too-large');
    const csv = checkXlsxZip('cards.xlsx', Buffer.from('id,name\n1,a\n'));
    expect(!csv.ok && csv.error.message).toContain('is not an XLSX workbook');
  });
});
