// chdb shared between customers: statements run on sessions of their own, so another customer's
// cheap statement finishes while one customer's heavy statements still run (chdb's own binding runs
// parameterised statements one after another across the process), and a heavy statement whose
// client left keeps its session, counted against its own customer, until chdb finishes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChdb } from '../src/engine/chdb-engine';
import type { ClickHouseEngine } from '../src/engine/clickhouse-engine';

let engine: ClickHouseEngine;
beforeAll(async () => {
  engine = await openChdb();
}, 60_000);
afterAll(() => engine?.close());

const HEAVY = 'SELECT sum(cityHash64(number + {p1:Int64})) FROM numbers(400000000)';
const CHEAP = 'SELECT {p1:Int64} + 1';

function run(sql: string, customer: string, signal?: AbortSignal): Promise<unknown[][]> {
  let rows: unknown[][] = [];
  return engine
    .run(
      sql,
      [{ type: 'bigint', value: 1 }],
      { customer, timeoutMs: 60_000, ...(signal ? { signal } : {}) },
      (columns) => {
        rows = columns;
      },
    )
    .then(() => rows);
}

describe('chdb between customers', () => {
  it("answers another customer's cheap statement while one customer's heavy ones run", async () => {
    const order: string[] = [];
    const heavy = [run(HEAVY, 'flood'), run(HEAVY, 'flood')].map((p, i) =>
      p.then(() => order.push(`heavy${i}`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const cheap = await run(CHEAP, 'other');
    order.push('cheap');
    expect(cheap).toEqual([[2]]);
    await Promise.all(heavy);
    expect(order[0]).toBe('cheap');
  }, 120_000);

  it('keeps an abandoned heavy statement on its session until chdb ends it, against its own customer', async () => {
    const controller = new AbortController();
    const abandoned = run(HEAVY, 'flood', controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort(new Error('client left'));
    await expect(abandoned).rejects.toThrow('client left');
    // The flood's share is two sessions: with one still busy, a second heavy one may run, and the
    // other customer is answered at once all the same.
    const order: string[] = [];
    const second = run(HEAVY, 'flood').then(() => order.push('second heavy'));
    const cheap = await run(CHEAP, 'other');
    order.push('cheap');
    expect(cheap).toEqual([[2]]);
    await second;
    expect(order).toEqual(['cheap', 'second heavy']);
  }, 120_000);
});
