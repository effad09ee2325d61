// The catalogue end to end: defining and extending catalogues, validation of the new parameters and
// warnings (each with its position), URL round trips over generated catalogues, and the vendor's
// example requests from its public pages.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { catalogue, queryNode } from '../src/arbitraries/index';
import {
  bucketSeconds,
  catalogueProblems,
  createQueries,
  DEFAULT_CATALOGUE,
  defineCatalogue,
  extendCatalogue,
  fromQuery,
  fromURL,
  granularitySeconds,
  metricQuery,
  resolveGranularity,
  sessionQuery,
  toURL,
  validate,
} from '../src/index';

const BASE = 'https://api.example.test/api/v1';
const day = metricQuery('demo').between(0, 86_400);
const pos = (d: { offset?: number; length?: number } | undefined) => [d?.offset, d?.length];

describe('defineCatalogue and extendCatalogue', () => {
  it('freeze deeply and fill defaults', () => {
    const c = defineCatalogue({
      metrics: { carts: { unit: 'count', level: 'group', description: 'Carts.' } },
      dimensions: {
        store: { description: 'Store.' },
        aisle: { description: 'Aisle.', combinesWith: ['carts'] },
      },
    });
    expect(Object.isFrozen(c.metrics.carts)).toBe(true);
    expect(Object.isFrozen(c.definition.dimensions.aisle.combinesWith)).toBe(true);
    expect(c.metrics.carts).toMatchObject({ endpoints: ['metricquery', 'session'], concurrency: true });
    expect(c.metrics.carts.combinesWith).toEqual(['store', 'aisle']);
    expect(c.dimensions.store).toMatchObject({ restricted: false, metricOn: [], combinesWith: ['carts'] });
    expect(c.dimensions.aisle.restricted).toBe(true);
  });

  it('list every problem of a bad definition, and throw them together', () => {
    const bad = {
      metrics: { Bad: { unit: 'euros', level: 'row', description: 1 }, timestamp: {} },
      dimensions: { store: { description: 'S', combinesWith: ['nope'], endpoints: ['web'] }, Bad: {} },
    };
    const problems = catalogueProblems(bad);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('metric "Bad": a name is a lower-case identifier'),
        expect.stringContaining('metric "Bad": unit is one of'),
        expect.stringContaining('metric "Bad": level is session or group'),
        expect.stringContaining('metric "timestamp": "timestamp" is reserved'),
        expect.stringContaining('dimension "store": combinesWith names "nope"'),
        expect.stringContaining('dimension "store": endpoints is a non-empty list'),
        expect.stringContaining('dimension "Bad": a metric has the same name'),
      ]),
    );
    expect(() => defineCatalogue(bad as never)).toThrow(/^@playq\/query: defineCatalogue: metric "Bad"/);
    expect(catalogueProblems(null)).toEqual([
      'a catalogue is an object { metrics: {...}, dimensions: {...} }.',
    ]);
  });

  it('extend without redefining', () => {
    const mine = extendCatalogue(DEFAULT_CATALOGUE, {
      metrics: { ad_impressions: { unit: 'count', level: 'group', description: 'Ads shown.' } },
    });
    expect(mine.metricNames.at(-1)).toBe('ad_impressions');
    expect(mine.metricNames.length).toBe(DEFAULT_CATALOGUE.metricNames.length + 1);
    expect(() =>
      extendCatalogue(DEFAULT_CATALOGUE, {
        metrics: { latency: DEFAULT_CATALOGUE.definition.metrics.latency },
      }),
    ).toThrow(/the base already defines latency/);
  });
});

