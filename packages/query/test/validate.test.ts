import { describe, expect, it } from 'vitest';
import { fromQuery, metricQuery, type QueryNode, sessionQuery, validate } from '../src/index';

const day = metricQuery('demo').between(0, 86_400);
const session = sessionQuery('demo').planLevel('2').agg(1).between(0, 86_400);
const codes = (q: Parameters<typeof validate>[0], options?: Parameters<typeof validate>[1]) =>
  validate(q, options).map((d) => `${d.severity === 'warning' ? 'warning:' : ''}${d.code}@${d.param}`);
const node = (patch: Partial<Record<keyof QueryNode, unknown>>) =>
  ({ ...day.metrics('errors').toQuery(), ...patch }) as QueryNode;

describe('validate: a clean query', () => {
  it('returns nothing for valid queries of both endpoints', () => {
    expect(validate(day.metrics('latency').aggBy('country', 'platform').orderBy('latency'))).toEqual([]);
    expect(validate(day.metrics('errors').aggBy('category', 'key').where('category', 'drm'))).toEqual([]);
    expect(validate(session.metrics('errors', 'player').aggBy('player'))).toEqual([]);
    expect(validate(sessionQuery('demo').agg(2).between(0, 60).metrics('errors', 'key'))).toEqual([
      expect.objectContaining({ code: 'missing_parameter', param: 'planlevel' }),
    ]);
    expect(
      validate(sessionQuery('demo').agg(2).between(0, 60).metrics('errors'), { requirePlanLevel: false }),
    ).toEqual([]);
  });
});

