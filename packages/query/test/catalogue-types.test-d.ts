import { describe, expectTypeOf, it } from 'vitest';
import {
  createQueries,
  DEFAULT_CATALOGUE,
  type DirectedMetricName,
  type DirectedMetricOf,
  defineCatalogue,
  extendCatalogue,
  type InferRecord,
  type MetricName,
  metricQuery,
} from '../src/index';

const shop = defineCatalogue({
  metrics: {
    carts: { unit: 'count', level: 'group', description: 'Carts opened.' },
    revenue: { unit: 'ratio', level: 'session', description: 'Revenue.', endpoints: ['metricquery'] },
    refunds: { unit: 'count', level: 'session', description: 'Refunds.' },
  },
  dimensions: {
    store: { description: 'Store id.' },
    reason: { description: 'Refund reason.', combinesWith: ['refunds'], sessionField: true },
  },
});

describe('a custom catalogue', () => {
  const q = createQueries(shop);

  it('infers records from its names', () => {
    const b = q.metricQuery('demo').metrics('carts', 'revenue').aggBy('store');
    expectTypeOf<InferRecord<typeof b>>().toEqualTypeOf<{ carts: number; revenue: number; store: string }>();
    const s = q.sessionQuery('demo').agg(1).metrics('refunds', 'reason').aggBy('reason');
    expectTypeOf<InferRecord<typeof s>>().toEqualTypeOf<{
      refunds: number;
      reason: string;
      totalpages: number;
    }>();
  });

  // The messages' text is checked through the compiler in editor-types.test.ts.
  it('refuses names it lacks, and its argument types list exactly its names', () => {
    // @ts-expect-error latency is not in this catalogue
    q.metricQuery('demo').metrics('latency');
    // @ts-expect-error country is not in this catalogue
    q.metricQuery('demo').metrics('carts').aggBy('country');
    type Arg = Parameters<ReturnType<typeof q.metricQuery>['metrics']>[0];
    expectTypeOf<Arg>().toEqualTypeOf<'carts' | 'revenue' | 'refunds'>();
  });

  it('keeps metrics to their endpoints and restricted dimensions to their metrics', () => {
    // @ts-expect-error revenue is on the metric endpoint only
    q.sessionQuery('demo').metrics('revenue');
    // @ts-expect-error reason combines with refunds only
    q.metricQuery('demo').metrics('carts').aggBy('reason');
    // @ts-expect-error after reason, only refunds is allowed
    q.metricQuery('demo').aggBy('reason').metrics('carts');
    q.metricQuery('demo').where('reason', 'damaged').metrics('refunds');
    const afterReason = q.metricQuery('demo').aggBy('reason');
    type After = Parameters<(typeof afterReason)['metrics']>[0];
    expectTypeOf<After>().toEqualTypeOf<'refunds'>();
  });

  it('checks qoefilter names against it', () => {
    q.metricQuery('demo').metrics('carts').having('revenue', '>', 1);
    // @ts-expect-error bufferingratio is not in this catalogue
    q.metricQuery('demo').metrics('carts').having('bufferingratio', '>', 1);
  });

  it('carries the catalogue at run time, for validate', () => {
    expectTypeOf(q.metricQuery('demo')['~catalogue']).toEqualTypeOf<typeof shop>();
  });
});

describe('an extended default catalogue', () => {
  const mine = extendCatalogue(DEFAULT_CATALOGUE, {
    metrics: { ad_impressions: { unit: 'count', level: 'group', description: 'Ads shown.' } },
    dimensions: { campaign: { description: 'Ad campaign.' } },
  });
  const q = createQueries(mine);

  it('takes both the default names and the added ones', () => {
    const b = q.metricQuery('demo').metrics('ad_impressions', 'p95_latency').aggBy('campaign', 'country');
    expectTypeOf<InferRecord<typeof b>>().toEqualTypeOf<{
      ad_impressions: number;
      p95_latency: number;
      campaign: string;
      country: string;
    }>();
  });

  it('still refuses unknown names', () => {
    // @ts-expect-error not declared anywhere
    q.metricQuery('demo').metrics('ad_clicks');
  });
});

describe('the default catalogue', () => {
  it('knows the whole dictionary', () => {
    expectTypeOf<
      'p99_latency' | 'qualityofexperience' | 'cdn_change_rate' | 'fatalerrors'
    >().toExtend<MetricName>();
    const b = metricQuery('demo').metrics('attempts', 'failurerate').aggBy('device', 'cdn', 'subscribertag');
    expectTypeOf<InferRecord<typeof b>>().toEqualTypeOf<{
      attempts: number;
      failurerate: number;
      device: string;
      cdn: string;
      subscribertag: string;
    }>();
  });

  it('lets category and key combine with errors and fatalerrors only', () => {
    metricQuery('demo').metrics('errors', 'fatalerrors').aggBy('category', 'key');
    // @ts-expect-error category is on error records only
    metricQuery('demo').metrics('attempts').aggBy('category');
  });

  it('refuses an unknown name', () => {
    // @ts-expect-error bufferingration is misspelt
    metricQuery('demo').metrics('bufferingration');
  });
});

describe('which way a metric is better, as a type', () => {
  it('names the metrics that have a direction', () => {
    const timed = defineCatalogue({
      metrics: {
        wait: { unit: 'seconds', level: 'group', description: 'Wait.', better: 'lower' },
        carts: { unit: 'count', level: 'group', description: 'Carts.' },
      },
      dimensions: {},
    });
    expectTypeOf<DirectedMetricOf<typeof timed>>().toEqualTypeOf<'wait'>();
    expectTypeOf<'bufferingratio'>().toExtend<DirectedMetricName>();
    expectTypeOf<'attempts'>().not.toExtend<DirectedMetricName>();
  });
});
