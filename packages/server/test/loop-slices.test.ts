// Large results are written in slices of the event loop on every engine: between chunks other
// callbacks (another customer's request, `/healthz`) get to run once a slice is used up, and a
// statement whose client left stops being written at the next chunk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChdb } from '../src/engine/chdb-engine';
import type { ChunkVisitor, Engine, StatementOptions } from '../src/engine/engine';
import { loopSlices, SLICE_MS } from '../src/engine/loop-slices';
import { generateDataset } from '../src/index';

/** Holds the event loop for `ms`, as writing a chunk's records does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('loopSlices', () => {
  it('is over at once within a slice and lets the loop run once the slice is used up', async () => {
    const pause = loopSlices(20);
    const order: string[] = [];
    setImmediate(() => order.push('loop'));
    await pause();
    order.push('within the slice');
    busy(25);
    await pause();
    order.push('after the slice');
    expect(order).toEqual(['within the slice', 'loop', 'after the slice']);
  });
});

const engines: [string, () => Promise<Engine & { close(): Promise<void> }>, string][] = [
  [
    'DuckDB (small data)',
    () => generateDataset({ sessions: 500, seed: 3, days: 1 }),
    'SELECT range + $1 AS n FROM range(100000)',
  ],
  ['chdb', () => openChdb(), 'SELECT number + {p1:Int64} AS n FROM numbers(100000)'],
];

describe.each(engines)('a large result on %s', (_name, open, sql) => {
  let engine: Engine & { close(): Promise<void> };
  beforeAll(async () => {
    engine = await open();
  }, 60_000);
  afterAll(() => engine?.close());

  const run = (options: Partial<StatementOptions>, visit: ChunkVisitor) =>
    engine.run(
      sql,
      [{ type: 'bigint', value: 1 }],
      { customer: 'flood', timeoutMs: 60_000, ...options },
      visit,
    );

  it('reaches the visitor chunk by chunk, every row once and in order, the loop running in between', async () => {
    const sizes: number[] = [];
    const firsts: number[] = [];
    const events: string[] = [];
    await run({}, (columns, rows) => {
      if (sizes.length === 0) setImmediate(() => events.push('loop ran'));
      sizes.push(rows);
      firsts.push(Number(columns[0]![0]));
      events.push('chunk');
      busy(SLICE_MS / 2);
    });
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2048);
    expect(firsts.slice(0, 3)).toEqual([1, 1 + sizes[0]!, 1 + sizes[0]! + sizes[1]!]);
    // The loop ran after at most a slice's worth of chunks, long before the last one.
    const at = events.indexOf('loop ran');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThanOrEqual(4);
  }, 60_000);

  it('stops handing out chunks once its client has left', async () => {
    const controller = new AbortController();
    let chunks = 0;
    const ran = run({ signal: controller.signal }, () => {
      chunks += 1;
      busy(SLICE_MS);
      if (chunks === 2) controller.abort(new Error('client left'));
    });
    await expect(ran).rejects.toThrow('client left');
    expect(chunks).toBe(2);
  }, 60_000);
});
