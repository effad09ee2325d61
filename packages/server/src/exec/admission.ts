// Admission control for database work: a fixed number of running slots, a bounded wait queue, and
// a per-customer share of both, served round-robin across customers so one customer's flood cannot
// starve another. A full queue refuses at once; a wait that outlives its deadline or its client ends.
// Work may weigh more than one slot: the answers' byte budget is an Admission whose slots are bytes.
import { QueryTimeoutError } from '../engine/engine';

export interface AdmissionOptions {
  /** Queries running at once across the service. Default 4 (the connection pool's size). */
  readonly slots?: number;
  /** Queries running at once for one customer. Default 1: on a small machine one heavy query already uses every core, and a second customer's query then finds a free slot. */
  readonly customerSlots?: number;
  /** Queries waiting across the service. Default 64. */
  readonly queueSize?: number;
  /** Queries waiting for one customer. Default 16. */
  readonly customerQueueSize?: number;
  /** Bytes of answers being sent at once across the service, cached or not. Default 64 MiB. */
  readonly answerBytes?: number;
  /** Bytes of answers being sent at once for one customer. Default 8 MiB: a bigger answer is sent alone. */
  readonly customerAnswerBytes?: number;
}

/**
 * Thrown when a wait queue is full: the customer's share of it (`scope: 'customer'`, the
 * customer's own doing, answered 429) or the whole service's (`'service'`, answered 503).
 */
export class AdmissionRefusedError extends Error {
  override readonly name = 'AdmissionRefusedError';
  constructor(
    readonly scope: 'customer' | 'service',
    readonly retryAfterSeconds: number,
  ) {
    super(scope === 'customer' ? "the customer's query queue is full" : 'the query queue is full');
  }
}

/** Thrown when the client went away while its query waited or ran. */
export class QueryCancelledError extends Error {
  override readonly name = 'QueryCancelledError';
  constructor() {
    super('the client went away; its query was cancelled');
  }
}

/** What a query needs to be admitted: whose it is, when its budget ends, and its client's signal. */
export interface Ticket {
  readonly customer: string;
  /** `performance.now()` time by which the query must have finished. */
  readonly deadline: number;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

interface Waiter {
  readonly weight: number;
  readonly admit: () => void;
}

interface Share {
  running: number;
  readonly waiting: Waiter[];
}

function count(v: number | undefined, fallback: number, what: string, min: number): number {
  const n = v ?? fallback;
  if (!Number.isSafeInteger(n) || n < min) {
    throw new RangeError(`@playq/server: admission.${what} must be an integer >= ${min}, got ${String(v)}`);
  }
  return n;
}

/**
 * The answers' byte budget: an Admission whose slots are bytes (an answer weighs its size), with
 * the same queues as database work.
 */
export function answerBudget(options: AdmissionOptions = {}): Admission {
  return new Admission({
    slots: count(options.answerBytes, 64 * 1024 * 1024, 'answerBytes', 1),
    customerSlots: count(options.customerAnswerBytes, 8 * 1024 * 1024, 'customerAnswerBytes', 1),
    ...(options.queueSize === undefined ? {} : { queueSize: options.queueSize }),
    ...(options.customerQueueSize === undefined ? {} : { customerQueueSize: options.customerQueueSize }),
  });
}

export class Admission {
  readonly slots: number;
  readonly customerSlots: number;
  readonly queueSize: number;
  readonly customerQueueSize: number;
  private running = 0;
  private queued = 0;
  private readonly shares = new Map<string, Share>();
  /** Customers in the order they are served; the one served last moves to the end. */
  private readonly turn: string[] = [];

  constructor(options: AdmissionOptions = {}) {
    this.slots = count(options.slots, 4, 'slots', 1);
    this.customerSlots = count(options.customerSlots, 1, 'customerSlots', 1);
    this.queueSize = count(options.queueSize, 64, 'queueSize', 0);
    this.customerQueueSize = count(options.customerQueueSize, 16, 'customerQueueSize', 0);
  }

  /** Queries running and waiting right now. */
  get load(): { readonly running: number; readonly queued: number } {
    return { running: this.running, queued: this.queued };
  }

