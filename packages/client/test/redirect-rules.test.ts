// The redirect rules that need no second origin, through an in-memory transport: the hop limit,
// unusable targets, a browser's opaque redirect, the method rewrite of 303, redaction of the
// target, and a redirect status without Location staying an HTTP error.
import { describe, expect, it } from 'vitest';
import {
  apiKeyAuth,
  clientCredentials,
  createClient,
  PlayqHttpError,
  PlayqRedirectError,
} from '../src/index';
import { MAX_REDIRECTS } from '../src/transport/follow-redirects';
import { BASE, fakeService, json, metricNode, sessionNode } from './support/fake-service';

const API_KEY = 'sk-live-RULES-KEY-0001';

function recording(answer: (request: Request, n: number) => Response | Promise<Response>) {
  const seen: { method: string; url: string; headers: Headers; body: string; redirect: string }[] = [];
  const transport = async (request: Request) => {
    seen.push({
      method: request.method,
      url: request.url,
      headers: new Headers(request.headers),
      body: await request.clone().text(),
      redirect: request.redirect,
    });
    return answer(request, seen.length);
  };
  return Object.assign(transport, { seen });
}

describe('redirects, in memory', () => {
  it('asks the transport not to follow redirects itself', async () => {
    const transport = recording((r) => fakeService().fetch(r));
    await createClient({ baseUrl: BASE, fetch: transport }).run(metricNode());
    expect(transport.seen.map((s) => s.redirect)).toEqual(['manual']);
  });

  it(`follows at most ${MAX_REDIRECTS} hops, then stops with too-many-redirects`, async () => {
    const transport = recording((r, n) => Response.redirect(`${new URL(r.url).origin}/loop/${n}`, 302));
    const client = createClient({ baseUrl: BASE, fetch: transport, auth: apiKeyAuth(API_KEY), retry: false });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'too-many-redirects', status: 302 });
    expect((error as PlayqRedirectError).location).toBe(`http://playq.test/loop/${MAX_REDIRECTS + 1}`);
    expect(transport.seen).toHaveLength(MAX_REDIRECTS + 1);
  });

  it.each([
    ['a script URL', 'javascript:alert(1)'],
    ['a file URL', 'file:///etc/passwd'],
    ['no URL at all', 'http://['],
  ])('refuses a Location that is %s', async (_what, location) => {
    const transport = recording(() => new Response(null, { status: 301, headers: { location } }));
    const client = createClient({ baseUrl: BASE, fetch: transport, retry: false });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(error).toSatisfy(PlayqRedirectError.isInstance);
    expect(error).toMatchObject({ reason: 'invalid-location', status: 301, location: undefined });
    expect(transport.seen).toHaveLength(1);
  });

  it("refuses a browser's opaque redirect, whose target it cannot see", async () => {
    const opaque = {
      type: 'opaqueredirect',
      status: 0,
      headers: new Headers(),
      body: null,
    } as unknown as Response;
    const client = createClient({ baseUrl: BASE, fetch: async () => opaque, retry: false });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'hidden', status: 0, location: undefined });
    expect((error as Error).message).toContain('hides the target');
  });

  it('keeps a redirect status without Location an HTTP error, as before', async () => {
    const client = createClient({
      baseUrl: BASE,
      fetch: async () => json({ status: 302, title: 'moved', detail: 'no location' }, 302),
      retry: false,
    });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(error).toSatisfy(PlayqHttpError.isInstance);
    expect(error).toMatchObject({ status: 302 });
  });

  it('redacts credential parameters and known secrets in the target it names', async () => {
    const transport = recording(() =>
      Response.redirect(`http://elsewhere.test/x?api_key=${API_KEY}&echo=${API_KEY}`, 307),
    );
    const client = createClient({ baseUrl: BASE, fetch: transport, auth: apiKeyAuth(API_KEY), retry: false });
    const error = (await client.run(metricNode()).catch((e: unknown) => e)) as PlayqRedirectError;
    expect(error.location).toBe('http://elsewhere.test/x?api_key=%5BREDACTED%5D&echo=[REDACTED]');
    expect(JSON.stringify(error)).not.toContain(API_KEY);
    expect(error.message).not.toContain(API_KEY);
  });

  it('follows a cross-origin redirect of a request that carries no credential', async () => {
    const service = fakeService();
    const transport = recording((r) =>
      new URL(r.url).host === 'playq.test'
        ? Response.redirect(r.url.replace('playq.test', 'mirror.test'), 302)
        : service.fetch(r),
    );
    const page = await createClient({ baseUrl: BASE, fetch: transport, retry: false }).run(metricNode());
    expect(page.records.length).toBeGreaterThan(0);
    expect(transport.seen.map((s) => new URL(s.url).host)).toEqual(['playq.test', 'mirror.test']);
  });

  it('turns the token POST into a GET without body after a same-origin 303, keeping the credential', async () => {
    const transport = recording((r) => {
      const url = new URL(r.url);
      if (url.pathname === '/api/v1/oauth/token' && r.method === 'POST') {
        return Response.redirect('http://playq.test/api/v1/oauth/token2', 303);
      }
      if (url.pathname === '/api/v1/oauth/token2') {
        return json({ access_token: 'tok-after-303', token_type: 'Bearer', expires_in: 60 });
      }
      return fakeService().fetch(r);
    });
    const client = createClient({
      baseUrl: BASE,
      fetch: transport,
      auth: clientCredentials({
        tokenUrl: `${BASE}/oauth/token`,
        clientId: 'demo',
        clientSecret: 'demo-secret',
      }),
      retry: false,
    });
    await client.run(sessionNode({ planlevel: '2' }));
    const [post, get, query] = transport.seen;
    expect(post).toMatchObject({ method: 'POST', body: 'grant_type=client_credentials' });
    expect(get).toMatchObject({ method: 'GET', body: '', url: 'http://playq.test/api/v1/oauth/token2' });
    expect(get!.headers.get('content-type')).toBeNull();
    expect(get!.headers.get('authorization')).toBe(post!.headers.get('authorization'));
    expect(query!.headers.get('authorization')).toBe('Bearer tok-after-303');
  });

  it('keeps the method and body of a token POST after a same-origin 307', async () => {
    const transport = recording((r) => {
      if (new URL(r.url).pathname === '/api/v1/oauth/token') {
        return Response.redirect('http://playq.test/api/v1/oauth/token2', 307);
      }
      return json({ access_token: 'tok-after-307', token_type: 'Bearer', expires_in: 60 });
    });
    const adapter = clientCredentials({
      tokenUrl: `${BASE}/oauth/token`,
      clientId: 'demo',
      clientSecret: 'demo-secret',
    });
    await expect(adapter.headers({ fetch: transport, signal: undefined })).resolves.toEqual({
      authorization: 'Bearer tok-after-307',
    });
    expect(transport.seen.map((s) => [s.method, s.body])).toEqual([
      ['POST', 'grant_type=client_credentials'],
      ['POST', 'grant_type=client_credentials'],
    ]);
  });
});
