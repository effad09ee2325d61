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
const node = (patch: Partial<Record<keyof QueryNode, unknown>>) =>
  ({ ...day.metrics('errors').toQuery(), ...patch }) as QueryNode;

// A deployment's catalogue with names that exist on one endpoint only.
const shop = extendCatalogue(DEFAULT_CATALOGUE, {
  metrics: {
    ad_impressions: { unit: 'count', level: 'group', description: 'Ads shown.', endpoints: ['metricquery'] },
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
    expect(validate(fromQuery(day.metrics('errors').timeseries().toQuery()).aggBy('country'))).toStrictEqual([
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
