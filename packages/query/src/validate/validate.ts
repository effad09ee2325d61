// Semantic validation of a query node: every problem at once, in canonical parameter order, each
// with the problem code the service would answer with, the parameter it concerns, a position where
// the problem sits inside a mini-language text, and a did-you-mean hint for misspelled names.
import type { FilterSpans, QoeFilterSpans } from '@playq/grammar';
import {
  CATALOGUE,
  isDimension,
  isErrorDimension,
  isMetric,
  isSessionField,
  TIMESTAMP,
} from '../catalogue/catalogue';
import { suggestName } from '../catalogue/suggest-name';
import { bucketCount, DEFAULT_LIMITS, GRANULARITIES, isGranularity, type QueryLimits } from '../limits';
import type { InvalidText, QueryNode } from '../model';
import type { QueryDiagnostic } from '../problem-code';
import { asNode, type QueryLike } from '../url/to-url';
import { checkFilter, checkQoeFilter } from './check-filters';
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
}

/** Where the texts of a parsed URL put each clause, so problems point into the user's own text. @internal */
export interface SourceSpans {
  readonly filter?: FilterSpans;
  readonly qoefilter?: QoeFilterSpans;
}

const CUSTOMER_ID = /^[A-Za-z0-9._-]{1,128}$/;
const PLAN_LEVEL = /^[A-Za-z0-9._-]{1,64}$/;
const AGGBY_NAMES: readonly string[] = [...CATALOGUE.dimensionNames, TIMESTAMP];

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
  return shape.length > 0 ? shape : validateNode(node, options, {});
}

