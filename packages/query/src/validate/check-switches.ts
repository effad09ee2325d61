// Validation of the four switches from the vendor's docs (sessiontype, allstatus, concurrency,
// businesserror) on hand-made nodes, and of the metrics that concurrency mode cannot compute.
import { isMetric, metricInfo } from '../catalogue/catalogue';
import type { QueryDiagnostic } from '../problem-code';
import { problem } from './diagnostics';
import type { Context } from './validate';
import { listPosition } from './validate';

/** @internal */
export function checkSwitches(cx: Context): void {
  const { q, out } = cx;
  if (q.sessiontype !== undefined && q.sessiontype !== 'ended' && q.sessiontype !== 'started') {
    out.push(bad('invalid_sessiontype', 'sessiontype', 'ended or started', q.sessiontype));
  }
  if (q.allstatus !== undefined && q.allstatus !== 0 && q.allstatus !== 1) {
    out.push(bad('invalid_allstatus', 'allstatus', '0 or 1', q.allstatus));
  }
  if (q.concurrency !== undefined && q.concurrency !== 0 && q.concurrency !== 1) {
    out.push(bad('invalid_concurrency', 'concurrency', '0 or 1', q.concurrency));
  }
  if (q.businesserror !== undefined && typeof q.businesserror !== 'boolean') {
    out.push(bad('invalid_businesserror', 'businesserror', 'true or false', q.businesserror));
  }
  if (q.concurrency === 1) checkConcurrencyMetrics(cx);
}

function bad(code: QueryDiagnostic['code'], param: string, allowed: string, value: unknown): QueryDiagnostic {
  return problem(code, param, `${param} must be ${allowed}, not ${JSON.stringify(value)}.`);
}

function checkConcurrencyMetrics(cx: Context): void {
  const { q, catalogue, out } = cx;
  q.metrics.forEach((name, i) => {
    if (q.metrics.indexOf(name) !== i || !isMetric(name, catalogue)) return;
    if (metricInfo(catalogue, name).concurrency) return;
    out.push(
      problem(
        'unsupported_with_concurrency',
        'metrics',
        `The metric "${name}" cannot be computed with concurrency=1 (active sessions); leave concurrency out or drop ${name}.`,
        listPosition(q.metrics, i),
      ),
    );
  });
}
