// The client: binds configuration (transport, credentials per endpoint, retries, timeouts,
// hooks) to the operations users call. Everything slow or fallible lives in the modules it
// composes; this file decides the order: resolve the plan level, validate, send, check.
import {
  type AnyCatalogue,
  CUSTOMER_ID_PATTERN,
  catalogueOf,
  DEFAULT_CATALOGUE,
  type QueryDiagnostic,
  type QueryNode,
  toURL,
  validate,
} from '@playq/query';
import type { AuthAdapter } from './auth/auth-adapter';
import { PlayqValidationError } from './errors/client-errors';
import { PlayqConsistencyError } from './errors/consistency-error';
import { checkConsistency } from './pagination/consistency';
import { checkConcurrency, pageStream } from './pagination/page-stream';
import { PlanLevelResolver } from './plan/plan-level';
import { type QueryInput, type ResultRecord, toNode } from './query/query-input';
import { type Page, parseEnvelope } from './response/envelope';
import { type ExecutorConfig, send } from './transport/executor';
import { CROSS_ORIGIN_REDIRECTS, type CrossOriginRedirects } from './transport/follow-redirects';
import { headerValueProblem, isHeaderName } from './transport/header-value';
import { SENSITIVE_HEADERS } from './transport/redact';
import { type RetryOptions, resolveRetryPolicy } from './transport/retry-policy';
import type { ClientHooks, Transport } from './transport/types';

/** Credentials per endpoint; a single adapter serves both. */
export type ClientAuth =
  | AuthAdapter
  | { readonly metricquery?: AuthAdapter; readonly session?: AuthAdapter; readonly plan?: AuthAdapter };

export interface ClientOptions {
  /** The service's base address with its API prefix, e.g. `http://127.0.0.1:8080/api/v1`. */
  readonly baseUrl: string | URL;
  /** The plan host, needed to run session queries that do not set `planlevel`. */
  readonly planUrl?: string | URL;
  readonly auth?: ClientAuth;
  /** The transport. Default: `globalThis.fetch`, looked up at call time. */
  readonly fetch?: Transport;
  /** Retry policy, or `false` to never retry. */
  readonly retry?: RetryOptions | false;
  /** Timeout of one attempt, body included. Default 30 000 ms; `0` for none. */
  readonly timeoutMs?: number;
  /** Deadline of one call (one page), retries and backoff included. Default: none. */
  readonly deadlineMs?: number;
  /** Extra headers for every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * A redirect to another origin while credentials are attached: `'refuse'` (default) throws a
   * `PlayqRedirectError` naming the target; `'follow-without-credentials'` follows it with every
   * credential header removed. Same-origin redirects are always followed with the credentials.
   */
  readonly crossOriginRedirects?: CrossOriginRedirects;
  /** Sent as `User-Agent` where the platform allows it (browsers ignore it). */
  readonly userAgent?: string;
  readonly hooks?: ClientHooks;
  /**
   * How long a resolved plan level is reused. Default 300 000 ms; `0` to ask every time,
   * `Infinity` to keep each answer for the client's lifetime.
   */
  readonly planLevelTtlMs?: number;
  /**
   * The catalogue to check query names against before sending. Default: the catalogue of the
   * builder that made the query (`createQueries(catalogue)`), else the default catalogue.
   */
  readonly catalogue?: AnyCatalogue;
}

export interface RunOptions {
  readonly signal?: AbortSignal;
  /** Overrides the client's `deadlineMs` for this call. */
  readonly deadlineMs?: number;
}

export interface PagesOptions extends RunOptions {
  /** Pages fetched ahead while you consume. Default 1 for `pages`/`records`, 4 for `all`. */
  readonly concurrency?: number;
}

export interface AllOptions extends PagesOptions {
  /**
   * How often `all()` starts over when the result changes during the walk (a
   * `PlayqConsistencyError`); default 0, so the error reaches you. `pages()` and `records()`
   * always throw it, having handed out records already.
   */
  readonly restarts?: number;
}