  /**
   * Waits for `weight` slots (default 1; more than a customer's share counts as the whole share, so
   * it runs alone) and returns the function that gives them back (call it exactly once). Refuses at
   * once when the queue is full; rejects with `QueryTimeoutError` at the deadline and with
   * `QueryCancelledError` when the signal aborts first.
   */
  async enter(ticket: Ticket, weight = 1): Promise<() => void> {
    if (ticket.signal?.aborted) throw new QueryCancelledError();
    if (performance.now() >= ticket.deadline) throw new QueryTimeoutError(ticket.timeoutMs);
    const now = this.tryEnter(ticket.customer, weight);
    if (now) return now;
    const w = this.weightOf(weight);
    const share = this.share(ticket.customer);
    if (share.waiting.length >= this.customerQueueSize) {
      throw new AdmissionRefusedError(
        'customer',
        Math.max(1, Math.ceil(share.waiting.length / this.customerSlots)),
      );
    }
    if (this.queued >= this.queueSize) {
      throw new AdmissionRefusedError('service', Math.max(1, Math.ceil(this.queued / this.slots)));
    }
    await new Promise<void>((resolve, reject) => {
      const leave = (error: Error) => {
        const at = share.waiting.indexOf(waiter);
        if (at >= 0) {
          share.waiting.splice(at, 1);
          this.queued -= 1;
        }
        if (share.running === 0 && share.waiting.length === 0) this.forget(ticket.customer);
        cleanup();
        reject(error);
      };
      const onAbort = () => leave(new QueryCancelledError());
      const timer = setTimeout(
        () => leave(new QueryTimeoutError(ticket.timeoutMs)),
        Math.max(0, ticket.deadline - performance.now()),
      );
      const cleanup = () => {
        clearTimeout(timer);
        ticket.signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        weight: w,
        admit: () => {
          cleanup();
          resolve();
        },
      };
      ticket.signal?.addEventListener('abort', onAbort, { once: true });
      share.waiting.push(waiter);
      this.queued += 1;
    });
    return this.releaser(ticket.customer, w);
  }

  /**
   * Takes `weight` slots when they are free and none of the customer's work waits, without
   * waiting and without looking at a client's signal (a cache hit's answer, whose client leaving
   * costs nothing); `undefined` otherwise (then `enter`). Returns the release function as `enter`.
   *
   * @example
   * ```ts
   * const release = budget.tryEnter('demo', bytes) ?? (await budget.enter(ticket, bytes));
   * ```
   */
  tryEnter(customer: string, weight = 1): (() => void) | undefined {
    const w = this.weightOf(weight);
    const share = this.share(customer);
    if (!this.fits(share, w) || share.waiting.length > 0) {
      if (share.running === 0 && share.waiting.length === 0) this.forget(customer);
      return undefined;
    }
    this.start(share, w);
    return this.releaser(customer, w);
  }

  private weightOf(weight: number): number {
    return Math.max(0, Math.min(weight, this.customerSlots, this.slots));
  }

  private share(customer: string): Share {
    let share = this.shares.get(customer);
    if (!share) {
      share = { running: 0, waiting: [] };
      this.shares.set(customer, share);
      this.turn.push(customer);
    }
    return share;
  }

  private fits(share: Share, weight: number): boolean {
    return this.running + weight <= this.slots && share.running + weight <= this.customerSlots;
  }

  private start(share: Share, weight: number): void {
    this.running += weight;
    share.running += weight;
  }

  private releaser(customer: string, weight: number): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const share = this.shares.get(customer)!;
      this.running -= weight;
      share.running -= weight;
      this.dispatch();
      if (share.running === 0 && share.waiting.length === 0) this.forget(customer);
    };
  }

  /** Fills free slots from the waiting customers, round-robin, within each customer's share. */
  private dispatch(): void {
    let progressed = true;
    while (this.running < this.slots && this.queued > 0 && progressed) {
      progressed = false;
      for (let k = 0; k < this.turn.length && this.running < this.slots; k++) {
        const customer = this.turn[k]!;
        const share = this.shares.get(customer)!;
        const head = share.waiting[0];
        if (head === undefined || !this.fits(share, head.weight)) continue;
        const waiter = share.waiting.shift()!;
        this.queued -= 1;
        this.start(share, waiter.weight);
        // Served: to the back of the line.
        this.turn.splice(k, 1);
        this.turn.push(customer);
        k -= 1;
        progressed = true;
        waiter.admit();
      }
    }
  }

  private forget(customer: string): void {
    this.shares.delete(customer);
    const at = this.turn.indexOf(customer);
    if (at >= 0) this.turn.splice(at, 1);
  }
}
