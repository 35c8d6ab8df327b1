import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';

/** The run's export folder, set by playwright.config.ts for the runner, its workers and the web host. */
const EXPORT_DIR = process.env.FUQI_E2E_EXPORT_DIR;

/**
 * Read back the PDF a finished export shows the path of: the path ends in `.pdf` and lies in the
 * run's export folder, the file exists, starts with `%PDF-`, parses with pdf-lib and has `pages`
 * pages. Returns the parsed document for a spec's own checks.
 * @example const pdf = await readExportedPdf(page, 14); // after 'Export finished' is visible
 */
export async function readExportedPdf(page: Page, pages: number): Promise<PDFDocument> {
  // A boxed step: a failure points at the spec's call, so it is clear which export it was.
  return test.step(
    'read back the exported PDF',
    async () => {
      const pdfPath = (await page.locator('code[data-kind="pdf"]').textContent())?.trim() ?? '';
      expect(pdfPath).toMatch(/\.pdf$/);
      if (EXPORT_DIR) expect(resolve(pdfPath).startsWith(resolve(EXPORT_DIR) + sep)).toBe(true);
      expect(existsSync(pdfPath)).toBe(true);
      const bytes = readFileSync(pdfPath);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBe(pages);
      return pdf;
    },
    { box: true },
  );
}

/**
 * Render every page of a PDF with pdftoppm (as a person opening it would see it) into `outDir`,
 * and check each page exists and is not blank (something darker than paper white on it).
 * Returns the PNG files, to look at.
 */
export async function renderPdfPages(pdfPath: string, outDir: string, dpi = 40): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const prefix = join(outDir, basename(pdfPath, '.pdf'));
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', pdfPath, prefix]);
  const files = readdirSync(outDir).filter((f) => f.startsWith(basename(prefix)) && f.endsWith('.png')).sort().map((f) => join(outDir, f));
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) {
    const { channels } = await sharp(f).stats();
    expect(Math.min(...channels.slice(0, 3).map((c) => c.min)), `${f} is blank`).toBeLessThan(200);
  }
  return files;
}