export interface PlayqClient {
  /**
   * Fetches the one page the query describes (its `offset` and `limit`).
   *
   * @example
   * ```ts
   * const page = await client.run(metricQuery('demo').last(1, 'day').metrics('errors').aggBy('country'));
   * page.records[0]?.country; // string
   * ```
   */
  run<Q extends QueryInput>(query: Q, options?: RunOptions): Promise<Page<ResultRecord<Q>>>;
  /**
   * Every page from the query's `offset` on, in order, `concurrency` fetched ahead.
   *
   * @example
   * ```ts
   * for await (const page of client.pages(query, { concurrency: 2 })) render(page.records);
   * ```
   */
  pages<Q extends QueryInput>(query: Q, options?: PagesOptions): AsyncIterable<Page<ResultRecord<Q>>>;
  /**
   * Every record from the query's `offset` on, in order; `break` stops fetching.
   *
   * @example
   * ```ts
   * for await (const record of client.records(query)) if (record.errors > 100) break;
   * ```
   */
  records<Q extends QueryInput>(query: Q, options?: PagesOptions): AsyncIterable<ResultRecord<Q>>;
  /**
   * Every record, collected; later pages are fetched in parallel and order is kept.
   *
   * @example
   * ```ts
   * const rows = await client.all(query, { concurrency: 4 });
   * ```
   */
  all<Q extends QueryInput>(query: Q, options?: AllOptions): Promise<ResultRecord<Q>[]>;
  /**
   * The customer's plan level from the plan host (cached, one lookup at a time).
   *
   * @example
   * ```ts
   * await client.resolvePlanLevel('demo'); // '2'
   * ```
   */
  resolvePlanLevel(customerId: string, options?: RunOptions): Promise<string>;
  /**
   * The URL a query is sent to (a missing plan level is not resolved).
   *
   * @example
   * ```ts
   * client.url(metricQuery('demo').between(0, 3600).metrics('errors'));
   * // 'http://127.0.0.1:8080/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors'
   * ```
   */
  url(query: QueryInput): string;
}

const DEFAULT_USER_AGENT = '@playq/client';

function checkUrl(name: string, value: string | URL): string {
  const text = String(value);
  let parsed: URL | undefined;
  try {
    parsed = new URL(text);
  } catch {
    // Not parsed, so not shown either: it may hold a credential.
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new TypeError(`@playq/client: ${name} must be an absolute http(s) URL`);
  }
  if (parsed.username || parsed.password) {
    throw new TypeError(
      `@playq/client: ${name} must not carry credentials (user:password@); pass them with auth`,
    );
  }
  if (parsed.search || parsed.hash) {
    throw new TypeError(
      `@playq/client: ${name} must not have a query string or fragment; the client appends paths to it`,
    );
  }
  return text.replace(/\/+$/, '');
}

// `Headers` would throw later with the value in its message; a header may hold a credential.
function checkHeader(name: string, value: unknown): void {
  if (!isHeaderName(name))
    throw new TypeError('@playq/client: headers has a name that is not a valid header name');
  const problem = typeof value === 'string' ? headerValueProblem(value) : 'is not a string';
  if (problem !== undefined) throw new TypeError(`@playq/client: headers.${name} ${problem}`);
}

function checkMs(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new TypeError(`@playq/client: ${name} must be a number of milliseconds >= 0, got ${String(value)}`);
  }
  return value === 0 || value === Number.POSITIVE_INFINITY ? undefined : value;
}

function splitAuth(auth: ClientAuth | undefined): {
  metricquery?: AuthAdapter;
  session?: AuthAdapter;
  plan?: AuthAdapter;
} {
  if (auth === undefined) return {};
  if (typeof (auth as AuthAdapter).headers === 'function') {
    return { metricquery: auth as AuthAdapter, session: auth as AuthAdapter };
  }
  return auth as { metricquery?: AuthAdapter; session?: AuthAdapter; plan?: AuthAdapter };
}

