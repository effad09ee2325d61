import { describe, expect, it } from 'vitest';
import {
  bucketCount,
  CATALOGUE,
  catalogueProblems,
  DEFAULT_CATALOGUE,
  DEFAULT_LIMITS,
  DIMENSIONS,
  defineCatalogue,
  editDistance,
  granularitySeconds,
  isAdditiveMetric,
  isDimension,
  isErrorDimension,
  isGranularity,
  isMetric,
  isSessionField,
  METRICS,
  metricDirection,
  suggestName,
} from '../src/index';

describe('catalogue', () => {
  it('passes the checks of defineCatalogue (the default catalogue is built without them)', () => {
    expect(catalogueProblems(DEFAULT_CATALOGUE.definition)).toEqual([]);
    const checked = defineCatalogue(DEFAULT_CATALOGUE.definition);
    expect(checked.metricNames).toEqual(DEFAULT_CATALOGUE.metricNames);
    expect(checked.dimensionNames).toEqual(DEFAULT_CATALOGUE.dimensionNames);
  });

  it('holds the whole public dictionary (docs/catalogue.md), a superset of the specification', () => {
    const dictionary = [
      'attempts',
      'viewercount',
      'endedplays',
      'totalstartupfailure',
      'failurerate',
      'latency',
      'avg_latency',
      'median_latency',
      'p95_latency',
      'p99_latency',
      'bufferingratio',
      'buffcount',
      'playdur',
      'avg_playtime_by_audience',
      'users',
      'unique_subscribers',
      'uniqueviewercount',
      'unique_devices',
      'anonymous_viewers',
      'cdn_change_rate',
      'qualityofexperience',
      'avg_qualityofexperience',
      'median_qualityofexperience',
      'views',
      'totalduration',
      'cbrsize',
      'cirrbufferingratio',
      'uniquesubscribercount',
      'playperunique',
      'playtimeperunique',
      'concurviewavg',
      'errors',
      'fatalerrors',
    ];
    expect([...CATALOGUE.metricNames].sort()).toEqual([...dictionary].sort());
    expect([...CATALOGUE.dimensionNames].sort()).toEqual(
      [
        'country',
        'platform',
        'device',
        'player',
        'cdn',
        'assetid',
        'assetname',
        'subscriberid',
        'subscribertag',
        'category',
        'key',
      ].sort(),
    );
    expect(CATALOGUE.metricNames).toEqual(Object.keys(METRICS));
    expect(CATALOGUE.dimensionNames).toEqual(Object.keys(DIMENSIONS));
    expect(CATALOGUE.timestamp).toBe('timestamp');
  });

  it('gives each metric the level of docs/catalogue.md and refuses aggregate variants in concurrency mode', () => {
    const session = [
      'latency',
      'avg_latency',
      'bufferingratio',
      'buffcount',
      'playdur',
      'qualityofexperience',
      'totalduration',
      'cbrsize',
      'cirrbufferingratio',
      'errors',
      'fatalerrors',
    ];
    for (const m of Object.values(METRICS)) {
      expect(m.level, m.name).toBe(session.includes(m.name) ? 'session' : 'group');
      expect(m.concurrency, m.name).toBe(!/^(avg|median|p95|p99)_/.test(m.name));
    }
  });

  it('gives units that follow the metric dictionary', () => {
    expect(METRICS.latency.unit).toBe('seconds');
    expect(METRICS.bufferingratio.unit).toBe('percent');
    expect(METRICS.errors.unit).toBe('count');
    for (const m of Object.values(METRICS)) {
      expect(m.type).toBe('number');
      expect(m.description.length).toBeGreaterThan(5);
    }
    for (const d of Object.values(DIMENSIONS)) expect(d.type).toBe('string');
  });

  it('lets category and key combine with errors alone', () => {
    expect(DIMENSIONS.category.combinesWith).toEqual(['errors', 'fatalerrors']);
    expect(DIMENSIONS.key.combinesWith).toEqual(['errors', 'fatalerrors']);
    expect(METRICS.latency.combinesWith).not.toContain('category');
    expect(METRICS.errors.combinesWith).toContain('key');
    expect(DIMENSIONS.country.combinesWith).toContain('latency');
  });

  it('lists the session-endpoint usages of dimensions in metrics', () => {
    expect(isSessionField('player')).toBe(true);
    expect(isSessionField('subscriberid', 'session')).toBe(true);
    expect(isSessionField('player', 'metricquery')).toBe(false);
    expect(isSessionField('country')).toBe(false);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(METRICS)).toBe(true);
    expect(Object.isFrozen(METRICS.latency)).toBe(true);
    expect(Object.isFrozen(DIMENSIONS.category.combinesWith)).toBe(true);
  });

  it('answers membership questions exactly', () => {
    expect(isMetric('latency')).toBe(true);
    expect(isMetric('Latency')).toBe(false);
    expect(isMetric('toString')).toBe(false);
    expect(isDimension('country')).toBe(true);
    expect(isDimension('timestamp')).toBe(false);
    expect(isDimension('__proto__')).toBe(false);
    expect(isErrorDimension('category')).toBe(true);
    expect(isErrorDimension('player')).toBe(false);
  });
});

