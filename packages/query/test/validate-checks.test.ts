// Exact diagnostics (code, parameter, message, hint, severity, position) of the plain, period,
// switch and filter checks of `validate`.
import { describe, expect, it } from 'vitest';
import { fromQuery, metricQuery, type QueryNode, sessionQuery, validate } from '../src/index';

const day = metricQuery('demo').between(0, 86_400);
const node = (patch: Partial<Record<keyof QueryNode, unknown>>) =>
  ({ ...day.metrics('errors').toQuery(), ...patch }) as unknown as QueryNode;
const GRANULARITY_LIST = 'minute, 5minute, 10minute, hour, day, auto';

describe('validate: endpoint, customer id and plan level', () => {
  it('names the unknown endpoint and the two known ones', () => {
    expect(validate(node({ endpoint: 'reports' }))).toStrictEqual([
      {
        code: 'not_found',
        param: 'path',
        message: 'Unknown endpoint "reports": expected metricquery, session or listsessions.',
        severity: 'error',
      },
    ]);
  });

  it('quotes a dot-segment customer id that the pattern lets through', () => {
    expect(validate(metricQuery('..').between(0, 1).metrics('errors'))).toStrictEqual([
      {
        code: 'invalid_customer',
        param: 'customerId',
        message: 'The customer id cannot be "..".',
        severity: 'error',
      },
    ]);
  });

  it('says planlevel belongs to the session endpoint only', () => {
    expect(validate(node({ planlevel: '2' }))).toStrictEqual([
      {
        code: 'invalid_planlevel',
        param: 'planlevel',
        message: 'planlevel applies only to the session endpoint.',
        severity: 'error',
      },
    ]);
  });

  it('asks for planlevel on a session query', () => {
    expect(validate(sessionQuery('d').agg(1).between(0, 1).metrics('errors'))).toStrictEqual([
      {
        code: 'missing_parameter',
        param: 'planlevel',
        message: 'The session endpoint requires planlevel (the customer plan level from the plan host).',
        severity: 'error',
      },
    ]);
  });

  it('quotes a malformed planlevel', () => {
    expect(
      validate(sessionQuery('d').planLevel('two words').agg(1).between(0, 1).metrics('errors')),
    ).toStrictEqual([
      {
        code: 'invalid_planlevel',
        param: 'planlevel',
        message: 'planlevel "two words" is not a plan identifier such as "2".',
        severity: 'error',
      },
    ]);
  });
});

describe('validate: orderby, order and paging', () => {
  it('lists the requested names, comma-separated, when orderby names a known metric outside them', () => {
    expect(
      validate(fromQuery(day.metrics('errors').aggBy('country').toQuery()).orderBy('latency')),
    ).toStrictEqual([
      {
        code: 'invalid_orderby',
        param: 'orderby',
        message: "orderby=latency is not in this query's metrics or aggby (requested: errors, country).",
        severity: 'error',
      },
    ]);
  });

  it('says "none" when nothing was requested', () => {
    expect(validate(node({ metrics: [], orderby: 'latency' }))).toStrictEqual([
      {
        code: 'missing_parameter',
        param: 'metrics',
        message: 'metrics is required: a comma-separated list of metric names.',
        severity: 'error',
      },
      {
        code: 'invalid_orderby',
        param: 'orderby',
        message: "orderby=latency is not in this query's metrics or aggby (requested: none).",
        severity: 'error',
      },
    ]);
  });

  it('treats a known dimension outside the request as known, without a hint', () => {
    expect(validate(fromQuery(day.metrics('errors').toQuery()).orderBy('country'))).toStrictEqual([
      {
        code: 'invalid_orderby',
        param: 'orderby',
        message: "orderby=country is not in this query's metrics or aggby (requested: errors).",
        severity: 'error',
      },
    ]);
  });

  it('treats timestamp outside a time series as known', () => {
    expect(validate(fromQuery(day.metrics('errors').toQuery()).orderBy('timestamp'))).toStrictEqual([
      {
        code: 'invalid_orderby',
        param: 'orderby',
        message: "orderby=timestamp is not in this query's metrics or aggby (requested: errors).",
        severity: 'error',
      },
    ]);
  });

  it('lists timestamp once, last, among the requested names of a time series', () => {
    expect(
      validate(fromQuery(day.metrics('errors').timeseries('hour').toQuery()).orderBy('latency')),
    ).toStrictEqual([
      {
        code: 'invalid_orderby',
        param: 'orderby',
        message: "orderby=latency is not in this query's metrics or aggby (requested: errors, timestamp).",
        severity: 'error',
      },
    ]);
  });

  it('suggests the closest requested name for an unknown orderby', () => {
    expect(validate(fromQuery(day.metrics('viewercount').toQuery()).orderBy('viewrcount'))).toStrictEqual([
      {
        code: 'invalid_orderby',
        param: 'orderby',
        message:
          'orderby must name a requested metric or dimension (requested: viewercount), not "viewrcount"; did you mean "viewercount"?',
        hint: 'viewercount',
        severity: 'error',
      },
    ]);
  });

  it('quotes a bad order', () => {
    expect(validate(node({ order: 'up' }))).toStrictEqual([
      {
        code: 'invalid_order',
        param: 'order',
        message: 'order must be asc or desc, not "up".',
        severity: 'error',
      },
    ]);
  });

  it('names the limit range and the bad limit and offset', () => {
    expect(validate(day.metrics('errors').limit(0).offset(-1))).toStrictEqual([
      {
        code: 'invalid_limit',
        param: 'limit',
        message: 'limit must be an integer from 1 to 10000, not 0.',
        severity: 'error',
      },
      {
        code: 'invalid_offset',
        param: 'offset',
        message: 'offset must be a non-negative integer, not -1.',
        severity: 'error',
      },
    ]);
  });
});

