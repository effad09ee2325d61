// Resolves a customer's plan level from the plan host (spec 4.3, DESIGN section 4), tolerant of
// the response shapes seen in the wild, cached per customer with a TTL, and single-flight: any
// number of concurrent session queries for one customer cause one lookup.
import { CUSTOMER_ID_PATTERN, planLookupUrl } from '@playq/query';
import { PlayqResponseError, PlayqValidationError } from '../errors/client-errors';
import { raceSignal } from '../transport/abort';
import { excerpt } from '../transport/from-response';

const PLAN_LEVEL = /^[A-Za-z0-9._-]{1,64}$/;
const PLAN_KEY = /^plan_?level$/i;
// A cache entry per customer; bounded so a multi-tenant server cannot grow it without limit.
const MAX_ENTRIES = 1000;

/** @internal */
export interface PlanLookup {
  /** Sends the GET and returns its 2xx body, or throws a typed error. */
  readonly get: (url: string) => Promise<{ body: string; url: () => string; status: number }>;
  readonly planUrl: string;
  readonly ttlMs: number;
  readonly secrets: () => string[];
  readonly now?: () => number;
}

/**
 * The plan level in a plan-host answer, or a reason it has none. Accepts
 * `{"customerId": "demo", "planLevel": "2"}`, `planlevel` / `plan_level` keys, a JSON string or
 * number, and a bare token such as `2`.
 * @internal
 */
export function readPlanLevel(
  body: string,
  customerId: string,
): { ok: true; value: string } | { ok: false; reason: string } {
  const text = body.trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    if (PLAN_LEVEL.test(text)) return { ok: true, value: text };
    return { ok: false, reason: 'the plan lookup answer is neither JSON nor a bare plan level' };
  }
  let value: unknown = parsed;
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    const entries = Object.entries(parsed);
    const found = entries.find(([key]) => PLAN_KEY.test(key));
    if (!found) return { ok: false, reason: 'the plan lookup answer has no planLevel field' };
    const owner = entries.find(([key]) => /^customer_?id$/i.test(key))?.[1];
    if (typeof owner === 'string' && owner !== customerId) {
      return { ok: false, reason: `the plan lookup answered for customer "${owner}", not "${customerId}"` };
    }
    value = found[1];
  }
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value === 'string' && PLAN_LEVEL.test(value.trim())) return { ok: true, value: value.trim() };
  return { ok: false, reason: 'the plan level is not a short string or number' };
}

/** @internal */
export class PlanLevelResolver {
  readonly #lookup: PlanLookup;
  readonly #cache = new Map<string, { value: string; expiresAt: number }>();
  readonly #inflight = new Map<string, Promise<string>>();

  constructor(lookup: PlanLookup) {
    this.#lookup = lookup;
  }

  resolve(customerId: string, signal?: AbortSignal): Promise<string> {
    const now = (this.#lookup.now ?? Date.now)();
    const cached = this.#cache.get(customerId);
    if (cached && now < cached.expiresAt) return Promise.resolve(cached.value);
    let pending = this.#inflight.get(customerId);
    if (!pending) {
      // Shared by every caller, so it runs without any one caller's signal; callers stop waiting
      // on their own signals instead.
      pending = this.#fetch(customerId).finally(() => this.#inflight.delete(customerId));
      this.#inflight.set(customerId, pending);
    }
    return raceSignal(pending, signal);
  }

  clear(): void {
    this.#cache.clear();
  }

  async #fetch(customerId: string): Promise<string> {
    const answer = await this.#lookup.get(planLookupUrl(this.#lookup.planUrl, customerId));
    const read = readPlanLevel(answer.body, customerId);
    if (!read.ok) {
      throw new PlayqResponseError({
        method: 'GET',
        url: answer.url(),
        status: answer.status,
        reason: read.reason,
        excerpt: excerpt(answer.body, this.#lookup.secrets()),
      });
    }
    if (this.#lookup.ttlMs > 0) {
      if (this.#cache.size >= MAX_ENTRIES) this.#cache.delete(this.#cache.keys().next().value!);
      this.#cache.set(customerId, {
        value: read.value,
        expiresAt: (this.#lookup.now ?? Date.now)() + this.#lookup.ttlMs,
      });
    }
    return read.value;
  }
}

/**
 * A customer's plan level through `resolver`, or a validation error when the customer id is not
 * one or there is no plan host to ask.
 * @internal
 */
export function resolvePlanLevel(
  resolver: PlanLevelResolver | undefined,
  customerId: string,
  signal: AbortSignal | undefined,
): Promise<string> {
  if (typeof customerId !== 'string' || !CUSTOMER_ID_PATTERN.test(customerId)) {
    return Promise.reject(
      new PlayqValidationError([
        {
          code: 'invalid_customer',
          param: 'customerId',
          severity: 'error',
          message: 'The customer id must be 1 to 128 characters of letters, digits, ".", "_" or "-".',
        },
      ]),
    );
  }
  if (!resolver) {
    return Promise.reject(
      new PlayqValidationError([
        {
          code: 'missing_parameter',
          param: 'planlevel',
          severity: 'error',
          message:
            'The session query has no planlevel and the client has no planUrl to look it up: set one of them.',
        },
      ]),
    );
  }
  return resolver.resolve(customerId, signal);
}
