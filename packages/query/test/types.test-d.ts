import { describe, expectTypeOf, it } from 'vitest';
import {
  fromQuery,
  type InferRecord,
  type Invalid,
  type MetricName,
  metricQuery,
  type QueryNode,
  type RecordOf,
  type Runnable,
  sessionQuery,
} from '../src/index';

declare function run<R>(query: Runnable<R>): Promise<R[]>;

describe('record inference', () => {
  it('infers metrics as numbers and aggby dimensions as strings', () => {
    const q = metricQuery('demo').metrics('errors').aggBy('country');
    expectTypeOf<InferRecord<typeof q>>().toEqualTypeOf<{ errors: number; country: string }>();
  });

  it('accumulates across calls', () => {
    const q = metricQuery('demo')
      .metrics('latency')
      .metrics('viewercount', 'users')
      .aggBy('country')
      .aggBy('platform')
      .where('platform', ['ios'])
      .having('bufferingratio', '>', 5)
      .orderBy('viewercount', 'desc')
      .limit(10);
    expectTypeOf<InferRecord<typeof q>>().toEqualTypeOf<{
      latency: number;
      viewercount: number;
      users: number;
      country: string;
      platform: string;
    }>();
  });

  it('adds timestamp for a time series', () => {
    const q = metricQuery('demo').metrics('viewercount').timeseries('minute');
    expectTypeOf<InferRecord<typeof q>>().toEqualTypeOf<{ viewercount: number; timestamp: number }>();
  });

  it('types session fields as strings and adds totalpages', () => {
    const q = sessionQuery('demo')
      .planLevel('2')
      .agg(1)
      .metrics('errors', 'subscriberid')
      .aggBy('subscriberid');
    expectTypeOf<InferRecord<typeof q>>().toEqualTypeOf<{
      errors: number;
      subscriberid: string;
      totalpages: number;
    }>();
    const insights = sessionQuery('demo').agg(1).metrics('category', 'key', 'errors', 'player');
    expectTypeOf<InferRecord<typeof insights>>().toEqualTypeOf<{
      category: string;
      key: string;
      errors: number;
      player: string;
      totalpages: number;
    }>();
  });

  it('lets a client infer the record type from a Runnable', () => {
    const q = metricQuery('demo').metrics('errors', 'users').aggBy('player');
    expectTypeOf(run(q)).resolves.toEqualTypeOf<{ errors: number; users: number; player: string }[]>();
  });

  it('offers RecordOf for hand-written types', () => {
    expectTypeOf<RecordOf<'errors', 'country'>>().toEqualTypeOf<{ errors: number; country: string }>();
    expectTypeOf<RecordOf<'latency', never, true>>().toEqualTypeOf<{ latency: number; timestamp: number }>();
  });

  it('gives plain query nodes from toQuery', () => {
    expectTypeOf(metricQuery('d').metrics('errors').toQuery()).toEqualTypeOf<QueryNode>();
  });
});

describe('compile-time errors', () => {
  it('rejects names outside the catalogue', () => {
    // @ts-expect-error 'latncy' is not a metric
    metricQuery('demo').metrics('latncy');
    // @ts-expect-error 'contry' is not a dimension
    metricQuery('demo').aggBy('contry');
    // @ts-expect-error 'region' is not a dimension
    metricQuery('demo').where('region', ['eu']);
    // @ts-expect-error 'country' is a dimension, not a metric
    metricQuery('demo').having('country', '>', 1);
    // @ts-expect-error '~' is not an operator
    metricQuery('demo').having('latency', '~', 1);
  });

  it('lists session fields in metrics on the session endpoint only', () => {
    sessionQuery('demo').metrics('errors', 'player');
    // @ts-expect-error the metric endpoint has no string fields in metrics
    metricQuery('demo').metrics('errors', 'player');
  });

  it('keeps category and key with the errors metric alone', () => {
    metricQuery('demo').metrics('errors').aggBy('category', 'key');
    // @ts-expect-error category needs errors alone
    metricQuery('demo').metrics('latency').aggBy('category');
    // @ts-expect-error key needs errors alone
    metricQuery('demo').metrics('errors', 'latency').where('key', 'x');
    // @ts-expect-error after aggBy('category'), latency is refused
    metricQuery('demo').aggBy('category').metrics('latency');
    // @ts-expect-error after where('key'), bufferingratio is refused
    sessionQuery('demo').where('key', ['E1']).metrics('bufferingratio');
    sessionQuery('demo').where('key', ['E1']).metrics('errors', 'category');
  });

  it('keeps a time series apart from aggby dimensions', () => {
    // @ts-expect-error a time series cannot also be broken down
    metricQuery('demo').metrics('errors').timeseries().aggBy('country');
    // @ts-expect-error 'week' is not a granularity
    metricQuery('demo').metrics('errors').timeseries('week');
  });

  it('orders only by requested names', () => {
    metricQuery('demo').metrics('errors').aggBy('country').orderBy('country');
    metricQuery('demo').metrics('errors').timeseries().orderBy('timestamp', 'asc');
    // @ts-expect-error latency was not requested
    metricQuery('demo').metrics('errors').orderBy('latency');
    // @ts-expect-error nothing requested yet
    metricQuery('demo').orderBy('errors');
    // @ts-expect-error 'up' is not an order
    metricQuery('demo').metrics('errors').orderBy('errors', 'up');
  });

  it('offers planLevel and agg on the session builder only', () => {
    // @ts-expect-error no planLevel on the metric endpoint
    metricQuery('demo').planLevel('2');
    // @ts-expect-error no agg on the metric endpoint
    metricQuery('demo').agg(1);
    // @ts-expect-error agg is 1 or 2
    sessionQuery('demo').agg(3);
  });

  it('refuses to run a session query without agg, and allows it without planlevel', () => {
    run(metricQuery('demo').metrics('errors'));
    run(sessionQuery('demo').agg(1).metrics('errors'));
    run(sessionQuery('demo').planLevel('2').agg(2).metrics('errors'));
    // @ts-expect-error agg is missing
    run(sessionQuery('demo').planLevel('2').metrics('errors'));
  });

  // The messages' text is checked through the compiler in editor-types.test.ts.
  it('takes exactly the names valid at each step', () => {
    type Arg = Parameters<ReturnType<typeof metricQuery>['metrics']>[0];
    expectTypeOf<'latency'>().toExtend<Arg>();
    expectTypeOf<Arg>().toEqualTypeOf<MetricName>();
    const afterLatency = metricQuery('demo').metrics('latency');
    type AfterLatency = Parameters<(typeof afterLatency)['aggBy']>[0];
    expectTypeOf<'country'>().toExtend<AfterLatency>();
    expectTypeOf<'category'>().not.toExtend<AfterLatency>();
    expectTypeOf<Invalid<string>>().not.toExtend<Arg>();
  });
});

describe('loose builders from nodes', () => {
  it('take any string, to be checked by validate', () => {
    const b = fromQuery(metricQuery('d').toQuery());
    b.metrics('anything').aggBy('whatever').orderBy('x').planLevel('2').agg(1);
    expectTypeOf(run(b)).resolves.toBeArray();
  });
});
