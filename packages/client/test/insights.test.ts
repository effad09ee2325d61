// Insights, overall values and period comparison against the reference service on 127.0.0.1, on
// generated data with planted causes (buffering five times higher on one CDN in one country,
// startup three times slower on one player), on DuckDB and on chdb, for several seeds: the planted
// values rank first, every figure equals its definition computed from plain queries, and the
// request count is the one stated.
import { type MetricName, metricQuery, toURL } from '@playq/query';
import { createService, generateDataset, openChdb, type PlantedEffect, type Service } from '@playq/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyAuth,
  createClient,
  type Insights,
  type PlayqClient,
  PlayqValidationError,
} from '../src/index';

const END = 1_767_225_600;
const DAYS = 7;
const START = END - DAYS * 86_400;
const EFFECTS: readonly PlantedEffect[] = [
  { where: '[cdn=akamai][country=BR]', metric: 'bufferingratio', factor: 5 },
  { where: '[player=avplayer-16]', metric: 'latency', factor: 3 },
];
const WEEK = metricQuery('demo').between(START, END);

interface Served {
  readonly client: PlayqClient;
  /** Requests the client sent to the service. */
  readonly sent: string[];
  close(): Promise<void>;
}

/** A client of the service listening on 127.0.0.1 that records every request URL it sends. */
async function serve(service: Service, onClose: () => Promise<void> = async () => {}): Promise<Served> {
  const { baseUrl } = await service.listen({ port: 0, host: '127.0.0.1' });
  const sent: string[] = [];
  const client = createClient({
    baseUrl,
    auth: apiKeyAuth('demo-key'),
    fetch: (request) => {
      sent.push(request.url);
      return fetch(request);
    },
  });
  return {
    client,
    sent,
    close: async () => {
      await service.close();
      await onClose();
    },
  };
}

const generate = (seed: number) => ({ sessions: 20_000, seed, days: DAYS, end: END, effects: EFFECTS });
const engines = {
  duckdb: async (seed: number) =>
    serve(await createService({ rateLimit: false, data: { generate: generate(seed) } })),
  chdb: async (seed: number) => {
    const dataset = await generateDataset(generate(seed));
    const engine = await openChdb({ dataset });
    return serve(await createService({ rateLimit: false, data: { engine } }), () => engine.close());
  },
};
const SEEDS = { duckdb: [1, 2, 4], chdb: [5, 6] } as const;

const cause = (found: Insights, i = 0) =>
  found.causes[i] && `${found.causes[i].dimension}=${found.causes[i].value}`;

describe.each(Object.keys(engines) as (keyof typeof engines)[])('insights on %s', (engine) => {
  it.each(SEEDS[engine].map((seed) => [seed]))(
    'rank the planted causes first and state the requests sent (seed %i)',
    async (seed) => {
      const served = await engines[engine](seed);
      try {
        const { client, sent } = served;
        const buffering = await client.insights(WEEK.metrics('bufferingratio'));
        // Seven candidates (country, platform, device, player, cdn, assetname, subscribertag): the
        // overall value, seven breakdowns, then six to refine the top cause.
        expect(buffering.dimensions).toEqual([
          'country',
          'platform',
          'device',
          'player',
          'cdn',
          'assetname',
          'subscribertag',
        ]);
        expect(buffering.requests).toBe(14);
        expect(sent).toHaveLength(14);
        expect(cause(buffering)).toBe('country=BR');
        expect(buffering.causes[0]!.within?.[0]).toMatchObject({ dimension: 'cdn', value: 'akamai' });
        const latency = await client.insights(WEEK.metrics('latency'));
        expect(cause(latency)).toBe('player=avplayer-16');
        expect(sent).toHaveLength(28);
        await expectDefinitions(client, buffering);
      } finally {
        await served.close();
      }
    },
    120_000,
  );
});

