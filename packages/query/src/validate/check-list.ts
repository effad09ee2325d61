// The session list's own rules (docs/query.md, "The session list"): `metrics` names list fields
// (a group-level metric is refused: a list has no groups), `aggby` may only be `sessionid`, and a
// filter on an error-event dimension (category, key) is refused, since a list filters sessions.
import { dimensionInfo, isDimension, isListField, isMetric } from '../catalogue/catalogue';
import { unknownNameMessage } from '../catalogue/suggest-name';
import type { QueryDiagnostic } from '../problem-code';
import { LIST_AGGBY } from '../wire/endpoints';
import { type Context, listPosition, repeatedName } from './context';
import { problem } from './diagnostics';

/** The names in a session list's `metrics`: list fields, sorted into metrics and fields. @internal */
export function checkListMetrics(cx: Context): void {
  const { q, catalogue, out } = cx;
  q.metrics.forEach((name, i) => {
    const at = listPosition(q.metrics, i);
    const repeated = repeatedName('metrics', q.metrics, i);
    if (repeated) out.push(repeated);
    else if (isListField(name, catalogue)) {
      (isMetric(name, catalogue) ? cx.numeric : cx.fields).push(name);
    } else if (isMetric(name, catalogue)) {
      out.push(groupLevel(name, 'metrics', at));
    } else if (isDimension(name, catalogue)) {
      out.push(
        problem(
          'incompatible_dimension',
          'metrics',
          `"${name}" describes error events, not sessions: it is not a field of a session list.`,
          at,
        ),
      );
    } else {
      const { message, hint } = unknownNameMessage('list field', name, catalogue.listFieldNames);
      out.push(problem('unknown_metric', 'metrics', message, { ...at, hint }));
    }
  });
}

/** A metric a session list cannot carry: each record is one session, and the metric is per group. */
function groupLevel(name: string, param: string, at: Partial<QueryDiagnostic>): QueryDiagnostic {
  return problem(
    'unsupported_on_endpoint',
    param,
    `${param === 'qoefilter' ? 'qoefilter: ' : ''}"${name}" is a group-level metric: a session list has no groups (ask a metricquery for it).`,
    at,
  );
}

/** A session list's `aggby`: absent, or exactly `sessionid` (once). @internal */
export function checkListAggBy(cx: Context): void {
  const { q, out } = cx;
  q.aggby.forEach((name, i) => {
    const at = listPosition(q.aggby, i);
    if (name !== LIST_AGGBY) {
      out.push(
        problem(
          'invalid_aggby',
          'aggby',
          `aggby "${name}": a session list is one record per session, so aggby is only ${LIST_AGGBY} (a breakdown by ${name} is a metricquery).`,
          { ...at, hint: `a breakdown by ${name} is a metricquery` },
        ),
      );
    } else if (q.aggby.indexOf(name) !== i) {
      out.push(
        problem(
          'invalid_aggby',
          'aggby',
          `aggby lists "${LIST_AGGBY}" twice: a session list's aggby is ${LIST_AGGBY}, once.`,
          at,
        ),
      );
    }
  });
}

/** A filter clause on a session list: error-event dimensions (category, key) are refused. @internal */
export function listFilterCheck(cx: Context) {
  return (name: string, param: string, extra: Partial<QueryDiagnostic>): void => {
    if (!isDimension(name, cx.catalogue) || !dimensionInfo(cx.catalogue, name).restricted) return;
    cx.out.push(
      problem(
        'incompatible_dimension',
        param,
        `${param}: "${name}" describes error events; a session list filters sessions.`,
        extra,
      ),
    );
  };
}

/**
 * A qoefilter condition on a session list whose metric is group-level (the qoefilter check has
 * found its level): refused, since a list's conditions test sessions. @internal
 */
export function refuseGroupCondition(cx: Context, metric: string, at: Partial<QueryDiagnostic>): void {
  cx.out.push(groupLevel(metric, 'qoefilter', at));
}
