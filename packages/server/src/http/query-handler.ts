// The two query endpoints after authentication: parse and validate the URL with @playq/query,
// check the plan level, compile to SQL, and answer with the paged envelope (answer-body.ts).
import { fromURL, type QueryLimits, type QueryNode, type ResultEnvelope } from '@playq/query';
import type { DemoCredentials } from '../data/customers';
import type { Dataset } from '../data/dataset';
import { CompileError, compileQuery, UnsupportedQueryError } from '../sql/compile';
import { isSmallDimension } from '../sql/dimension-sql';
import type { ExecContext, PageSlice, QueryExecutor } from '../sql/execute';
import { EMPTY_BLOCK } from '../sql/record-block';
import { answerResponse } from './answer-body';
import { diagnosticsResponse, problemResponse } from './problem';
import type { QueryEndpoint } from './query-endpoints';

export interface QueryContext {
  readonly db: Dataset;
  readonly executor: QueryExecutor;
  readonly limits: QueryLimits;
  readonly ignoreUnknownParameters: boolean;
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
  endpoint: QueryEndpoint,
  customer: DemoCredentials,
  ctx: QueryContext,
  headers: Record<string, string>,
): Promise<Response> {
  const parsed = fromURL(request.url, {
    ignoreUnknownParameters: ctx.ignoreUnknownParameters,
    limits: ctx.limits,
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
      `planlevel "${query.planlevel ?? ''}" is not this customer's plan level; look it up at ${ctx.planUrl()}/planLevelByCustId/${customer.customerId}.`,
      { param: 'planlevel', headers },
    );
  }
  const code = ctx.db.customerCode(customer.customerId);
  const exec: ExecContext = { customer: customer.customerId, signal: request.signal };
  let slice: PageSlice;
  try {
    slice =
      code === undefined
        ? { block: EMPTY_BLOCK, from: 0, to: 0, totalrecords: 0 }
        : await run(query, code, ctx, exec);
  } catch (error) {
    if (!(error instanceof UnsupportedQueryError)) throw error;
    return problemResponse(400, error.code, error.message, { param: error.param, headers });
  }
  const timeoutMs = ctx.executor.timeoutMs;
  return answerResponse(slice, {
    limit: query.limit,
    totalpages: endpoint === 'session',
    headers,
    budget: ctx.executor.answers,
    ticket: { ...exec, timeoutMs, deadline: performance.now() + timeoutMs },
    holdMs: timeoutMs,
    head: request.method === 'HEAD',
  });
}

async function run(
  query: QueryNode,
  customerCode: number,
  ctx: QueryContext,
  exec: ExecContext,
): Promise<PageSlice> {
  let compiled: ReturnType<typeof compileQuery>;
  try {
    compiled = compileQuery(query, {
      customerCode,
      dictionary: (d) => (isSmallDimension(d) ? ctx.db.dictionary(d) : undefined),
    });
  } catch (error) {
    if (error instanceof CompileError)
      throw new Error(`internal: validated query did not compile: ${error.message}`);
    throw error;
  }
  return ctx.executor.slice(compiled, query.limit, query.offset, exec);
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
  return response;
}
