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

describe('a large chdb result', () => {
  const MANY = 'SELECT number + {p1:Int64} AS n FROM numbers(100000)';

  it('reaches the visitor in chunks with the event loop running between them', async () => {
    const sizes: number[] = [];
    const firsts: unknown[] = [];
    const events: string[] = [];
    await engine.run(
      MANY,
      [{ type: 'bigint', value: 1 }],
      { customer: 'flood', timeoutMs: 60_000 },
      (columns, rows) => {
        if (sizes.length === 0) setImmediate(() => events.push('loop ran'));
        sizes.push(rows);
        firsts.push(columns[0]![0]);
        events.push(`chunk ${sizes.length}`);
      },
    );
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2048);
    // Every row once, in order: chunk k starts where chunk k-1 ended.
    expect(firsts.slice(0, 3).map(Number)).toEqual([1, 1 + sizes[0]!, 1 + sizes[0]! + sizes[1]!]);
    expect(events.indexOf('loop ran')).toBe(1);
  }, 60_000);

  it('stops handing out chunks once its client has left', async () => {
    const controller = new AbortController();
    let chunks = 0;
    const ran = engine.run(
      MANY,
      [{ type: 'bigint', value: 1 }],
      { customer: 'flood', timeoutMs: 60_000, signal: controller.signal },
      () => {
        chunks += 1;
        if (chunks === 2) controller.abort(new Error('client left'));
      },
    );
    await expect(ran).rejects.toThrow('client left');
    expect(chunks).toBe(2);
  }, 60_000);
});
