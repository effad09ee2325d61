// An in-process reference service on generated data (or a scenario's exact rows), with a client
// already wired to it through its `fetch` — no socket, no port — so a test suite can query
// realistic data from `beforeAll`.
import {
  apiKeyAuth,
  type ClientOptions,
  clientCredentials,
  createClient,
  type PlayqClient,
  type Transport,
} from '@playq/client';
import { tokenUrlOf } from '@playq/query';
import type {
  ChdbOptions,
  CustomerCredentials,
  PlantedEffect,
  ScenarioRows,
  Service,
  ServiceOptions,
} from '@playq/server';
import { cachedDatabaseCopy, defaultCacheDir, discardCached, type GenerateKey } from './data-cache';
import { loadServer } from './load-server';

/**
 * The fixed end of generated test data (2026-01-01T00:00:00Z), so that a seed means the same data
 * on every day the tests run. Pass `end` to move it.
 */
export const TEST_DATA_END = 1_767_225_600;

/** The origin the in-process client uses; `.test` is reserved, so it can never reach a real host. */
export const TEST_ORIGIN = 'http://playq.test';

/**
 * A scenario's exact rows instead of generated data, on DuckDB in memory (`rows`) or on chdb
 * (`chdb: { rows }`, the optional peer `chdb` installed). See docs/testing.md, "Scenarios".
 */
export type TestDataSource =
  | { readonly rows: ScenarioRows }
  | { readonly chdb: ChdbOptions & { readonly rows: ScenarioRows } };

export interface TestServiceOptions extends Omit<ServiceOptions, 'data' | 'credentials' | 'customers'> {
  /**
   * A scenario's rows instead of generated data (then leave out `seed` and `sessions`): each row's
   * left-out columns take their defaults, sessions start a minute apart from `period.start`.
   */
  readonly data?: TestDataSource;
  /** Generator seed. Default 1. */
  readonly seed?: number;
  /** Sessions across all customers (the first customer gets 75%). Default 10,000. */
  readonly sessions?: number;
  /** Days of data before `end`. Default 30. */
  readonly days?: number;
  /** Exclusive end of the data, epoch seconds. Default `TEST_DATA_END`. */
  readonly end?: number;
  /**
   * Effects planted in the generated data (docs/testing.md, "Planted effects"): each changes the
   * matching sessions so that `metric` over them is `factor` times its value without the effect.
   */
  readonly effects?: readonly PlantedEffect[];
  /** Customers and their credentials. Default the demo pair (`demo`, `other`). */
  readonly customers?: readonly CustomerCredentials[];
  /** Options for the wired clients (retries, timeouts, hooks); transport and auth are set for you. */
  readonly client?: Omit<ClientOptions, 'baseUrl' | 'planUrl' | 'fetch' | 'auth'>;
  /**
   * Keep generated data sets on disk and open a copy next time (default `true`): generating
   * 100,000 sessions takes seconds, opening a cached copy well under one. A folder path to choose
   * where (default `PLAYQ_TESTING_CACHE_DIR` or `<tmp>/playq-testing-cache`), `false` to always generate.
   */
  readonly cache?: boolean | string;
}

export interface TestService extends AsyncDisposable {
  /** The reference service itself: `service.fetch(request)` answers as over HTTP. */
  readonly service: Service;
  /** A client for the first customer, wired through `service.fetch`. */
  readonly client: PlayqClient;
  /** A client for any configured customer, with its API key and client credentials. */
  clientFor(customerId: string): PlayqClient;
  /** The first customer's credentials. */
  readonly customer: CustomerCredentials;
  /** Every customer's credentials. */
  readonly credentials: readonly CustomerCredentials[];
  /** `{base_url}` as the wired clients see it (no socket listens there). */
  readonly baseUrl: string;
  /** `{plan_url}` as the wired clients see it. */
  readonly planUrl: string;
  /** The token endpoint for client credentials. */
  readonly tokenUrl: string;
  /** The span of the data (`days` before `end`), epoch seconds, half-open. */
  readonly period: { readonly start: number; readonly end: number };
  /** The service's transport, bound: hand it to your own client or to `checkContract`. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Closes the service and its database. Idempotent. */
  close(): Promise<void>;
}

const DAY = 86_400;

/** The service on generated data: from the on-disk cache when allowed, else generated in memory. */
async function openService(
  key: GenerateKey,
  cache: boolean | string,
  options: ServiceOptions,
): Promise<{ service: Service; release: () => Promise<void> }> {
  const { createService } = await loadServer();
  if (cache === false) {
    const service = await createService({ ...options, data: { generate: key } });
    return { service, release: async () => undefined };
  }
  const dir = typeof cache === 'string' ? cache : defaultCacheDir();
  for (let attempt = 0; ; attempt++) {
    const copy = await cachedDatabaseCopy(key, dir);
    try {
      return {
        // Generated data, cached as a database file: open to any origin, as generated data is.
        service: await createService({ corsOrigins: '*', ...options, data: { database: copy.path } }),
        release: copy.release,
      };
    } catch (error) {
      await copy.release();
      // A damaged cache entry is discarded and made again, once.
      if (attempt > 0) throw error;
      await discardCached(copy.master);
    }
  }
}

