// createService: the data, the app and its lifecycle. `fetch` answers in process (no socket);
// `listen` adds a Node HTTP listener; `close` drains in-flight requests before closing the database.

import type { AddressInfo } from 'node:net';
import { DEFAULT_LIMITS, type QueryLimits } from '@playq/query';
import { checkCredentials, DEMO_CUSTOMERS, type DemoCredentials } from './data/customers';
import { Dataset } from './data/dataset';
import { type GenerateOptions, generateDataset } from './data/generate';
import { type DataFormat, loadDataset } from './data/load';
import { type AddressLimitOptions, AddressLimits } from './http/address-limits';
import { createApp } from './http/app';
import { Authenticator } from './http/auth';
import { createNodeServer, type NodeServer } from './http/node-server';
import { problemResponse } from './http/problem';
import { RateLimiter, type RateLimitOptions } from './http/rate-limit';
import type { AdmissionOptions } from './sql/admission';
import { QueryExecutor } from './sql/execute';

/** Where a service's data comes from. */
export type DataSource =
  | { readonly generate: GenerateOptions }
  | { readonly dir: string; readonly format?: DataFormat }
  | { readonly database: string }
  | { readonly dataset: Dataset };

export interface ServiceOptions {
  /** Default: a generated data set of 20,000 sessions, seed 1, over the 30 days before today's end. */
  readonly data?: DataSource;
  /** The customers and their credentials. Default `DEMO_CUSTOMERS`. */
  readonly credentials?: readonly DemoCredentials[];
  /** Alias of `credentials`. */
  readonly customers?: readonly DemoCredentials[];
  /** Default `/api/v1`. */
  readonly basePath?: string;
  /** Default `/plans`. */
  readonly planPath?: string;
  readonly limits?: Partial<QueryLimits>;
  /** Per credential; default `{ ratePerSecond: 50, burst: 100 }`; `false` disables. */
  readonly rateLimit?: RateLimitOptions | false;
  /** Per client address over HTTP: failed authentications and token requests (see docs/server.md); `false` disables. */
  readonly addressLimits?: AddressLimitOptions | false;
  /** Time budget of one query in milliseconds; default 10,000. */
  readonly queryTimeoutMs?: number;
  /** Lifetime of issued tokens; default 3600. */
  readonly tokenTtlSeconds?: number;
  /** HS256 key (at least 32 bytes); default: random per service, so tokens die with it. */
  readonly jwtSecret?: string | Uint8Array;
  /** Accept and ignore unknown query parameters instead of answering 400 `unknown_parameter`. */
  readonly ignoreUnknownParameters?: boolean;
  /** Receives one access-log line per request; default: no logging. */
  readonly logger?: ((line: string) => void) | false;
  /** Lifetime of cached ordered results for paging; default 30,000; 0 disables. */
  readonly cacheTtlMs?: number;
  /** Records kept in the result cache across all results; default 400,000. */
  readonly cacheMaxRecords?: number;
  /** Longest accepted request URL in characters; default 262,144, room for a 10,000-value filter (longer: 414). */
  readonly maxUrlLength?: number;
  /** How long `close()` waits for in-flight requests; default 10,000 ms. */
  readonly shutdownTimeoutMs?: number;
  /** Admission control of database work (slots, queue, per-customer shares); see docs/server.md. */
  readonly admission?: AdmissionOptions;
  /** DuckDB's memory limit (DuckDB syntax, e.g. `'512MB'`); beyond it operators spill to disk or the query fails. Default: DuckDB's own (80% of RAM). */
  readonly memoryLimit?: string;
  /** Time a client has to send its request line and headers over HTTP; default 10,000 ms. */
  readonly headersTimeoutMs?: number;
  /** Time a client has to send its whole request over HTTP; default 30,000 ms. */
  readonly requestTimeoutMs?: number;
}

export interface ListenInfo {
  readonly url: string;
  readonly baseUrl: string;
  readonly planUrl: string;
  readonly port: number;
  readonly host: string;
}

