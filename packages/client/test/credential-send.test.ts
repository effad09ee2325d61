// Credential requests go through the client's one HTTP stack (`AuthContext.send`): a custom
// adapter's request gets the client's redirect rule, timeout classification, redaction and typed
// errors, carries only its own headers, never reaches hooks, and is retried only as part of the
// call that needs it.
import { describe, expect, it } from 'vitest';
import {
  type AuthAdapter,
  type AuthContext,
  clientCredentials,
  createClient,
  PlayqRedirectError,
  PlayqServerError,
  type RequestInfo,
} from '../src/index';
import { BASE, fakeService, json, metricNode, sessionNode } from './support/fake-service';

const SECRET = 'refresh-SECRET-31337';

/** An adapter that trades a refresh secret for a key at `/exchange`, through `ctx.send`. */
function exchanging(): AuthAdapter & { readonly keys: string[] } {
  const keys: string[] = [];
  return {
    kind: 'exchange',
    keys,
    async headers(context: AuthContext) {
      const answer = await context.send!({
        method: 'POST',
        url: `${BASE}/exchange`,
        headers: { authorization: `Refresh ${SECRET}`, 'content-type': 'text/plain' },
        body: 'give me a key',
        label: 'key exchange',
      });
      const key = (JSON.parse(answer.body) as { key: string }).key;
      keys.push(key);
      return { 'x-api-key': key };
    },
    secrets: () => [SECRET, ...keys],
  };
}

function recording(answer: (request: Request) => Response | Promise<Response>) {
  const seen: Request[] = [];
  const transport = async (request: Request) => {
    seen.push(request.clone());
    return answer(request);
  };
  return Object.assign(transport, { seen });
}

describe('AuthContext.send', () => {
  it('sends only the adapter request’s own headers and body, and hooks never see it', async () => {
    const service = fakeService();
    const transport = recording((r) =>
      new URL(r.url).pathname === '/api/v1/exchange' ? json({ key: 'key-EXCHANGED-1' }) : service.fetch(r),
    );
    const hooked: RequestInfo[] = [];
    const client = createClient({
      baseUrl: BASE,
      fetch: transport,
      auth: exchanging(),
      headers: { 'x-trace': 'visible' },
      hooks: { beforeRequest: (info) => void hooked.push(info) },
    });
    await client.run(metricNode());
    const [exchange, query] = transport.seen;
    expect(exchange!.method).toBe('POST');
    expect(await exchange!.text()).toBe('give me a key');
    expect(Object.fromEntries(exchange!.headers)).toStrictEqual({
      authorization: `Refresh ${SECRET}`,
      'content-type': 'text/plain',
    });
    expect(query!.headers.get('x-api-key')).toBe('key-EXCHANGED-1');
    expect(query!.headers.get('x-trace')).toBe('visible');
    expect(hooked.map((h) => new URL(h.url).pathname)).toEqual(['/api/v1/metricquery/demo']);
  });

  it('turns a failing answer into a typed, redacted error; the query’s policy retries it', async () => {
    let exchanges = 0;
    const service = fakeService();
    const transport = recording((r) => {
      if (new URL(r.url).pathname !== '/api/v1/exchange') return service.fetch(r);
      exchanges++;
      return exchanges === 1
        ? json({ status: 503, detail: `down, your secret ${SECRET} is fine` }, 503)
        : json({ key: 'key-EXCHANGED-2' });
    });
    const client = createClient({
      baseUrl: BASE,
      fetch: transport,
      auth: exchanging(),
      retry: { retries: 1, minDelayMs: 1, maxDelayMs: 1 },
    });
    await expect(client.run(metricNode())).resolves.toMatchObject({ limit: 10 });
    expect(exchanges).toBe(2);

    const once = createClient({
      baseUrl: BASE,
      fetch: recording(() => json({ status: 503, detail: `down, your secret ${SECRET} is fine` }, 503)),
      auth: exchanging(),
      retry: false,
    });
    const error = await once.run(metricNode()).catch((e: unknown) => e);
    expect(error).toSatisfy(PlayqServerError.isInstance);
    expect(error).toMatchObject({ status: 503, method: 'POST', retryable: true });
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });

  it('names a transport failure by the request’s label, never by the transport’s message', async () => {
    const client = createClient({
      baseUrl: BASE,
      fetch: async () => {
        throw new TypeError(`connect failed while sending ${SECRET}`);
      },
      auth: exchanging(),
      retry: false,
    });
    const error = (await client.run(metricNode()).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(`@playq/client: POST ${BASE}/exchange failed: key exchange failed`);
  });

  it('applies the client’s redirect rule to the token request of clientCredentials', async () => {
    const service = fakeService();
    const elsewhere = recording((r) => service.fetch(r));
    const transport = (request: Request) =>
      new URL(request.url).host === 'playq.test' && request.url.endsWith('/oauth/token')
        ? Promise.resolve(Response.redirect('http://idp.elsewhere.test/oauth/token', 307))
        : elsewhere(request);
    const auth = clientCredentials({
      tokenUrl: `${BASE}/oauth/token`,
      clientId: 'demo',
      clientSecret: 'demo-secret',
    });

    const refusing = createClient({ baseUrl: BASE, fetch: transport, auth: { session: auth }, retry: false });
    const refused = await refusing.run(sessionNode({ planlevel: '2' })).catch((e: unknown) => e);
    expect(refused).toSatisfy(PlayqRedirectError.isInstance);
    expect(elsewhere.seen).toHaveLength(0);

    const following = createClient({
      baseUrl: BASE,
      fetch: transport,
      auth: { session: auth },
      retry: false,
      crossOriginRedirects: 'follow-without-credentials',
    });
    await following.run(sessionNode({ planlevel: '2' }));
    const token = elsewhere.seen.find((r) => r.url === 'http://idp.elsewhere.test/oauth/token');
    expect(token?.method).toBe('POST');
    expect(token?.headers.get('authorization')).toBeNull();
  });
});