describe('builders and validation typed by a catalogue', () => {
  const mine = extendCatalogue(DEFAULT_CATALOGUE, {
    metrics: { ad_impressions: { unit: 'count', level: 'group', description: 'Ads shown.' } },
  });
  const q = createQueries(mine);

  it('validates against the builder catalogue, and the default one refuses the extra name with a hint', () => {
    const built = q.metricQuery('demo').between(0, 3600).metrics('ad_impressions');
    expect(validate(built)).toEqual([]);
    expect(validate(built.toQuery())).toEqual([
      expect.objectContaining({ code: 'unknown_metric', param: 'metrics', offset: 0, length: 14 }),
    ]);
    expect(validate(built.toQuery(), { catalogue: mine })).toEqual([]);
    const typo = validate(q.fromQuery(built.toQuery()).metrics('ad_impresions'));
    expect(typo[0]).toMatchObject({
      message: 'Unknown metric "ad_impresions"; did you mean "ad_impressions"?',
      hint: 'ad_impressions',
      offset: 15,
    });
  });

  it('fromURL checks against the catalogue it is given', () => {
    const url = `${BASE}/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=ad_impressions`;
    expect(fromURL(url).ok).toBe(false);
    expect(fromURL(url, { catalogue: mine }).ok).toBe(true);
  });
});

describe('the new parameters', () => {
  it('write non-defaults in canonical order and leave defaults out', () => {
    const q = day.metrics('attempts').sessionType('started').allStatuses().businessErrors();
    expect(q.toURL(BASE)).toBe(
      `${BASE}/metricquery/demo?period=start%3D0%2Cend%3D86400&metrics=attempts&sessiontype=started&allstatus=1&businesserror=true`,
    );
    const defaults = q.sessionType('ended').allStatuses(false).businessErrors(false).concurrency(false);
    expect(defaults.toQuery()).toEqual(day.metrics('attempts').toQuery());
    const explicit = fromURL(
      `${BASE}/metricquery/demo?period=start%3D0%2Cend%3D60&metrics=attempts&sessiontype=ended&allstatus=0&concurrency=0&businesserror=false`,
    );
    expect(explicit.ok && explicit.query).toEqual(
      metricQuery('demo').between(0, 60).metrics('attempts').toQuery(),
    );
  });

  it('refuse bad values with their own code and a hint', () => {
    const r = fromURL(
      `${BASE}/metricquery/demo?period=start%3D0%2Cend%3D60&metrics=attempts&sessiontype=strated&allstatus=2&concurrency=yes&businesserror=1`,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.map((e) => e.code)).toEqual([
        'invalid_sessiontype',
        'invalid_allstatus',
        'invalid_concurrency',
        'invalid_businesserror',
      ]);
      expect(r.errors[0]).toMatchObject({ hint: 'started', param: 'sessiontype' });
    }
    const hand = {
      ...day.metrics('errors').toQuery(),
      sessiontype: 'both',
      allstatus: 3,
      concurrency: true,
      businesserror: 'yes',
    };
    expect(validate(hand as never).map((d) => d.code)).toEqual([
      'invalid_sessiontype',
      'invalid_allstatus',
      'invalid_concurrency',
      'invalid_businesserror',
    ]);
  });

  it('unsupported_with_concurrency for aggregate variants, positioned in metrics and qoefilter', () => {
    const q = day.metrics('viewercount', 'p95_latency').concurrency().having('avg_latency', '>', 2);
    const d = validate(q);
    expect(d.map((x) => `${x.code}@${x.param}`)).toEqual([
      'unsupported_with_concurrency@metrics',
      'unsupported_with_concurrency@qoefilter',
    ]);
    expect(pos(d[0])).toEqual([12, 11]);
    expect(pos(d[1])).toEqual([0, 11]);
    expect(validate(day.metrics('viewercount', 'playdur').concurrency())).toEqual([]);
  });
});

