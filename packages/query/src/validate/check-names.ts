// The names a query lists in `metrics` and `aggby`, against the catalogue: known, available on
// the endpoint, not repeated, in their place (a dimension is not a metric), with a did-you-mean
// for a misspelled one. Sorts the names into the context for the rules that follow.
import {
  dimensionInfo,
  isDimension,
  isMetric,
  isSessionField,
  metricInfo,
  TIMESTAMP,
} from '../catalogue/catalogue';
import { unknownNameMessage } from '../catalogue/suggest-name';
import type { QueryDiagnostic } from '../problem-code';
import { isEndpoint, isListEndpoint } from '../wire/endpoints';
import { checkListAggBy, checkListMetrics } from './check-list';
import { type Context, listPosition, repeatedName } from './context';
import { problem } from './diagnostics';

/** An unknown endpoint is reported once, as not_found, not again for every name. */
function availableOn(endpoints: readonly string[], endpoint: string): boolean {
  return endpoints.includes(endpoint) || !isEndpoint(endpoint);
}

/** The names in `metrics`: metrics of the catalogue on this endpoint, or string fields. @internal */
export function checkMetrics(cx: Context): void {
  if (isListEndpoint(cx.q.endpoint)) {
    checkListMetrics(cx);
    return;
  }
  const { q, catalogue, out, session } = cx;
  q.metrics.forEach((name, i) => {
    const at = listPosition(q.metrics, i);
    const repeated = repeatedName('metrics', q.metrics, i);
    if (repeated) out.push(repeated);
    else if (isMetric(name, catalogue)) {
      const info = metricInfo(catalogue, name);
      if (availableOn(info.endpoints, q.endpoint)) cx.numeric.push(name);
      else {
        out.push(
          problem(
            'unknown_metric',
            'metrics',
            `The metric "${name}" is not available on the ${q.endpoint} endpoint.`,
            at,
          ),
        );
      }
    } else if (isSessionField(name, q.endpoint, catalogue)) cx.fields.push(name);
    else if (isDimension(name, catalogue)) {
      out.push(
        problem(
          'unknown_metric',
          'metrics',
          `"${name}" is a dimension, not a metric${session ? '' : ' (only the session endpoint lists it in metrics)'}.`,
          { ...at, hint: `aggby=${name}` },
        ),
      );
    } else {
      out.push(unknownName('unknown_metric', 'metrics', 'metric', name, metricCandidates(cx), at));
    }
  });
  if (q.metrics.length > 0 && cx.numeric.length === 0 && cx.fields.length > 0) {
    out.push(
      problem('missing_parameter', 'metrics', 'metrics must include at least one metric, such as errors.'),
    );
  }
}

function metricCandidates(cx: Context): string[] {
  const names: string[] = [...cx.catalogue.metricNames];
  if (cx.session) {
    for (const d of cx.catalogue.dimensionNames)
      if (isSessionField(d, 'session', cx.catalogue)) names.push(d);
  }
  return names;
}

/** The names in `aggby`: dimensions of the catalogue on this endpoint, or `timestamp` alone. @internal */
export function checkAggBy(cx: Context): void {
  if (isListEndpoint(cx.q.endpoint)) {
    checkListAggBy(cx);
    return;
  }
  const { q, catalogue, out } = cx;
  q.aggby.forEach((name, i) => {
    const at = listPosition(q.aggby, i);
    const repeated = repeatedName('aggby', q.aggby, i);
    if (repeated) out.push(repeated);
    else if (name === TIMESTAMP) cx.dims.push(name);
    else if (isDimension(name, catalogue)) {
      if (availableOn(dimensionInfo(catalogue, name).endpoints, q.endpoint)) cx.dims.push(name);
      else {
        out.push(
          problem(
            'unknown_dimension',
            'aggby',
            `The dimension "${name}" is not available on the ${q.endpoint} endpoint.`,
            at,
          ),
        );
      }
    } else if (isMetric(name, catalogue)) {
      out.push(
        problem('unknown_dimension', 'aggby', `"${name}" is a metric, not a dimension: list it in metrics.`, {
          ...at,
          hint: `metrics=${name}`,
        }),
      );
    } else {
      const candidates = [...catalogue.dimensionNames, TIMESTAMP];
      out.push(unknownName('unknown_dimension', 'aggby', 'dimension', name, candidates, at));
    }
  });
  if (cx.timeseries && q.aggby.some((d) => d !== TIMESTAMP)) {
    out.push(
      problem(
        'incompatible_dimension',
        'aggby',
        'aggby=timestamp (a time series) cannot be combined with other aggby dimensions.',
      ),
    );
  }
}

function unknownName(
  code: 'unknown_metric' | 'unknown_dimension',
  param: string,
  kind: string,
  name: string,
  candidates: readonly string[],
  at: Partial<QueryDiagnostic>,
): QueryDiagnostic {
  const { message, hint } = unknownNameMessage(kind, name, candidates);
  return problem(code, param, message, { ...at, hint });
}
