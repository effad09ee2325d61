// One database run shared by every request that asks for the same result at the same time. Each
// request may leave (its client went away) without disturbing the others; when the last one has
// left, the run itself is cancelled so no database work outlives all of its clients.
import { QueryCancelledError } from './admission';

interface Entry<T> {
  readonly promise: Promise<T>;
  readonly controller: AbortController;
  waiters: number;
}

export class InFlightRuns<T> {
  private readonly runs = new Map<string, Entry<T>>();

  /** Joins the run for `key`, starting it with `work` if there is none. */
  join(key: string, signal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(new QueryCancelledError());
    let entry = this.runs.get(key);
    if (!entry) {
      const controller = new AbortController();
      const created: Entry<T> = {
        controller,
        waiters: 0,
        promise: work(controller.signal).finally(() => {
          if (this.runs.get(key) === created) this.runs.delete(key);
        }),
      };
      // Every waiter handles the outcome; this keeps a run whose waiters all left from rejecting unhandled.
      created.promise.catch(() => {});
      this.runs.set(key, created);
      entry = created;
    }
    const joined = entry;
    joined.waiters += 1;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        joined.waiters -= 1;
        if (joined.waiters === 0) {
          if (this.runs.get(key) === joined) this.runs.delete(key);
          joined.controller.abort(new QueryCancelledError());
        }
        reject(new QueryCancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      joined.promise.then(
        (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /** Runs in progress. */
  get size(): number {
    return this.runs.size;
  }
}
