// The hono application: routes, CORS, authentication, rate limits and the problem responses around
// the query handler. Order of checks on a query: URL length, method, customer id syntax,
// credential (401), rate limit (429), customer ownership (403/404), then the query itself (400).

import { CUSTOMER_ID_PATTERN } from '@playq/query';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { DemoCredentials } from '../data/customers';
import { QueryTimeoutError } from '../data/dataset';
import type { AddressLimits } from './address-limits';
import { type Authenticator, parseBasic, parseBearer } from './auth';
import { readCappedText } from './body-limit';
import { overloadResponse } from './overload';
import { problemResponse } from './problem';
import { answerQuery, type QueryContext } from './query-handler';
import type { RateLimiter } from './rate-limit';

export interface AppOptions {
  readonly basePath: string;
  readonly planPath: string;
  readonly maxUrlLength: number;
  readonly credentials: readonly DemoCredentials[];
  readonly auth: Authenticator;
  readonly rateLimiter: RateLimiter | undefined;
  /** Failed authentications and token requests per client address (over HTTP only). */
  readonly addressLimits: AddressLimits | undefined;
  readonly query: QueryContext;
  /** Reports unexpected errors (never sent to the caller). */
  readonly onError: (error: unknown) => void;
}

const READ_METHODS = 'GET, HEAD, OPTIONS';
const EXPOSED = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'Retry-After',
  'WWW-Authenticate',
];
const BEARER_CHALLENGE = (error: string, description: string) =>
  `Bearer realm="playq", error="${error}", error_description="${description}"`;

/** What the Node listener tells the app about the connection. */
export interface AppEnv {
  readonly Bindings: { readonly address?: string };
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const { basePath, planPath, credentials, auth, rateLimiter, addressLimits } = options;
  const byCustomer = new Map(credentials.map((c) => [c.customerId, c]));
  const app = new Hono<AppEnv>();
  const addressOf = (c: { env: AppEnv['Bindings'] | undefined }) => c.env?.address;