/**
 * Makes a client for one deployment of the service.
 *
 * @example
 * ```ts
 * import { apiKeyAuth, clientCredentials, createClient } from '@playq/client';
 * import { metricQuery } from '@playq/query';
 *
 * const client = createClient({
 *   baseUrl: 'http://127.0.0.1:8080/api/v1',
 *   planUrl: 'http://127.0.0.1:8080/plans',
 *   auth: {
 *     metricquery: apiKeyAuth('demo-key'),
 *     session: clientCredentials({ tokenUrl: 'http://127.0.0.1:8080/api/v1/oauth/token', clientId: 'demo', clientSecret: 'demo-secret' }),
 *   },
 * });
 * const page = await client.run(metricQuery('demo').last(1, 'day').metrics('errors').aggBy('country'));
 * page.records[0]?.country; // string
 * ```
 */
export function createClient(options: ClientOptions): PlayqClient {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('@playq/client: createClient() needs an options object with at least baseUrl');
  }
  const baseUrl = checkUrl('baseUrl', options.baseUrl);
  const planUrl = options.planUrl === undefined ? undefined : checkUrl('planUrl', options.planUrl);
  const auth = splitAuth(options.auth);
  for (const [endpoint, adapter] of Object.entries(auth)) {
    if (adapter !== undefined && (typeof adapter !== 'object' || typeof adapter.headers !== 'function')) {
      throw new TypeError(
        `@playq/client: auth.${endpoint} must be an auth adapter (apiKeyAuth, bearerAuth, clientCredentials)`,
      );
    }
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new TypeError('@playq/client: fetch must be a function (request: Request) => Promise<Response>');
  }
  const transport: Transport = options.fetch ?? ((request) => globalThis.fetch(request));
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
  };
  const headerSecrets: string[] = [];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    checkHeader(name, value);
    headers[name.toLowerCase()] = value;
    if (SENSITIVE_HEADERS.has(name.toLowerCase())) headerSecrets.push(value);
  }
  const crossOriginRedirects = options.crossOriginRedirects ?? 'refuse';
  if (!CROSS_ORIGIN_REDIRECTS.includes(crossOriginRedirects)) {
    throw new TypeError(
      `@playq/client: crossOriginRedirects must be ${CROSS_ORIGIN_REDIRECTS.map((v) => `'${v}'`).join(' or ')}`,
    );
  }
  const adapters = [...new Set(Object.values(auth).filter((a): a is AuthAdapter => a !== undefined))];
  const config: ExecutorConfig = {
    transport,
    retry: resolveRetryPolicy(options.retry),
    timeoutMs: checkMs('timeoutMs', options.timeoutMs ?? 30_000),
    deadlineMs: checkMs('deadlineMs', options.deadlineMs),
    headers,
    hooks: options.hooks ?? {},
    crossOriginRedirects,
    secrets: () => {
      const out = [...headerSecrets];
      for (const adapter of adapters) for (const s of adapter.secrets()) out.push(s);
      return out;
    },
  };
  // 0 asks the plan host every time; Infinity keeps an answer for the client's lifetime.
  const planTtl = options.planLevelTtlMs ?? 300_000;
  checkMs('planLevelTtlMs', planTtl);
  const plans =
    planUrl === undefined
      ? undefined
      : new PlanLevelResolver({
          planUrl,
          ttlMs: planTtl,
          secrets: config.secrets,
          get: (url) => send(config, { kind: 'plan', url, auth: auth.plan }),
        });

  function resolvePlanLevel(customerId: string, opts: RunOptions = {}): Promise<string> {
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
    if (!plans) {
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
    return plans.resolve(customerId, opts.signal);
  }

  /** The node ready to send: plan level filled in, validated. */
  async function prepare(query: QueryInput, opts: RunOptions): Promise<QueryNode> {
    let node = toNode(query);
    const catalogue = options.catalogue ?? catalogueOf(query) ?? DEFAULT_CATALOGUE;
    if (node.endpoint === 'session' && node.planlevel === undefined && typeof node.customerId === 'string') {
      const customerErrors = validate(node, { requirePlanLevel: false, catalogue }).filter(isError);
      if (customerErrors.length > 0) throw new PlayqValidationError(customerErrors);
      node = { ...node, planlevel: await resolvePlanLevel(node.customerId, opts) };
    }
    const errors = validate(node, { catalogue }).filter(isError);
    if (errors.length > 0) throw new PlayqValidationError(errors);
    return node;
  }

  // `offset` is the last canonical parameter and 0 is left out, so the URL of any page is the URL
  // at offset 0 plus a suffix: compiled once per walk instead of once per page.
  const baseUrls = new WeakMap<QueryNode, string>();
  function pageUrl(node: QueryNode, offset: number): string {
    let base = baseUrls.get(node);
    if (base === undefined) {
      base = toURL({ ...node, offset: 0 }, { baseUrl });
      baseUrls.set(node, base);
    }
    return offset === 0 ? base : `${base}${base.includes('?') ? '&' : '?'}offset=${offset}`;
  }

  async function fetchPage<R>(node: QueryNode, offset: number, opts: RunOptions): Promise<Page<R>> {
    const url = pageUrl(node, offset);
    const response = await send(config, {
      kind: node.endpoint,
      url,
      auth: node.endpoint === 'session' ? auth.session : auth.metricquery,
      signal: opts.signal,
      deadlineMs: opts.deadlineMs,
    });
    return parseEnvelope<R>(response.body, {
      method: 'GET',
      url: response.url,
      status: response.status,
      limit: node.limit,
      offset,
      session: node.endpoint === 'session',
      secrets: config.secrets(),
    });
  }

  async function* pages<Q extends QueryInput>(
    query: Q,
    opts: PagesOptions = {},
  ): AsyncGenerator<Page<ResultRecord<Q>>> {
    const concurrency = checkConcurrency(opts.concurrency, 1);
    const node = await prepare(query, opts);
    yield* checkConsistency(
      pageStream<ResultRecord<Q>>(
        node.offset,
        (offset, signal) =>
          fetchPage(node, offset, {
            signal,
            ...(opts.deadlineMs === undefined ? {} : { deadlineMs: opts.deadlineMs }),
          }),
        { concurrency, signal: opts.signal },
      ),
    );
  }

  async function* records<Q extends QueryInput>(
    query: Q,
    opts: PagesOptions = {},
  ): AsyncGenerator<ResultRecord<Q>> {
    for await (const page of pages(query, opts)) yield* page.records;
  }

  return Object.freeze({
    async run<Q extends QueryInput>(query: Q, opts: RunOptions = {}): Promise<Page<ResultRecord<Q>>> {
      const node = await prepare(query, opts);
      return fetchPage<ResultRecord<Q>>(node, node.offset, opts);
    },
    pages,
    records,
    async all<Q extends QueryInput>(query: Q, opts: AllOptions = {}): Promise<ResultRecord<Q>[]> {
      const restarts = opts.restarts ?? 0;
      if (!Number.isSafeInteger(restarts) || restarts < 0) {
        throw new TypeError(`@playq/client: restarts must be an integer >= 0, got ${String(opts.restarts)}`);
      }
      for (let attempt = 0; ; attempt++) {
        const out: ResultRecord<Q>[] = [];
        try {
          for await (const page of pages(query, {
            ...opts,
            concurrency: checkConcurrency(opts.concurrency, 4),
          })) {
            for (const record of page.records) out.push(record);
          }
          return out;
        } catch (error) {
          if (!PlayqConsistencyError.isInstance(error) || attempt >= restarts) throw error;
        }
      }
    },
    resolvePlanLevel,
    url: (query: QueryInput) => toURL(toNode(query), { baseUrl }),
  });
}

function isError(d: QueryDiagnostic): boolean {
  return d.severity === 'error';
}
