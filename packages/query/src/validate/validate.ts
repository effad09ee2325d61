// Semantic validation of a query node: every problem at once, in canonical parameter order, each
// with the problem code the service would answer with, the parameter it concerns, a position where
// the problem sits inside the parameter's text, and a did-you-mean hint for misspelled names.
import type { FilterSpans, QoeFilterSpans } from '@playq/grammar';
import {
  dimensionInfo,
  isDimension,
  isMetric,
  isSessionField,
  metricInfo,
  TIMESTAMP,
} from '../catalogue/catalogue';
import { DEFAULT_CATALOGUE } from '../catalogue/default-catalogue';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import { unknownNameMessage } from '../catalogue/suggest-name';
import { DEFAULT_LIMITS, type QueryLimits } from '../limits';
import type { InvalidText, QueryNode } from '../model';
import type { QueryDiagnostic } from '../problem-code';
import { asNode, type QueryLike } from '../url/to-url';
import { isEndpoint } from '../wire/endpoints';
import { checkFilter, checkQoeFilter } from './check-filters';
import { checkGranularity, checkPeriod } from './check-period';
import { checkCustomer, checkOrder, checkPaging, checkPlanLevel } from './check-plain';
import { checkSwitches } from './check-switches';
import { fromGrammar, problem } from './diagnostics';
import { checkShape } from './shape';

export interface ValidateOptions {
  /** Limits to check against; missing fields take `DEFAULT_LIMITS`. */
  readonly limits?: Partial<QueryLimits>;
  /**
   * Whether a session query must carry `planlevel` (default `true`). The client passes `false`
   * because it resolves the plan level from the plan host before sending.
   */
  readonly requirePlanLevel?: boolean;
  /**
   * The catalogue to check names against. Default: the catalogue of the builder that made the
   * query (`createQueries(catalogue)`), else the default catalogue.
   */
  readonly catalogue?: AnyCatalogue;
}

/**
 * Where the texts of a parsed URL put each clause, so problems point into the user's own text.
 * Functions, because computing spans costs a second lex: only a positioned diagnostic calls them.
 * @internal
 */
export interface SourceSpans {
  readonly filter?: () => FilterSpans;
  readonly qoefilter?: () => QoeFilterSpans;
}

/** What the checks share: the query, its catalogue, and the names sorted out so far. @internal */
export interface Context {
  readonly q: QueryNode;
  readonly catalogue: AnyCatalogue;
  readonly limits: QueryLimits;
  readonly out: QueryDiagnostic[];
  readonly session: boolean;
  readonly timeseries: boolean;
  /** Requested numeric metrics of the catalogue. */
  readonly numeric: string[];
  /** Dimensions listed in `metrics` on the session endpoint (string fields). */
  readonly fields: string[];
  /** Known `aggby` names, `timestamp` included. */
  readonly dims: string[];
}

const isInvalid = (v: { type: string }): v is InvalidText => v.type === 'invalid';

/**
 * Every problem with a query, as diagnostics carrying the service's problem codes. An empty array
 * (or one with only `severity: 'warning'` entries) means the service would accept the query.
 *
 * @example
 * validate(metricQuery('demo').last(1, 'day').metrics('bufferingration'));
 * // [{ code: 'unknown_metric', param: 'metrics', hint: 'bufferingratio', severity: 'error', ... }]
 */
export function validate(query: QueryLike, options: ValidateOptions = {}): QueryDiagnostic[] {
  const node = asNode(query);
  const shape = checkShape(node);
  if (shape.length > 0) return shape;
  const catalogue = options.catalogue ?? catalogueOf(query);
  return validateNode(node, catalogue === undefined ? options : { ...options, catalogue }, {});
}

/**
 * The catalogue a builder was made with (`createQueries(catalogue)`), or `undefined` for a plain
 * query node.
 *
 * @example
 * catalogueOf(createQueries(mine).metricQuery('demo')) === mine; // true
 */
export function catalogueOf(query: QueryLike): AnyCatalogue | undefined {
  const c = (query as { readonly '~catalogue'?: AnyCatalogue })['~catalogue'];
  return typeof c === 'object' && c !== null ? c : undefined;
}

