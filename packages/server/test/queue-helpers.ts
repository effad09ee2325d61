// Helpers shared by the admission and in-flight tests.
import type { Ticket } from '../src/exec/admission';

/** A ticket for `customer` with a 10 s budget from now, overridable field by field. */
export const ticket = (customer: string, extra: Partial<Ticket> = {}): Ticket => ({
  customer,
  timeoutMs: 10_000,
  deadline: performance.now() + 10_000,
  ...extra,
});

/** Settles pending promise callbacks. */
export const flush = () => new Promise((r) => setImmediate(r));
