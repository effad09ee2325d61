// Compile-time behaviour, checked by `tsc` (the typecheck script includes tests) and by vitest's
// expectTypeOf: record types flow from the builder, plain nodes give loose records, and a session
// builder without agg cannot be run.
import { metricQuery, sessionQuery } from '@playq/query';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, type Page, type PlayqRecord } from '../src/index';
import { BASE, fakeService, metricNode, PLANS } from './support/fake-service';

const client = createClient({ baseUrl: BASE, planUrl: PLANS, fetch: fakeService({ total: 3 }).fetch });

describe('types', () => {
  it('infers records from builders', async () => {
    const q = metricQuery('demo').last(1, 'day').metrics('errors', 'latency').aggBy('country');
    const run = client.run(q);
    expectTypeOf(run).resolves.toEqualTypeOf<Page<{ errors: number; latency: number; country: string }>>();
    const all = client.all(q);
    expectTypeOf(all).resolves.toEqualTypeOf<{ errors: number; latency: number; country: string }[]>();
    expectTypeOf(client.records(q)).toEqualTypeOf<
      AsyncIterable<{ errors: number; latency: number; country: string }>
    >();
    const ts = metricQuery('demo').last(1, 'day').metrics('errors').timeseries('hour');
    expectTypeOf(client.pages(ts)).toEqualTypeOf<
      AsyncIterable<Page<{ errors: number; timestamp: number }>>
    >();
    expect((await run).totalrecords).toBe(3);
    expect(await all).toHaveLength(3);
  });

  it('types plain nodes loosely', async () => {
    const run = client.run(metricNode());
    expectTypeOf(run).resolves.toEqualTypeOf<Page<PlayqRecord>>();
    expect((await run).records[0]).toHaveProperty('country');
  });

  it('refuses a session builder without agg', async () => {
    const noAgg = sessionQuery('demo').last(1, 'day').metrics('errors', 'subscriberid').aggBy('subscriberid');
    // @ts-expect-error a session query needs .agg(1) or .agg(2) before it can run
    const refused = () => client.run(noAgg);
    // Untyped callers get the same refusal at run time.
    await expect(refused()).rejects.toMatchObject({
      diagnostics: [expect.objectContaining({ param: 'agg' })],
    });
    const run = client.run(noAgg.agg(1));
    expectTypeOf(run).resolves.toEqualTypeOf<
      Page<{ errors: number; subscriberid: string; totalpages: number }>
    >();
    expect((await run).records[0]).toHaveProperty('totalpages');
  });
});
