// `GET {basePath}/openapi.json`: the service's OpenAPI 3.1 description for its own catalogue, its
// server the configured public URL, else the base URL the request came to (its `Host` included). Public like the health probe: no credential, no limit
// but the URL length; the document is made once per base URL it is asked under.
import { isHttpUrl } from '@playq/query';
import { OPENAPI_PATH, openApiDocument } from '@playq/query/openapi';
import type { Hono } from 'hono';
import type { AppEnv, AppOptions } from './app-env';
import { methodNotAllowed, READ_METHODS } from './refusals';

export function mountOpenApi(app: Hono<AppEnv>, options: AppOptions): void {
  let made: { readonly key: string; readonly body: string } | undefined;
  const path = `${options.basePath}${OPENAPI_PATH}`;
  app.get(path, (c) => {
    const origin = new URL(options.publicUrl ?? c.req.url).origin;
    const configured = options.query.planUrl();
    const planUrl = isHttpUrl(configured) ? configured : `${origin}${options.planPath}`;
    const baseUrl = options.publicUrl ?? `${origin}${options.basePath}`;
    const key = `${baseUrl}\u0000${planUrl}`;
    if (made?.key !== key) {
      made = {
        key,
        body: JSON.stringify(openApiDocument(options.query.metrics.catalogue, { baseUrl, planUrl })),
      };
    }
    return c.body(made.body, 200, { 'content-type': 'application/json; charset=utf-8' });
  });
  app.all(path, methodNotAllowed(READ_METHODS));
}
