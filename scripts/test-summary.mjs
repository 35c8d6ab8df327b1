// Sums the JSON reports of vitest and Playwright into the one closing line CI reads:
// "tests: N passed, N failed". A suite whose report is missing (it did not run) counts as a failure.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

function read(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    missing.push(file);
    return null;
  }
}

const unit = read('reports/vitest.json');
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += (unit.numFailedTests ?? 0) + (unit.numFailedTestSuites ?? 0);
  skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
}
const e2e = read('reports/playwright.json');
if (e2e) {
  const s = e2e.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
for (const m of missing) console.log(`ci: no report ${m} (that suite did not run to the end)`);
failed += missing.length;
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
