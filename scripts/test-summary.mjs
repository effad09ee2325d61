// Sums the per-package vitest JSON reports and the consumer-install stage's report: one line per
// stage with its count, then the total as the last line, the plain "N passed, N failed" CI reads.
// A test file that failed to load (no assertions ran) counts as one failure, and so does a package
// with a test script that left no report, so a crash can never read as green.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Stages beside the packages' suites that write a report of the same shape (scripts/consumer). */
export const STAGES = [{ name: 'consumer', label: 'consumer-install' }];

/** The packages under `root/packages` that have a test script, as stages. */
export function packageStages(root) {
  return readdirSync(join(root, 'packages'))
    .sort()
    .filter((name) => {
      const manifest = join(root, 'packages', name, 'package.json');
      return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test;
    })
    .map((name) => ({ name, label: `@playq/${name}` }));
}

/** One stage's counts from its report in `dir`; a missing report is one failure, with a note. */
export function stageCounts(dir, stage) {
  const file = join(dir, `${stage.name}.json`);
  if (!existsSync(file))
    return { passed: 0, failed: 1, note: 'no test report: its run crashed or was stopped' };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  let failed = report.numFailedTests;
  for (const suite of report.testResults ?? [])
    if (suite.status === 'failed' && !suite.assertionResults?.some((a) => a.status === 'failed')) failed += 1;
  return { passed: report.numPassedTests, failed };
}

/**
 * The summary's lines: each stage's count, then the total (the last line, exactly
 * `N passed, N failed`). A non-zero `exitCode` with no failure counted is one failure.
 *
 * @example
 * summaryLines('.test-results', [{ name: 'query', label: '@playq/query' }], '0');
 * // ['  @playq/query  433 passed, 0 failed', '433 passed, 0 failed']
 */
export function summaryLines(dir, stages, exitCode = '0') {
  const rows = stages.map((stage) => ({ stage, ...stageCounts(dir, stage) }));
  const passed = rows.reduce((n, r) => n + r.passed, 0);
  let failed = rows.reduce((n, r) => n + r.failed, 0);
  if (exitCode !== '0' && failed === 0) failed = 1;
  const width = Math.max(...rows.map((r) => r.stage.label.length));
  const digits = String(Math.max(0, ...rows.map((r) => r.passed))).length;
  const lines = rows.map(
    (r) =>
      `  ${r.stage.label.padEnd(width)}  ${String(r.passed).padStart(digits)} passed, ${r.failed} failed` +
      (r.note ? `  (${r.note})` : ''),
  );
  return [...lines, `${passed} passed, ${failed} failed`];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir = '.test-results', exitCode = '0'] = process.argv.slice(2);
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const lines = summaryLines(dir, [...packageStages(root), ...STAGES], exitCode);
  console.log(`\ntests by stage:\n${lines.join('\n')}`);
  process.exit(lines.at(-1).endsWith(' 0 failed') ? 0 : 1);
}
