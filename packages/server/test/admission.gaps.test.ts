// Admission control's exact rules: its errors' words, option checks and defaults, the Retry-After
// of each full queue, what leaving the queue does to a customer's place, a waiting query's
// deadline, and that a slot is given back once however often its release is called.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryTimeoutError } from '../src/engine/engine';
import { Admission, AdmissionRefusedError, QueryCancelledError } from '../src/exec/admission';
import { flush, ticket } from './queue-helpers';

/** What `promise` rejected with, or 'pending' / 'resolved'. */
function outcome(promise: Promise<unknown>): () => unknown {
  let state: unknown = 'pending';
  promise.then(
    () => {
      state = 'resolved';
    },
    (e: unknown) => {
      state = e;
    },
  );
  return () => state;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the errors', () => {
  it('say which queue is full, and that the client went away', () => {
    const customer = new AdmissionRefusedError('customer', 2);
    expect([customer.name, customer.message, customer.scope, customer.retryAfterSeconds]).toStrictEqual([
      'AdmissionRefusedError',
      "the customer's query queue is full",
      'customer',
      2,
    ]);
    expect(new AdmissionRefusedError('service', 1).message).toBe('the query queue is full');
    const cancelled = new QueryCancelledError();
    expect([cancelled.name, cancelled.message]).toStrictEqual([
      'QueryCancelledError',
      'the client went away; its query was cancelled',
    ]);
  });
});

describe('the options', () => {
  it('default to 4 slots, 1 per customer, queues of 64 and 16 per customer', () => {
    const a = new Admission();
    expect([a.slots, a.customerSlots, a.queueSize, a.customerQueueSize]).toStrictEqual([4, 1, 64, 16]);
  });

  it('name the option, its minimum and the value given when one is out of range', () => {
    expect(() => new Admission({ slots: 0 })).toThrow(
      new RangeError('@playq/server: admission.slots must be an integer >= 1, got 0'),
    );
    expect(() => new Admission({ customerSlots: 1.5 })).toThrow(
      new RangeError('@playq/server: admission.customerSlots must be an integer >= 1, got 1.5'),
    );
    expect(() => new Admission({ queueSize: -1 })).toThrow(
      new RangeError('@playq/server: admission.queueSize must be an integer >= 0, got -1'),
    );
    expect(() => new Admission({ customerQueueSize: -1 })).toThrow(
      new RangeError('@playq/server: admission.customerQueueSize must be an integer >= 0, got -1'),
    );
    expect(new Admission({ queueSize: 0, customerQueueSize: 0 }).queueSize).toBe(0);
  });
});

