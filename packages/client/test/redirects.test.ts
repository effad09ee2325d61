// Credentials stay with their origin, over real sockets: A on 127.0.0.1 redirects with every
// redirect status to B on localhost (another origin), and B must never see X-API-Key or
// Authorization. Same-origin redirects are followed with the credential; the opt-in follows a
// cross-origin one without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthAdapter,
  apiKeyAuth,
  bearerAuth,
  clientCredentials,
  createClient,
  PlayqRedirectError,
} from '../src/index';
import { fakeService, metricNode, sessionNode } from './support/fake-service';
import { type Listener, listen, redirectTo } from './support/loopback';

const API_KEY = 'sk-live-REDIRECT-KEY-0001';
const TOKEN = 'tok-REDIRECT-BEARER-0002';
const CLIENT_SECRET = 'cs-REDIRECT-SECRET-0003';
const STATUSES = [301, 302, 303, 307, 308] as const;
const CREDENTIAL_HEADERS = ['x-api-key', 'authorization', 'x-custom-auth'];

/** B: another origin that answers like the service and keeps what it saw. */
let b: Listener;
/** Redirectors on A, one per status, each sending the request's path and query to B. */
const toB = new Map<number, Listener>();

beforeAll(async () => {
  const service = fakeService();
  b = await listen('localhost', (request) => service.fetch(request));
  for (const status of STATUSES) {
    toB.set(
      status,
      await listen(
        '127.0.0.1',
        redirectTo(status, (r) => {
          const url = new URL(r.url);
          return `${b.origin}${url.pathname}${url.search}`;
        }),
      ),
    );
  }
});

afterAll(async () => {
  await Promise.all([b, ...toB.values()].map((l) => l.close()));
});

function credentialsSeenBy(listener: Listener): string[] {
  return listener.seen.flatMap((s) => CREDENTIAL_HEADERS.filter((h) => s.headers[h] !== undefined));
}

function leaked(listener: Listener): boolean {
  const all = JSON.stringify(listener.seen);
  return [API_KEY, TOKEN, CLIENT_SECRET, btoa(`demo:${CLIENT_SECRET}`)].some((s) => all.includes(s));
}

describe.each(STATUSES)('a %i redirect from 127.0.0.1 to localhost (another origin)', (status) => {
  const a = () => toB.get(status)!;

  it('is refused for a metric query with a typed error naming the target; B sees nothing', async () => {
    b.seen.length = 0;
    const client = createClient({ baseUrl: `${a().origin}/api/v1`, auth: apiKeyAuth(API_KEY), retry: false });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(PlayqRedirectError.isInstance(error)).toBe(true);
    const redirect = error as PlayqRedirectError;
    expect(redirect).toMatchObject({ reason: 'cross-origin', status, method: 'GET', retryable: false });
    expect(redirect.location).toMatch(new RegExp(`^${b.origin}/api/v1/metricquery/demo\\?`));
    expect(redirect.message).toContain(b.origin);
    expect(redirect.message).toContain('follow-without-credentials');
    expect(b.seen).toHaveLength(0);
    expect(JSON.stringify(redirect)).not.toContain(API_KEY);
  });

  it('is refused for a session query with a bearer token; B sees nothing', async () => {
    b.seen.length = 0;
    const client = createClient({ baseUrl: `${a().origin}/api/v1`, auth: bearerAuth(TOKEN), retry: false });
    const error = await client.run(sessionNode({ planlevel: '2' })).catch((e: unknown) => e);
    expect(error).toSatisfy(PlayqRedirectError.isInstance);
    expect(b.seen).toHaveLength(0);
  });

  it('is followed without any credential header when the caller opts in', async () => {
    b.seen.length = 0;
    const custom: AuthAdapter = {
      kind: 'custom',
      headers: () => ({ 'x-custom-auth': 'custom-CREDENTIAL-0004', 'x-api-key': API_KEY }),
      secrets: () => ['custom-CREDENTIAL-0004', API_KEY],
    };
    const client = createClient({
      baseUrl: `${a().origin}/api/v1`,
      auth: custom,
      headers: { authorization: `Bearer ${TOKEN}` },
      crossOriginRedirects: 'follow-without-credentials',
      retry: false,
    });
    const page = await client.run(metricNode({ limit: 3 }));
    expect(page.records).toHaveLength(3);
    expect(b.seen).toHaveLength(1);
    expect(b.seen[0]!.method).toBe('GET');
    expect(credentialsSeenBy(b)).toEqual([]);
    expect(JSON.stringify(b.seen)).not.toContain('custom-CREDENTIAL-0004');
    expect(leaked(b)).toBe(false);
  });

  it('is refused for the token request of clientCredentials; B never sees the client secret', async () => {
    b.seen.length = 0;
    const client = createClient({
      baseUrl: `${b.origin}/api/v1`,
      auth: {
        session: clientCredentials({
          tokenUrl: `${a().origin}/api/v1/oauth/token`,
          clientId: 'demo',
          clientSecret: CLIENT_SECRET,
        }),
      },
      retry: false,
    });
    const error = await client.run(sessionNode({ planlevel: '2' })).catch((e: unknown) => e);
    expect(error).toSatisfy(PlayqRedirectError.isInstance);
    expect((error as PlayqRedirectError).method).toBe('POST');
    expect(b.seen).toHaveLength(0);
    expect(leaked(b)).toBe(false);
  });
});

