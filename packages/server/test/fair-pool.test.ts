// The chdb connections are lent fairly: no customer holds more than its share, waiting customers are
// served in turn, an abandoned statement keeps its connection (and its customer's share) until the
// engine finishes it, and a caller whose signal aborts hears at once.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairPool, PoolQueueFullError } from '../src/engine/fair-pool';

/** Work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, done };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FairPool', () => {
  it('keeps a flooding customer to its share, so another customer is served at once', async () => {
    const pool = new FairPool(['a', 'b', 'c', 'd']);
    const gates = Array.from({ length: 10 }, gate);
    const flood = gates.map((g) => pool.use('flood', undefined, () => g.done));
    await tick();
    expect(pool.heldBy('flood')).toBe(2);
    let served = false;
    await pool.use('other', undefined, async () => {
      served = true;
    });
    expect(served).toBe(true);
    for (const g of gates) g.open();
    await Promise.all(flood);
    expect(pool.busy).toBe(0);
  });

  it('keeps an abandoned statement on its connection until it ends, and rejects its caller at once', async () => {
    const pool = new FairPool(['only'], { perCustomer: 1 });
    const slow = gate();
    const controller = new AbortController();
    const abandoned = pool.use('a', controller.signal, () => slow.done);
    await tick();
    controller.abort(new Error('client left'));
    await expect(abandoned).rejects.toThrow('client left');
    expect(pool.busy).toBe(1);
    let started = false;
    const next = pool.use('b', undefined, async () => {
      started = true;
    });
    await tick();
    expect(started).toBe(false);
    slow.open();
    await next;
    expect(started).toBe(true);
    expect(pool.busy).toBe(0);
  });

  it('drops a waiter whose signal aborts: its statement never reaches the engine', async () => {
    const pool = new FairPool(['only'], { perCustomer: 1 });
    const slow = gate();
    const first = pool.use('a', undefined, () => slow.done);
    const controller = new AbortController();
    let ran = false;
    const waiting = pool.use('b', controller.signal, async () => {
      ran = true;
    });
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    slow.open();
    await first;
    await tick();
    expect(ran).toBe(false);
  });

  it("refuses past a customer's queue, naming the customer", async () => {
    const pool = new FairPool(['only'], { perCustomer: 1, queuePerCustomer: 1 });
    const slow = gate();
    const first = pool.use('a', undefined, () => slow.done);
    const second = pool.use('a', undefined, async () => {});
    await expect(pool.use('a', undefined, async () => {})).rejects.toBeInstanceOf(PoolQueueFullError);
    slow.open();
    await Promise.all([first, second]);
  });

  it('property: never over its size or a share, and every statement runs once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(
          fc.record({ customer: fc.constantFrom('a', 'b', 'c'), ms: fc.integer({ min: 0, max: 3 }) }),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        async (size, jobs) => {
          const pool = new FairPool(
            Array.from({ length: size }, (_, i) => i),
            { queuePerCustomer: 100 },
          );
          const share = Math.ceil(size / 2);
          const holding = new Map<string, number>();
          let most = 0;
          let ran = 0;
          await Promise.all(
            jobs.map(({ customer, ms }) =>
              pool.use(customer, undefined, async () => {
                holding.set(customer, (holding.get(customer) ?? 0) + 1);
                most = Math.max(most, holding.get(customer)!);
                expect(pool.busy).toBeLessThanOrEqual(size);
                await new Promise((resolve) => setTimeout(resolve, ms));
                holding.set(customer, holding.get(customer)! - 1);
                ran++;
              }),
            ),
          );
          expect(ran).toBe(jobs.length);
          expect(most).toBeLessThanOrEqual(share);
          expect(pool.busy).toBe(0);
        },
      ),
      { numRuns: 40 },
    );
  });
});
