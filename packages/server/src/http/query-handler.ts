// The two query endpoints after authentication: parse and validate the URL with @playq/query,
// check the plan level, compile to SQL, and answer with the paged envelope.
import { fromURL, type QueryLimits, type QueryNode, type ResultEnvelope } from '@playq/query';
import type { DemoCredentials } from '../data/customers';
import type { Dataset } from '../data/dataset';
import { CompileError, compileQuery, UnsupportedQueryError } from '../sql/compile';
import { isSmallDimension } from '../sql/dimension-sql';
import type { ExecContext, QueryExecutor } from '../sql/execute';
import { diagnosticsResponse, problemResponse } from './problem';
import type { QueryEndpoint } from './query-endpoints';

export interface QueryContext {
  readonly db: Dataset;
  readonly executor: QueryExecutor;
  readonly limits: QueryLimits;
  readonly ignoreUnknownParameters: boolean;
  /** Where the plan host is served, to point at it in messages. */
  readonly planPath: string;
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
      `planlevel "${query.planlevel ?? ''}" is not this customer's plan level; look it up at ${new URL(request.url).origin}${ctx.planPath}/planLevelByCustId/${customer.customerId}.`,
      { param: 'planlevel', headers },
    );
  }
  const code = ctx.db.customerCode(customer.customerId);
  let envelope: Envelope;
  try {
    envelope =
      code === undefined
        ? { totalcount: 0, pagecount: 0, totalrecords: 0, response: [] }
        : await run(query, code, ctx, endpoint, { customer: customer.customerId, signal: request.signal });
  } catch (error) {
    if (!(error instanceof UnsupportedQueryError)) throw error;
    return problemResponse(400, error.code, error.message, { param: error.param, headers });
  }
  const body = JSON.stringify(envelope);
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

async function run(
  query: QueryNode,
  customerCode: number,
  ctx: QueryContext,
  endpoint: string,
  exec: ExecContext,
): Promise<Envelope> {
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
  const page = await ctx.executor.page(compiled, query.limit, query.offset, exec);
  const pagecount = Math.ceil(page.totalrecords / query.limit);
  const response =
    endpoint === 'session' ? page.records.map((r) => ({ ...r, totalpages: pagecount })) : page.records;
  return { totalcount: response.length, pagecount, totalrecords: page.totalrecords, response };
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
  return response;
}
