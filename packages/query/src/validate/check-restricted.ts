// Dimensions that combine with some metrics only (the error-only `category` and `key`), wherever
// they appear: as a string field in `metrics`, in `aggby` or in a filter clause.
import { dimensionInfo, isDimension } from '../catalogue/catalogue';
import type { QueryDiagnostic } from '../problem-code';
import { type Context, listPosition } from './context';
import { problem } from './diagnostics';

/** @internal */
export type RestrictedCheck = (name: string, param: string, extra: Partial<QueryDiagnostic>) => void;

/** A dimension that combines with some metrics only (category, key) against the requested metrics. @internal */
export function restrictedCheck(cx: Context): RestrictedCheck {
  return (name, param, extra) => {
    if (!isDimension(name, cx.catalogue)) return;
    const info = dimensionInfo(cx.catalogue, name);
    if (!info.restricted) return;
    const others = cx.numeric.filter((m) => !info.combinesWith.includes(m));
    if (others.length === 0) return;
    cx.out.push(
      problem(
        'incompatible_dimension',
        param,
        `"${name}" combines only with ${info.combinesWith.join(', ')}, not with ${others.join(', ')}.`,
        extra,
      ),
    );
  };
}

/** String fields and `aggby` dimensions that combine with some metrics only, against the metrics. @internal */
export function checkRestricted(cx: Context): void {
  const check = restrictedCheck(cx);
  for (const f of cx.fields) check(f, 'metrics', listPosition(cx.q.metrics, cx.q.metrics.indexOf(f)));
  for (const d of cx.dims) check(d, 'aggby', listPosition(cx.q.aggby, cx.q.aggby.indexOf(d)));
}