export interface Service {
  /** Answers one request in process, exactly as over HTTP. */
  fetch(request: Request): Promise<Response>;
  /** Starts an HTTP listener (default 127.0.0.1 and a free port). */
  listen(options?: { readonly port?: number; readonly host?: string }): Promise<ListenInfo>;
  /** Stops accepting, finishes in-flight requests, then closes the listener and the database (unless given as `{ dataset }`). */
  close(): Promise<void>;
  readonly credentials: readonly DemoCredentials[];
  readonly db: Dataset;
  /** Requests being answered right now (what `close()` waits for). */
  readonly activeRequests: number;
  readonly basePath: string;
  readonly planPath: string;
}

function normalizePath(path: string, what: string): string {
  if (typeof path !== 'string' || !/^(\/[A-Za-z0-9._~-]+)+$/.test(path)) {
    throw new TypeError(`@playq/server: ${what} must look like "/api/v1", got ${JSON.stringify(path)}`);
  }
  return path;
}

async function openData(data: DataSource | undefined): Promise<Dataset> {
  if (data === undefined) return generateDataset({ sessions: 20_000, seed: 1 });
  if ('dataset' in data) return data.dataset;
  if ('generate' in data) return generateDataset(data.generate);
  if ('dir' in data) return loadDataset(data.dir, data.format ? { format: data.format } : {});
  if ('database' in data) {
    const db = await Dataset.open(data.database);
    try {
      await db.refresh();
    } catch (error) {
      await db.close();
      throw new Error(
        `@playq/server: ${data.database} is not a playq database (${(error as Error).message.split('\n')[0]})`,
      );
    }
    return db;
  }
  throw new TypeError('@playq/server: data must be { generate }, { dir }, { database } or { dataset }');
}

async function applyMemoryLimit(db: Dataset, limit: string): Promise<void> {
  if (!/^\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(limit)) {
    throw new RangeError(`@playq/server: memoryLimit must look like '512MB', got ${JSON.stringify(limit)}`);
  }
  await db.exec(`SET memory_limit = '${limit}'`);
}

