// Plain-text rendering of a contract report, as `playq contract` prints it: one line per check,
// the findings of failed and informational checks indented under it, a summary line last. A run
// of checks skipped for one reason (nothing answered, credential rejected) is one line.
import type { CheckStatus, ContractReport } from './types';

const LABELS: Record<CheckStatus, string> = { pass: 'PASS', fail: 'FAIL', info: 'INFO', skip: 'SKIP' };

/**
 * Render a report as plain text (no colour codes, so it reads the same in a terminal and a CI log).
 *
 * @example
 * console.log(formatContractReport(await checkContract(options)));
 * // playq contract: http://127.0.0.1:8080/api/v1 (customer demo, period start=…,end=…)
 * //   PASS  service.reachable                  GET /api/v1/metricquery/demo?… answered 200
 * //   …
 * // 36 passed, 0 failed, 1 informational, 0 skipped · 61 requests in 0.4 s
 */
export function formatContractReport(
  report: ContractReport,
  options: { readonly verbose?: boolean } = {},
): string {
  const width = Math.max(0, ...report.checks.map((c) => c.name.length));
  const lines = [
    `playq contract: ${report.baseUrl} (customer ${report.customerId}${report.period ? `, period ${report.period}` : ''}${report.strict ? ', strict' : ''})`,
  ];
  for (const [i, check] of report.checks.entries()) {
    const run = skippedRun(report, i);
    if (run === 0) continue;
    if (run > 2) {
      lines.push(`  SKIP  ${`${check.name} and ${run - 1} more`.padEnd(width)}  ${check.detail}`);
      continue;
    }
    lines.push(`  ${LABELS[check.status]}  ${check.name.padEnd(width)}  ${check.detail}`.trimEnd());
    if (check.status === 'fail' || check.status === 'info' || options.verbose) {
      const shown = options.verbose ? check.findings : check.findings.slice(1);
      for (const finding of shown)
        lines.push(`        ${' '.repeat(width)}  - [${finding.basis}] ${finding.message}`);
    }
  }
  const count = (status: CheckStatus) => report.checks.filter((c) => c.status === status).length;
  lines.push(
    `${count('pass')} passed, ${count('fail')} failed, ${count('info')} informational, ${count('skip')} skipped · ` +
      `${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s`,
  );
  return lines.join('\n');
}

/**
 * How many checks from `i` on form a run skipped for the same reason: 0 when `i` continues a run
 * begun earlier (already printed), 1 when it is not part of one.
 */
function skippedRun(report: ContractReport, i: number): number {
  const { checks } = report;
  const same = (j: number) =>
    checks[j]?.status === 'skip' &&
    checks[j]?.detail === checks[i]?.detail &&
    checks[j]?.findings.length === 0;
  if (!same(i)) return 1;
  let start = i;
  while (start > 0 && same(start - 1)) start--;
  let end = i;
  while (same(end + 1)) end++;
  const length = end - start + 1;
  if (length <= 2) return 1;
  return start === i ? length : 0;
}
