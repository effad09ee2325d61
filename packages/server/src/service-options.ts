// The options of createService and their checked, defaulted form: every number in range, every
// path well formed, the credentials valid; a bad option is a TypeError or RangeError naming it.
import type { BlockList } from 'node:net';
import {
  type AnyCatalogue,
  DEFAULT_CATALOGUE,
  DEFAULT_LIMITS,
  type QueryLimits,
  withoutTrailingSlash,
} from '@playq/query';
import { type CustomerCredentials, checkCredentials, DEMO_CUSTOMERS } from './data/credentials';
import type { ChdbOptions } from './engine/chdb-engine';
import type { ClickHouseServerOptions } from './engine/clickhouse-server';
import type { Dataset } from './engine/duckdb/dataset';
import type { GenerateOptions } from './engine/duckdb/generate';
import type { DataFormat } from './engine/duckdb/load';
import type { ScenarioRows } from './engine/duckdb/scenario-rows';
import type { Engine } from './engine/engine';
import type { AdmissionOptions } from './exec/admission';
import type { AddressLimitOptions } from './http/address-limits';
import { trustedProxies } from './http/client-address';
import type { RateLimitOptions } from './http/rate-limit';
import { DEFAULT_METRICS, type MetricTable, metricTable } from './sql/metric-sql';

/**
 * Where a service's data comes from, and which engine answers: generated or loaded into DuckDB in
 * memory; a scenario's rows (`rows`, each left-out column a documented default) in DuckDB in memory
 * or in chdb; Parquet files queried in place (`inPlace`); a DuckDB database file; chdb (in process)
 * or a ClickHouse server; or a dataset or engine the caller owns (not closed with the service).
 */
export type DataSource =
  | { readonly generate: GenerateOptions }
  | { readonly rows: ScenarioRows }
  | { readonly dir: string; readonly format?: DataFormat; readonly inPlace?: boolean }
  | { readonly database: string }
  | { readonly chdb: ChdbOptions & { readonly dir?: string; readonly rows?: ScenarioRows } }
  | { readonly clickhouse: ClickHouseServerOptions }
  | { readonly dataset: Dataset }
  | { readonly engine: Engine };

export interface ServiceOptions {
  /** Default: a generated data set of 20,000 sessions, seed 1, over the 30 days before today's end. */
  readonly data?: DataSource;
  /**
   * The names it answers (default `DEFAULT_CATALOGUE`): a catalogue made with `defineCatalogue` or
   * `extendCatalogue`, whose metrics with an `expression` it answers on every engine (a metric
   * without one, or a dimension of its own, is answered 400 `unsupported_metric` or
   * `unsupported_dimension`). An expression that does not check is a TypeError naming the metric.
   */
  readonly catalogue?: AnyCatalogue;
  /** The customers and their credentials. Default `DEMO_CUSTOMERS`. */
  readonly credentials?: readonly CustomerCredentials[];
  /** Alias of `credentials`. */
  readonly customers?: readonly CustomerCredentials[];
  /** Default `/api/v1`. */
  readonly basePath?: string;
  /** Default `/plans`. */
  readonly planPath?: string;
  /**
   * Absolute URL of the plan host as clients reach it (e.g. behind a proxy), named in the
   * `invalid_planlevel` problem. Default: the first listener's plan URL (the plan path before one).
   */
  readonly planUrl?: string;
  /**
   * Absolute URL clients reach the API at, its base path included (e.g.
   * `https://analytics.example/api/v1` behind a proxy): `openapi.json` names it as its server.
   * Default: the address each request came to, `Host` header included.
   */
  readonly publicUrl?: string;
  /**
   * Origins allowed to read answers from a browser (CORS), or `'*'` for any. Default: `'*'` on
   * generated data, none (same origin only) on any other data.
   */
  readonly corsOrigins?: '*' | readonly string[];
  /**
   * Peers (addresses or CIDR ranges) whose `Forwarded` / `X-Forwarded-For` headers name the client
   * for the per-address limits; default none: those headers are ignored.
   */
  readonly trustedProxies?: readonly string[];
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
  /** Bytes (of the records' JSON) kept in the result cache across all customers; default 268,435,456 (256 MiB). */
  readonly cacheMaxBytes?: number;
  /** Bytes kept in the result cache for one customer; default a quarter of `cacheMaxBytes`. One result takes at most a quarter of this. */
  readonly cacheCustomerBytes?: number;
  /** Longest accepted request URL in characters; default 262,144, room for a 10,000-value filter (longer: 414). */
  readonly maxUrlLength?: number;
  /** How long `close()` waits for in-flight requests; default 10,000 ms. */
  readonly shutdownTimeoutMs?: number;
  /** Admission control of database work (slots, queue, per-customer shares); see docs/server.md. */
  readonly admission?: AdmissionOptions;
  /** DuckDB's memory limit (DuckDB syntax, e.g. `'512MB'`); beyond it operators spill to disk or the query fails; with `data: { dir }` it bounds the load into memory too. Default: DuckDB's own (80% of RAM). */
  readonly memoryLimit?: string;
  /** Time a client has to send its request line and headers over HTTP; default 10,000 ms. */
  readonly headersTimeoutMs?: number;
  /** Time a client has to send its whole request over HTTP; default 30,000 ms. */
  readonly requestTimeoutMs?: number;
}
/** The options with defaults filled in and checked. */
export interface ServiceSettings {
  /** The catalogue's metrics and their SQL. */
  readonly metrics: MetricTable;
  readonly basePath: string;
  readonly planPath: string;
  readonly credentials: readonly CustomerCredentials[];
  readonly limits: QueryLimits;
  readonly queryTimeoutMs: number;
  readonly tokenTtlSeconds: number;
  readonly cacheTtlMs: number;
  readonly cacheMaxRecords: number;
  readonly cacheMaxBytes: number;
  readonly cacheCustomerBytes: number;
  readonly maxUrlLength: number;
  readonly shutdownTimeoutMs: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly log: ((line: string) => void) | undefined;
  readonly planUrl: string | undefined;
  readonly publicUrl: string | undefined;
  readonly corsOrigins: '*' | readonly string[];
  readonly proxies: BlockList | undefined;
}

