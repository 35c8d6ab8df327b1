// Small files that ask for minutes of work: an SVG whose filters take a renderer most of a minute,
// and a spreadsheet of a million rows. Each is refused quickly, with a message naming the file
// and the limit, when it is added to a project and when a project's copy of it is read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SVG_LIMITS, svgTooHeavy } from '../../shared/cards/svg-limits';
import { addArt } from './art';
import { createAssetService } from './export/assets';
import { AssetError } from './export/asset-error';
import { readXlsxBook } from './sheets';
import { makeZip, part } from './sheets/zip.test-fixture';

const root = mkdtempSync(join(tmpdir(), 'fuqi-heavy-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The 1.7 KB SVG of the finding: turbulence of 200 octaves, blurred by 500. */
const STORM = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
  <filter id="f" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="200" seed="3"/>
    <feGaussianBlur stdDeviation="500"/>
  </filter>
  <rect width="200" height="200" filter="url(#f)"/>
${'  <!-- padding to the size of the original -->\n'.repeat(30)}</svg>`;

describe('heavy SVG filters', () => {
  it('are refused when the art is added, naming the file, the filter and the limit, in both languages', async () => {
    const dir = join(root, 'add');
    const t0 = performance.now();
    const r = await addArt({ projectId: 'u-add', dir, cardWidthMm: 63, recordWrite: () => {} }, 'storm.svg', Buffer.from(STORM));
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe('storm.svg has a turbulence of numOctaves 200; the limit is 8; simplify its filters in your vector editor, or export the drawing as PNG.');
    expect((r.error.details as { zh: string }).zh).toBe('storm.svg 中湍流滤镜的 numOctaves为 200；上限是 8；请在矢量编辑器中简化其滤镜，或把图形导出为 PNG。');
  });

  it('are refused when a project SVG is read for a card (a preflight error naming the ref), before anything draws it', async () => {
    const dir = join(root, 'read');
    mkdirSync(join(dir, 'art'), { recursive: true });
    writeFileSync(join(dir, 'art', 'storm.svg'), STORM);
    const assets = createAssetService({ projectDir: dir, cacheDir: join(root, 'cache') });
    const t0 = performance.now();
    const e = await assets.resolve('file:art/storm.svg', 30, 30).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(e).toBeInstanceOf(AssetError);
    expect((e as AssetError).message).toMatch(/^Image ref "file:art\/storm\.svg" has a turbulence of numOctaves 200; the limit is 8/);
    await expect(assets.dataUrl('file:art/storm.svg')).rejects.toThrow(/numOctaves 200/);
  });

  it('checks every costly filter and the declared size, and lets ordinary drawings through', () => {
    const svg = (body: string, attrs = 'width="10" height="10"') => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`;
    expect(svgTooHeavy(svg('<filter id="a"><feGaussianBlur stdDeviation="2 500"/></filter>'), 'a.svg')?.en).toMatch(/stdDeviation 500; the limit is 100/);
    expect(svgTooHeavy(svg('<filter id="a"><feGaussianBlur style="stdDeviation: 900"/></filter>'), 'a.svg')?.en).toMatch(/stdDeviation 900/);
    expect(svgTooHeavy(svg('<filter id="a"><feMorphology operator="dilate" radius="1000"/></filter>'), 'a.svg')?.en).toMatch(/morphology of radius 1000/);
    expect(svgTooHeavy(svg('<filter id="a"><feConvolveMatrix order="99" kernelMatrix="1"/></filter>'), 'a.svg')?.en).toMatch(/convolution of order 99/);
    expect(svgTooHeavy(svg('<filter id="a"><feTurbulence numOctaves="NaN"/></filter>'), 'a.svg')?.en).toMatch(/numOctaves not a number/);
    expect(svgTooHeavy(svg(Array.from({ length: SVG_LIMITS.filters + 1 }, (_, i) => `<filter id="f${i}"><feFlood/></filter>`).join('')), 'a.svg')?.en).toMatch(/has 17 filters; the limit is 16/);
    expect(svgTooHeavy(svg('<filter id="a">' + '<feOffset dx="1"/>'.repeat(65) + '</filter>'), 'a.svg')?.en).toMatch(/has 65 filter effects; the limit is 64/);
    expect(svgTooHeavy(svg('', 'width="100000" height="10"'), 'a.svg')?.en).toMatch(/declares a width of 100000 px; the limit is 20,000/);
    expect(svgTooHeavy(svg('<filter id="s"><feDropShadow dx="1" dy="1" stdDeviation="1.5"/><feTurbulence numOctaves="4"/></filter><rect width="5" height="5" filter="url(#s)"/>'), 'ok.svg')).toBeUndefined();
  });
});

describe('a spreadsheet of a million rows', () => {
  it('is refused in seconds by counting its rows before the spreadsheet library parses it', async () => {
    const row = (i: number) => `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>C${i}</t></is></c><c r="B${i}"><v>1</v></c></row>`;
    // A thousand distinct rows, repeated: the count does not read the row numbers, and the file is quick to make.
    const block = Array.from({ length: 1000 }, (_, i) => row(i + 1)).join('');
    const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${block.repeat(1000)}</sheetData></worksheet>`;
    const zip = makeZip([part('[Content_Types].xml', '<Types/>'), part('xl/workbook.xml', '<workbook/>'), part('xl/worksheets/sheet1.xml', sheet)]);
    expect(zip.length).toBeLessThan(16 * 1024 * 1024);
    const t0 = performance.now();
    const r = await readXlsxBook('big.xlsx', zip);
    const ms = performance.now() - t0;
    console.log(`1M-row XLSX (${(zip.length / 1048576).toFixed(1)} MB, ${(sheet.length / 1048576).toFixed(0)} MB of XML) refused in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(10_000);
    expect(r).toMatchObject({ ok: false, error: { code: 'sheets/too-large', message: 'big.xlsx: the worksheet sheet1.xml has more than 10,000 rows of cards, the limit; split the cards into several projects, or delete the sheets that are not cards and save again.' } });
    // 10,000 cards and a header pass the count.
    const ok = makeZip([part('xl/worksheets/sheet1.xml', `<worksheet><sheetData>${block.repeat(10)}${row(10_001)}<rowBreaks/></sheetData></worksheet>`)]);
    const again = await readXlsxBook('fine.xlsx', ok);
    expect(again.ok || again.error.code).not.toBe('sheets/too-large');
  });
});