  app.use('*', async (c, next) => {
    if (c.req.url.length > options.maxUrlLength) {
      c.res = problemResponse(
        414,
        'uri_too_long',
        `The request URL is ${c.req.url.length} characters long; the limit is ${options.maxUrlLength}.`,
      );
      return;
    }
    await next();
  });
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
      allowHeaders: ['X-API-Key', 'Authorization', 'Content-Type'],
      exposeHeaders: EXPOSED,
      maxAge: 600,
    }),
  );

  const methodNotAllowed = (allow: string) => () =>
    problemResponse(405, 'method_not_allowed', `This resource accepts ${allow}.`, {
      headers: { Allow: allow },
    });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.all('/healthz', methodNotAllowed(READ_METHODS));

  // --- plan host ---
  app.get(`${planPath}/planLevelByCustId/:customerId`, (c) => {
    const id = c.req.param('customerId');
    if (!CUSTOMER_ID_PATTERN.test(id)) return invalidCustomer();
    const customer = byCustomer.get(id);
    if (!customer) return problemResponse(404, 'not_found', 'No such customer.', { param: 'customerId' });
    return c.json({ customerId: customer.customerId, planLevel: customer.planLevel });
  });
  app.all(`${planPath}/planLevelByCustId/:customerId`, methodNotAllowed(READ_METHODS));

  // --- token issuing (OAuth 2.0 client credentials, RFC 6749 section 4.4) ---
  app.post(`${basePath}/oauth/token`, async (c) => {
    const address = addressOf(c);
    const limited = addressLimits?.refuseFailing(address) ?? addressLimits?.takeTokenRequest(address);
    if (limited) return limited;
    const type = c.req.header('Content-Type') ?? '';
    const text = await readCappedText(c.req.raw);
    if (text instanceof Response) return text;
    const form = /^application\/x-www-form-urlencoded\b/i.test(type)
      ? new URLSearchParams(text)
      : new URLSearchParams();
    const grant = form.get('grant_type');
    const oauth = (error: string) => ({ extensions: { error } });
    if (grant === null) {
      return problemResponse(
        400,
        'missing_parameter',
        'grant_type=client_credentials is required in a form body.',
        {
          param: 'grant_type',
          ...oauth('invalid_request'),
        },
      );
    }
    if (grant !== 'client_credentials') {
      return problemResponse(400, 'missing_parameter', 'Only grant_type=client_credentials is supported.', {
        param: 'grant_type',
        ...oauth('unsupported_grant_type'),
      });
    }
    const basic = parseBasic(c.req.header('Authorization') ?? null);
    const id = basic?.id ?? form.get('client_id');
    const secret = basic?.secret ?? form.get('client_secret');
    const client = id !== null && secret !== null ? auth.client(id, secret) : undefined;
    if (!client) {
      addressLimits?.failed(address);
      return problemResponse(401, 'unauthenticated', 'Unknown client or wrong client secret.', {
        headers: { 'WWW-Authenticate': 'Basic realm="playq"' },
        ...oauth('invalid_client'),
      });
    }
    const token = await auth.issue(client.customerId);
    return new Response(JSON.stringify(token), {
      status: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        Pragma: 'no-cache',
      },
    });
  });
  app.all(`${basePath}/oauth/token`, methodNotAllowed('POST, OPTIONS'));

  // --- queries ---
  const limited = (identity: string): { headers: Record<string, string>; refused?: Response } => {
    if (!rateLimiter) return { headers: {} };
    const decision = rateLimiter.take(identity);
    if (decision.allowed) return { headers: decision.headers };
    return {
      headers: decision.headers,
      refused: problemResponse(
        429,
        'rate_limited',
        'Too many requests for this credential; retry after the delay given.',
        {
          headers: decision.headers,
        },
      ),
    };
  };
  const owned = (pathCustomer: string, credentialCustomer: string, headers: Record<string, string>) => {
    if (pathCustomer === credentialCustomer) return undefined;
    return byCustomer.has(pathCustomer)
      ? problemResponse(403, 'forbidden', 'This credential does not grant access to that customer.', {
          headers,
        })
      : problemResponse(404, 'not_found', 'No such customer.', { param: 'customerId', headers });
  };

  app.get(`${basePath}/metricquery/:customerId`, async (c) => {
    const id = c.req.param('customerId');
    if (!CUSTOMER_ID_PATTERN.test(id)) return invalidCustomer();
    const key = c.req.header('X-API-Key');
    if (key === undefined || key === '') {
      const detail = parseBearer(c.req.header('Authorization') ?? null)
        ? 'metricquery takes an X-API-Key header; bearer tokens are accepted only on the session endpoint.'
        : 'Missing X-API-Key header.';
      return problemResponse(401, 'unauthenticated', detail);
    }
    const address = addressOf(c);
    const failing = addressLimits?.refuseFailing(address);
    if (failing) return failing;
    const owner = auth.customerForApiKey(key);
    if (owner === undefined) {
      addressLimits?.failed(address);
      return problemResponse(401, 'unauthenticated', 'Unknown API key.');
    }
    const rate = limited(`key:${owner}`);
    if (rate.refused) return rate.refused;
    const refused = owned(id, owner, rate.headers);
    if (refused) return refused;
    return answerQuery(c.req.raw, 'metricquery', byCustomer.get(owner)!, options.query, rate.headers);
  });

  app.get(`${basePath}/session/:customerId`, async (c) => {
    const id = c.req.param('customerId');
    if (!CUSTOMER_ID_PATTERN.test(id)) return invalidCustomer();
    const header = c.req.header('Authorization') ?? null;
    const token = parseBearer(header);
    if (!token) {
      const apiKey = c.req.header('X-API-Key') !== undefined;
      const detail = apiKey
        ? 'session takes an Authorization: Bearer token; API keys are accepted only on metricquery.'
        : 'Missing or malformed Authorization: Bearer header.';
      return problemResponse(401, 'unauthenticated', detail, {
        headers: {
          'WWW-Authenticate': header
            ? BEARER_CHALLENGE('invalid_request', 'malformed Authorization header')
            : 'Bearer realm="playq"',
        },
      });
    }
    const address = addressOf(c);
    const failing = addressLimits?.refuseFailing(address);
    if (failing) return failing;
    const checked = await auth.verify(token);
    if (!checked.ok) {
      addressLimits?.failed(address);
      return problemResponse(401, checked.code, checked.detail, {
        headers: {
          'WWW-Authenticate': BEARER_CHALLENGE(
            'invalid_token',
            checked.code === 'token_expired' ? 'token expired' : 'invalid token',
          ),
        },
      });
    }
    const customer = byCustomer.get(checked.customerId);
    if (!customer) {
      // A token for a customer removed since it was issued.
      return problemResponse(401, 'unauthenticated', 'The bearer token is not valid.', {
        headers: { 'WWW-Authenticate': BEARER_CHALLENGE('invalid_token', 'invalid token') },
      });
    }
    const rate = limited(`client:${customer.customerId}`);
    if (rate.refused) return rate.refused;
    const refused = owned(id, customer.customerId, rate.headers);
    if (refused) return refused;
    return answerQuery(c.req.raw, 'session', customer, options.query, rate.headers);
  });

  for (const endpoint of ['metricquery', 'session']) {
    app.all(`${basePath}/${endpoint}/:customerId`, methodNotAllowed(READ_METHODS));
  }

  app.notFound(() => problemResponse(404, 'not_found', 'No such resource.'));
  app.onError((error) => {
    const overload = overloadResponse(error);
    if (overload) return overload;
    if (error instanceof QueryTimeoutError) {
      return problemResponse(
        503,
        'query_timeout',
        `The query took longer than ${error.timeoutMs} ms and was cancelled; narrow the period or the filter.`,
        {
          headers: { 'Retry-After': '1' },
        },
      );
    }
    options.onError(error);
    return problemResponse(500, 'internal', 'An unexpected error occurred.');
  });
  return app;
}

function invalidCustomer(): Response {
  return problemResponse(
    400,
    'invalid_customer',
    'The customer id must be 1 to 128 characters of A-Z, a-z, 0-9, ".", "_" or "-".',
    {
      param: 'customerId',
    },
  );
}
