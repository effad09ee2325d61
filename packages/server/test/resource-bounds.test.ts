// One customer cannot exhaust the process (issue 27, items 1 and 2): the result cache is bounded in
// bytes with a share per customer, a page fetches what it needs plus what one cache entry can hold
// (never 100,001 rows for limit=1), and big answers, cached or not, are admitted by their bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dataset } from '../src/engine/duckdb/dataset';
import { generateDataset } from '../src/engine/duckdb/generate';
import { QueryExecutor } from '../src/exec/executor';
import { createService, type Service } from '../src/index';
import { type CompiledQuery, freezePlan } from '../src/sql/plan';
import { END } from './helpers';

let db: Dataset;
beforeAll(async () => {
  db = await Dataset.open();
});
afterAll(() => db.close());

/** `n` records of `width` metrics each (the numbers 0..n-1 and their multiples), ordered. */
const wide = (n: number, width: number, salt = 0): CompiledQuery =>
  freezePlan({
    kind: 'groups',
    sql: `SELECT ${Array.from({ length: width }, (_, k) => `(i * ${k + 1} + ${salt})::DOUBLE`).join(', ')}, count(*) OVER ()::DOUBLE AS __total FROM range($1) t(i) ORDER BY i LIMIT $2 OFFSET $3`,
    parameters: [{ type: 'bigint', value: n }],
    columns: Array.from({ length: width }, (_, k) => ({
      name: `metric_number_${k}`,
      kind: 'metric' as const,
    })),
  });

describe('the result cache in bytes (item 1)', () => {
  it('fetches for limit=1 only what one cache entry can hold, not 100,001 rows', async () => {
    const limits: number[] = [];
    const recording = {
      run: (sql: string, params: { value: unknown }[], options: unknown, visit: unknown) => {
        limits.push(Number(params.at(-2)?.value));
        return db.run(sql, params as never, options as never, visit as never);
      },
      // What executors before record blocks called.
      all: (sql: string, params: unknown[], options: unknown) => {
        limits.push(Number(params.at(-2)));
        return db.all(sql, params as never, options as never);
      },
    } as unknown as Dataset;
    // The service's defaults: 400,000 records and 256 MiB, so one entry holds 100,000 records or 16 MiB.
    const executor = new QueryExecutor(recording, {
      timeoutMs: 30_000,
      cacheTtlMs: 60_000,
      cacheMaxRecords: 400_000,
    });
    const page = await executor.page(wide(300_000, 35), 1, 0, { customer: 'demo' });
    expect(page.totalrecords).toBe(300_000);
    expect(page.records).toHaveLength(1);
    expect(limits).toHaveLength(1);
    // 35 fields of about 37 bytes each: some 13,000 records fill one entry's 16 MiB.
    expect(limits[0]).toBeLessThan(20_000);
    expect(executor.cache.bytes('demo')).toBeLessThanOrEqual(executor.cache.maxEntryBytes);
    expect(executor.cache.bytes('demo')).toBeGreaterThan(executor.cache.maxEntryBytes / 2);
  });

  it('keeps 30 distinct heavy results of one customer within its share, leaving room for others', async () => {
    const executor = new QueryExecutor(db, {
      timeoutMs: 30_000,
      cacheTtlMs: 60_000,
      cacheMaxRecords: 400_000,
      cacheMaxBytes: 8 * 1024 * 1024,
      cacheCustomerBytes: 2 * 1024 * 1024,
    });
    await executor.page(wide(100, 3), 10, 0, { customer: 'other' });
    const others = executor.cache.bytes('other');
    for (let q = 0; q < 30; q++) {
      const page = await executor.page(wide(50_000, 26, q), 1, 0, { customer: 'demo' });
      expect(page.records[0]).toHaveProperty('metric_number_0', q);
      expect(executor.cache.bytes('demo')).toBeLessThanOrEqual(2 * 1024 * 1024);
    }
    expect(executor.cache.bytes('other')).toBe(others);
    expect(executor.cache.bytes()).toBeLessThanOrEqual(8 * 1024 * 1024);
  });
});