describe('entering', () => {
  it('refuses a query whose client already left, counting nothing', async () => {
    const admission = new Admission();
    const gone = new AbortController();
    gone.abort();
    await expect(admission.enter(ticket('a', { signal: gone.signal }))).rejects.toBeInstanceOf(
      QueryCancelledError,
    );
    expect(admission.load).toStrictEqual({ running: 0, queued: 0 });
  });

  it("tells a customer whose queue is full to retry after its waiting queries' turns", async () => {
    const admission = new Admission({ slots: 4, customerSlots: 2, customerQueueSize: 3 });
    for (let i = 0; i < 5; i++) void admission.enter(ticket('a')).catch(() => {});
    await flush();
    expect(admission.load).toStrictEqual({ running: 2, queued: 3 });
    const refused = await admission.enter(ticket('a')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AdmissionRefusedError);
    // 3 waiting, 2 at a time: ceil(3 / 2) = 2 s.
    expect(refused).toMatchObject({ scope: 'customer', retryAfterSeconds: 2 });
  });

  it("tells everyone to retry after the service queue's turns when it is full", async () => {
    const admission = new Admission({ slots: 2, queueSize: 3 });
    for (const c of ['a', 'b', 'c', 'd', 'e']) void admission.enter(ticket(c)).catch(() => {});
    await flush();
    expect(admission.load).toStrictEqual({ running: 2, queued: 3 });
    const refused = await admission.enter(ticket('f')).catch((e: unknown) => e);
    // 3 waiting, 2 slots: ceil(3 / 2) = 2 s.
    expect(refused).toMatchObject({ name: 'AdmissionRefusedError', scope: 'service', retryAfterSeconds: 2 });
  });

  it('gives a waiting query up at its deadline, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    await vi.advanceTimersByTimeAsync(5_000); // a clock that is not at 0
    const admission = new Admission({ slots: 1 });
    await admission.enter(ticket('a'));
    const waiting = outcome(
      admission.enter(ticket('b', { timeoutMs: 1000, deadline: performance.now() + 1000 })),
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(waiting()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(waiting()).toBeInstanceOf(QueryTimeoutError);
    expect((waiting() as QueryTimeoutError).timeoutMs).toBe(1000);
    expect(admission.load).toStrictEqual({ running: 1, queued: 0 });
  });
});

describe('leaving and releasing', () => {
  it('keeps a customer who leaves the queue while a query of theirs still runs', async () => {
    const admission = new Admission({ slots: 2, customerSlots: 1 });
    const release = await admission.enter(ticket('a'));
    const leaving = new AbortController();
    const second = outcome(admission.enter(ticket('a', { signal: leaving.signal })));
    await flush();
    leaving.abort();
    await flush();
    expect(second()).toBeInstanceOf(QueryCancelledError);
    expect(admission.load).toStrictEqual({ running: 1, queued: 0 });
    release();
    expect(admission.load).toStrictEqual({ running: 0, queued: 0 });
    // The customer is served normally afterwards.
    const again = await admission.enter(ticket('a'));
    expect(admission.load).toStrictEqual({ running: 1, queued: 0 });
    again();
  });

  it('still serves the queries a customer has waiting after one of them leaves', async () => {
    const admission = new Admission({ slots: 1, customerSlots: 1 });
    const release = await admission.enter(ticket('b'));
    const leaving = new AbortController();
    const first = outcome(admission.enter(ticket('a', { signal: leaving.signal })));
    const second = outcome(admission.enter(ticket('a')));
    await flush();
    leaving.abort();
    await flush();
    expect(first()).toBeInstanceOf(QueryCancelledError);
    release();
    await flush();
    expect(second()).toBe('resolved');
    expect(admission.load).toStrictEqual({ running: 1, queued: 0 });
  });

  it('admits one waiting query per freed slot, never more than the slots', async () => {
    const admission = new Admission({ slots: 2, customerSlots: 1 });
    const releaseA = await admission.enter(ticket('a'));
    await admission.enter(ticket('b'));
    for (const c of ['c', 'd', 'e']) void admission.enter(ticket(c)).catch(() => {});
    await flush();
    expect(admission.load).toStrictEqual({ running: 2, queued: 3 });
    releaseA();
    await flush();
    expect(admission.load).toStrictEqual({ running: 2, queued: 2 });
  });

  it('gives a slot back once, however often its release is called', async () => {
    const admission = new Admission({ slots: 2 });
    const release = await admission.enter(ticket('a'));
    await admission.enter(ticket('b'));
    release();
    release();
    expect(admission.load).toStrictEqual({ running: 1, queued: 0 });
  });
});

describe('trying to enter without waiting', () => {
  it('takes free slots at once, and gives them back as enter does', async () => {
    const admission = new Admission({ slots: 3, customerSlots: 2 });
    const release = admission.tryEnter('a', 2);
    expect(release).toBeTypeOf('function');
    expect(admission.load).toStrictEqual({ running: 2, queued: 0 });
    // Over the customer's share: not now, and nothing is counted or kept for it.
    expect(admission.tryEnter('a')).toBeUndefined();
    expect(admission.load).toStrictEqual({ running: 2, queued: 0 });
    release?.();
    release?.();
    expect(admission.load).toStrictEqual({ running: 0, queued: 0 });
  });

  it("never jumps ahead of the customer's own waiting work", async () => {
    const admission = new Admission({ slots: 2, customerSlots: 1 });
    const first = await admission.enter(ticket('a'));
    const waiting = admission.enter(ticket('a'));
    await flush();
    expect(admission.load).toStrictEqual({ running: 1, queued: 1 });
    first();
    // The slot went to the waiting one; another customer still gets in at once.
    expect(admission.tryEnter('a')).toBeUndefined();
    const other = admission.tryEnter('b');
    expect(other).toBeTypeOf('function');
    (await waiting)();
    other?.();
    expect(admission.load).toStrictEqual({ running: 0, queued: 0 });
  });
});
