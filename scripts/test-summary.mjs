// Sums the per-package vitest JSON reports and the consumer-install stage's report into the one
// plain line CI reads: "N passed, N failed".
// A test file that failed to load (no assertions ran) counts as one failure, and so does a package
// with a test script that left no report, so a crash can never read as green.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir = '.test-results', exitCode = '0'] = process.argv.slice(2);
const packages = readdirSync('packages').filter((name) => {
  const manifest = join('packages', name, 'package.json');
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test;
});

// Stages beside the packages' suites that write a report of the same shape (scripts/consumer).
const stages = ['consumer'];

let passed = 0;
let failed = 0;
for (const name of [...packages, ...stages]) {
  const file = join(dir, `${name}.json`);
  if (!existsSync(file)) {
    console.error(
      `test-summary: ${stages.includes(name) ? `the ${name} stage` : `@playq/${name}`} left no test report (its run crashed or was stopped)`,
    );
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const suite of report.testResults ?? []) {
    if (suite.status === 'failed' && !suite.assertionResults?.some((a) => a.status === 'failed')) failed += 1;
  }
}
if (exitCode !== '0' && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
