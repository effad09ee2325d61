// The hono application: the URL length limit and CORS around the routes (health, OpenAPI document,
// plan host, token, queries), and the problem answers for unknown resources and unexpected errors. Order of checks
// on a query: URL length, method, customer id syntax, credential (401), rate limit (429), customer
// ownership (403/404), then the query itself (400).
import { CREDENTIAL_HEADER, DATA_SPAN_HEADER } from '@playq/query';
import { Hono } from 'hono';
import { QueryTimeoutError } from '../engine/engine';
import type { AppEnv, AppOptions } from './app-env';
import { corsStep } from './cors';
import { mountHealth } from './health-route';
import { mountOpenApi } from './openapi-route';
import { overloadResponse } from './overload';
import { mountPlanHost } from './plan-route';
import { problemResponse } from './problem';
import { mountQueries } from './query-route';
import { mountTokenEndpoint } from './token-route';

export type { AppEnv, AppOptions } from './app-env';

const EXPOSED = [
  DATA_SPAN_HEADER,
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'Retry-After',
  'WWW-Authenticate',
];

export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
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
    corsStep({
      origins: options.corsOrigins,
      allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
      allowHeaders: [...Object.values(CREDENTIAL_HEADER), 'Content-Type'],
      exposeHeaders: EXPOSED,
      maxAgeSeconds: 600,
    }),
  );
  mountHealth(app);
  mountOpenApi(app, options);
  mountPlanHost(app, options);
  mountTokenEndpoint(app, options);
  mountQueries(app, options);
  app.notFound(() => problemResponse(404, 'not_found', 'No such resource.'));
  app.onError((error) => unexpected(error, options.onError));
  return app;
}

/** The answer to an error no route handled: overload, a query over its time budget, else 500. */
function unexpected(error: unknown, report: (error: unknown) => void): Response {
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
  report(error);
  return problemResponse(500, 'internal', 'An unexpected error occurred.');
}