/** @internal */
export function validateNode(q: QueryNode, options: ValidateOptions, spans: SourceSpans): QueryDiagnostic[] {
  const limits: QueryLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const out: QueryDiagnostic[] = [];
  const session = q.endpoint === 'session';
  const timeseries = q.aggby.includes(TIMESTAMP);

  if (q.endpoint !== 'metricquery' && q.endpoint !== 'session') {
    out.push(
      problem(
        'not_found',
        'path',
        `Unknown endpoint "${String(q.endpoint)}": expected metricquery or session.`,
      ),
    );
  }
  if (typeof q.customerId !== 'string' || !CUSTOMER_ID.test(q.customerId)) {
    out.push(
      problem(
        'invalid_customer',
        'customerId',
        'The customer id must be 1 to 128 characters of letters, digits, ".", "_" or "-".',
      ),
    );
  } else if (q.customerId === '.' || q.customerId === '..') {
    // URL parsers resolve these path segments away, so no URL can carry them.
    out.push(problem('invalid_customer', 'customerId', `The customer id cannot be "${q.customerId}".`));
  }

  // planlevel
  if (session) {
    if (q.planlevel === undefined) {
      if (options.requirePlanLevel !== false) {
        out.push(
          problem(
            'missing_parameter',
            'planlevel',
            'The session endpoint requires planlevel (the customer plan level from the plan host).',
          ),
        );
      }
    } else if (!PLAN_LEVEL.test(q.planlevel)) {
      out.push(
        problem(
          'invalid_planlevel',
          'planlevel',
          `planlevel "${q.planlevel}" is not a plan identifier such as "2".`,
        ),
      );
    }
  } else if (q.planlevel !== undefined) {
    out.push(problem('invalid_planlevel', 'planlevel', 'planlevel applies only to the session endpoint.'));
  }

  // period
  if (q.period === undefined) {
    out.push(
      problem(
        'missing_parameter',
        'period',
        'period is required: start=<epoch_seconds>,end=<epoch_seconds>.',
      ),
    );
  } else if (isInvalid(q.period)) {
    for (const e of q.period.errors) out.push(fromGrammar('invalid_period', 'period', e));
  } else {
    const { start, end } = q.period;
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end > 1e11) {
      out.push(
        problem(
          'invalid_period',
          'period',
          'period start and end must be integer epoch seconds from 0 to 10^11.',
        ),
      );
    } else if (start >= end) {
      out.push(
        problem('invalid_period', 'period', `period start (${start}) must be before its end (${end}).`),
      );
    } else if (end - start > limits.maxPeriodSeconds) {
      out.push(
        problem(
          'period_too_long',
          'period',
          `period spans ${end - start} s; the limit is ${limits.maxPeriodSeconds} s (${limits.maxPeriodSeconds / 86_400} days).`,
        ),
      );
    } else if (timeseries && q.granularity !== undefined && isGranularity(q.granularity)) {
      const n = bucketCount(start, end, q.granularity);
      if (n > limits.maxBuckets) {
        out.push(
          problem(
            'too_many_buckets',
            'granularity',
            `A ${q.granularity} time series over this period has ${n} buckets; the limit is ${limits.maxBuckets}.`,
            { hint: coarser(q.granularity) },
          ),
        );
      }
    }
  }

  // metrics
  const numeric: string[] = [];
  const fields: string[] = [];
  if (q.metrics.length === 0) {
    out.push(
      problem('missing_parameter', 'metrics', 'metrics is required: a comma-separated list of metric names.'),
    );
  }
  const metricCandidates = session
    ? [...CATALOGUE.metricNames, 'category', 'key', 'player', 'subscriberid']
    : CATALOGUE.metricNames;
  q.metrics.forEach((name, i) => {
    if (q.metrics.indexOf(name) !== i) {
      out.push(
        problem('unknown_metric', 'metrics', `metrics lists "${name}" twice.`, { severity: 'warning' }),
      );
    } else if (isMetric(name)) numeric.push(name);
    else if (isSessionField(name, q.endpoint)) fields.push(name);
    else if (isDimension(name)) {
      out.push(
        problem(
          'unknown_metric',
          'metrics',
          `"${name}" is a dimension, not a metric${session ? '' : ' (only the session endpoint lists it in metrics)'}.`,
          { hint: `aggby=${name}` },
        ),
      );
    } else {
      out.push(unknownName('unknown_metric', 'metrics', 'metric', name, metricCandidates));
    }
  });
  if (q.metrics.length > 0 && numeric.length === 0 && fields.length > 0) {
    out.push(
      problem('missing_parameter', 'metrics', 'metrics must include at least one metric, such as errors.'),
    );
  }

  // aggby
  const dims: string[] = [];
  q.aggby.forEach((name, i) => {
    if (q.aggby.indexOf(name) !== i) {
      out.push(
        problem('unknown_dimension', 'aggby', `aggby lists "${name}" twice.`, { severity: 'warning' }),
      );
    } else if (name === TIMESTAMP || isDimension(name)) dims.push(name);
    else out.push(unknownName('unknown_dimension', 'aggby', 'dimension', name, AGGBY_NAMES));
  });
  if (timeseries && q.aggby.some((d) => d !== TIMESTAMP)) {
    out.push(
      problem(
        'incompatible_dimension',
        'aggby',
        'aggby=timestamp (a time series) cannot be combined with other aggby dimensions.',
      ),
    );
  }

  // granularity
  if (timeseries) {
    if (q.granularity === undefined) {
      out.push(
        problem(
          'invalid_granularity',
          'granularity',
          'A time series needs a granularity: minute, hour or day.',
        ),
      );
    } else if (!isGranularity(q.granularity)) {
      out.push(badGranularity(q.granularity));
    }
  } else if (q.granularity !== undefined) {
    out.push(
      isGranularity(q.granularity)
        ? problem(
            'invalid_granularity',
            'granularity',
            'granularity applies only to a time series (aggby=timestamp).',
          )
        : badGranularity(q.granularity),
    );
  }

  // agg
  if (session) {
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
      const others = numeric.filter((m) => m !== 'errors');
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
      for (const f of fields) {
        if (!dims.includes(f)) {
          out.push(
            problem(
              'incompatible_dimension',
              'metrics',
              `With agg=1, "${f}" in metrics must also be in aggby.`,
              {
                hint: `aggby=${[...dims.filter((d) => d !== TIMESTAMP), f].join(',')}`,
              },
            ),
          );
        }
      }
    }
  } else if (q.agg !== undefined) {
    out.push(problem('invalid_agg', 'agg', 'agg applies only to the session endpoint.'));
  }

  // category and key exist only on error records
  const playbackMetrics = numeric.filter((m) => m !== 'errors');
  const errorOnly = (name: string, param: string, extra: Partial<QueryDiagnostic> = {}) => {
    if (isErrorDimension(name) && playbackMetrics.length > 0) {
      out.push(
        problem(
          'incompatible_dimension',
          param,
          `"${name}" exists only on error records: it combines with the errors metric alone, not with ${playbackMetrics.join(', ')}.`,
          extra,
        ),
      );
    }
  };
  for (const f of fields) errorOnly(f, 'metrics');
  for (const d of dims) errorOnly(d, 'aggby');

  // filter
  if (q.filter !== undefined) {
    if (isInvalid(q.filter)) {
      for (const e of q.filter.errors) out.push(fromGrammar('invalid_filter', 'filter', e));
    } else {
      checkFilter(q.filter, spans.filter, out, errorOnly);
    }
  }

  // qoefilter
  if (q.qoefilter !== undefined) {
    if (isInvalid(q.qoefilter)) {
      for (const e of q.qoefilter.errors) out.push(fromGrammar('invalid_qoefilter', 'qoefilter', e));
    } else {
      checkQoeFilter(q.qoefilter, spans.qoefilter, out);
    }
  }

  // orderby, order
  if (q.orderby !== undefined) {
    const allowed = [...numeric, ...fields, ...dims.filter((d) => d !== TIMESTAMP)];
    if (timeseries) allowed.push(TIMESTAMP);
    if (!allowed.includes(q.orderby)) {
      const requested = allowed.length > 0 ? allowed.join(', ') : 'none';
      const notRequested = isMetric(q.orderby) || isDimension(q.orderby) || q.orderby === TIMESTAMP;
      out.push(
        problem(
          'invalid_orderby',
          'orderby',
          notRequested
            ? `orderby=${q.orderby} is not in this query's metrics or aggby (requested: ${requested}).`
            : `orderby must name a requested metric or dimension (requested: ${requested}), not "${q.orderby}".`,
          { hint: notRequested ? undefined : suggestName(q.orderby, allowed) },
        ),
      );
    }
  }
  if (q.order !== undefined && q.order !== 'asc' && q.order !== 'desc') {
    out.push(problem('invalid_order', 'order', `order must be asc or desc, not "${String(q.order)}".`));
  }

  // paging
  if (!Number.isSafeInteger(q.limit) || q.limit < 1 || q.limit > limits.maxLimit) {
    out.push(
      problem(
        'invalid_limit',
        'limit',
        `limit must be an integer from 1 to ${limits.maxLimit}, not ${q.limit}.`,
      ),
    );
  }
  if (!Number.isSafeInteger(q.offset) || q.offset < 0) {
    out.push(problem('invalid_offset', 'offset', `offset must be a non-negative integer, not ${q.offset}.`));
  }
  return out;
}

function unknownName(
  code: 'unknown_metric' | 'unknown_dimension',
  param: string,
  kind: string,
  name: string,
  candidates: readonly string[],
): QueryDiagnostic {
  const hint = suggestName(name, candidates);
  return problem(
    code,
    param,
    `Unknown ${kind} "${name}"${hint === undefined ? `; expected one of ${candidates.join(', ')}` : `; did you mean "${hint}"?`}`,
    { hint },
  );
}

function badGranularity(value: string): QueryDiagnostic {
  return problem(
    'invalid_granularity',
    'granularity',
    `granularity must be one of ${GRANULARITIES.join(', ')}, not "${value}".`,
    { hint: suggestName(value, GRANULARITIES) },
  );
}

function coarser(g: string): string | undefined {
  const i = GRANULARITIES.indexOf(g as (typeof GRANULARITIES)[number]);
  const next = GRANULARITIES[i + 1];
  return next === undefined ? 'shorten the period' : `granularity=${next} or a shorter period`;
}
