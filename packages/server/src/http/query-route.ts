// One route serves every query endpoint, `GET {basePath}/{endpoint}/{customerId}`: customer id
// syntax, the endpoint's credential (401), the credential's rate limit (429), customer ownership
// (403/404), then the query itself (400 or the paged answer).
import { CUSTOMER_ID_PATTERN, credentialOf, ENDPOINTS } from '@playq/query';
import type { Hono } from 'hono';
import { type AppEnv, type AppOptions, addressOf, customersById, goneOf } from './app-env';
import { checkCredential } from './credential-check';
import { problemResponse } from './problem';
import { answerQuery } from './query-handler';
import type { RateLimiter } from './rate-limit';
import { invalidCustomer, methodNotAllowed, READ_METHODS } from './refusals';

export function mountQueries(app: Hono<AppEnv>, options: AppOptions): void {
  const byCustomer = customersById(options.credentials);
  for (const endpoint of ENDPOINTS) {
    const kind = credentialOf(endpoint);
    const otherEndpoints = ENDPOINTS.filter((e) => credentialOf(e) !== kind);
    app.get(`${options.basePath}/${endpoint}/:customerId` as const, async (c) => {
      const id = c.req.param('customerId');
      if (!CUSTOMER_ID_PATTERN.test(id)) return invalidCustomer();
      const who = await checkCredential(kind, {
        request: c.req.raw,
        endpoint,
        otherEndpoints,
        address: addressOf(c),
        auth: options.auth,
        addressLimits: options.addressLimits,
        byCustomer,
      });
      if (who instanceof Response) return who;
      const rate = rateLimited(options.rateLimiter, who.identity);
      if (rate.refused) return rate.refused;
      if (id !== who.customer.customerId) return notOwned(id, byCustomer, rate.headers);
      return answerQuery(c.req.raw, endpoint, who.customer, options.query, rate.headers, goneOf(c));
    });
  }
  for (const endpoint of ENDPOINTS) {
    app.all(`${options.basePath}/${endpoint}/:customerId`, methodNotAllowed(READ_METHODS));
  }
}

/** The rate-limit headers of a credential's request, with the 429 when it is over its limit. */
function rateLimited(
  limiter: RateLimiter | undefined,
  identity: string,
): { headers: Record<string, string>; refused?: Response } {
  if (!limiter) return { headers: {} };
  const decision = limiter.take(identity);
  if (decision.allowed) return { headers: decision.headers };
  const detail = 'Too many requests for this credential; retry after the delay given.';
  return {
    headers: decision.headers,
    refused: problemResponse(429, 'rate_limited', detail, { headers: decision.headers }),
  };
}

/** A credential asking for another customer: 403 when that customer exists, else 404. */
function notOwned(
  pathCustomer: string,
  byCustomer: ReadonlyMap<string, unknown>,
  headers: Record<string, string>,
): Response {
  return byCustomer.has(pathCustomer)
    ? problemResponse(403, 'forbidden', 'This credential does not grant access to that customer.', {
        headers,
      })
    : problemResponse(404, 'not_found', 'No such customer.', { param: 'customerId', headers });
}
