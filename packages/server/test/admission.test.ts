// Admission control and cancellation on their own: the queue with fake timers, the executor with a
// fake slow database (a query that runs until interrupted), and DuckDB's interrupt for real.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dataset } from '../src/engine/duckdb/dataset';
import { QueryTimeoutError } from '../src/engine/engine';
import { Admission, AdmissionRefusedError, QueryCancelledError } from '../src/exec/admission';
import { QueryExecutor } from '../src/exec/executor';
import { InFlightRuns } from '../src/exec/in-flight';
import type { CompiledQuery } from '../src/sql/compile';
import { flush, ticket } from './queue-helpers';

afterEach(() => {
  vi.useRealTimers();
});

describe('Admission', () => {
  it('runs up to the slots and a customer share, and serves waiting customers round-robin', async () => {
    const admission = new Admission({ slots: 2, customerSlots: 1 });
    const order: string[] = [];
    const enter = (c: string, tag: string) =>
      admission.enter(ticket(c)).then((release) => {
        order.push(tag);
        return release;
      });
    const a1 = enter('a', 'a1');
    const a2 = enter('a', 'a2'); // waits: a's share is one slot
    const a3 = enter('a', 'a3');
    const b1 = enter('b', 'b1'); // the second slot is free and b has none running
    await flush();
    expect(order).toEqual(['a1', 'b1']);
    expect(admission.load).toEqual({ running: 2, queued: 2 });
    (await b1)();
    await flush();
    // b's slot is free but a may run only one at a time: a2 waits for a1.
    expect(order).toEqual(['a1', 'b1']);
    const b2 = enter('b', 'b2');
    await flush();
    expect(order).toEqual(['a1', 'b1', 'b2']);
    (await a1)();
    await flush();
    expect(order).toEqual(['a1', 'b1', 'b2', 'a2']);
    (await a2)();
    (await b2)();
    await flush();
    (await a3)();
    expect(admission.load).toEqual({ running: 0, queued: 0 });
  });

  it("lets a second customer in ahead of a first customer's backlog", async () => {
    const admission = new Admission({ slots: 1, customerSlots: 1 });
    const order: string[] = [];
    const first = await admission.enter(ticket('a'));
    const backlog = [1, 2, 3].map((i) =>
      admission.enter(ticket('a')).then((r) => {
        order.push(`a${i}`);
        r();
      }),
    );
    const other = admission.enter(ticket('b')).then((r) => {
      order.push('b');
      r();
    });
    first();
    await Promise.all([...backlog, other]);
    expect(order[0]).toBe('a1');
    expect(order[1]).toBe('b');
  });

  it("refuses at once when a customer's share of the queue or the whole queue is full", async () => {
    const admission = new Admission({ slots: 1, customerSlots: 1, queueSize: 2, customerQueueSize: 1 });
    const running = await admission.enter(ticket('a'));
    const waiting = admission.enter(ticket('a'));
    const refused = await admission.enter(ticket('a')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AdmissionRefusedError);
    expect(refused).toMatchObject({ scope: 'customer' });
    const b = admission.enter(ticket('b'));
    const full = await admission.enter(ticket('c')).catch((e: unknown) => e);
    expect(full).toMatchObject({ scope: 'service' });
    expect((full as AdmissionRefusedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    running();
    (await waiting)();
    (await b)();
  });

  it('counts the wait against the time budget', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const admission = new Admission({ slots: 1 });
    const running = await admission.enter(ticket('a'));
    const waiting = admission.enter(ticket('b', { timeoutMs: 1000, deadline: performance.now() + 1000 }));
    const outcome = waiting.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(admission.load.queued).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(QueryTimeoutError);
    expect(admission.load).toEqual({ running: 1, queued: 0 });
    running();
    // A ticket whose budget is already spent is not admitted at all.
    await expect(admission.enter(ticket('a', { deadline: performance.now() }))).rejects.toBeInstanceOf(
      QueryTimeoutError,
    );
  });

  it('lets a waiting query go when its client leaves, and frees its place', async () => {
    const admission = new Admission({ slots: 1 });
    const running = await admission.enter(ticket('a'));
    const controller = new AbortController();
    const waiting = admission.enter(ticket('b', { signal: controller.signal })).catch((e: unknown) => e);
    expect(admission.load.queued).toBe(1);
    controller.abort();
    expect(await waiting).toBeInstanceOf(QueryCancelledError);
    expect(admission.load).toEqual({ running: 1, queued: 0 });
    running();
    expect(admission.load).toEqual({ running: 0, queued: 0 });
  });

  it('rejects bad options with the package name', () => {
    expect(() => new Admission({ slots: 0 })).toThrow(/@playq\/server: admission.slots/);
    expect(() => new Admission({ queueSize: 1.5 })).toThrow(/queueSize/);
  });
});

describe('InFlightRuns', () => {
  it('cancels the shared work only when its last waiter leaves', async () => {
    const runs = new InFlightRuns<number>();
    let workSignal: AbortSignal | undefined;
    const work = (signal: AbortSignal) => {
      workSignal = signal;
      return new Promise<number>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      );
    };
    const c1 = new AbortController();
    const c2 = new AbortController();
    const p1 = runs.join('k', c1.signal, work).catch((e: unknown) => e);
    const p2 = runs.join('k', c2.signal, work).catch((e: unknown) => e);
    c1.abort();
    expect(await p1).toBeInstanceOf(QueryCancelledError);
    expect(workSignal?.aborted).toBe(false);
    c2.abort();
    expect(await p2).toBeInstanceOf(QueryCancelledError);
    expect(workSignal?.aborted).toBe(true);
    expect(runs.size).toBe(0);
  });
});

