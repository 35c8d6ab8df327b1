// readCsvTable must read cards.csv exactly as papaparse's header mode does (the loader's names,
// cells, errors and row numbers all come from it): checked on the awkward cases by name, then on
// thousands of generated ones.
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { readCsvTable } from './csv-table';

/** What header mode gives for `csv`: names, each row's cell per name (undefined when missing), errors. */
function headerMode(csv: string) {
  const p = Papa.parse<Record<string, string>>(csv, { header: true, delimiter: ',', skipEmptyLines: 'greedy', transformHeader: (h) => `col:${h}` });
  const headers = (p.meta.fields ?? []).map((h) => h.slice(4));
  const rows = p.data.map((r) => headers.map((h) => (Object.hasOwn(r, `col:${h}`) ? r[`col:${h}`] : undefined)));
  return { headers, rows, errors: p.errors };
}

function ours(csv: string) {
  const t = readCsvTable(csv);
  return { headers: t.headers, rows: t.rows.map((r) => t.headers.map((h) => r[t.slot.get(h)!])), errors: t.errors };
}

const CASES: Record<string, string> = {
  plain: 'id,name\nA,福鼠\nB,和气\n',
  'no final line break': 'id,name\nA,福鼠',
  'CRLF and quoted line breaks': 'id,text\r\nA,"one\r\ntwo"\r\nB,"say ""hi"""\r\n',
  'CR only': 'id,name\rA,x\rB,y',
  'blank and whitespace-only lines, and rows of empty cells': 'id,name\n\nA,x\n  \n , \n,,\nB,y\n\n',
  'a blank first line is the header': '\nid,name\nA,x\n',
  'only a header': 'id,name\n',
  empty: '',
  'short and long rows': 'id,a,b\nA\nB,1,2,3,4\nC,1\n',
  'repeated names, renamed as papaparse does': 'id,a,a,a_1,a\nA,1,2,3,4\nB,1\nC,1,2\n',
  'a repeated name on a short row reads the last column it reaches': 'a,id,a\n1,A\n1,B,3\n',
  'a BOM before a header cell': '\uFEFFid,\uFEFFname\nA,x\n',
  'unterminated quote': 'id,name\nA,"open\nB,y\n',
  'malformed closing quote': 'id,name\nA,"x"y,z\nB,w\n',
  '__proto__ and constructor columns': 'id,__proto__,constructor\nA,1,2\n',
  'quotes in the header': '"id","a,b",c\nA,1,2\n',
};

describe('readCsvTable reads as papaparse header mode', () => {
  for (const [name, csv] of Object.entries(CASES))
    it(name, () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {}); // papaparse's "Duplicate headers found"
      try {
        expect(ours(csv)).toStrictEqual(headerMode(csv));
      } finally {
        warn.mockRestore();
      }
    });

  it('on 5,000 generated files of names, quotes, commas, line breaks and blank lines', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const atoms = ['id', 'a', 'a_1', 'a_2', '', ' ', '福', 'x', '\uFEFFid', ',', ',', ',', '\n', '\r\n', '\r', '"', '""', '\n\n', ' \n', ',,\n', '"a,b"', '"x\ny"'];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (let i = 0; i < 5000; i++) {
        let csv = '';
        for (let n = 1 + Math.floor(rnd() * 30); n > 0; n--) csv += atoms[Math.floor(rnd() * atoms.length)];
        expect(ours(csv), JSON.stringify(csv)).toStrictEqual(headerMode(csv));
      }
    } finally {
      warn.mockRestore();
    }
  });

  it('counts mismatched rows among the rows under the header, blank lines left out, and quote errors from the header line', () => {
    const t = readCsvTable('id,a\n\nA\n"B,1\n');
    expect(t.errors.map((e) => [e.code, e.row])).toEqual([
      ['MissingQuotes', 3],
      ['TooFewFields', 0],
      ['TooFewFields', 1],
    ]);
  });
});