describe("the allocator's kept memory after heavy statements (item 1)", () => {
  it('hands it back without changing the thread setting, and the dataset answers after', async () => {
    // A dataset of its own: no executor of another test releases on it meanwhile.
    const own = await Dataset.open();
    const threads = async () => Number((await own.all("SELECT current_setting('threads')::BIGINT"))[0]?.[0]);
    try {
      for (const n of [1, 3]) {
        await own.all(`SET threads = ${n}`);
        await own.releaseMemory();
        expect(await threads()).toBe(n);
        expect(await own.all('SELECT count(*)::DOUBLE FROM range(1000)')).toStrictEqual([[1000]]);
      }
    } finally {
      await own.close();
    }
  });

  it('is handed back once when a service starts, after the data was generated or loaded', async () => {
    const own = await generateDataset({ sessions: 200, seed: 3, days: 1 });
    const release = own.releaseMemory.bind(own);
    let releases = 0;
    own.releaseMemory = async () => {
      releases += 1;
      await release();
    };
    const service = await createService({ data: { dataset: own }, rateLimit: false });
    try {
      expect(releases).toBe(1);
    } finally {
      await service.close();
      await own.close();
    }
  });

  /** The dataset with statements held until `open` is called, counting `releaseMemory` calls. */
  function gated(releaseAfterMs = 0) {
    const gates: (() => void)[] = [];
    const engine = {
      releases: 0,
      run: async (sql: string, params: unknown, options: unknown, visit: unknown) => {
        await new Promise<void>((resolve) => gates.push(resolve));
        return db.run(sql, params as never, options as never, visit as never);
      },
      releaseMemory: async () => {
        engine.releases += 1;
      },
    };
    const executor = new QueryExecutor(engine as unknown as Dataset, {
      timeoutMs: 30_000,
      cacheTtlMs: 0,
      cacheMaxRecords: 400_000,
      releaseAfterMs,
    });
    /** Waits until `count` statements are held, then lets the first `go` of them (default all) run. */
    const open = async (count: number, go = count) => {
      for (let i = 0; i < 500 && gates.length < count; i++) await new Promise((r) => setTimeout(r, 5));
      expect(gates).toHaveLength(count);
      gates.splice(0, go).forEach((run) => void run());
    };
    return { engine, executor, open };
  }

  it('asks the engine after a heavy statement when nothing else runs, not while another does', async () => {
    const { engine, executor, open } = gated();
    const alone = executor.page(wide(10, 2), 1, 0, { customer: 'demo' });
    await open(1);
    await alone;
    expect(engine.releases).toBe(1);
    // Two customers at once: the first to end leaves the other running, the last one asks.
    const both = [
      executor.page(wide(10, 2, 1), 1, 0, { customer: 'demo' }),
      executor.page(wide(10, 2, 2), 1, 0, { customer: 'other' }),
    ];
    await open(2);
    await Promise.all(both);
    expect(engine.releases).toBe(2);
  });

  it('leaves the release of a heavy statement that ended among others to the last one to end', async () => {
    const { engine, executor, open } = gated(50);
    const heavy = executor.page(wide(10, 2, 3), 1, 0, { customer: 'demo' });
    await new Promise((r) => setTimeout(r, 80));
    const light = executor.page(wide(10, 2, 4), 1, 0, { customer: 'other' });
    await open(2, 1);
    await heavy;
    expect(engine.releases).toBe(0);
    await open(1);
    await light;
    expect(engine.releases).toBe(1);
  });

  it('does not ask after a statement shorter than releaseAfterMs, nor of an engine without it', async () => {
    let releases = 0;
    const engine = {
      run: db.run.bind(db),
      releaseMemory: async () => {
        releases += 1;
      },
    };
    const quick = new QueryExecutor(engine as unknown as Dataset, {
      timeoutMs: 30_000,
      cacheTtlMs: 0,
      cacheMaxRecords: 400_000,
      releaseAfterMs: 60_000,
    });
    expect((await quick.page(wide(10, 2), 1, 0)).totalrecords).toBe(10);
    expect(releases).toBe(0);
    const without = new QueryExecutor({ run: db.run.bind(db) } as unknown as Dataset, {
      timeoutMs: 30_000,
      cacheTtlMs: 0,
      cacheMaxRecords: 400_000,
      releaseAfterMs: 0,
    });
    expect((await without.page(wide(10, 2), 1, 0)).totalrecords).toBe(10);
  });
});

