// A pool of connections lent one statement at a time, fairly across customers: each customer may
// hold at most a share of them, waiting customers are served in turn, and a connection whose
// statement was abandoned (its client left, or its time ran out) is lent again only once the engine
// has really finished with it. An abandoned statement therefore keeps costing its own customer,
// never another, until the engine lets it go.

/** Thrown when a customer already has as many statements waiting as the pool allows. */
export class PoolQueueFullError extends Error {
  override readonly name = 'PoolQueueFullError';
  constructor(readonly customer: string) {
    super(`customer ${JSON.stringify(customer)} has too many statements waiting for the engine`);
  }
}

interface Waiter<T> {
  readonly give: (item: T) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

/** How a pool lends: its connections, and each customer's share of them and of the wait. */
export interface FairPoolOptions {
  /** Connections one customer may hold at once (abandoned statements included). Default half the pool. */
  readonly perCustomer?: number;
  /** Statements one customer may have waiting. Default 16. */
  readonly queuePerCustomer?: number;
}

/**
 * Connections lent to one statement at a time: `use(customer, work)` waits for a connection the
 * customer may take, runs `work` on it, and returns what `work` returns, or rejects as soon as
 * `signal` aborts; the connection comes back when `work` itself settles.
 *
 * @example
 * ```ts
 * const pool = new FairPool([a, b, c, d]);
 * const rows = await pool.use('acme', signal, (session) => session.queryAsync(sql));
 * ```
 */
export class FairPool<T> {
  private readonly free: T[];
  private readonly held = new Map<string, number>();
  private readonly waiting = new Map<string, Waiter<T>[]>();
  /** Customers with waiters, in the order they are served. */
  private turn: string[] = [];
  private readonly perCustomer: number;
  private readonly queuePerCustomer: number;

  constructor(
    readonly items: readonly T[],
    options: FairPoolOptions = {},
  ) {
    if (items.length === 0) throw new RangeError('a pool needs at least one connection');
    this.free = [...items];
    this.perCustomer = Math.max(1, options.perCustomer ?? Math.ceil(items.length / 2));
    this.queuePerCustomer = options.queuePerCustomer ?? 16;
  }

  /** Connections lent now, abandoned statements included. */
  get busy(): number {
    return this.items.length - this.free.length;
  }

  /** Connections `customer` holds now. */
  heldBy(customer: string): number {
    return this.held.get(customer) ?? 0;
  }

  async use<R>(customer: string, signal: AbortSignal | undefined, work: (item: T) => Promise<R>): Promise<R> {
    const item = await this.acquire(customer, signal);
    const running = work(item).finally(() => this.release(customer, item));
    if (signal === undefined) return running;
    // The caller hears of an abort at once; the connection waits for the work to end.
    running.catch(() => {});
    return new Promise<R>((resolve, reject) => {
      const onAbort = () => reject(reasonOf(signal));
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      running.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private acquire(customer: string, signal: AbortSignal | undefined): Promise<T> {
    if (signal?.aborted) return Promise.reject(reasonOf(signal));
    if (this.free.length > 0 && this.heldBy(customer) < this.perCustomer && !this.waiting.has(customer)) {
      return Promise.resolve(this.take(customer));
    }
    const queue = this.waiting.get(customer) ?? [];
    if (queue.length >= this.queuePerCustomer) return Promise.reject(new PoolQueueFullError(customer));
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = {
        give: (item) => {
          signal?.removeEventListener('abort', waiter.onAbort);
          resolve(item);
        },
        signal,
        onAbort: () => {
          this.dropWaiter(customer, waiter);
          reject(reasonOf(signal!));
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      queue.push(waiter);
      if (!this.waiting.has(customer)) {
        this.waiting.set(customer, queue);
        this.turn.push(customer);
      }
      this.dispatch();
    });
  }

  private take(customer: string): T {
    this.held.set(customer, this.heldBy(customer) + 1);
    return this.free.pop()!;
  }

  private release(customer: string, item: T): void {
    const left = this.heldBy(customer) - 1;
    if (left > 0) this.held.set(customer, left);
    else this.held.delete(customer);
    this.free.push(item);
    this.dispatch();
  }

  /** Lends free connections to waiting customers in turn, each within its share. */
  private dispatch(): void {
    let passes = this.turn.length;
    while (this.free.length > 0 && passes > 0) {
      const customer = this.turn.shift()!;
      const queue = this.waiting.get(customer)!;
      if (this.heldBy(customer) >= this.perCustomer) {
        this.turn.push(customer);
        passes--;
        continue;
      }
      const waiter = queue.shift()!;
      if (queue.length > 0) this.turn.push(customer);
      else this.waiting.delete(customer);
      passes = this.turn.length;
      waiter.give(this.take(customer));
    }
  }

  private dropWaiter(customer: string, waiter: Waiter<T>): void {
    const queue = this.waiting.get(customer);
    if (queue === undefined) return;
    const at = queue.indexOf(waiter);
    if (at >= 0) queue.splice(at, 1);
    if (queue.length === 0) {
      this.waiting.delete(customer);
      this.turn = this.turn.filter((c) => c !== customer);
    }
  }
}

function reasonOf(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}