/** @internal */
export function validateNode(q: QueryNode, options: ValidateOptions, spans: SourceSpans): QueryDiagnostic[] {
  const cx: Context = {
    q,
    catalogue: options.catalogue ?? DEFAULT_CATALOGUE,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    out: [],
    session: q.endpoint === 'session',
    timeseries: q.aggby.includes(TIMESTAMP),
    numeric: [],
    fields: [],
    dims: [],
  };
  checkCustomer(cx);
  checkPlanLevel(cx, options.requirePlanLevel !== false);
  checkPeriod(cx);
  checkMetrics(cx);
  checkAggBy(cx);
  checkGranularity(cx);
  checkAgg(cx);
  checkSwitches(cx);
  checkRestricted(cx);
  if (q.filter !== undefined) {
    if (isInvalid(q.filter)) checkInvalidFilter(cx, q.filter);
    else checkFilter(cx, q.filter, spans.filter, restrictedCheck(cx));
  }
  if (q.qoefilter !== undefined) {
    if (isInvalid(q.qoefilter)) {
      for (const e of q.qoefilter.errors) cx.out.push(fromGrammar('invalid_qoefilter', 'qoefilter', e));
    } else checkQoeFilter(cx, q.qoefilter, spans.qoefilter);
  }
  checkOrder(cx);
  checkPaging(cx);
  return cx.out;
}

/** The position of the i-th name inside a comma-joined list (the `metrics`/`aggby` text). @internal */
export function listPosition(names: readonly string[], i: number): Partial<QueryDiagnostic> {
  let offset = 0;
  for (let j = 0; j < i; j++) offset += names[j]!.length + 1;
  return { offset, length: names[i]!.length, line: 1, column: offset + 1 };
}

/** An unknown endpoint is reported once, as not_found, not again for every name. */
function availableOn(endpoints: readonly string[], endpoint: string): boolean {
  return endpoints.includes(endpoint) || !isEndpoint(endpoint);
}

function checkMetrics(cx: Context): void {
  const { q, catalogue, out, session } = cx;
  if (q.metrics.length === 0) {
    out.push(
      problem('missing_parameter', 'metrics', 'metrics is required: a comma-separated list of metric names.'),
    );
  }
  q.metrics.forEach((name, i) => {
    const at = listPosition(q.metrics, i);
    if (q.metrics.indexOf(name) !== i) {
      out.push(
        problem('unknown_metric', 'metrics', `metrics lists "${name}" twice.`, {
          ...at,
          severity: 'warning',
        }),
      );
    } else if (isMetric(name, catalogue)) {
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

function checkAggBy(cx: Context): void {
  const { q, catalogue, out } = cx;
  q.aggby.forEach((name, i) => {
    const at = listPosition(q.aggby, i);
    if (q.aggby.indexOf(name) !== i) {
      out.push(
        problem('unknown_dimension', 'aggby', `aggby lists "${name}" twice.`, { ...at, severity: 'warning' }),
      );
    } else if (name === TIMESTAMP) cx.dims.push(name);
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

function checkAgg(cx: Context): void {
  const { q, out } = cx;
  if (!cx.session) {
    if (q.agg !== undefined)
      out.push(problem('invalid_agg', 'agg', 'agg applies only to the session endpoint.'));
    return;
  }
  if (q.agg === undefined) {
    out.push(
      problem(
        'missing_parameter',
        'agg',
        'The session endpoint requires agg: 1 (aggregate) or 2 (one record per error).',
      ),
    );
  } else if (q.agg !== 1 && q.agg !== 2) {
    out.push(problem('invalid_agg', 'agg', `agg must be 1 or 2, not ${String(q.agg)}.`));
  } else if (q.agg === 2) {
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

type RestrictedCheck = (name: string, param: string, extra: Partial<QueryDiagnostic>) => void;

/** A dimension that combines with some metrics only (category, key) against the requested metrics. */
function restrictedCheck(cx: Context): RestrictedCheck {
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

function checkRestricted(cx: Context): void {
  const check = restrictedCheck(cx);
  for (const f of cx.fields) check(f, 'metrics', listPosition(cx.q.metrics, cx.q.metrics.indexOf(f)));
  for (const d of cx.dims) check(d, 'aggby', listPosition(cx.q.aggby, cx.q.aggby.indexOf(d)));
}

const METRIC_CONDITION = /\[\s*([A-Za-z_][A-Za-z0-9_]*)\s*(>=|<=|!=|>|<)/;

/** Grammar errors, plus the likely cause when a filter holds a comparison on a metric. */
function checkInvalidFilter(cx: Context, filter: InvalidText): void {
  const m = METRIC_CONDITION.exec(filter.text);
  const name = m?.[1]?.toLowerCase();
  if (m !== null && name !== undefined && isMetric(name, cx.catalogue)) {
    const offset = m.index + m[0].indexOf(m[1]!);
    cx.out.push(
      problem(
        'invalid_filter',
        'filter',
        `filter: ${name} is a metric: conditions on metrics go in qoefilter.`,
        { offset, length: name.length, line: 1, column: offset + 1, hint: `qoefilter=${name}${m[2]}…` },
      ),
    );
    return;
  }
  for (const e of filter.errors) cx.out.push(fromGrammar('invalid_filter', 'filter', e));
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