/** Every figure of an insights answer equals its definition over plain queries of the service. */
async function expectDefinitions(client: PlayqClient, found: Insights): Promise<void> {
  const metric = found.metric as MetricName;
  const plain = async (where?: string) => {
    const q = WEEK.metrics(metric, 'attempts');
    const [r] = (await client.run(where === undefined ? q : q.where(where))).records;
    return { value: r?.[metric] ?? 0, attempts: r?.attempts ?? 0 };
  };
  expect(found.overall).toEqual(await plain());
  expect(await client.overall(WEEK.metrics(metric, 'attempts').aggBy('cdn'))).toEqual({
    [metric]: found.overall.value,
    attempts: found.overall.attempts,
  });
  for (const c of found.causes) {
    const own = await plain(`[${c.dimension}=${c.value}]`);
    expect([c.metricValue, c.attempts]).toEqual([own.value, own.attempts]);
    expect(c.overallValue).toBe(found.overall.value);
    expect(c.share).toBeCloseTo(own.attempts / found.overall.attempts, 12);
    expect(c.worse).toBeCloseTo(own.value - found.overall.value, 12);
    expect(c.impact).toBeCloseTo(c.share * c.worse, 12);
    expect(c.attempts).toBeGreaterThanOrEqual(found.minAttempts);
    expect(c.share).toBeGreaterThanOrEqual(found.minShare);
  }
  const impacts = found.causes.map((c) => c.impact);
  expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
  // The drill-down lists exactly the sessions behind the top cause, the worst first.
  const top = found.causes[0]!;
  const list = await client.run(top.drillDown);
  expect(list.totalrecords).toBe(top.attempts);
  expect(top.url).toBe(toURL(top.drillDown, { baseUrl: top.url.slice(0, top.url.indexOf('/listsessions')) }));
  expect(top.drillDown).toMatchObject({
    endpoint: 'listsessions',
    orderby: metric,
    metrics: ['sessionid', metric],
  });
  for (const sub of top.within ?? []) {
    const own = await plain(`[${top.dimension}=${top.value}][${sub.dimension}=${sub.value}]`);
    expect([sub.metricValue, sub.attempts]).toEqual([own.value, own.attempts]);
    expect(sub.share).toBeCloseTo(own.attempts / top.attempts, 12);
    expect(sub.overallValue).toBe(top.metricValue);
  }
}

