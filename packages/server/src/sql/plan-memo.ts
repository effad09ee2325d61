// Compiled plans by request URL and customer, so that a repeated request (a dashboard's refresh, a
// page of a cached result) skips parsing, validation and compiling: a plan depends only on the
// URL, the customer and the service's fixed catalogue, limits and dictionaries. Bounded, least
// recently used first out; only requests that compiled are kept.
import type { CompiledQuery } from './plan';

/** What a request needs besides its plan: its page. */
export interface RememberedPlan {
  readonly plan: CompiledQuery;
  readonly limit: number;
  readonly offset: number;
}

/** Keys longer than this (a URL with a filter of thousands of values) are not kept. */
export const MAX_KEY_LENGTH = 8192;

export class PlanMemo {
  private readonly plans = new Map<string, RememberedPlan>();

  constructor(readonly maxEntries = 1000) {}

  get(key: string): RememberedPlan | undefined {
    const found = this.plans.get(key);
    if (found === undefined) return undefined;
    this.plans.delete(key);
    this.plans.set(key, found);
    return found;
  }

  set(key: string, value: RememberedPlan): void {
    if (this.maxEntries <= 0 || key.length > MAX_KEY_LENGTH) return;
    this.plans.delete(key);
    this.plans.set(key, value);
    for (const oldest of this.plans.keys()) {
      if (this.plans.size <= this.maxEntries) break;
      this.plans.delete(oldest);
    }
  }

  get size(): number {
    return this.plans.size;
  }
}