describe('granularity', () => {
  it('resolves auto exactly at the documented thresholds', () => {
    const at = (span: number) => resolveGranularity('auto', { start: 1000, end: 1000 + span });
    expect([at(5400), at(5401), at(21_600), at(21_601), at(15 * 86_400), at(15 * 86_400 + 1)]).toEqual([
      'minute',
      '10minute',
      '10minute',
      'hour',
      'hour',
      'day',
    ]);
    expect(resolveGranularity('5minute', { start: 0, end: 1e9 })).toBe('5minute');
  });

  it('gives bucket seconds, auto resolved from the period', () => {
    expect(
      ['minute', '5minute', '10minute', 'hour', 'day'].map((g) => granularitySeconds(g as 'hour')),
    ).toEqual([60, 300, 600, 3600, 86_400]);
    expect(bucketSeconds(day.metrics('errors').timeseries().toQuery())).toBe(3600);
    expect(bucketSeconds(metricQuery('d').between(0, 3600).metrics('errors').timeseries().toQuery())).toBe(
      60,
    );
    expect(bucketSeconds(day.metrics('errors').toQuery())).toBeUndefined();
  });

  it('counts buckets of auto at its resolved size', () => {
    const year = metricQuery('demo')
      .between(0, 366 * 86_400)
      .metrics('errors');
    expect(validate(year.timeseries())).toEqual([]);
    expect(validate(year.timeseries('minute'))[0]).toMatchObject({
      code: 'too_many_buckets',
      hint: 'granularity=5minute or a shorter period',
    });
  });
});

describe('warnings and errors that point into the text', () => {
  it('the same dimension in two clauses (a warning at the second clause)', () => {
    const r = fromURL(
      `${BASE}/metricquery/demo?period=start%3D0%2Cend%3D60&metrics=errors&filter=${encodeURIComponent('[country=US][country=CA]')}`,
    );
    expect(r.ok && r.warnings).toEqual([
      expect.objectContaining({ code: 'invalid_filter', severity: 'warning', offset: 12, length: 12 }),
    ]);
  });

  it('a metric used as a filter dimension, parsed or not', () => {
    const parsed = validate(day.metrics('errors').where('[latency=5]'));
    expect(parsed[0]).toMatchObject({
      code: 'unknown_dimension',
      message: 'filter: latency is a metric: conditions on metrics go in qoefilter.',
      offset: 1,
      length: 7,
    });
    const comparison = validate(day.metrics('errors').where('[country=US][latency>5]'));
    expect(comparison).toEqual([
      expect.objectContaining({
        code: 'invalid_filter',
        message: 'filter: latency is a metric: conditions on metrics go in qoefilter.',
        offset: 13,
        length: 7,
        hint: 'qoefilter=latency>…',
      }),
    ]);
  });

  it('a dimension in a qoefilter', () => {
    const d = validate(day.metrics('errors').having('errors>1 AND country=5'));
    expect(d[0]).toMatchObject({
      code: 'unknown_metric',
      param: 'qoefilter',
      offset: 13,
      length: 7,
      hint: 'filter=[country=…]',
    });
  });

  it('one did-you-mean wording for metrics, dimensions, filters, qoefilters and parameters', () => {
    const texts = [
      validate(fromQuery(day.toQuery()).metrics('latncy'))[0]?.message,
      validate(fromQuery(day.metrics('errors').toQuery()).aggBy('contry'))[0]?.message,
      validate(fromQuery(day.metrics('errors').toQuery()).where('contry', 'US'))[0]?.message,
      validate(fromQuery(day.metrics('errors').toQuery()).having('latncy', '>', 1))[0]?.message,
    ];
    expect(texts).toEqual([
      'Unknown metric "latncy"; did you mean "latency"?',
      'Unknown dimension "contry"; did you mean "country"?',
      'filter: Unknown dimension "contry"; did you mean "country"?',
      'qoefilter: Unknown metric "latncy"; did you mean "latency"?',
    ]);
    const r = fromURL(`${BASE}/metricquery/demo?period=start%3D0%2Cend%3D60&metrics=errors&oderby=errors`);
    expect(!r.ok && r.errors[0]?.message).toBe('Unknown query parameter "oderby"; did you mean "orderby"?');
  });
});