describe('validate: every code', () => {
  it('missing_parameter: period, metrics, planlevel, agg', () => {
    expect(codes(metricQuery('demo'))).toEqual(['missing_parameter@period', 'missing_parameter@metrics']);
    expect(codes(sessionQuery('demo').between(0, 1).metrics('errors'))).toEqual([
      'missing_parameter@planlevel',
      'missing_parameter@agg',
    ]);
    expect(codes(session.metrics('player').aggBy('player'))).toEqual(['missing_parameter@metrics']);
  });

  it('invalid_customer', () => {
    expect(codes(metricQuery('').between(0, 1).metrics('errors'))).toEqual(['invalid_customer@customerId']);
    expect(codes(metricQuery('x'.repeat(129)).between(0, 1).metrics('errors'))).toEqual([
      'invalid_customer@customerId',
    ]);
    expect(codes(metricQuery('a.b_c-9').between(0, 1).metrics('errors'))).toEqual([]);
    // Dot segments vanish from URL paths, so these ids could never reach the service.
    expect(codes(metricQuery('..').between(0, 1).metrics('errors'))).toEqual(['invalid_customer@customerId']);
    expect(codes(metricQuery('.').between(0, 1).metrics('errors'))).toEqual(['invalid_customer@customerId']);
    expect(codes(metricQuery('...').between(0, 1).metrics('errors'))).toEqual([]);
  });

  it('not_found for an endpoint outside the API', () => {
    expect(codes(node({ endpoint: 'reports' }))).toEqual(['not_found@path']);
  });

  it('invalid_period: text, order, and non-integers', () => {
    const d = validate(metricQuery('demo').period('start=10,end=x').metrics('errors'));
    expect(d).toEqual([expect.objectContaining({ code: 'invalid_period', param: 'period', offset: 13 })]);
    expect(codes(node({ period: { type: 'period', start: 5, end: 5 } }))).toEqual(['invalid_period@period']);
    expect(codes(node({ period: { type: 'period', start: 0.5, end: 5 } }))).toEqual([
      'invalid_period@period',
    ]);
  });

  it('period_too_long, with configurable limits', () => {
    expect(
      codes(
        metricQuery('demo')
          .between(0, 367 * 86_400)
          .metrics('errors'),
      ),
    ).toEqual(['period_too_long@period']);
    expect(
      codes(
        metricQuery('demo')
          .between(0, 366 * 86_400)
          .metrics('errors'),
      ),
    ).toEqual([]);
    expect(codes(day.metrics('errors'), { limits: { maxPeriodSeconds: 3600 } })).toEqual([
      'period_too_long@period',
    ]);
  });

  it('too_many_buckets, with a hint to coarsen', () => {
    const q = metricQuery('demo')
      .between(0, 10 * 86_400)
      .metrics('errors')
      .timeseries('minute');
    const d = validate(q);
    expect(d).toEqual([expect.objectContaining({ code: 'too_many_buckets', param: 'granularity' })]);
    expect(d[0]?.hint).toMatch(/5minute/);
    expect(codes(q.timeseries('hour'))).toEqual([]);
    expect(codes(day.metrics('errors').timeseries('hour'), { limits: { maxBuckets: 23 } })).toEqual([
      'too_many_buckets@granularity',
    ]);
  });

  it('unknown_metric with a did-you-mean hint, and for dimensions listed as metrics', () => {
    const d = validate(fromQuery(day.toQuery()).metrics('bufferingration'));
    expect(d).toEqual([
      expect.objectContaining({ code: 'unknown_metric', param: 'metrics', hint: 'bufferingratio' }),
    ]);
    const far = validate(fromQuery(day.toQuery()).metrics('revenue'));
    expect(far[0]?.message).toMatch(/expected one of attempts, viewercount/);
    expect(codes(fromQuery(day.toQuery()).metrics('errors', 'player'))).toEqual(['unknown_metric@metrics']);
    expect(validate(fromQuery(day.toQuery()).metrics('errors', 'player'))[0]?.hint).toBe('aggby=player');
    expect(codes(fromQuery(session.toQuery()).metrics('errors', 'country'))).toEqual([
      'unknown_metric@metrics',
    ]);
    expect(codes(node({ metrics: ['errors', 'errors'] }))).toEqual(['warning:unknown_metric@metrics']);
  });

  it('unknown_dimension in aggby and filter, with positions in the filter', () => {
    expect(validate(fromQuery(day.metrics('errors').toQuery()).aggBy('contry'))).toEqual([
      expect.objectContaining({ code: 'unknown_dimension', param: 'aggby', hint: 'country' }),
    ]);
    const d = validate(day.metrics('errors').where('[country=US][platfrom=ios]'));
    expect(d).toEqual([
      expect.objectContaining({
        code: 'unknown_dimension',
        param: 'filter',
        offset: 13,
        length: 8,
        hint: 'platform',
      }),
    ]);
    expect(codes(day.metrics('errors').where('[timestamp=5]'))).toEqual(['unknown_dimension@filter']);
    expect(codes(node({ aggby: ['country', 'country'] }))).toEqual(['warning:unknown_dimension@aggby']);
  });

  it('incompatible_dimension: category/key beyond errors, timestamp with dimensions, session fields outside aggby', () => {
    expect(codes(fromQuery(day.metrics('latency').toQuery()).aggBy('category'))).toEqual([
      'incompatible_dimension@aggby',
    ]);
    expect(codes(fromQuery(day.metrics('latency', 'errors').toQuery()).where('key', 'x'))).toEqual([
      'incompatible_dimension@filter',
    ]);
    expect(
      codes(fromQuery(session.metrics('users').toQuery()).metrics('category').aggBy('category')),
    ).toEqual(['incompatible_dimension@metrics', 'incompatible_dimension@aggby']);
    expect(codes(fromQuery(day.metrics('errors').timeseries().toQuery()).aggBy('country'))).toEqual([
      'incompatible_dimension@aggby',
    ]);
    expect(codes(session.metrics('errors', 'player').aggBy('country'))).toEqual([
      'incompatible_dimension@metrics',
    ]);
  });

  it('invalid_granularity: missing, unknown, or without a time series', () => {
    expect(codes(node({ aggby: ['timestamp'] }))).toEqual(['invalid_granularity@granularity']);
    const week = validate(node({ aggby: ['timestamp'], granularity: 'hours' }));
    expect(week).toEqual([expect.objectContaining({ code: 'invalid_granularity', hint: 'hour' })]);
    expect(codes(node({ granularity: 'hour' }))).toEqual(['invalid_granularity@granularity']);
  });

  it('invalid_agg: values, endpoint and agg=2 with playback metrics', () => {
    expect(codes(node({ agg: 1 }))).toEqual(['invalid_agg@agg']);
    expect(codes(node({ endpoint: 'session', planlevel: '2', agg: 3 }))).toEqual(['invalid_agg@agg']);
    expect(codes(sessionQuery('d').planLevel(1).agg(2).between(0, 1).metrics('errors', 'latency'))).toEqual([
      'invalid_agg@agg',
    ]);
  });

  it('invalid_planlevel: on metricquery, or malformed', () => {
    expect(codes(node({ planlevel: '2' }))).toEqual(['invalid_planlevel@planlevel']);
    expect(codes(sessionQuery('d').planLevel('two words').agg(1).between(0, 1).metrics('errors'))).toEqual([
      'invalid_planlevel@planlevel',
    ]);
  });

  it('invalid_filter: syntax, empty values, and a repeated dimension (warning)', () => {
    expect(codes(day.metrics('errors').where('[]'))).toEqual(['invalid_filter@filter']);
    expect(
      codes(
        node({ filter: { type: 'filter', clauses: [{ type: 'clause', dimension: 'country', values: [] }] } }),
      ),
    ).toEqual(['invalid_filter@filter']);
    const d = validate(day.metrics('errors').where('country', 'US').where('country', 'DE'));
    expect(d).toEqual([
      expect.objectContaining({ code: 'invalid_filter', severity: 'warning', param: 'filter', offset: 12 }),
    ]);
  });

  it('invalid_qoefilter and unknown_metric in a qoefilter', () => {
    expect(codes(day.metrics('latency').having('latency >> 2'))).toEqual(['invalid_qoefilter@qoefilter']);
    const d = validate(day.metrics('latency').having('latency>1 AND bufferingration<2'));
    expect(d).toEqual([
      expect.objectContaining({
        code: 'unknown_metric',
        param: 'qoefilter',
        offset: 14,
        hint: 'bufferingratio',
      }),
    ]);
    expect(codes(day.metrics('latency').having('country=1'))).toEqual(['unknown_metric@qoefilter']);
    expect(
      codes(
        node({
          qoefilter: {
            type: 'qoefilter',
            conditions: [
              { type: 'condition', metric: 'latency', operator: '>', value: Number.POSITIVE_INFINITY },
            ],
          },
        }),
      ),
    ).toEqual(['invalid_qoefilter@qoefilter']);
  });

  it('invalid_orderby: names outside the request, with hints for typos', () => {
    expect(codes(fromQuery(day.metrics('errors').toQuery()).orderBy('latency'))).toEqual([
      'invalid_orderby@orderby',
    ]);
    expect(validate(fromQuery(day.metrics('viewercount').toQuery()).orderBy('viewrcount'))[0]?.hint).toBe(
      'viewercount',
    );
    expect(codes(fromQuery(day.metrics('errors').toQuery()).orderBy('timestamp'))).toEqual([
      'invalid_orderby@orderby',
    ]);
    expect(codes(day.metrics('errors').aggBy('country').orderBy('country'))).toEqual([]);
  });

  it('invalid_order', () => {
    expect(codes(node({ order: 'up' }))).toEqual(['invalid_order@order']);
  });

  it('invalid_limit and invalid_offset, with configurable maximum', () => {
    expect(codes(day.metrics('errors').limit(0))).toEqual(['invalid_limit@limit']);
    expect(codes(day.metrics('errors').limit(10_001))).toEqual(['invalid_limit@limit']);
    expect(codes(day.metrics('errors').limit(2.5))).toEqual(['invalid_limit@limit']);
    expect(codes(day.metrics('errors').limit(10_000))).toEqual([]);
    expect(codes(day.metrics('errors').limit(500), { limits: { maxLimit: 100 } })).toEqual([
      'invalid_limit@limit',
    ]);
    expect(codes(day.metrics('errors').offset(-1))).toEqual(['invalid_offset@offset']);
    expect(codes(day.metrics('errors').offset(Number.NaN))).toEqual(['invalid_offset@offset']);
  });

  it('reports malformed nodes from untyped code field by field instead of throwing', () => {
    expect(codes(null as unknown as QueryNode)).toEqual(['missing_parameter@undefined']);
    expect(codes({ type: 'nope' } as unknown as QueryNode)).toEqual(['missing_parameter@undefined']);
    expect(codes(node({ metrics: 'errors', limit: '5', filter: { type: 'filter', clauses: [{}] } }))).toEqual(
      ['unknown_metric@metrics', 'invalid_filter@filter', 'invalid_limit@limit'],
    );
    expect(codes(node({ orderby: 7 }))).toEqual(['invalid_orderby@orderby']);
  });

  it('reports every problem at once, in parameter order', () => {
    const q = fromQuery(sessionQuery('demo').toQuery())
      .metrics('bufferingration')
      .aggBy('contry')
      .where('[country=')
      .orderBy('nope')
      .limit(0);
    expect(codes(q)).toEqual([
      'missing_parameter@planlevel',
      'missing_parameter@period',
      'unknown_metric@metrics',
      'unknown_dimension@aggby',
      'missing_parameter@agg',
      'invalid_filter@filter',
      'invalid_orderby@orderby',
      'invalid_limit@limit',
    ]);
  });
});
