// QueryExecutor's choices, seen in the statements it sends to a real DuckDB: when a result is
// fetched whole and served from the cache, when it is too big and paged by SQL, when a page past the
// end needs a count of its own, how a row becomes a record, and a budget spent before the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dataset } from '../src/engine/duckdb/dataset';
import { QueryCancelledError } from '../src/exec/admission';
import { QueryExecutor } from '../src/exec/executor';
import { type CompiledQuery, freezePlan } from '../src/sql/plan';

let db: Dataset;
beforeAll(async () => {
  db = await Dataset.open();
});
afterAll(() => db.close());

/** The numbers 0..n-1 as records `{ x }`, in order, with the executor's LIMIT/OFFSET as $2/$3. */
const numbers = (n: number): CompiledQuery =>
  freezePlan({
    kind: 'groups',
    sql: 'SELECT i::DOUBLE AS m_x, count(*) OVER ()::DOUBLE AS __total FROM range($1) t(i) ORDER BY i LIMIT $2 OFFSET $3',
    parameters: [{ type: 'bigint', value: n }],
    columns: [{ name: 'x', kind: 'metric' }],
  });

/** The database, recording the LIMIT and OFFSET of every statement. */
function recording(): { dataset: Dataset; calls: [number, number][] } {
  const calls: [number, number][] = [];
  const dataset = {
    run: (sql: string, params: { value: unknown }[], options: unknown, visit: unknown) => {
      calls.push([Number(params.at(-2)?.value), Number(params.at(-1)?.value)]);
      return db.run(sql, params as never, options as never, visit as never);
    },
  } as unknown as Dataset;
  return { dataset, calls };
}

const xs = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ x: from + i }));

describe('with the cache on', () => {
  // cacheMaxRecords 8: the largest result the cache takes has 8 / 4 = 2 records.
  const options = { timeoutMs: 10_000, cacheTtlMs: 60_000, cacheMaxRecords: 8 };

  it('fetches a small result whole once (as many rows as the cache takes) and slices every page from it', async () => {
    const { dataset, calls } = recording();
    const executor = new QueryExecutor(dataset, options);
    expect(await executor.page(numbers(2), 1, 0)).toStrictEqual({ records: xs(0, 1), totalrecords: 2 });
    // The window count says the 2 rows are all of it: no row beyond the cache's cap is needed to know.
    expect(calls).toStrictEqual([[2, 0]]);
    expect(await executor.page(numbers(2), 1, 1)).toStrictEqual({ records: xs(1, 2), totalrecords: 2 });
    expect(await executor.page(numbers(2), 5, 2)).toStrictEqual({ records: [], totalrecords: 2 });
    expect(calls).toStrictEqual([[2, 0]]);
  });

  it('pages a result bigger than the cache takes by SQL, serving what the first fetch brought', async () => {
    const { dataset, calls } = recording();
    const executor = new QueryExecutor(dataset, options);
    // The whole-result attempt brings 3 rows and learns there are 10.
    expect(await executor.page(numbers(10), 3, 0)).toStrictEqual({ records: xs(0, 3), totalrecords: 10 });
    expect(calls).toStrictEqual([[3, 0]]);
    // Known to be big: later pages go straight to SQL, no second whole-result attempt.
    expect(await executor.page(numbers(10), 2, 4)).toStrictEqual({ records: xs(4, 6), totalrecords: 10 });
    expect(calls).toStrictEqual([
      [3, 0],
      [2, 4],
    ]);
  });

  it('tries the whole result again once its "too big" mark has expired with the cache time', async () => {
    const { dataset, calls } = recording();
    const executor = new QueryExecutor(dataset, { ...options, cacheTtlMs: 5 });
    await executor.page(numbers(10), 1, 0);
    await new Promise((r) => setTimeout(r, 20));
    await executor.page(numbers(10), 1, 0);
    expect(calls).toStrictEqual([
      [2, 0],
      [2, 0],
    ]);
  });

  it('fetches a page bigger than the cache takes in one statement, and keeps its first rows', async () => {
    const { dataset, calls } = recording();
    const executor = new QueryExecutor(dataset, options);
    expect(await executor.page(numbers(10), 4, 0)).toStrictEqual({ records: xs(0, 4), totalrecords: 10 });
    expect(calls).toStrictEqual([[4, 0]]);
    // The first 2 rows (what the cache takes) serve a page within them.
    expect(await executor.page(numbers(10), 2, 0)).toStrictEqual({ records: xs(0, 2), totalrecords: 10 });
    expect(calls).toStrictEqual([[4, 0]]);
  });

  it('treats a result of exactly the largest cacheable size as small', async () => {
    const { dataset, calls } = recording();
    const executor = new QueryExecutor(dataset, options);
    await executor.page(numbers(2), 1, 0);
    await executor.page(numbers(2), 1, 0);
    expect(calls).toHaveLength(1);
  });
});

