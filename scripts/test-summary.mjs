// Sums the per-package vitest JSON reports into the one plain line CI reads: "N passed, N failed".
// A test file that failed to load (no assertions ran) counts as one failure, and so does a failed
// test run that left no report at all, so a crash can never read as green.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir = '.test-results', exitCode = '0'] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let files = [];
try {
  files = readdirSync(dir).filter((f) => f.endsWith('.json'));
} catch {
  files = [];
}
for (const file of files) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const suite of report.testResults ?? []) {
    if (suite.status === 'failed' && !suite.assertionResults?.some((a) => a.status === 'failed')) failed += 1;
  }
}
if (exitCode !== '0' && failed === 0) failed = 1;
if (files.length === 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