describe('insights, overall and compare on one service', () => {
  let served: Served;
  beforeAll(async () => {
    served = await engines.duckdb(3);
  }, 60_000);
  afterAll(async () => {
    await served?.close();
  });

  it('compare a metric that adds up over groups (playdur) per attempt, higher being better', async () => {
    const found = await served.client.insights(WEEK.metrics('playdur'), { refine: false });
    expect(found.basis).toBe('per attempt');
    expect(found.requests).toBe(8);
    for (const c of found.causes) {
      expect(c.worse).toBeCloseTo(
        found.overall.value / found.overall.attempts - c.metricValue / c.attempts,
        12,
      );
    }
  });

  it('take candidate dimensions, minimum support and a cap on causes from the options', async () => {
    const before = served.sent.length;
    const found = await served.client.insights(WEEK.metrics('bufferingratio'), {
      dimensions: ['cdn', 'country'],
      minAttempts: 500,
      minShare: 0.1,
      maxCauses: 1,
    });
    expect(found.requests).toBe(4);
    expect(served.sent.length - before).toBe(4);
    expect(found.causes).toHaveLength(1);
    // BR holds less than a tenth of the attempts: left out, so akamai leads.
    expect(found.causes[0]).toMatchObject({ dimension: 'cdn', value: 'akamai' });
    expect(found.causes[0]!.within?.every((c) => c.dimension === 'country')).toBe(true);
    // The breakdowns ask only as many values as can hold a tenth of the attempts each.
    expect(served.sent.slice(before).filter((u) => u.includes('aggby='))[0]).toContain('limit=10');
  });

  it('leave dimensions the filter pins to one value out of the default candidates', async () => {
    const found = await served.client.insights(WEEK.metrics('bufferingratio').where('[country=BR]'));
    expect(found.dimensions).not.toContain('country');
    expect(found.causes[0]).toMatchObject({ dimension: 'cdn', value: 'akamai' });
    expect(found.causes[0]!.drillDown.filter).toEqual({
      type: 'filter',
      clauses: [
        { type: 'clause', dimension: 'country', values: ['BR'] },
        { type: 'clause', dimension: 'cdn', values: ['akamai'] },
      ],
    });
  });

  it('refuse, before sending anything, a query or options they cannot rank', async () => {
    const before = served.sent.length;
    const refused = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      return PlayqValidationError.isInstance(error) ? error.diagnostics.map((d) => [d.code, d.param]) : error;
    };
    const { client } = served;
    expect(await refused(client.insights(WEEK.metrics('attempts')))).toEqual([
      ['unsupported_metric', 'metrics'],
    ]);
    expect(await refused(client.insights(WEEK.metrics('latency').aggBy('cdn')))).toEqual([
      ['invalid_aggby', 'aggby'],
    ]);
    expect(await refused(client.insights(WEEK.metrics('latency', 'bufferingratio')))).toEqual([
      ['unsupported_parameter', 'metrics'],
    ]);
    expect(await refused(client.insights(WEEK.metrics('latency'), { dimensions: ['cdm', 'key'] }))).toEqual([
      ['unknown_dimension', 'dimensions'],
      ['incompatible_dimension', 'dimensions'],
    ]);
    expect(await refused(client.insights(WEEK.metrics('latency'), { maxRequests: 13 }))).toMatchObject({
      name: 'RangeError',
      message: expect.stringContaining('insights may send 14 requests'),
    });
    expect(await refused(client.insights(WEEK.metrics('latency'), { minShare: 2 }))).toBeInstanceOf(
      TypeError,
    );
    expect(served.sent.length).toBe(before);
  });

  it('stop when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('user left'));
    await expect(
      served.client.insights(WEEK.metrics('latency'), { signal: controller.signal }),
    ).rejects.toThrow('user left');
  });

  it('give overall values of every metric as the same query without its breakdown, 0 without data', async () => {
    const q = WEEK.metrics('errors', 'latency').aggBy('country').where('[cdn=akamai]');
    const [plain] = (await served.client.run(WEEK.metrics('errors', 'latency').where('[cdn=akamai]')))
      .records;
    expect(await served.client.overall(q)).toEqual({ errors: plain!.errors, latency: plain!.latency });
    expect(await served.client.overall(q.where('[cdn=nowhere]'))).toEqual({ errors: 0, latency: 0 });
  });

  it('compare each record with the previous period as two plain queries give them', async () => {
    const half = (START + END) / 2;
    const q = metricQuery('demo').between(half, END).metrics('attempts', 'bufferingratio').aggBy('cdn');
    const before = served.sent.length;
    const compared = await served.client.compare(q, { with: 'previous' });
    expect(compared.otherPeriod).toEqual({ start: START, end: half });
    expect(compared.requests).toBe(2);
    expect(served.sent.length - before).toBe(2);
    const now = await served.client.all(q);
    const then = await served.client.all(
      metricQuery('demo').between(START, half).metrics('attempts', 'bufferingratio').aggBy('cdn'),
    );
    expect(compared.records.map((r) => r.current)).toEqual(now);
    for (const r of compared.records) {
      const other = then.find((t) => t.cdn === r.current.cdn)!;
      expect(r.presentIn).toBe('both');
      expect(r.other).toEqual(other);
      expect(r.change.attempts).toBe(r.current.attempts - other.attempts);
      expect(r.relativeChange.bufferingratio).toBeCloseTo(
        (r.current.bufferingratio - other.bufferingratio) / other.bufferingratio,
        12,
      );
    }
  });

  it('keep and mark records found in one period only', async () => {
    const q = WEEK.metrics('attempts').timeseries('day');
    const later = { start: END, end: END + DAYS * 86_400 };
    const forward = await served.client.compare(q, { with: later });
    expect(forward.records).toHaveLength(DAYS);
    for (const r of forward.records) {
      expect(r.presentIn).toBe('current');
      expect(r.other).toEqual({ timestamp: r.current.timestamp + DAYS * 86_400, attempts: 0 });
      expect(r.relativeChange.attempts).toBeNull();
    }
    const back = await served.client.compare(
      metricQuery('demo').between(later.start, later.end).metrics('attempts').timeseries('day'),
      {
        with: { start: START, end: END },
      },
    );
    expect(back.records.map((r) => r.presentIn)).toEqual(Array(DAYS).fill('other'));
    expect(back.records.map((r) => r.current.timestamp)).toEqual(
      forward.records.map((r) => r.other.timestamp),
    );
    expect(back.records.map((r) => r.change.attempts)).toEqual(
      forward.records.map((r) => -r.change.attempts),
    );
    await expect(served.client.compare(q, { with: 'last week' as never })).rejects.toThrow(
      "with must be 'previous' or a period",
    );
  });
});
