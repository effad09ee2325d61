// A small fetch-standard stand-in for the service used by the unit tests: it pages a synthetic
// result of `total` records exactly as the envelope rules say, checks credentials, answers the
// plan host and issues tokens. Real Request and Response objects throughout.
import type { QueryNode } from '@playq/query';

export interface FakeServiceOptions {
  total?: number;
  apiKey?: string;
  /** Tokens the session endpoint accepts. */
  validTokens?: Set<string>;
  planLevel?: unknown;
  /** How the plan host answers (a body text), overriding planLevel. */
  planBody?: string;
  /** Token issuing: each call returns the next token. */
  tokens?: { prefix: string; expiresIn: number; delayMs?: number };
}

export interface FakeService {
  fetch(request: Request): Promise<Response>;
  readonly calls: { url: URL; headers: Headers; method: string }[];
  readonly tokenCalls: number;
  readonly planCalls: number;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status === 200 ? 'application/json' : 'application/problem+json', ...headers },
  });
}

export function problem(
  status: number,
  code: string,
  detail = code,
  extra: Record<string, unknown> = {},
): Response {
  return json({ type: 'about:blank', title: code, status, detail, code, ...extra }, status);
}

export function envelopeFor(total: number, limit: number, offset: number, session = false) {
  const count = Math.max(0, Math.min(limit, total - offset));
  const pagecount = total === 0 ? 0 : Math.ceil(total / limit);
  const response = Array.from({ length: count }, (_, i) => ({
    country: `c${String(offset + i).padStart(7, '0')}`,
    errors: total - (offset + i),
    ...(session ? { totalpages: pagecount } : {}),
  }));
  return { totalcount: count, pagecount, totalrecords: total, response };
}

export function fakeService(options: FakeServiceOptions = {}): FakeService {
  const calls: FakeService['calls'] = [];
  let tokenCalls = 0;
  let planCalls = 0;
  const total = options.total ?? 25;
  return {
    calls,
    get tokenCalls() {
      return tokenCalls;
    },
    get planCalls() {
      return planCalls;
    },
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      calls.push({ url, headers: request.headers, method: request.method });
      if (url.pathname.endsWith('/oauth/token')) {
        tokenCalls++;
        const t = options.tokens ?? { prefix: 'tok', expiresIn: 3600 };
        if (t.delayMs) await new Promise((r) => setTimeout(r, t.delayMs));
        return json({
          access_token: `${t.prefix}-${tokenCalls}`,
          token_type: 'Bearer',
          expires_in: t.expiresIn,
        });
      }
      const plan = /\/plans\/planLevelByCustId\/([^/]+)$/.exec(url.pathname);
      if (plan) {
        planCalls++;
        if (options.planBody !== undefined) return new Response(options.planBody, { status: 200 });
        return json({ customerId: decodeURIComponent(plan[1]!), planLevel: options.planLevel ?? '2' });
      }
      const m = /\/api\/v1\/(metricquery|session)\/([^/]+)$/.exec(url.pathname);
      if (!m) return problem(404, 'not_found');
      const session = m[1] === 'session';
      if (session) {
        const auth = request.headers.get('authorization') ?? '';
        const token = auth.replace(/^Bearer /, '');
        if (options.validTokens && !options.validTokens.has(token))
          return problem(401, 'token_expired', 'token expired');
        if (!url.searchParams.get('planlevel'))
          return problem(400, 'missing_parameter', 'planlevel missing', { param: 'planlevel' });
      } else if (options.apiKey && request.headers.get('x-api-key') !== options.apiKey) {
        return problem(401, 'unauthenticated', 'bad key');
      }
      const limit = Number(url.searchParams.get('limit') ?? 1000);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return json(envelopeFor(total, limit, offset, session));
    },
  };
}

/** What one scripted request does instead of reaching the inner transport. */
export type Fault = ((request: Request) => Response | Promise<Response>) | null;

/**
 * Wraps a transport: the first requests run the scripted faults in order (`null` passes one
 * request through), the rest pass through.
 * Records every request it saw.
 */
export function faultTransport(inner: (r: Request) => Promise<Response>, faults: Fault[] = []) {
  const script = [...faults];
  const seen: { url: string; headers: Headers; at: number }[] = [];
  const transport = async (request: Request): Promise<Response> => {
    seen.push({ url: request.url, headers: new Headers(request.headers), at: Date.now() });
    const fault = script.shift();
    return fault ? fault(request) : inner(request);
  };
  return Object.assign(transport, { seen, script });
}

export const reset = (): Response => {
  throw new TypeError('fetch failed', {
    cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  });
};

/** Never answers on its own; only the request's signal ends it (like a real stalled socket). */
export const stall = (request: Request): Promise<Response> =>
  new Promise((_, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
  });

/** Headers arrive, then the body never completes. */
export const stallBody = (): Response =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"totalcount":'));
      },
    }),
    { status: 200 },
  );

export const status =
  (code: number, headers: Record<string, string> = {}, body?: unknown) =>
  () =>
    json(
      body ?? {
        status: code,
        code: code === 429 ? 'rate_limited' : 'internal',
        title: 'x',
        detail: `status ${code}`,
      },
      code,
      headers,
    );

export const text =
  (body: string, code = 200) =>
  () =>
    new Response(body, { status: code });

export function metricNode(overrides: Partial<QueryNode> = {}): QueryNode {
  return {
    type: 'query',
    endpoint: 'metricquery',
    customerId: 'demo',
    period: { type: 'period', start: 1_700_000_000, end: 1_700_086_400 },
    metrics: ['errors'],
    aggby: ['country'],
    limit: 10,
    offset: 0,
    ...overrides,
  };
}

export function sessionNode(overrides: Partial<QueryNode> = {}): QueryNode {
  return {
    type: 'query',
    endpoint: 'session',
    customerId: 'demo',
    period: { type: 'period', start: 1_700_000_000, end: 1_700_086_400 },
    metrics: ['errors', 'subscriberid'],
    aggby: ['subscriberid'],
    agg: 1,
    limit: 10,
    offset: 0,
    ...overrides,
  };
}

export const BASE = 'http://playq.test/api/v1';
export const PLANS = 'http://playq.test/plans';