describe('with the cache off', () => {
  const options = { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 };

  it('sends each page as it is asked', async () => {
    const { dataset, calls } = recording();
    const executor = new QueryExecutor(dataset, options);
    expect(await executor.page(numbers(5), 2, 1)).toStrictEqual({ records: xs(1, 3), totalrecords: 5 });
    expect(await executor.page(numbers(5), 2, 1)).toStrictEqual({ records: xs(1, 3), totalrecords: 5 });
    expect(calls).toStrictEqual([
      [2, 1],
      [2, 1],
    ]);
  });

  it('counts separately only for a page past the end, not for an empty result', async () => {
    const { dataset, calls } = recording();
    const executor = new QueryExecutor(dataset, options);
    expect(await executor.page(numbers(5), 2, 7)).toStrictEqual({ records: [], totalrecords: 5 });
    expect(calls).toStrictEqual([
      [2, 7],
      [1, 0],
    ]);
    calls.length = 0;
    expect(await executor.page(numbers(0), 2, 0)).toStrictEqual({ records: [], totalrecords: 0 });
    expect(calls).toStrictEqual([[2, 0]]);
  });

  it("past the end, runs the plan's count statement over its own parameters, not the page again", async () => {
    const sent: { sql: string; values: unknown[] }[] = [];
    const dataset = {
      run: (sql: string, params: { value: unknown }[], options: unknown, visit: unknown) => {
        sent.push({ sql, values: params.map((p) => p.value) });
        return db.run(sql, params as never, options as never, visit as never);
      },
    } as unknown as Dataset;
    const counted = freezePlan({ ...numbers(5), countSql: 'SELECT count(*)::DOUBLE FROM range($1) t(i)' });
    const executor = new QueryExecutor(dataset, options);
    expect(await executor.page(counted, 2, 7)).toStrictEqual({ records: [], totalrecords: 5 });
    expect(sent).toStrictEqual([
      { sql: counted.sql, values: [5, 2, 7] },
      { sql: counted.countSql, values: [5] },
    ]);
  });

  it('spends nothing on a query whose budget is gone before it runs', async () => {
    const { dataset, calls } = recording();
    const executor = new QueryExecutor(dataset, { ...options, timeoutMs: 0 });
    await expect(executor.page(numbers(5), 2, 0)).rejects.toMatchObject({
      name: 'QueryTimeoutError',
      timeoutMs: 0,
    });
    expect(calls).toStrictEqual([]);
  });

  it('reports a run its client left as cancelled, whatever the database said', async () => {
    const controller = new AbortController();
    const dataset = {
      run: () => {
        controller.abort();
        return Promise.reject(new Error('INTERRUPT: the statement was interrupted'));
      },
    } as unknown as Dataset;
    const executor = new QueryExecutor(dataset, options);
    const outcome = executor.page(numbers(5), 2, 0, { customer: 'c', signal: controller.signal });
    await expect(outcome).rejects.toBeInstanceOf(QueryCancelledError);
  });
});

describe('at the deadline', () => {
  /** A database slow to stop: its statement ends `stopMs` after it was told to, as a heavy scan does. */
  function slowToStop(stopMs: number) {
    const ended: number[] = [];
    const dataset = {
      run: (_sql: string, _params: unknown, options: { timeoutMs: number }) =>
        new Promise<void>((_, reject) =>
          setTimeout(() => {
            ended.push(performance.now());
            reject(new Error('INTERRUPT: the statement was interrupted'));
          }, options.timeoutMs + stopMs),
        ),
    } as unknown as Dataset;
    return { dataset, ended };
  }

  it("answers a timeout at the query's time limit, not when the engine has stopped", async () => {
    const { dataset, ended } = slowToStop(400);
    const executor = new QueryExecutor(dataset, { timeoutMs: 100, cacheTtlMs: 0, cacheMaxRecords: 0 });
    const started = performance.now();
    await expect(executor.page(numbers(5), 2, 0, { customer: 'flood' })).rejects.toMatchObject({
      name: 'QueryTimeoutError',
      timeoutMs: 100,
    });
    expect(performance.now() - started).toBeLessThan(300);
    expect(ended).toStrictEqual([]);
  });

  it('keeps the slot of a timed-out statement, against its customer, until the engine lets it go', async () => {
    const { dataset, ended } = slowToStop(400);
    // One slot for the customer: its second query waits for the first statement to end.
    const executor = new QueryExecutor(dataset, {
      timeoutMs: 100,
      cacheTtlMs: 0,
      cacheMaxRecords: 0,
      admission: { slots: 4, customerSlots: 1 },
    });
    await expect(executor.page(numbers(5), 2, 0, { customer: 'flood' })).rejects.toThrow();
    expect(executor.admission.load.running).toBe(1);
    const second = executor.page(numbers(6), 2, 0, { customer: 'flood' });
    await expect(second).rejects.toMatchObject({ name: 'QueryTimeoutError' });
    // The second never ran: its budget went waiting for the first statement's slot.
    await new Promise((r) => setTimeout(r, 450));
    expect(ended).toHaveLength(1);
    expect(executor.admission.load.running).toBe(0);
  });
});

describe('records', () => {
  it('reads a null dimension as "", a null metric as 0 and a BIGINT metric as a number', async () => {
    const plan = freezePlan({
      kind: 'groups',
      sql: "SELECT NULL::VARCHAR AS d, NULL::DOUBLE AS m_m, 5::BIGINT AS m_b, 'x' AS e, count(*) OVER ()::DOUBLE AS __total LIMIT $1 OFFSET $2",
      parameters: [],
      columns: [
        { name: 'd', kind: 'dimension' },
        { name: 'm', kind: 'metric' },
        { name: 'b', kind: 'metric' },
        { name: 'e', kind: 'dimension' },
      ],
    });
    const executor = new QueryExecutor(db, { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
    expect(await executor.page(plan, 10, 0)).toStrictEqual({
      records: [{ d: '', m: 0, b: 5, e: 'x' }],
      totalrecords: 1,
    });
  });
});
