// Cross-origin headers of every answer: which origin may read it (`*`, or the request's `Origin`
// when it is one of the configured ones) and which headers it may see; a preflight (`OPTIONS`) is
// answered here with the methods and headers allowed. The headers are set on the handler's
// answer itself, never through a placeholder answer that would make every response be rebuilt.
import type { MiddlewareHandler } from 'hono';

export interface CorsOptions {
  readonly origins: '*' | readonly string[];
  readonly allowMethods: readonly string[];
  readonly allowHeaders: readonly string[];
  readonly exposeHeaders: readonly string[];
  readonly maxAgeSeconds: number;
}

/**
 * The CORS step of the app (what `hono/cors` does, without its per-request rebuilding of answers).
 *
 * @example
 * ```ts
 * app.use('*', corsStep({ origins: '*', allowMethods: ['GET'], allowHeaders: [], exposeHeaders: [], maxAgeSeconds: 600 }));
 * ```
 */
export function corsStep(options: CorsOptions): MiddlewareHandler {
  const { origins } = options;
  const expose = options.exposeHeaders.join(',');
  const methods = options.allowMethods.join(',');
  const allowHeaders = options.allowHeaders.join(',');
  const allowedOrigin = (origin: string | undefined): string | undefined =>
    origins === '*' ? '*' : origin !== undefined && origins.includes(origin) ? origin : undefined;
  return async (c, next) => {
    const origin = allowedOrigin(c.req.header('origin') || undefined);
    if (c.req.method === 'OPTIONS') {
      const headers = new Headers();
      if (origin) headers.set('Access-Control-Allow-Origin', origin);
      if (expose) headers.set('Access-Control-Expose-Headers', expose);
      if (origins !== '*') headers.append('Vary', 'Origin');
      headers.set('Access-Control-Max-Age', String(options.maxAgeSeconds));
      if (methods) headers.set('Access-Control-Allow-Methods', methods);
      if (allowHeaders) {
        headers.set('Access-Control-Allow-Headers', allowHeaders);
        headers.append('Vary', 'Access-Control-Request-Headers');
      }
      return new Response(null, { status: 204, statusText: 'No Content', headers });
    }
    await next();
    const headers = c.res.headers;
    if (origin) headers.set('Access-Control-Allow-Origin', origin);
    if (expose) headers.set('Access-Control-Expose-Headers', expose);
    if (origins !== '*') headers.append('Vary', 'Origin');
  };
}
