// createService: the data, the app and its lifecycle. `fetch` answers in process (no socket);
// `listen` adds a Node HTTP listener; `close` drains in-flight requests before closing the database.

import type { CustomerCredentials } from './data/credentials';
import { Dataset } from './engine/duckdb/dataset';
import { checkMemoryLimit } from './engine/duckdb/memory-limit';
import type { Engine } from './engine/engine';
import { QueryExecutor } from './exec/executor';
import { AddressLimits } from './http/address-limits';
import { createApp } from './http/app';
import { Authenticator } from './http/auth';
import { RateLimiter } from './http/rate-limit';
import { type ListenInfo, Serving } from './http/serving';
import { applyMemoryLimit, openData } from './open-data';
import { type ServiceOptions, type ServiceSettings, serviceSettings } from './service-options';

export interface Service {
  /** Answers one request in process, exactly as over HTTP. */
  fetch(request: Request): Promise<Response>;
  /** Starts an HTTP listener (default 127.0.0.1 and a free port). */
  listen(options?: { readonly port?: number; readonly host?: string }): Promise<ListenInfo>;
  /** Stops accepting, finishes in-flight requests, then closes the listener and the database (unless given as `{ dataset }`). */
  close(): Promise<void>;
  readonly credentials: readonly CustomerCredentials[];
  /** The engine answering the plans (DuckDB, chdb or a ClickHouse server). */
  readonly engine: Engine;
  /** The embedded DuckDB dataset; throws a TypeError when the service runs on another engine. */
  readonly db: Dataset;
  /** Requests being answered right now (what `close()` waits for). */
  readonly activeRequests: number;
  readonly basePath: string;
  readonly planPath: string;
}

/**
 * Creates a reference service on an embedded DuckDB database.
 *
 * @example
 * ```ts
 * const service = await createService({ data: { generate: { sessions: 100_000, seed: 1 } } });
 * const res = await service.fetch(new Request(
 *   'http://local/api/v1/metricquery/demo?period=start%3D0%2Cend%3D1800000000&metrics=errors',
 *   { headers: { 'X-API-Key': 'demo-key' } },
 * ));
 * const { baseUrl } = await service.listen({ port: 0 }); // http://127.0.0.1:<port>/api/v1
 * await service.close();
 * ```
 */
export async function createService(options: ServiceOptions = {}): Promise<Service> {
  const settings = serviceSettings(options);
  const rateLimiter =
    options.rateLimit === false
      ? undefined
      : new RateLimiter(options.rateLimit ?? { ratePerSecond: 50, burst: 100 });
  const auth = new Authenticator(settings.credentials, settings.tokenTtlSeconds, options.jwtSecret);

  // A bad limit is refused before any data is generated or loaded.
  if (options.memoryLimit !== undefined) checkMemoryLimit(options.memoryLimit);
  const db = await openData(options.data, options.memoryLimit);
  // A dataset passed in belongs to the caller, who may share it between services.
  const ownsDb = !(options.data && ('dataset' in options.data || 'engine' in options.data));
  if (options.memoryLimit !== undefined) {
    if (!(db instanceof Dataset)) {
      if (ownsDb) await db.close();
      throw new TypeError('@playq/server: memoryLimit applies to the DuckDB engine only');
    }
    await applyMemoryLimit(db, options.memoryLimit);
  }
  // Generating or loading the data leaves the allocator holding the memory it freed: serve from
  // what the data needs, not from the peak of building it.
  await db.releaseMemory?.();
  // Parquet in place serves at once and makes its derived tables in the background: a failure
  // making them is logged once (the data set keeps serving without them).
  if (db instanceof Dataset)
    void db.derivedTablesMade().then((failure) => failure && settings.log?.(failure));
  const executor = new QueryExecutor(db, {
    timeoutMs: settings.queryTimeoutMs,
    cacheTtlMs: settings.cacheTtlMs,
    cacheMaxRecords: settings.cacheMaxRecords,
    cacheMaxBytes: settings.cacheMaxBytes,
    cacheCustomerBytes: settings.cacheCustomerBytes,
    ...(options.admission ? { admission: options.admission } : {}),
  });
  const app = createApp({
    basePath: settings.basePath,
    planPath: settings.planPath,
    maxUrlLength: settings.maxUrlLength,
    credentials: settings.credentials,
    corsOrigins: settings.corsOrigins,
    auth,
    rateLimiter,
    addressLimits:
      options.addressLimits === false ? undefined : new AddressLimits(options.addressLimits || {}),
    query: {
      db,
      executor,
      limits: settings.limits,
      ignoreUnknownParameters: options.ignoreUnknownParameters ?? false,
      metrics: settings.metrics,
      planUrl: () => settings.planUrl ?? serving.planUrl ?? settings.planPath,
    },
    onError: (error) => settings.log?.(errorLine(error)),
  });
  const serving = new Serving({
    ...settings,
    app,
    cleanup: async () => {
      executor.cache.clear();
      await executor.settled();
      if (ownsDb) await db.close();
    },
  });
  return serviceOf(serving, settings, db);
}

/** The service object over its serving lifecycle. */
function serviceOf(serving: Serving, settings: ServiceSettings, engine: Engine): Service {
  return {
    fetch: (request) => serving.handle(request),
    listen: (opts) => serving.listen(opts),
    close: () => serving.close(),
    credentials: settings.credentials,
    engine,
    get db() {
      if (engine instanceof Dataset) return engine;
      throw new TypeError(
        `@playq/server: this service runs on ${engine.name}, not on a DuckDB dataset: use service.engine`,
      );
    },
    basePath: settings.basePath,
    planPath: settings.planPath,
    get activeRequests() {
      return serving.active;
    },
  };
}

/** The log line of an unexpected error: its name and first message line, nothing more. */
function errorLine(error: unknown): string {
  return `error ${error instanceof Error ? error.name : 'unknown'}: ${error instanceof Error ? error.message.split('\n')[0] : ''}`;
}
