// The metrics concurrency mode (`concurrency=1`, every session active in the window) cannot
// compute: the aggregate variants, as the catalogue marks them.
import { isMetric, metricInfo } from '../catalogue/catalogue';
import { type Context, listPosition } from './context';
import { problem } from './diagnostics';

/** Metrics that cannot be computed over active sessions, when `concurrency=1`. @internal */
export function checkConcurrencyMetrics(cx: Context): void {
  const { q, catalogue, out } = cx;
  if (q.concurrency !== 1) return;
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
