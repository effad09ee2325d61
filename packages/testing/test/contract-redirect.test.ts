// The contract suite never carries credentials to another origin: over real sockets, a
// deployment on 127.0.0.1 that redirects every request to localhost (another origin) sees its
// redirects reported, and the other origin receives nothing, least of all a key or a token.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContract } from '../src/index';

const API_KEY = 'key-CONTRACT-REDIRECT-0001';
const TOKEN = 'tok-CONTRACT-REDIRECT-0002';
const CLIENT_SECRET = 'secret-CONTRACT-REDIRECT-0003';

interface Seen {
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
}

async function start(
  host: string,
  answer: Parameters<typeof createServer>[1],
): Promise<{ server: Server; origin: string }> {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, origin: `http://${host}:${(server.address() as AddressInfo).port}` };
}

let a: { server: Server; origin: string };
let b: { server: Server; origin: string };
const seenByB: Seen[] = [];

beforeAll(async () => {
  b = await start('localhost', (request, reply) => {
    seenByB.push({ url: request.url ?? '', headers: request.headers });
    reply.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  a = await start('127.0.0.1', (request, reply) => {
    const status = [301, 302, 303, 307, 308][(request.url?.length ?? 0) % 5]!;
    reply.writeHead(status, { location: `${b.origin}${request.url}` }).end();
  });
});

afterAll(async () => {
  for (const { server } of [a, b]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('checkContract against a deployment that redirects to another origin', () => {
  it('sends nothing to the other origin and names the redirects it did not follow', async () => {
    const report = await checkContract({
      baseUrl: `${a.origin}/api/v1`,
      planUrl: `${a.origin}/plans`,
      customerId: 'demo',
      apiKey: API_KEY,
      token: TOKEN,
      clientCredentials: { clientId: 'demo', clientSecret: CLIENT_SECRET },
      otherCustomer: { customerId: 'other', apiKey: API_KEY },
      requestsPerSecond: Number.POSITIVE_INFINITY,
      maxRequests: 200,
    });
    expect(report.requests).toBeGreaterThan(10);
    expect(seenByB).toEqual([]);
    expect(report.ok).toBe(false);
    const reachable = report.checks.find((c) => c.name === 'service.reachable');
    expect(reachable?.status).toBe('fail');
    expect(JSON.stringify(reachable)).toContain(
      `a redirect to ${b.origin}/api/v1/metricquery/demo that the suite does not follow`,
    );
    const text = JSON.stringify(report);
    for (const secret of [API_KEY, TOKEN, CLIENT_SECRET]) expect(text).not.toContain(secret);
  });
});