describe('properties over generated catalogues', () => {
  const withQuery = catalogue().chain((c) => queryNode({ catalogue: c }).map((q) => ({ c, q })));

  test.prop([withQuery], { numRuns: 200 })(
    'generated queries of a generated catalogue validate clean against it',
    ({ c, q }) => {
      expect(validate(q, { catalogue: c })).toEqual([]);
    },
  );

  test.prop([withQuery], { numRuns: 200 })(
    'fromURL(toURL(q)) deep-equals q for every catalogue',
    ({ c, q }) => {
      const r = fromURL(toURL(q, { baseUrl: BASE }), { catalogue: c });
      expect(r).toMatchObject({ ok: true, warnings: [] });
      if (r.ok) {
        expect(r.query).toEqual(q);
        expect(toURL(r.query, { baseUrl: BASE })).toBe(toURL(q, { baseUrl: BASE }));
      }
    },
  );

  test.prop([withQuery], { numRuns: 100 })(
    'createQueries(c).fromQuery carries the catalogue to validate',
    ({ c, q }) => {
      expect(validate(createQueries(c).fromQuery(q))).toEqual([]);
    },
  );

  test.prop([fc.string(), fc.anything()])('catalogueProblems never throws', (name, def) => {
    expect(Array.isArray(catalogueProblems({ metrics: { [name]: def }, dimensions: { [name]: def } }))).toBe(
      true,
    );
  });
});

describe("the vendor's example requests", () => {
  const examples = [
    'metrics=latency,viewercount&aggby=timestamp&granularity=hour&orderby=timestamp&order=asc',
    'metrics=bufferingratio&qoefilter=bufferingratio > 0 and latency > 0 and attempts > 10 and uniqueviewercount > 10 and concurviewavg > 10',
    'metrics=viewercount&aggby=timestamp&granularity=5minute',
    'metrics=attempts,viewercount&sessiontype=started&allstatus=1',
    'metrics=errors,fatalerrors&aggby=category,key&businesserror=true',
    'metrics=concurviewavg,playdur&concurrency=1',
    'metrics=p95_latency,median_latency,failurerate&aggby=device,cdn',
    'metrics=qualityofexperience&aggby=timestamp&granularity=10minute',
  ];
  const period = 'period=start%3D1700000000%2Cend%3D1700086400';

  it.each(examples)('%s validates, round-trips and is buildable', (params) => {
    const url = `${BASE}/metricquery/demo?${period}&${params.replaceAll(' ', '%20')}`;
    const r = fromURL(url);
    expect(r).toMatchObject({ ok: true, warnings: [] });
    if (!r.ok) return;
    const canonical = toURL(r.query, { baseUrl: BASE });
    const again = fromURL(canonical);
    expect(again.ok && again.query).toEqual(r.query);
    expect(toURL(built(params), { baseUrl: BASE })).toBe(canonical);
  });

  // The same requests through the typed builder, written out as a user would.
  function built(params: string) {
    const b = metricQuery('demo').between(1_700_000_000, 1_700_086_400);
    switch (examples.indexOf(params)) {
      case 0:
        return b.metrics('latency', 'viewercount').timeseries('hour').orderBy('timestamp', 'asc');
      case 1:
        return b
          .metrics('bufferingratio')
          .having('bufferingratio', '>', 0)
          .having('latency', '>', 0)
          .having('attempts', '>', 10)
          .having('uniqueviewercount', '>', 10)
          .having('concurviewavg', '>', 10);
      case 2:
        return b.metrics('viewercount').timeseries('5minute');
      case 3:
        return b.metrics('attempts', 'viewercount').sessionType('started').allStatuses();
      case 4:
        return b.metrics('errors', 'fatalerrors').aggBy('category', 'key').businessErrors();
      case 5:
        return b.metrics('concurviewavg', 'playdur').concurrency();
      case 6:
        return b.metrics('p95_latency', 'median_latency', 'failurerate').aggBy('device', 'cdn');
      default:
        return b.metrics('qualityofexperience').timeseries('10minute');
    }
  }

  it('the session endpoint takes the same parameters', () => {
    const q = sessionQuery('demo')
      .planLevel('2')
      .agg(1)
      .between(0, 3600)
      .metrics('errors', 'player')
      .aggBy('player')
      .sessionType('started');
    const r = fromURL(q.toURL(BASE));
    expect(r.ok && r.query).toEqual(q.toQuery());
  });
});