describe('big answers under admission (item 2)', () => {
  let service: Service;
  beforeAll(async () => {
    service = await createService({
      data: { generate: { sessions: 20_000, seed: 3, end: END, days: 14 } },
      rateLimit: false,
      // Room for one of the big answers below per customer at a time, and two waiting.
      admission: { customerAnswerBytes: 400_000, customerQueueSize: 2 },
    });
  });
  afterAll(() => service.close());

  const ask = (customer: string, key: string, params: Record<string, string>) =>
    service.fetch(
      new Request(`http://svc.test/api/v1/metricquery/${customer}?${new URLSearchParams(params)}`, {
        headers: { 'X-API-Key': key },
      }),
    );
  const big = {
    period: `start=${END - 14 * 86_400},end=${END}`,
    metrics: 'viewercount,latency,bufferingratio,playdur,errors',
    aggby: 'subscriberid,country,platform',
    limit: '10000',
  };

  it('admits a flood of a cached big page by its bytes: one is sent, two wait, the rest are refused', async () => {
    const expected = await (await ask('demo', 'demo-key', big)).text();
    expect(expected.length).toBeGreaterThan(400_000);
    // Twelve copies whose bodies are not read yet: each holds its bytes until it has been read.
    const statuses: (number | 'waiting')[] = Array.from({ length: 12 }, () => 'waiting');
    const flood = Array.from({ length: 12 }, (_, i) =>
      ask('demo', 'demo-key', big).then((r) => {
        statuses[i] = r.status;
        return r;
      }),
    );
    // Until ten have their answer (bounded: the queue decides at once, this only waits for the event loop).
    for (let i = 0; i < 500 && statuses.filter((x) => x !== 'waiting').length < 10; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    expect(statuses.filter((s) => s === 'waiting')).toHaveLength(2);
    // Another customer's answer is not held up by them.
    const other = await ask('other', 'other-key', { period: big.period, metrics: 'viewercount' });
    expect(other.status).toBe(200);
    // Reading the first body lets the next one go, and so on.
    const responses = await Promise.all(
      flood.map(async (p) => {
        const r = await p;
        return { status: r.status, body: await r.text() };
      }),
    );
    for (const r of responses.filter((x) => x.status === 200)) expect(r.body).toBe(expected);
    for (const r of responses.filter((x) => x.status === 429)) {
      expect(JSON.parse(r.body)).toMatchObject({ status: 429, code: 'rate_limited' });
    }
    expect(responses.filter((x) => x.status === 200)).toHaveLength(3);
  });
});

describe('a cache hit does not build what only a query run needs', () => {
  it("reads the request's signal for a run, never for a cached answer", async () => {
    const service = await createService({
      data: { generate: { sessions: 2_000, seed: 5, end: END, days: 7 } },
      rateLimit: false,
    });
    try {
      let reads = 0;
      // The HTTP adapter builds a full Request (and its AbortSignal) when `signal` is first read.
      class Counting extends Request {
        override get signal(): AbortSignal {
          reads += 1;
          return super.signal;
        }
      }
      const url = `http://svc.test/api/v1/metricquery/demo?${new URLSearchParams({
        period: `start=${END - 7 * 86_400},end=${END}`,
        metrics: 'viewercount',
        aggby: 'country',
      })}`;
      const ask = () => service.fetch(new Counting(url, { headers: { 'X-API-Key': 'demo-key' } }));
      const first = await ask();
      expect(first.status).toBe(200);
      expect(reads).toBeGreaterThan(0);
      reads = 0;
      const hit = await ask();
      expect([hit.status, await hit.text()]).toStrictEqual([200, await first.text()]);
      expect(reads).toBe(0);
    } finally {
      await service.close();
    }
  });
});
