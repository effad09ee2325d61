// The query endpoints after authentication: parse and validate the URL with @playq/query, check
// the plan level, compile to SQL (or take the plan of the same request from the executor's plan
// memo), and answer with the paged envelope (answer-body.ts).

import {
  DATA_SPAN_HEADER,
  type Endpoint,
  formatDataSpan,
  fromURL,
  planLookupUrl,
  type QueryLimits,
  type QueryNode,
  type ResultEnvelope,
} from '@playq/query';
import type { CustomerCredentials } from '../data/credentials';
import { decodedBy, type Engine } from '../engine/engine';
import type { ExecContext, PageSlice, QueryExecutor } from '../exec/executor';
import { EMPTY_BLOCK } from '../exec/record-block';
import { type CompiledQuery, CompileError, compileQuery, UnsupportedQueryError } from '../sql/compile';
import type { PlanTarget } from '../sql/dialect';
import { isSmallDimension } from '../sql/dimension-sql';
import type { MetricTable } from '../sql/metric-sql';
import { answerResponse } from './answer-body';
import { diagnosticsResponse, problemResponse } from './problem';

export interface QueryContext {
  readonly db: Engine;
  readonly executor: QueryExecutor;
  readonly limits: QueryLimits;
  readonly ignoreUnknownParameters: boolean;
  /** The service's catalogue and the SQL of its metrics. */
  readonly metrics: MetricTable;
  /**
   * Where clients reach the plan host, to point at it in messages: the configured plan URL, else
   * the first listener's, else the plan path alone. Never taken from the request (its Host header
   * is the client's to choose).
   */
  readonly planUrl: () => string;
}

/** The result envelope of the specification (section 2.1), owned by `@playq/query`. */
export type Envelope = ResultEnvelope;

export async function answerQuery(
  request: Request,
  endpoint: Endpoint,
  customer: CustomerCredentials,
  ctx: QueryContext,
  headers: Record<string, string>,
  gone?: () => AbortSignal,
): Promise<Response> {
  // The signal is read on demand, and over HTTP taken from Node's response (`gone`): reading the
  // request's makes the HTTP adapter build a full Request, most of the cost of a cache hit.
  const signal = () => (gone ? gone() : request.signal);
  const exec: ExecContext = {
    customer: customer.customerId,
    get signal() {
      return signal();
    },
  };
  const key = `${customer.customerId}\u0000${request.url}`;
  const target = ctx.db.target;
  let planned: Planned | undefined = ctx.executor.plans.get(key, target);
  let slice: PageSlice;
  try {
    if (planned === undefined) {
      const made = plan(request, endpoint, customer, { ...ctx, target }, headers);
      if (made instanceof Response) return made;
      planned = made;
      if (made.plan !== undefined) ctx.executor.plans.set(key, { ...made, plan: made.plan }, target);
    }
    slice =
      planned.plan === undefined
        ? { block: EMPTY_BLOCK, from: 0, to: 0, totalrecords: 0 }
        : await ctx.executor.slice(planned.plan, planned.limit, planned.offset, exec);
  } catch (error) {
    if (!(error instanceof UnsupportedQueryError)) throw error;
    return problemResponse(400, error.code, error.message, { param: error.param, headers });
  }
  const timeoutMs = ctx.executor.timeoutMs;
  const span = ctx.db.stats().spans.get(customer.customerId);
  return answerResponse(slice, {
    limit: planned.limit,
    totalpages: endpoint === 'session',
    headers: span === undefined ? headers : { ...headers, [DATA_SPAN_HEADER]: formatDataSpan(span) },
    budget: ctx.executor.answers,
    ticket: {
      customer: exec.customer,
      timeoutMs,
      deadline: performance.now() + timeoutMs,
      get signal() {
        return signal();
      },
    },
    holdMs: timeoutMs,
    head: request.method === 'HEAD',
  });
}

/** A request's plan (none when the data has no such customer) and page. */
interface Planned {
  readonly plan: CompiledQuery | undefined;
  readonly limit: number;
  readonly offset: number;
}

/**
 * Parses, validates and compiles a request's query: its plan and page, no plan when the data has
 * no such customer, or the problem answer. Throws `UnsupportedQueryError` for a name the service
 * has no SQL for.
 */
function plan(
  request: Request,
  endpoint: Endpoint,
  customer: CustomerCredentials,
  ctx: QueryContext & { readonly target: PlanTarget },
  headers: Record<string, string>,
): Response | Planned {
  const parsed = fromURL(request.url, {
    ignoreUnknownParameters: ctx.ignoreUnknownParameters,
    limits: ctx.limits,
    catalogue: ctx.metrics.catalogue,
  });
  if (!parsed.ok) return withHeaders(diagnosticsResponse(parsed.errors), headers);
  const query: QueryNode = parsed.query;
  if (query.endpoint !== endpoint || query.customerId !== customer.customerId) {
    // The router and the URL codec read the same path; a mismatch means a path we do not serve.
    return problemResponse(404, 'not_found', 'No such resource.', { headers });
  }
  if (endpoint === 'session' && query.planlevel !== customer.planLevel) {
    return problemResponse(
      400,
      'invalid_planlevel',
      `planlevel "${query.planlevel ?? ''}" is not this customer's plan level; look it up at ${planLookupUrl(ctx.planUrl(), customer.customerId)}.`,
      { param: 'planlevel', headers },
    );
  }
  const code = ctx.db.customerCode(customer.customerId);
  const page = { limit: query.limit, offset: query.offset };
  if (code === undefined) return { plan: undefined, ...page };
  try {
    const compiled = compileQuery(query, {
      customerCode: code,
      dictionary: (d) => (isSmallDimension(d) ? ctx.db.dictionary(d) : undefined),
      target: ctx.target,
      decodes: decodedBy(ctx.db),
      metrics: ctx.metrics,
    });
    return { plan: compiled, ...page };
  } catch (error) {
    if (error instanceof CompileError)
      throw new Error(`internal: validated query did not compile: ${error.message}`);
    throw error;
  }
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
  return response;
}