/** The service on a scenario's rows, the first default start at the period's start. */
async function openScenario(
  data: TestDataSource,
  start: number,
  options: ServiceOptions,
  given: TestServiceOptions,
): Promise<{ service: Service; release: () => Promise<void> }> {
  if (given.seed !== undefined || given.sessions !== undefined || given.effects !== undefined) {
    throw new TypeError(
      '@playq/testing: seed, sessions and effects shape generated data; leave them out with data.rows',
    );
  }
  const withStart = (rows: ScenarioRows): ScenarioRows => ({ start, ...rows });
  let source: ServiceOptions['data'];
  if (data !== null && typeof data === 'object' && 'rows' in data) source = { rows: withStart(data.rows) };
  else if (data !== null && typeof data === 'object' && 'chdb' in data && data.chdb?.rows !== undefined)
    source = { chdb: { ...data.chdb, rows: withStart(data.chdb.rows) } };
  else
    throw new TypeError('@playq/testing: data must be { rows: { sessions, errors? } } or { chdb: { rows } }');
  const { createService } = await loadServer();
  // Made-up rows, like generated data: open to any origin.
  const service = await createService({ corsOrigins: '*', ...options, data: source });
  return { service, release: async () => undefined };
}

/**
 * Start the reference service in process on generated data and return it with a ready client.
 * Rate limiting is off unless you pass `rateLimit`.
 *
 * @example
 * ```ts
 * import { metricQuery } from '@playq/query';
 * import { createTestService, type TestService } from '@playq/testing';
 * import { afterAll, beforeAll, expect, it } from 'vitest';
 *
 * let t: TestService;
 * beforeAll(async () => {
 *   t = await createTestService({ seed: 7, sessions: 20_000 });
 * });
 * afterAll(() => t.close());
 *
 * it('breaks errors down by country', async () => {
 *   const rows = await t.client.all(metricQuery('demo').period(t.period).metrics('errors').aggBy('country'));
 *   expect(rows.length).toBeGreaterThan(0);
 * });
 * ```
 */
export async function createTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const {
    data,
    seed = 1,
    sessions = 10_000,
    days = 30,
    end = TEST_DATA_END,
    effects,
    customers,
    client,
    cache = true,
    ...serviceOptions
  } = options;
  checkDataOptions(seed, sessions, days, end);
  const credentials = customers ?? (await loadServer()).DEMO_CUSTOMERS;
  if (credentials.length === 0)
    throw new TypeError('@playq/testing: customers must name at least one customer');
  const key = {
    seed,
    sessions,
    days,
    end,
    customers: credentials.map((c) => c.customerId),
    ...(effects === undefined ? {} : { effects }),
  };
  const settings: ServiceOptions = { rateLimit: false, ...serviceOptions, credentials };
  const { service, release } =
    data === undefined
      ? await openService(key, cache, settings)
      : await openScenario(data, end - days * DAY, settings, options);
  const fetch = (request: Request) => service.fetch(request);
  const baseUrl = TEST_ORIGIN + service.basePath;
  const planUrl = TEST_ORIGIN + service.planPath;
  const tokenUrl = tokenUrlOf(baseUrl);
  const clientFor = clientsOf(service.credentials, { ...client, baseUrl, planUrl, fetch }, tokenUrl);
  const customer = service.credentials[0]!;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= service.close().finally(release);
    return closing;
  };
  return {
    service,
    client: clientFor(customer.customerId),
    clientFor,
    customer,
    credentials: service.credentials,
    baseUrl,
    planUrl,
    tokenUrl,
    period: { start: end - days * DAY, end },
    fetch,
    close,
    [Symbol.asyncDispose]: close,
  };
}

function checkDataOptions(seed: number, sessions: number, days: number, end: number): void {
  if (!Number.isSafeInteger(seed))
    throw new TypeError(`@playq/testing: seed must be an integer, got ${String(seed)}`);
  if (!Number.isSafeInteger(sessions) || sessions < 0) {
    throw new TypeError(`@playq/testing: sessions must be a non-negative integer, got ${String(sessions)}`);
  }
  if (!Number.isSafeInteger(days) || days < 1) {
    throw new TypeError(`@playq/testing: days must be a positive integer, got ${String(days)}`);
  }
  if (!Number.isSafeInteger(end) || end <= days * DAY) {
    throw new TypeError(`@playq/testing: end must be epoch seconds after ${days} days, got ${String(end)}`);
  }
}

/** One client per customer, made on first use, wired to the service with its credentials. */
function clientsOf(
  credentials: readonly CustomerCredentials[],
  options: ClientOptions & { readonly fetch: Transport },
  tokenUrl: string,
): (customerId: string) => PlayqClient {
  const clients = new Map<string, PlayqClient>();
  return (customerId) => {
    const found = credentials.find((c) => c.customerId === customerId);
    if (!found) {
      const known = credentials.map((c) => c.customerId).join(', ');
      throw new TypeError(
        `@playq/testing: no customer ${JSON.stringify(customerId)} in this test service (known: ${known})`,
      );
    }
    let made = clients.get(customerId);
    if (!made) {
      const { clientId, clientSecret } = found;
      made = createClient({
        ...options,
        auth: {
          metricquery: apiKeyAuth(found.apiKey),
          session: clientCredentials({ tokenUrl, clientId, clientSecret, fetch: options.fetch }),
        },
      });
      clients.set(customerId, made);
    }
    return made;
  };
}