describe('validate: period and granularity', () => {
  it('shows the period syntax when the period is missing', () => {
    expect(validate(metricQuery('demo').metrics('errors'))).toStrictEqual([
      {
        code: 'missing_parameter',
        param: 'period',
        message: 'period is required: start=<epoch_seconds>,end=<epoch_seconds>.',
        severity: 'error',
      },
    ]);
  });

  it('states the bounds for a non-integer period', () => {
    expect(validate(node({ period: { type: 'period', start: 0.5, end: 5 } }))).toStrictEqual([
      {
        code: 'invalid_period',
        param: 'period',
        message: 'period start and end must be integer epoch seconds from 0 to 10^11.',
        severity: 'error',
      },
    ]);
  });

  it('quotes both ends of a reversed period', () => {
    expect(validate(node({ period: { type: 'period', start: 9, end: 5 } }))).toStrictEqual([
      {
        code: 'invalid_period',
        param: 'period',
        message: 'period start (9) must be before its end (5).',
        severity: 'error',
      },
    ]);
  });

  it('gives the span, the limit and the limit in days for a period too long', () => {
    expect(
      validate(
        metricQuery('demo')
          .between(1000, 1000 + 367 * 86_400)
          .metrics('errors'),
      ),
    ).toStrictEqual([
      {
        code: 'period_too_long',
        param: 'period',
        message: 'period spans 31708800 s; the limit is 31622400 s (366 days).',
        severity: 'error',
      },
    ]);
  });

  it('counts the buckets of a time series and suggests the next coarser granularity', () => {
    const q = metricQuery('demo')
      .between(0, 10 * 86_400)
      .metrics('errors')
      .timeseries('minute');
    expect(validate(q)).toStrictEqual([
      {
        code: 'too_many_buckets',
        param: 'granularity',
        message: 'A minute time series over this period has 14400 buckets; the limit is 10000.',
        hint: 'granularity=5minute or a shorter period',
        severity: 'error',
      },
    ]);
  });

  it('suggests shortening the period when day buckets are already the coarsest', () => {
    const q = metricQuery('demo')
      .between(0, 3 * 86_400)
      .metrics('errors')
      .timeseries('day');
    expect(validate(q, { limits: { maxBuckets: 2 } })).toStrictEqual([
      {
        code: 'too_many_buckets',
        param: 'granularity',
        message: 'A day time series over this period has 3 buckets; the limit is 2.',
        hint: 'shorten the period',
        severity: 'error',
      },
    ]);
  });

  it('lists the granularities when a time series has none', () => {
    expect(validate(node({ aggby: ['timestamp'] }))).toStrictEqual([
      {
        code: 'invalid_granularity',
        param: 'granularity',
        message: `A time series needs a granularity: ${GRANULARITY_LIST}.`,
        severity: 'error',
      },
    ]);
  });

  it('lists the granularities and suggests the closest for an unknown one', () => {
    const expected = {
      code: 'invalid_granularity',
      param: 'granularity',
      message: `granularity must be one of ${GRANULARITY_LIST}, not "hours"; did you mean "hour"?`,
      hint: 'hour',
      severity: 'error',
    };
    expect(validate(node({ aggby: ['timestamp'], granularity: 'hours' }))).toStrictEqual([expected]);
    expect(validate(node({ granularity: 'hours' }))).toStrictEqual([expected]);
  });

  it('says a known granularity needs aggby=timestamp', () => {
    expect(validate(node({ granularity: 'hour' }))).toStrictEqual([
      {
        code: 'invalid_granularity',
        param: 'granularity',
        message: 'granularity applies only to a time series (aggby=timestamp).',
        severity: 'error',
      },
    ]);
  });
});

