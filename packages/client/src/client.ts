// The client: binds configuration (transport, credentials per endpoint, retries, timeouts,
// hooks) to the operations users call. Everything slow or fallible lives in the modules it
// composes; this file decides the order: resolve the plan level, validate, send, check.
import {
  catalogueOf,
  DEFAULT_CATALOGUE,
  type PendingQuery,
  type QueryNode,
  type RunnableQuery,
  toURL,
} from '@playq/query';
import { type ClientOptions, resolveClientOptions } from './client-options';
import { PlayqConsistencyError } from './errors/consistency-error';
import { type CompareOptions, type Comparison, compare } from './insights/compare';
import { type Insights, type InsightsOptions, insights } from './insights/insights';
import { type OverallRecord, overall } from './insights/overall';
import { checkConsistency } from './pagination/consistency';
import { pageFetcher } from './pagination/page-fetcher';
import { checkConcurrency, pageStream } from './pagination/page-stream';
import { PlanLevelResolver, resolvePlanLevel } from './plan/plan-level';
import { prepareQuery } from './query/prepare-query';
import { type QueryInput, type ResultRecord, toNode } from './query/query-input';
import type { Page } from './response/envelope';
import { send } from './transport/executor';

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
  run<Q extends QueryInput | PendingQuery>(
    query: RunnableQuery<Q>,
    options?: RunOptions,
  ): Promise<Page<ResultRecord<Q>>>;
  /** The same, for code generic over the query (`<Q extends QueryInput>`). */
  run<Q extends QueryInput>(query: Q, options?: RunOptions): Promise<Page<ResultRecord<Q>>>;
  /**
   * Every page from the query's `offset` on, in order, `concurrency` fetched ahead.
   *
   * @example
   * ```ts
   * for await (const page of client.pages(query, { concurrency: 2 })) render(page.records);
   * ```
   */
  pages<Q extends QueryInput | PendingQuery>(
    query: RunnableQuery<Q>,
    options?: PagesOptions,
  ): AsyncIterable<Page<ResultRecord<Q>>>;
  /** The same, for code generic over the query (`<Q extends QueryInput>`). */
  pages<Q extends QueryInput>(query: Q, options?: PagesOptions): AsyncIterable<Page<ResultRecord<Q>>>;
  /**
   * Every record from the query's `offset` on, in order; `break` stops fetching.
   *
   * @example
   * ```ts
   * for await (const record of client.records(query)) if (record.errors > 100) break;
   * ```
   */
  records<Q extends QueryInput | PendingQuery>(
    query: RunnableQuery<Q>,
    options?: PagesOptions,
  ): AsyncIterable<ResultRecord<Q>>;
  /** The same, for code generic over the query (`<Q extends QueryInput>`). */
  records<Q extends QueryInput>(query: Q, options?: PagesOptions): AsyncIterable<ResultRecord<Q>>;
  /**
   * Every record, collected; later pages are fetched in parallel and order is kept.
   *
   * @example
   * ```ts
   * const rows = await client.all(query, { concurrency: 4 });
   * ```
   */
  all<Q extends QueryInput | PendingQuery>(
    query: RunnableQuery<Q>,
    options?: AllOptions,
  ): Promise<ResultRecord<Q>[]>;
  /** The same, for code generic over the query (`<Q extends QueryInput>`). */
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
  /**
   * The query's metrics over its whole population: the same query without `aggby`, one request.
   *
   * @example
   * ```ts
   * await client.overall(metricQuery('demo').last(1, 'day').metrics('bufferingratio').aggBy('cdn'));
   * // { bufferingratio: 1.9 }
   * ```
   */
  overall(query: QueryInput, options?: RunOptions): Promise<OverallRecord>;
  /**
   * Which dimension values drag the query's one metric down: the overall value and one breakdown
   * per candidate dimension (1 + D requests), the values ranked by negative impact, each with the
   * session list behind it (docs/client.md, "Insights").
   *
   * @example
   * ```ts
   * const { causes } = await client.insights(metricQuery('demo').last(1, 'day').metrics('bufferingratio'));
   * causes[0]; // { dimension: 'cdn', value: 'akamai', share: 0.4, impact: 1.2, drillDown, url, ... }
   * ```
   */
  insights(query: QueryInput, options?: InsightsOptions): Promise<Insights>;
  /**
   * The query's records beside the same query over another period, with each metric's absolute
   * and relative change; records found on one side only are kept and marked.
   *
   * @example
   * ```ts
   * const { records } = await client.compare(query, { with: 'previous' });
   * records[0]?.change.errors; // current − previous
   * ```
   */
  compare<Q extends QueryInput>(query: Q, options: CompareOptions): Promise<Comparison<ResultRecord<Q>>>;
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
  const settings = resolveClientOptions(options);
  const { baseUrl, planUrl, auth, config } = settings;
  const plans =
    planUrl === undefined
      ? undefined
      : new PlanLevelResolver({
          planUrl,
          ttlMs: settings.planLevelTtlMs,
          secrets: config.secrets,
          get: (url) => send(config, { kind: 'plan', url, auth: auth.plan }),
        });
  const planLevel = (customerId: string, signal: AbortSignal | undefined) =>
    resolvePlanLevel(plans, customerId, signal);
  const prepare = (query: QueryInput, opts: RunOptions) =>
    prepareQuery(query, { catalogue: settings.catalogue, planLevel, signal: opts.signal });
  const fetchPage = pageFetcher(config, baseUrl, auth);

  async function* pages<Q extends QueryInput>(
    query: Q,
    opts: PagesOptions = {},
  ): AsyncGenerator<Page<ResultRecord<Q>>> {
    const concurrency = checkConcurrency(opts.concurrency, 1);
    const node = await prepare(query, opts);
    yield* checkConsistency(
      pageStream<ResultRecord<Q>>(
        node.offset,
        (offset, signal) => fetchPage(node, offset, { signal, deadlineMs: opts.deadlineMs }),
        { concurrency, signal: opts.signal },
      ),
      { overlap: recordsAreDistinct(node) },
    );
  }

  async function* records<Q extends QueryInput>(
    query: Q,
    opts: PagesOptions = {},
  ): AsyncGenerator<ResultRecord<Q>> {
    for await (const page of pages(query, opts)) yield* page.records;
  }

  const catalogueFor = (query: QueryInput) => settings.catalogue ?? catalogueOf(query) ?? DEFAULT_CATALOGUE;
  const runNode = (node: QueryNode, opts: RunOptions) =>
    prepare(node, opts).then((n) => fetchPage<ResultRecord<QueryNode>>(n, n.offset, opts));

  // PlayqClient's first signature of each method adds a compile-time check only (RunnableQuery:
  // a session builder before `.agg()` is refused, saying so); what reaches here is a QueryInput.
  return Object.freeze({
    async run<Q extends QueryInput>(query: Q, opts: RunOptions = {}): Promise<Page<ResultRecord<Q>>> {
      const node = await prepare(query, opts);
      return fetchPage<ResultRecord<Q>>(node, node.offset, opts);
    },
    pages,
    records,
    all: <Q extends QueryInput>(query: Q, opts: AllOptions = {}) => collectAll(pages, query, opts),
    resolvePlanLevel: (customerId: string, opts: RunOptions = {}) => planLevel(customerId, opts.signal),
    url: (query: QueryInput) => toURL(toNode(query), { baseUrl }),
    overall: (query: QueryInput, opts: RunOptions = {}) =>
      overall(toNode(query), (node) => runNode(node, opts)),
    insights: (query: QueryInput, opts: InsightsOptions = {}) =>
      insights(toNode(query), opts, { catalogue: catalogueFor(query), baseUrl, run: runNode }),
    compare: (query: QueryInput, opts: CompareOptions) =>
      compare(toNode(query), opts, {
        catalogue: catalogueFor(query),
        pages: (node, o) => pages(node, { ...o, concurrency: checkConcurrency(opts?.concurrency, 1) }),
      }),
  }) as PlayqClient;
}

/**
 * Whether two records of a walk can be equal only if one is repeated: a session list's records are
 * sessions, equal whenever two sessions have the same values, unless `sessionid` is among them.
 */
function recordsAreDistinct(node: QueryNode): boolean {
  return node.endpoint !== 'listsessions' || node.metrics.includes('sessionid');
}

/** Every record of every page, starting over after a consistency error up to `restarts` times. */
async function collectAll<Q extends QueryInput>(
  pages: (query: Q, opts: PagesOptions) => AsyncIterable<Page<ResultRecord<Q>>>,
  query: Q,
  opts: AllOptions,
): Promise<ResultRecord<Q>[]> {
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
}
