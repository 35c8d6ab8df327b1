import { existsSync, readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
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