/** A database whose every statement runs until it is interrupted, like a very expensive query. */
function slowDatabase() {
  const started: string[] = [];
  let running = 0;
  const db = {
    run: (_sql: string, _params: unknown[], options: { signal?: AbortSignal; timeoutMs?: number }) => {
      started.push(_sql);
      running += 1;
      return new Promise((_, reject) => {
        const stop = (error: Error) => {
          running -= 1;
          reject(error);
        };
        options.signal?.addEventListener('abort', () => stop(new Error('interrupted')), { once: true });
        setTimeout(() => stop(new QueryTimeoutError(options.timeoutMs ?? 0)), options.timeoutMs);
      });
    },
  };
  return { db: db as unknown as Dataset, started, running: () => running };
}

const query = (key: string): CompiledQuery =>
  Object.freeze({ kind: 'groups', sql: `SELECT ${key}`, parameters: [], columns: [], cacheKey: key });

describe('QueryExecutor under admission', () => {
  it('cancels database work when the client leaves, and gives the slot back', async () => {
    const slow = slowDatabase();
    const executor = new QueryExecutor(slow.db, {
      timeoutMs: 60_000,
      cacheTtlMs: 30_000,
      cacheMaxRecords: 1000,
      admission: { slots: 1 },
    });
    const controller = new AbortController();
    const page = executor.page(query('q1'), 10, 0, { customer: 'a', signal: controller.signal });
    const outcome = page.catch((e: unknown) => e);
    await flush();
    expect(slow.running()).toBe(1);
    controller.abort();
    expect(await outcome).toBeInstanceOf(QueryCancelledError);
    expect(slow.running()).toBe(0);
    expect(executor.admission.load).toEqual({ running: 0, queued: 0 });
  });

  it('answers with query_timeout when waiting and running together exceed the budget', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const slow = slowDatabase();
    const executor = new QueryExecutor(slow.db, {
      timeoutMs: 1000,
      cacheTtlMs: 0,
      cacheMaxRecords: 0,
      admission: { slots: 1 },
    });
    const first = executor.page(query('q1'), 10, 0, { customer: 'a' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(600);
    const second = executor.page(query('q2'), 10, 0, { customer: 'b' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(400);
    expect(await first).toBeInstanceOf(QueryTimeoutError);
    // The second waited 400 ms, so it has 600 ms left to run, not 1000.
    await vi.advanceTimersByTimeAsync(599);
    expect(slow.running()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await second;
    expect(error).toBeInstanceOf(QueryTimeoutError);
    expect((error as QueryTimeoutError).timeoutMs).toBe(1000);
  });
});

describe('Dataset.all with a signal (real DuckDB)', () => {
  it('interrupts a running statement when the signal aborts', { timeout: 20_000 }, async () => {
    const db = await Dataset.open();
    try {
      const controller = new AbortController();
      const run = db.all('SELECT sum(a.range) FROM range(1000000000000) a', [], {
        signal: controller.signal,
      });
      const outcome = run.catch((e: unknown) => e);
      setTimeout(() => controller.abort(new QueryCancelledError()), 100);
      const started = performance.now();
      expect(await outcome).toBeInstanceOf(QueryCancelledError);
      // Without the interrupt this statement would run for hours.
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      await db.close();
    }
  });
});

describe('memory', () => {
  it('applies memoryLimit to DuckDB and answers a query over it with 503 overloaded', async () => {
    const { createService } = await import('../src/index');
    const { overloadResponse } = await import('../src/http/overload');
    const service = await createService({
      data: { generate: { sessions: 100, seed: 1 } },
      memoryLimit: '300MB',
    });
    try {
      const [[limit]] = (await service.db.all("SELECT current_setting('memory_limit')")) as [[string]];
      expect(limit).toBe('286.1 MiB'); // 300 MB
    } finally {
      await service.close();
    }
    await expect(createService({ memoryLimit: 'lots' })).rejects.toThrow(
      /memoryLimit must look like '512MB'/,
    );
    const refused = overloadResponse(
      new Error('Out of Memory Error: could not allocate block of size 256 KiB'),
    );
    expect(refused?.status).toBe(503);
    expect(await refused?.json()).toMatchObject({ code: 'overloaded' });
  });
});
