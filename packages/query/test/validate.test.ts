import { describe, expect, it } from 'vitest';
import {
  bucketSeconds,
  catalogueOf,
  createQueries,
  DEFAULT_CATALOGUE,
  extendCatalogue,
  fromQuery,
  isTimeSeries,
  metricQuery,
  type QueryNode,
  sessionQuery,
  validate,
} from '../src/index';

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

describe('more cases', () => {
  const day = metricQuery('demo').between(0, 86_400);
  const session = sessionQuery('demo').planLevel('2').agg(1).between(0, 86_400);
  const node = (patch: Partial<Record<keyof QueryNode, unknown>>) =>
    ({ ...day.metrics('errors').toQuery(), ...patch }) as QueryNode;

  // A deployment's catalogue with names that exist on one endpoint only.
  const shop = extendCatalogue(DEFAULT_CATALOGUE, {
    metrics: {
      ad_impressions: {
        unit: 'count',
        level: 'group',
        description: 'Ads shown.',
        endpoints: ['metricquery'],
      },
      seat_minutes: { unit: 'minutes', level: 'session', description: 'Seat time.', endpoints: ['session'] },
    },
    dimensions: {
      store: { description: 'Store id.', endpoints: ['metricquery'] },
      seat: { description: 'Seat id.', endpoints: ['session'] },
    },
  });
  const shopQueries = createQueries(shop);
  // Loose builders (names known at run time only) of that catalogue, for names the types would refuse.
  const shopDay = shopQueries.fromQuery(shopQueries.metricQuery('demo').between(0, 86_400).toQuery());
  const shopSession = shopQueries.fromQuery(
    shopQueries.sessionQuery('demo').planLevel('2').agg(1).between(0, 86_400).toQuery(),
  );

  describe('validate: metrics', () => {
    it('reports missing metrics with the exact sentence', () => {
      expect(validate(day)).toStrictEqual([
        {
          code: 'missing_parameter',
          param: 'metrics',
          message: 'metrics is required: a comma-separated list of metric names.',
          severity: 'error',
        },
      ]);
    });

    it('warns about a metric listed twice, pointing at the repeat', () => {
      expect(validate(node({ metrics: ['errors', 'errors'] }))).toStrictEqual([
        {
          code: 'unknown_metric',
          param: 'metrics',
          message: 'metrics lists "errors" twice.',
          severity: 'warning',
          offset: 7,
          length: 6,
          line: 1,
          column: 8,
        },
      ]);
    });

    it('says a dimension in metrics belongs in aggby, noting the session endpoint on metricquery', () => {
      expect(validate(fromQuery(day.toQuery()).metrics('errors', 'player'))).toStrictEqual([
        {
          code: 'unknown_metric',
          param: 'metrics',
          message: '"player" is a dimension, not a metric (only the session endpoint lists it in metrics).',
          severity: 'error',
          offset: 7,
          length: 6,
          line: 1,
          column: 8,
          hint: 'aggby=player',
        },
      ]);
      expect(validate(fromQuery(session.toQuery()).metrics('errors', 'country'))).toStrictEqual([
        {
          code: 'unknown_metric',
          param: 'metrics',
          message: '"country" is a dimension, not a metric.',
          severity: 'error',
          offset: 7,
          length: 7,
          line: 1,
          column: 8,
          hint: 'aggby=country',
        },
      ]);
    });

    it('requires at least one metric besides session string fields', () => {
      expect(validate(session.metrics('player').aggBy('player'))).toStrictEqual([
        {
          code: 'missing_parameter',
          param: 'metrics',
          message: 'metrics must include at least one metric, such as errors.',
          severity: 'error',
        },
      ]);
    });

    it('offers session string fields as candidates for an unknown metric on the session endpoint only', () => {
      const metrics =
        'attempts, viewercount, endedplays, totalstartupfailure, failurerate, latency, avg_latency, ' +
        'median_latency, p95_latency, p99_latency, bufferingratio, buffcount, playdur, ' +
        'avg_playtime_by_audience, users, unique_subscribers, uniqueviewercount, unique_devices, ' +
        'anonymous_viewers, cdn_change_rate, qualityofexperience, avg_qualityofexperience, ' +
        'median_qualityofexperience, views, totalduration, cbrsize, cirrbufferingratio, ' +
        'uniquesubscribercount, playperunique, playtimeperunique, concurviewavg, errors, fatalerrors';
      const position = { offset: 7, length: 6, line: 1, column: 8 };
      expect(validate(fromQuery(session.toQuery()).metrics('errors', 'zzzzzz'))).toStrictEqual([
        {
          code: 'unknown_metric',
          param: 'metrics',
          message: `Unknown metric "zzzzzz"; expected one of ${metrics}, player, subscriberid, category, key.`,
          severity: 'error',
          ...position,
        },
      ]);
      expect(validate(fromQuery(day.toQuery()).metrics('errors', 'zzzzzz'))).toStrictEqual([
        {
          code: 'unknown_metric',
          param: 'metrics',
          message: `Unknown metric "zzzzzz"; expected one of ${metrics}.`,
          severity: 'error',
          ...position,
        },
      ]);
      expect(validate(fromQuery(session.toQuery()).metrics('errors', 'playr'))).toStrictEqual([
        {
          code: 'unknown_metric',
          param: 'metrics',
          message: 'Unknown metric "playr"; did you mean "player"?',
          severity: 'error',
          offset: 7,
          length: 5,
          line: 1,
          column: 8,
          hint: 'player',
        },
      ]);
    });
  });

  describe('validate: names available on one endpoint only', () => {
    it('accepts the names on their own endpoint', () => {
      const { metricQuery: shopMetrics, sessionQuery: shopSessionQuery } = shopQueries;
      expect(
        validate(shopMetrics('demo').between(0, 86_400).metrics('ad_impressions').aggBy('store')),
      ).toStrictEqual([]);
      expect(
        validate(
          shopSessionQuery('demo')
            .planLevel('2')
            .agg(1)
            .between(0, 86_400)
            .metrics('seat_minutes')
            .aggBy('seat'),
        ),
      ).toStrictEqual([]);
    });

    it('reports a session-only metric and dimension on the metricquery endpoint', () => {
      const q = shopDay.metrics('errors', 'seat_minutes').aggBy('seat');
      expect(validate(q)).toStrictEqual([
        {
          code: 'unknown_metric',
          param: 'metrics',
          message: 'The metric "seat_minutes" is not available on the metricquery endpoint.',
          severity: 'error',
          offset: 7,
          length: 12,
          line: 1,
          column: 8,
        },
        {
          code: 'unknown_dimension',
          param: 'aggby',
          message: 'The dimension "seat" is not available on the metricquery endpoint.',
          severity: 'error',
          offset: 0,
          length: 4,
          line: 1,
          column: 1,
        },
      ]);
    });

    it('reports a metricquery-only metric and dimension on the session endpoint', () => {
      const q = shopSession.metrics('errors', 'ad_impressions').aggBy('country', 'store');
      expect(validate(q)).toStrictEqual([
        {
          code: 'unknown_metric',
          param: 'metrics',
          message: 'The metric "ad_impressions" is not available on the session endpoint.',
          severity: 'error',
          offset: 7,
          length: 14,
          line: 1,
          column: 8,
        },
        {
          code: 'unknown_dimension',
          param: 'aggby',
          message: 'The dimension "store" is not available on the session endpoint.',
          severity: 'error',
          offset: 8,
          length: 5,
          line: 1,
          column: 9,
        },
      ]);
    });

    it('reports an unknown endpoint once instead of every name', () => {
      const q = shopDay.metrics('errors', 'seat_minutes').aggBy('seat');
      expect(
        validate({ ...q.toQuery(), endpoint: 'reports' } as unknown as QueryNode, { catalogue: shop }),
      ).toStrictEqual([
        {
          code: 'not_found',
          param: 'path',
          message: 'Unknown endpoint "reports": expected metricquery, session or listsessions.',
          severity: 'error',
        },
      ]);
    });
  });

  describe('validate: the catalogue of a query', () => {
    it('takes the catalogue a builder was made with, and nothing else', () => {
      expect(catalogueOf(shopQueries.metricQuery('demo'))).toBe(shop);
      expect(catalogueOf(day.toQuery())).toBe(undefined);
      const withNull = { ...node({}), '~catalogue': null } as unknown as QueryNode;
      const withText = { ...node({}), '~catalogue': 'shop' } as unknown as QueryNode;
      expect(catalogueOf(withNull)).toBe(undefined);
      expect(catalogueOf(withText)).toBe(undefined);
      // A value that is not a catalogue is ignored: the default catalogue checks the names.
      expect(validate(withText)).toStrictEqual([]);
      expect(validate(withNull)).toStrictEqual([]);
    });
  });

  describe('validate: aggby', () => {
    it('warns about a dimension listed twice, pointing at the repeat', () => {
      expect(validate(node({ aggby: ['country', 'country'] }))).toStrictEqual([
        {
          code: 'unknown_dimension',
          param: 'aggby',
          message: 'aggby lists "country" twice.',
          severity: 'warning',
          offset: 8,
          length: 7,
          line: 1,
          column: 9,
        },
      ]);
    });

    it('says a metric in aggby belongs in metrics', () => {
      expect(validate(fromQuery(day.metrics('errors').toQuery()).aggBy('country', 'latency'))).toStrictEqual([
        {
          code: 'unknown_dimension',
          param: 'aggby',
          message: '"latency" is a metric, not a dimension: list it in metrics.',
          severity: 'error',
          offset: 8,
          length: 7,
          line: 1,
          column: 9,
          hint: 'metrics=latency',
        },
      ]);
    });

    it('refuses a time series combined with other dimensions', () => {
      expect(
        validate(fromQuery(day.metrics('errors').timeseries().toQuery()).aggBy('country')),
      ).toStrictEqual([
        {
          code: 'incompatible_dimension',
          param: 'aggby',
          message: 'aggby=timestamp (a time series) cannot be combined with other aggby dimensions.',
          severity: 'error',
        },
      ]);
    });
  });

  describe('validate: agg', () => {
    it('refuses agg on the metricquery endpoint', () => {
      expect(validate(node({ agg: 1 }))).toStrictEqual([
        {
          code: 'invalid_agg',
          param: 'agg',
          message: 'agg applies only to the session endpoint.',
          severity: 'error',
        },
      ]);
    });

    it('requires agg on the session endpoint', () => {
      expect(validate(sessionQuery('demo').planLevel('2').between(0, 60).metrics('errors'))).toStrictEqual([
        {
          code: 'missing_parameter',
          param: 'agg',
          message: 'The session endpoint requires agg: 1 (aggregate) or 2 (one record per error).',
          severity: 'error',
        },
      ]);
    });

    it('refuses an agg other than 1 or 2', () => {
      expect(validate(node({ endpoint: 'session', planlevel: '2', agg: 3 }))).toStrictEqual([
        { code: 'invalid_agg', param: 'agg', message: 'agg must be 1 or 2, not 3.', severity: 'error' },
      ]);
    });

    it('lists every playback metric agg=2 cannot compute', () => {
      const q = sessionQuery('demo')
        .planLevel('2')
        .agg(2)
        .between(0, 60)
        .metrics('errors', 'latency', 'buffcount');
      expect(validate(q)).toStrictEqual([
        {
          code: 'invalid_agg',
          param: 'agg',
          message:
            'agg=2 returns one record per error event, so it cannot compute latency, buffcount; use agg=1.',
          severity: 'error',
        },
      ]);
    });

    it('with agg=1, hints the aggby that adds a string field to the other dimensions (timestamp left out)', () => {
      const q = fromQuery(session.metrics('errors', 'player', 'subscriberid').toQuery()).aggBy(
        'timestamp',
        'country',
        'platform',
      );
      expect(validate(q)).toStrictEqual([
        {
          code: 'incompatible_dimension',
          param: 'aggby',
          message: 'aggby=timestamp (a time series) cannot be combined with other aggby dimensions.',
          severity: 'error',
        },
        {
          code: 'incompatible_dimension',
          param: 'metrics',
          message: 'With agg=1, "player" in metrics must also be in aggby.',
          severity: 'error',
          offset: 7,
          length: 6,
          line: 1,
          column: 8,
          hint: 'aggby=country,platform,player',
        },
        {
          code: 'incompatible_dimension',
          param: 'metrics',
          message: 'With agg=1, "subscriberid" in metrics must also be in aggby.',
          severity: 'error',
          offset: 14,
          length: 12,
          line: 1,
          column: 15,
          hint: 'aggby=country,platform,subscriberid',
        },
      ]);
    });
  });

  describe('validate: restricted dimensions', () => {
    it('names the metrics an error dimension combines with and the ones it does not', () => {
      const q = fromQuery(day.metrics('latency', 'buffcount', 'errors').toQuery()).aggBy('category');
      expect(validate(q)).toStrictEqual([
        {
          code: 'incompatible_dimension',
          param: 'aggby',
          message: '"category" combines only with errors, fatalerrors, not with latency, buffcount.',
          severity: 'error',
          offset: 0,
          length: 8,
          line: 1,
          column: 1,
        },
      ]);
    });
  });

  describe('validate: filters that do not parse', () => {
    it('points at a metric compared in a filter and suggests the qoefilter', () => {
      expect(validate(day.metrics('errors').where('[country=US][latency>5]'))).toStrictEqual([
        {
          code: 'invalid_filter',
          param: 'filter',
          message: 'filter: latency is a metric: conditions on metrics go in qoefilter.',
          severity: 'error',
          offset: 13,
          length: 7,
          line: 1,
          column: 14,
          hint: 'qoefilter=latency>…',
        },
      ]);
    });

    it('reports a builder filter that is not a dimension name as an invalid value', () => {
      expect(validate(fromQuery(day.metrics('errors').toQuery()).where('9bad', 'x'))).toStrictEqual([
        {
          code: 'invalid_filter',
          param: 'filter',
          message: 'filter: "9bad" is not a dimension name.',
          severity: 'error',
          offset: 0,
          length: 8,
          line: 1,
          column: 1,
          cause: {
            code: 'invalid_value',
            message: '"9bad" is not a dimension name.',
            severity: 'error',
            offset: 0,
            length: 8,
            line: 1,
            column: 1,
          },
        },
      ]);
    });
  });

  describe('isTimeSeries and bucketSeconds', () => {
    it('is a time series only when aggby is exactly timestamp', () => {
      expect(isTimeSeries({ aggby: ['timestamp'] })).toBe(true);
      expect(isTimeSeries({ aggby: [] })).toBe(false);
      expect(isTimeSeries({ aggby: ['country'] })).toBe(false);
      expect(isTimeSeries({ aggby: ['timestamp', 'country'] })).toBe(false);
      expect(isTimeSeries({ aggby: ['country', 'timestamp'] })).toBe(false);
    });

    it('has a bucket length only for a time series', () => {
      const period = { type: 'period', start: 0, end: 86_400 } as const;
      expect(bucketSeconds({ aggby: ['timestamp'], granularity: 'hour', period })).toBe(3600);
      expect(bucketSeconds({ aggby: ['country'], granularity: 'hour', period })).toBe(undefined);
      expect(bucketSeconds({ aggby: ['timestamp', 'country'], granularity: 'hour', period })).toBe(undefined);
    });
  });
});
