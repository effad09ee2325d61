// The rules of the session endpoint's aggregation mode (`agg`), once its value is one of 1 and 2.
import { TIMESTAMP } from '../catalogue/catalogue';
import { type Context, listPosition } from './context';
import { problem } from './diagnostics';

/**
 * What a session query's aggregation mode allows: `agg=2` lists error events, so it computes
 * `errors` alone; with `agg=1` a string field in `metrics` must also be in `aggby`.
 * @internal
 */
export function checkAggMode(cx: Context): void {
  const { q, out } = cx;
  if (!cx.session || q.agg === undefined) return;
  if (q.agg === 2) {
    const others = cx.numeric.filter((m) => m !== 'errors');
    if (others.length > 0) {
      out.push(
        problem(
          'invalid_agg',
          'agg',
          `agg=2 returns one record per error event, so it cannot compute ${others.join(', ')}; use agg=1.`,
        ),
      );
    }
  } else {
    for (const f of cx.fields) {
      if (cx.dims.includes(f)) continue;
      const hint = `aggby=${[...cx.dims.filter((d) => d !== TIMESTAMP), f].join(',')}`;
      out.push(
        problem('incompatible_dimension', 'metrics', `With agg=1, "${f}" in metrics must also be in aggby.`, {
          ...listPosition(q.metrics, q.metrics.indexOf(f)),
          hint,
        }),
      );
    }
  }
}