/** Checks the options and fills in the defaults (see `ServiceOptions`). */
export function serviceSettings(options: ServiceOptions): ServiceSettings {
  const cacheMaxBytes = positive(options.cacheMaxBytes, 256 * 1024 * 1024, 'cacheMaxBytes', true);
  return {
    metrics:
      options.catalogue === undefined ? DEFAULT_METRICS : metricTable(options.catalogue ?? DEFAULT_CATALOGUE),
    basePath: normalizePath(options.basePath ?? '/api/v1', 'basePath'),
    planPath: normalizePath(options.planPath ?? '/plans', 'planPath'),
    credentials: checkCredentials(options.credentials ?? options.customers ?? DEMO_CUSTOMERS),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    queryTimeoutMs: positive(options.queryTimeoutMs, 10_000, 'queryTimeoutMs'),
    tokenTtlSeconds: positive(options.tokenTtlSeconds, 3600, 'tokenTtlSeconds'),
    cacheTtlMs: positive(options.cacheTtlMs, 30_000, 'cacheTtlMs', true),
    cacheMaxRecords: positive(options.cacheMaxRecords, 400_000, 'cacheMaxRecords', true),
    cacheMaxBytes,
    cacheCustomerBytes: positive(
      options.cacheCustomerBytes,
      Math.floor(cacheMaxBytes / 4),
      'cacheCustomerBytes',
      true,
    ),
    maxUrlLength: positive(options.maxUrlLength, 262_144, 'maxUrlLength'),
    shutdownTimeoutMs: positive(options.shutdownTimeoutMs, 10_000, 'shutdownTimeoutMs', true),
    headersTimeoutMs: positive(options.headersTimeoutMs, 10_000, 'headersTimeoutMs'),
    requestTimeoutMs: positive(options.requestTimeoutMs, 30_000, 'requestTimeoutMs'),
    log: options.logger || undefined,
    planUrl: options.planUrl === undefined ? undefined : absoluteUrl(options.planUrl, 'planUrl'),
    publicUrl: options.publicUrl === undefined ? undefined : absoluteUrl(options.publicUrl, 'publicUrl'),
    corsOrigins: corsOrigins(options),
    proxies: options.trustedProxies === undefined ? undefined : trustedProxies(options.trustedProxies),
  };
}

/** The SQL of the catalogue's metrics; a value that is not a catalogue is a TypeError. */
function serviceMetrics(catalogue: AnyCatalogue | undefined): MetricTable {
  if (catalogue === undefined || catalogue === DEFAULT_CATALOGUE) return DEFAULT_METRICS;
  if (typeof catalogue !== 'object' || catalogue === null || typeof catalogue.definition !== 'object') {
    throw new TypeError(
      '@playq/server: catalogue must be a catalogue made with defineCatalogue or extendCatalogue',
    );
  }
  return metricTable(catalogue);
}

/** The allowed CORS origins: as given (each a bare origin), else any on generated data only. */
function corsOrigins(options: ServiceOptions): '*' | readonly string[] {
  const given = options.corsOrigins;
  if (given === undefined) return options.data === undefined || 'generate' in options.data ? '*' : [];
  if (given === '*') return given;
  if (!Array.isArray(given)) {
    throw new TypeError(
      `@playq/server: corsOrigins must be '*' or a list of origins, got ${JSON.stringify(given)}`,
    );
  }
  return Object.freeze(
    given.map((origin) => {
      const url = absoluteUrl(origin, 'corsOrigins');
      if (url !== new URL(url).origin) {
        throw new TypeError(
          `@playq/server: corsOrigins entries must be bare origins like "https://dash.example.com", got ${JSON.stringify(origin)}`,
        );
      }
      return url;
    }),
  );
}

/** An absolute http(s) URL without a trailing slash. */
function absoluteUrl(value: string, what: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (typeof value !== 'string' || !url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new TypeError(
      `@playq/server: ${what} must be an absolute http(s) URL, got ${JSON.stringify(value)}`,
    );
  }
  return withoutTrailingSlash(value);
}

function positive(value: number | undefined, fallback: number, what: string, allowZero = false): number {
  const v = value ?? fallback;
  if (!Number.isFinite(v) || v < 0 || (!allowZero && v === 0)) {
    throw new RangeError(
      `@playq/server: ${what} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${String(value)}`,
    );
  }
  return v;
}

function normalizePath(path: string, what: string): string {
  if (typeof path !== 'string' || !/^(\/[A-Za-z0-9._~-]+)+$/.test(path)) {
    throw new TypeError(`@playq/server: ${what} must look like "/api/v1", got ${JSON.stringify(path)}`);
  }
  return path;
}