describe('a redirect within the origin', () => {
  let a: Listener;
  const service = fakeService({ apiKey: API_KEY });

  beforeAll(async () => {
    // /old/... moves to /api/v1/... on the same origin, which answers only with the right key.
    a = await listen('127.0.0.1', (request, self) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/old/')) {
        return new Response(null, {
          status: 308,
          headers: { location: `${self.origin}/api/v1/${url.pathname.slice(5)}${url.search}` },
        });
      }
      return service.fetch(request);
    });
  });
  afterAll(() => a.close());

  it('is re-issued with the credential, and answers', async () => {
    const client = createClient({ baseUrl: `${a.origin}/old`, auth: apiKeyAuth(API_KEY), retry: false });
    const page = await client.run(metricNode({ limit: 2 }));
    expect(page.records).toHaveLength(2);
    expect(a.seen.map((s) => [new URL(s.url).pathname, s.headers['x-api-key']])).toEqual([
      ['/old/metricquery/demo', API_KEY],
      ['/api/v1/metricquery/demo', API_KEY],
    ]);
  });
});

describe('a chain that leaves the origin and comes back', () => {
  let a: Listener;
  let away: Listener;

  beforeAll(async () => {
    const service = fakeService();
    a = await listen('127.0.0.1', (request, self) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/start/')) {
        return Response.redirect(`${self.origin}/hop/${url.pathname.slice(7)}${url.search}`, 302);
      }
      if (url.pathname.startsWith('/hop/')) {
        return Response.redirect(`${away.origin}/api/v1/${url.pathname.slice(5)}${url.search}`, 307);
      }
      return service.fetch(request);
    });
    // The other origin sends the request straight back to A.
    away = await listen('localhost', (request) => {
      const url = new URL(request.url);
      return Response.redirect(`${a.origin}${url.pathname}${url.search}`, 307);
    });
  });
  afterAll(() => Promise.all([a.close(), away.close()]));

  it('is refused at the hop that leaves, after following the same-origin one', async () => {
    a.seen.length = 0;
    away.seen.length = 0;
    const client = createClient({ baseUrl: `${a.origin}/start`, auth: apiKeyAuth(API_KEY), retry: false });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'cross-origin', status: 307 });
    expect((error as PlayqRedirectError).url).toMatch(new RegExp(`^${a.origin}/hop/`));
    expect(a.seen).toHaveLength(2);
    expect(away.seen).toHaveLength(0);
  });

  it('once the credentials are dropped, does not send them again on the way back', async () => {
    a.seen.length = 0;
    away.seen.length = 0;
    const client = createClient({
      baseUrl: `${a.origin}/start`,
      auth: apiKeyAuth(API_KEY),
      crossOriginRedirects: 'follow-without-credentials',
      retry: false,
    });
    await expect(client.run(metricNode({ limit: 1 }))).resolves.toMatchObject({ limit: 1 });
    expect(a.seen.map((s) => s.headers['x-api-key'] ?? null)).toEqual([API_KEY, API_KEY, null]);
    expect(away.seen.map((s) => s.headers['x-api-key'] ?? null)).toEqual([null]);
  });
});