describe('validate: the switches', () => {
  it('accepts the allowed values of every switch on a hand-made node', () => {
    expect(
      validate(node({ sessiontype: 'ended', allstatus: 0, concurrency: 0, businesserror: false })),
    ).toStrictEqual([]);
    expect(
      validate(node({ sessiontype: 'started', allstatus: 1, concurrency: 1, businesserror: true })),
    ).toStrictEqual([]);
  });

  it('names each switch, its allowed values and the bad value as JSON', () => {
    expect(
      validate(node({ sessiontype: 'live', allstatus: 2, concurrency: 2, businesserror: 'yes' })),
    ).toStrictEqual([
      {
        code: 'invalid_sessiontype',
        param: 'sessiontype',
        message: 'sessiontype must be ended or started, not "live".',
        severity: 'error',
      },
      {
        code: 'invalid_allstatus',
        param: 'allstatus',
        message: 'allstatus must be 0 or 1, not 2.',
        severity: 'error',
      },
      {
        code: 'invalid_concurrency',
        param: 'concurrency',
        message: 'concurrency must be 0 or 1, not 2.',
        severity: 'error',
      },
      {
        code: 'invalid_businesserror',
        param: 'businesserror',
        message: 'businesserror must be true or false, not "yes".',
        severity: 'error',
      },
    ]);
  });

  it('reports a metric concurrency mode cannot compute once, at its first position', () => {
    expect(
      validate(node({ metrics: ['errors', 'median_latency', 'median_latency'], concurrency: 1 })),
    ).toStrictEqual([
      {
        code: 'unknown_metric',
        param: 'metrics',
        message: 'metrics lists "median_latency" twice.',
        offset: 22,
        length: 14,
        line: 1,
        column: 23,
        severity: 'warning',
      },
      {
        code: 'unsupported_with_concurrency',
        param: 'metrics',
        message:
          'The metric "median_latency" cannot be computed with concurrency=1 (active sessions); leave concurrency out or drop median_latency.',
        offset: 7,
        length: 14,
        line: 1,
        column: 8,
        severity: 'error',
      },
    ]);
  });
});

const filterOf = (...clauses: [string, string[]][]) => ({
  type: 'filter',
  clauses: clauses.map(([dimension, values]) => ({ type: 'clause', dimension, values })),
});
const qoeOf = (metric: string, value: number) => ({
  type: 'qoefilter',
  conditions: [{ type: 'condition', metric, operator: '>', value }],
});

describe('validate: filter and qoefilter contents', () => {
  it('sends a metric in filter to qoefilter, pointing at the name', () => {
    expect(validate(node({ filter: filterOf(['country', ['US']], ['latency', ['5']]) }))).toStrictEqual([
      {
        code: 'unknown_dimension',
        param: 'filter',
        message: 'filter: latency is a metric: conditions on metrics go in qoefilter.',
        hint: 'qoefilter=latency>…',
        offset: 13,
        length: 7,
        line: 1,
        column: 14,
        severity: 'error',
      },
    ]);
  });

  it('refuses a clause with an empty value among others', () => {
    expect(validate(node({ filter: filterOf(['country', ['US', '']]) }))).toStrictEqual([
      {
        code: 'invalid_filter',
        param: 'filter',
        message: 'filter: the clause on "country" needs at least one non-empty value.',
        severity: 'error',
      },
    ]);
  });

  it('accepts a clause whose values are all non-empty', () => {
    expect(validate(node({ filter: filterOf(['country', ['US', 'DE']]) }))).toStrictEqual([]);
  });

  it('warns about a dimension repeated across clauses and shows how to merge them', () => {
    expect(validate(day.metrics('errors').where('country', 'US').where('country', 'DE'))).toStrictEqual([
      {
        code: 'invalid_filter',
        param: 'filter',
        message:
          'filter: "country" appears in more than one clause; the clauses are intersected (both must hold).',
        hint: 'merge the values into one clause: [country=a|b]',
        offset: 12,
        length: 12,
        line: 1,
        column: 13,
        severity: 'warning',
      },
    ]);
  });

  it('sends a dimension in qoefilter to filter', () => {
    expect(validate(day.metrics('latency').having('country=1'))).toStrictEqual([
      {
        code: 'unknown_metric',
        param: 'qoefilter',
        message: 'qoefilter: "country" is a dimension; qoefilter compares metrics (dimensions go in filter).',
        hint: 'filter=[country=…]',
        offset: 0,
        length: 7,
        line: 1,
        column: 1,
        severity: 'error',
      },
    ]);
  });

  it('refuses a qoefilter metric that concurrency mode cannot compute', () => {
    expect(validate(node({ concurrency: 1, qoefilter: qoeOf('median_latency', 1) }))).toStrictEqual([
      {
        code: 'unsupported_with_concurrency',
        param: 'qoefilter',
        message: 'qoefilter: the metric "median_latency" cannot be computed with concurrency=1.',
        offset: 0,
        length: 14,
        line: 1,
        column: 1,
        severity: 'error',
      },
    ]);
  });

  it('refuses a non-finite qoefilter value', () => {
    expect(validate(node({ qoefilter: qoeOf('latency', Number.POSITIVE_INFINITY) }))).toStrictEqual([
      {
        code: 'invalid_qoefilter',
        param: 'qoefilter',
        message: 'qoefilter: the value compared with latency must be a finite number.',
        severity: 'error',
      },
    ]);
  });
});