describe('suggestName', () => {
  it('finds the intended name for common slips', () => {
    expect(suggestName('bufferingration', CATALOGUE.metricNames)).toBe('bufferingratio');
    expect(suggestName('lantecy', CATALOGUE.metricNames)).toBe('latency');
    expect(suggestName('contry', CATALOGUE.dimensionNames)).toBe('country');
    expect(suggestName('Country', CATALOGUE.dimensionNames)).toBe('country');
    expect(suggestName('oderby', ['order', 'orderby'])).toBe('orderby');
  });

  it('stays silent when nothing is close', () => {
    expect(suggestName('xyz', CATALOGUE.metricNames)).toBeUndefined();
    expect(suggestName('revenue', CATALOGUE.metricNames)).toBeUndefined();
    expect(suggestName('a', [])).toBeUndefined();
  });

  it('counts an adjacent swap as one edit', () => {
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('latency', 'latnecy')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('which way a metric is better', () => {
  it('is lower for times, buffering and failures, higher for experience and playtime, neither for counts', () => {
    const lower = ['failurerate', 'latency', 'avg_latency', 'median_latency', 'p95_latency', 'p99_latency'];
    lower.push('bufferingratio', 'cirrbufferingratio', 'cdn_change_rate');
    const higher = ['playdur', 'avg_playtime_by_audience', 'playperunique', 'playtimeperunique'];
    higher.push('qualityofexperience', 'avg_qualityofexperience', 'median_qualityofexperience');
    for (const name of DEFAULT_CATALOGUE.metricNames) {
      const expected = lower.includes(name) ? 'lower' : higher.includes(name) ? 'higher' : undefined;
      expect(METRICS[name].better, name).toBe(expected);
      expect(metricDirection(name), name).toBe(expected);
      if (expected === undefined)
        expect(['count', 'sessions', 'minutes', 'megabytes'], name).toContain(METRICS[name].unit);
    }
    expect(metricDirection('country')).toBeUndefined();
  });

  it('is kept by a custom catalogue, and neither when left out', () => {
    const shop = defineCatalogue({
      metrics: {
        wait: { unit: 'seconds', level: 'group', description: 'Checkout wait.', better: 'lower' },
        carts: { unit: 'count', level: 'group', description: 'Carts opened.' },
      },
      dimensions: { store: { description: 'Store id.' } },
    });
    expect(shop.metrics.wait.better).toBe('lower');
    expect(shop.metrics.carts.better).toBeUndefined();
    expect(metricDirection('wait', shop)).toBe('lower');
    expect(metricDirection('wait')).toBeUndefined();
    expect(() =>
      defineCatalogue({
        metrics: { carts: { unit: 'count', level: 'group', description: 'x', better: 'more' as never } },
        dimensions: {},
      }),
    ).toThrow('metric "carts": better is "lower" or "higher" (or left out when neither is).');
  });
});

describe('metrics that add up over groups', () => {
  it('are the counts and sums, however scaled, and no ratio, mean or quantile', () => {
    for (const name of ['attempts', 'viewercount', 'playdur', 'buffcount', 'totalduration', 'errors']) {
      expect(isAdditiveMetric(name), name).toBe(true);
    }
    for (const name of [
      'bufferingratio',
      'latency',
      'p95_latency',
      'failurerate',
      'users',
      'cdn_change_rate',
    ]) {
      expect(isAdditiveMetric(name), name).toBe(false);
    }
    expect(isAdditiveMetric('country')).toBe(false);
    const described = defineCatalogue({
      metrics: { carts: { unit: 'count', level: 'group', description: 'Carts opened.' } },
      dimensions: {},
    });
    expect(isAdditiveMetric('carts', described)).toBe(false);
  });
});

describe('identifier dimensions', () => {
  it('are the subscriber and the asset id in the default catalogue, and settable', () => {
    expect(DEFAULT_CATALOGUE.dimensionNames.filter((d) => DIMENSIONS[d].identifier)).toEqual([
      'assetid',
      'subscriberid',
    ]);
    const shop = defineCatalogue({
      metrics: {},
      dimensions: { store: { description: 'Store.' }, order: { description: 'Order id.', identifier: true } },
    });
    expect([shop.dimensions.store.identifier, shop.dimensions.order.identifier]).toEqual([false, true]);
    expect(
      catalogueProblems({ metrics: {}, dimensions: { order: { description: 'x', identifier: 1 } } }),
    ).toEqual(['dimension "order": identifier is true or false.']);
  });
});

describe('limits and buckets', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_LIMITS).toEqual({ maxLimit: 10_000, maxPeriodSeconds: 366 * 86_400, maxBuckets: 10_000 });
  });

  it('knows bucket lengths', () => {
    expect(granularitySeconds('minute')).toBe(60);
    expect(granularitySeconds('hour')).toBe(3600);
    expect(granularitySeconds('day')).toBe(86_400);
    expect(isGranularity('hour')).toBe(true);
    expect(isGranularity('week')).toBe(false);
  });

  it('counts UTC-aligned buckets of a half-open period', () => {
    expect(bucketCount(0, 3600, 'hour')).toBe(1);
    expect(bucketCount(0, 3601, 'hour')).toBe(2);
    expect(bucketCount(1800, 5400, 'hour')).toBe(2);
    expect(bucketCount(0, 86_400, 'minute')).toBe(1440);
    expect(bucketCount(10, 10, 'hour')).toBe(0);
  });
});
