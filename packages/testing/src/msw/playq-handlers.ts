// MSW request handlers that answer the playq API from a reference service, so that code calling
// the API through its own HTTP stack (fetch, axios, ky, a generated SDK) is served real answers
// under `setupServer` without knowing anything about playq.
import { withoutTrailingSlash } from '@playq/query';
import { type HttpHandler, http } from 'msw';

/** Anything that answers fetch-standard requests on playq's paths: a `Service` or a `TestService`. */
export interface PlayqFetchable {
  fetch(request: Request): Promise<Response>;
  /** The service's API prefix. Default `/api/v1`. */
  readonly basePath?: string;
  /** The service's plan-host prefix. Default `/plans`. */
  readonly planPath?: string;
  /** A `TestService`'s underlying service carries the paths. */
  readonly service?: { readonly basePath: string; readonly planPath: string };
}

export interface PlayqHandlersOptions {
  /**
   * The `{base_url}` your code calls, e.g. `https://analytics.example.com/api/v1`. Default the
   * test service's own (`http://playq.test/api/v1`).
   */
  readonly baseUrl?: string;
  /** The `{plan_url}` your code calls. Default the test service's own (`http://playq.test/plans`). */
  readonly planUrl?: string;
}

const INTERNAL_ORIGIN = 'http://playq.test';

function checkUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(
      `@playq/testing: playqHandlers: ${name} must be an absolute http(s) URL, got ${JSON.stringify(value)}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`@playq/testing: playqHandlers: ${name} must be http(s), got ${url.protocol}`);
  }
  if (url.search || url.hash) {
    throw new TypeError(`@playq/testing: playqHandlers: ${name} must not carry a query string or fragment`);
  }
  return `${url.origin}${withoutTrailingSlash(url.pathname)}`;
}

/**
 * MSW handlers (v2) that forward every request under `baseUrl` and `planUrl` to the service,
 * rewriting the prefix to the service's own paths. Requests elsewhere are left to your other
 * handlers (or MSW's `onUnhandledRequest`).
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createTestService } from '@playq/testing';
 * import { playqHandlers } from '@playq/testing/msw';
 *
 * const t = await createTestService({ sessions: 5_000 });
 * const server = setupServer(...playqHandlers(t, { baseUrl: 'https://analytics.example.com/api/v1' }));
 * server.listen({ onUnhandledRequest: 'error' });
 * // Your code's own fetch('https://analytics.example.com/api/v1/metricquery/demo?...') now gets real answers.
 */
export function playqHandlers(service: PlayqFetchable, options: PlayqHandlersOptions = {}): HttpHandler[] {
  if (typeof service?.fetch !== 'function') {
    throw new TypeError('@playq/testing: playqHandlers needs a service with a fetch(request) method');
  }
  const basePath = service.service?.basePath ?? service.basePath ?? '/api/v1';
  const planPath = service.service?.planPath ?? service.planPath ?? '/plans';
  const baseUrl = checkUrl('baseUrl', options.baseUrl ?? INTERNAL_ORIGIN + basePath);
  const planUrl = checkUrl('planUrl', options.planUrl ?? INTERNAL_ORIGIN + planPath);

  const forward =
    (publicPrefix: string, internalPrefix: string) =>
    async ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      const rest = `${url.origin}${url.pathname}`.slice(publicPrefix.length);
      const target = `${INTERNAL_ORIGIN}${internalPrefix}${rest}${url.search}`;
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const forwarded = new Request(target, {
        method: request.method,
        headers: request.headers,
        body: hasBody ? await request.arrayBuffer() : undefined,
      });
      return service.fetch(forwarded);
    };

  return [
    http.all(`${baseUrl}/*`, forward(baseUrl, basePath)),
    http.all(`${planUrl}/*`, forward(planUrl, planPath)),
  ];
}