function redactedTarget(url: string): string {
  const parsed = new URL(url);
  for (const name of [...parsed.searchParams.keys()]) {
    if (/key|token|secret|password|auth/i.test(name)) parsed.searchParams.set(name, 'REDACTED');
  }
  const search = parsed.searchParams.toString();
  const target = parsed.pathname + (search ? `?${search}` : '');
  return target.length > 2000 ? `${target.slice(0, 2000)}…` : target;
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
  const basePath = normalizePath(options.basePath ?? '/api/v1', 'basePath');
  const planPath = normalizePath(options.planPath ?? '/plans', 'planPath');
  const credentials = checkCredentials(options.credentials ?? options.customers ?? DEMO_CUSTOMERS);
  const limits: QueryLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const positive = (value: number | undefined, fallback: number, what: string, allowZero = false) => {
    const v = value ?? fallback;
    if (!Number.isFinite(v) || v < 0 || (!allowZero && v === 0)) {
      throw new RangeError(
        `@playq/server: ${what} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${String(value)}`,
      );
    }
    return v;
  };
  const queryTimeoutMs = positive(options.queryTimeoutMs, 10_000, 'queryTimeoutMs');
  const tokenTtlSeconds = positive(options.tokenTtlSeconds, 3600, 'tokenTtlSeconds');
  const cacheTtlMs = positive(options.cacheTtlMs, 30_000, 'cacheTtlMs', true);
  const cacheMaxRecords = positive(options.cacheMaxRecords, 400_000, 'cacheMaxRecords', true);
  const maxUrlLength = positive(options.maxUrlLength, 262_144, 'maxUrlLength');
  const shutdownTimeoutMs = positive(options.shutdownTimeoutMs, 10_000, 'shutdownTimeoutMs', true);
  const headersTimeoutMs = positive(options.headersTimeoutMs, 10_000, 'headersTimeoutMs');
  const requestTimeoutMs = positive(options.requestTimeoutMs, 30_000, 'requestTimeoutMs');
  const rateLimiter =
    options.rateLimit === false
      ? undefined
      : new RateLimiter(options.rateLimit ?? { ratePerSecond: 50, burst: 100 });
  const auth = new Authenticator(credentials, tokenTtlSeconds, options.jwtSecret);
  const log = options.logger || undefined;

  const db = await openData(options.data);
  // A dataset passed in belongs to the caller, who may share it between services.
  const ownsDb = !(options.data && 'dataset' in options.data);
  if (options.memoryLimit !== undefined) await applyMemoryLimit(db, options.memoryLimit);
  const executor = new QueryExecutor(db, {
    timeoutMs: queryTimeoutMs,
    cacheTtlMs,
    cacheMaxRecords,
    ...(options.admission ? { admission: options.admission } : {}),
  });
  const app = createApp({
    basePath,
    planPath,
    maxUrlLength,
    credentials,
    auth,
    rateLimiter,
    addressLimits:
      options.addressLimits === false ? undefined : new AddressLimits(options.addressLimits || {}),
    query: {
      db,
      executor,
      limits,
      ignoreUnknownParameters: options.ignoreUnknownParameters ?? false,
      planPath,
    },
    onError: (error) =>
      log?.(
        `error ${error instanceof Error ? error.name : 'unknown'}: ${error instanceof Error ? error.message.split('\n')[0] : ''}`,
      ),
  });

  let inflight = 0;
  let drained: (() => void) | undefined;
  let closing: Promise<void> | undefined;
  const servers: NodeServer[] = [];

  // `address` is the client's, known only over HTTP: in-process callers are not limited by address.
  const handle = async (request: Request, address?: string): Promise<Response> => {
    if (closing) {
      return problemResponse(503, 'unavailable', 'The service is shutting down.', {
        headers: { Connection: 'close' },
      });
    }
    const started = performance.now();
    inflight += 1;
    let status = 500;
    try {
      const response = await app.fetch(request, { address });
      status = response.status;
      return response;
    } finally {
      inflight -= 1;
      if (inflight === 0) drained?.();
      if (log) {
        let target = '';
        try {
          target = redactedTarget(request.url);
        } catch {
          target = '(unparseable URL)';
        }
        log(
          `${new Date().toISOString()} ${request.method} ${target} ${status} ${(performance.now() - started).toFixed(1)}ms`,
        );
      }
    }
  };

  const fetch = (request: Request): Promise<Response> => handle(request);

  const listen = (opts: { port?: number; host?: string } = {}): Promise<ListenInfo> => {
    const host = opts.host ?? '127.0.0.1';
    const port = opts.port ?? 0;
    return new Promise((resolve, reject) => {
      const node = createNodeServer({
        fetch: (request, env) => handle(request, env?.incoming.socket.remoteAddress),
        hostname: host,
        maxUrlLength,
        headersTimeoutMs,
        requestTimeoutMs,
      });
      const { server } = node;
      server.listen(port, host);
      server.once('error', reject);
      server.once('listening', () => {
        servers.push(node);
        const address = server.address() as AddressInfo;
        const shown = host.includes(':') ? `[${host}]` : host;
        const url = `http://${shown}:${address.port}`;
        resolve({ url, baseUrl: url + basePath, planUrl: url + planPath, port: address.port, host });
      });
    });
  };

  const close = (): Promise<void> => {
    closing ??= (async () => {
      const deadline = performance.now() + shutdownTimeoutMs;
      // Stop accepting; idle keep-alive connections are ended cleanly, busy ones after their answer.
      const stopped = servers.map((node) => node.shutdown(deadline));
      if (inflight > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, shutdownTimeoutMs).unref();
        });
      }
      await Promise.all(stopped);
      executor.cache.clear();
      if (ownsDb) await db.close();
    })();
    return closing;
  };

  return {
    fetch,
    listen,
    close,
    credentials,
    db,
    basePath,
    planPath,
    get activeRequests() {
      return inflight;
    },
  };
}
