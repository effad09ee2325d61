// Compiled plans by request URL and customer, so that a repeated request (a dashboard's refresh, a
// page of a cached result) skips parsing, validation and compiling: a plan depends only on the
// URL, the customer and the service's fixed catalogue, limits and dictionaries. Bounded, least
// recently used first out; only requests that compiled are kept. A plan is kept with the target it
// was compiled for and found only for that one (a data set switches target when its derived tables
// are made in the background, engine/duckdb/dataset.ts).
import type { PlanTarget } from '../sql/dialect';
import type { CompiledQuery } from '../sql/plan';

/** What a request needs besides its plan: its page. */
export interface RememberedPlan {
  readonly plan: CompiledQuery;
  readonly limit: number;
  readonly offset: number;
}

/** Keys longer than this (a URL with a filter of thousands of values) are not kept. */
export const MAX_KEY_LENGTH = 8192;

export class PlanMemo {
  private readonly plans = new Map<string, { readonly value: RememberedPlan; readonly target: PlanTarget }>();

  constructor(readonly maxEntries = 1000) {}

  /** The plan kept for `key`, if it was compiled for `target` (the engine's target now). */
  get(key: string, target: PlanTarget): RememberedPlan | undefined {
    const found = this.plans.get(key);
    if (found === undefined) return undefined;
    this.plans.delete(key);
    if (found.target !== target) return undefined;
    this.plans.set(key, found);
    return found.value;
  }

  /** Keeps the plan of `key` compiled for `target`. */
  set(key: string, value: RememberedPlan, target: PlanTarget): void {
    if (this.maxEntries <= 0 || key.length > MAX_KEY_LENGTH) return;
    this.plans.delete(key);
    this.plans.set(key, { value, target });
    for (const oldest of this.plans.keys()) {
      if (this.plans.size <= this.maxEntries) break;
      this.plans.delete(oldest);
    }
  }

  get size(): number {
    return this.plans.size;
  }
}
