// A value provider for completion backed by the service itself: the distinct values of a
// dimension over a period, most used first, fetched with an ordinary breakdown query (the API
// has no values endpoint). Answers are cached per dimension and period; a request whose every
// caller has given up is aborted.

import {
  CATALOGUE,
  isDimension,
  metricQuery,
  type QueryNode,
  type ValueEntry,
  type ValueProvider,
} from '@playq/query';
import type { PlayqClient } from '../client';

export interface ServiceValuesOptions {
  /** The customer whose data the values come from. */
  readonly customerId: string;
  /** The period to look at, in epoch seconds; default: the 7 days up to the current hour. */
  readonly period?: { readonly start: number; readonly end: number } | (() => { start: number; end: number });
  /** How many values to fetch per dimension, most used first. Default 100. */
  readonly limit?: number;
  /** How long an answer is reused. Default 300 000 ms. */
  readonly ttlMs?: number;
}

interface Entry {
  readonly at: number;
  readonly controller: AbortController;
  readonly promise: Promise<readonly ValueEntry[]>;
  waiters: number;
}

const HOUR = 3600;

function defaultPeriod() {
  const end = Math.floor(Date.now() / 1000 / HOUR) * HOUR + HOUR;
  return { start: end - 7 * 24 * HOUR, end };
}

/**
 * The breakdown query that lists a dimension's values: one record per value, ordered by how many
 * sessions (or, for error-only dimensions, errors) it has. @internal
 */
export function valuesQuery(
  customerId: string,
  dimension: string,
  period: { start: number; end: number },
  limit: number,
): QueryNode {
  const info = isDimension(dimension) ? CATALOGUE.dimensions[dimension] : undefined;
  const metric = info?.combinesWith.includes('viewercount') === false ? 'errors' : 'viewercount';
  // biome-ignore lint/suspicious/noExplicitAny: names chosen at run time, checked by validation
  const b: any = metricQuery(customerId).between(period.start, period.end).metrics(metric);
  return b.aggBy(dimension).orderBy(metric, 'desc').limit(limit).toQuery();
}

// Resolves with the shared answer, or rejects when this caller's signal aborts first.
function wait(
  entry: Entry,
  signal: AbortSignal | undefined,
  drop: () => void,
): Promise<readonly ValueEntry[]> {
  if (signal === undefined) return entry.promise;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      if (--entry.waiters === 0) {
        entry.controller.abort(signal.reason);
        drop();
      }
      reject(signal.reason ?? new DOMException('The value request was aborted', 'AbortError'));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    entry.promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/**
 * A completion value provider that asks the service for a dimension's values (see `complete` in
 * `@playq/query`): most used first, cached for `ttlMs`, cancelled through the request's signal.
 *
 * @example
 * const client = createClient({ baseUrl, auth: apiKeyAuth(key) });
 * const values = serviceValues(client, { customerId: 'demo' });
 * await complete('filter', '[country=U', 10, { values });
 * // suggestions: US (1,204 sessions), UA (…), '|', ']'
 */
export function serviceValues(client: PlayqClient, options: ServiceValuesOptions): ValueProvider {
  const cache = new Map<string, Entry>();
  const limit = options.limit ?? 100;
  const ttl = options.ttlMs ?? 300_000;
  return ({ dimension, signal }) => {
    const period =
      typeof options.period === 'function' ? options.period() : (options.period ?? defaultPeriod());
    const key = `${dimension}\u0000${period.start}\u0000${period.end}`;
    let entry = cache.get(key);
    if (entry === undefined || Date.now() - entry.at > ttl) {
      const controller = new AbortController();
      const query = valuesQuery(options.customerId, dimension, period, limit);
      const promise = client.run(query, { signal: controller.signal }).then((page) =>
        page.records.map((r) => {
          const count = Object.values(r).find((v) => typeof v === 'number');
          return { value: String(r[dimension]), ...(count === undefined ? {} : { count }) };
        }),
      );
      entry = { at: Date.now(), controller, promise, waiters: 0 };
      const mine = entry;
      promise.catch(() => cache.get(key) === mine && cache.delete(key));
      cache.set(key, entry);
    }
    entry.waiters++;
    const current = entry;
    return wait(current, signal, () => cache.get(key) === current && cache.delete(key));
  };
}
