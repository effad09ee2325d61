// The reference service on a real loopback socket, for tests of code that must open its own
// connections (a CLI, an HTTP library, a proxy): a free port on 127.0.0.1, closed afterwards.
import { apiKeyAuth, clientCredentials, createClient, type PlayqClient } from '@playq/client';
import { tokenUrlOf } from '@playq/query';
import { createTestService, type TestService, type TestServiceOptions } from './test-service';

export interface TestServerOptions extends TestServiceOptions {
  /** Default 127.0.0.1; only loopback addresses are allowed, so tests never listen publicly. */
  readonly host?: string;
  /** Default 0: a free port chosen by the system. */
  readonly port?: number;
}

export interface TestServer extends Omit<TestService, 'client' | 'clientFor'> {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  /** A client for the first customer that goes over the socket with `globalThis.fetch`. */
  readonly client: PlayqClient;
  clientFor(customerId: string): PlayqClient;
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|localhost)$/;

/**
 * Start the reference service on a free loopback port. Close it when done (or use `withTestServer`).
 *
 * @example
 * const server = await startTestServer({ seed: 1, sessions: 5_000 });
 * try {
 *   const res = await fetch(`${server.baseUrl}/metricquery/demo?period=${server.period.start}...`, {
 *     headers: { 'X-API-Key': server.customer.apiKey },
 *   });
 * } finally {
 *   await server.close();
 * }
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { host = '127.0.0.1', port = 0, ...rest } = options;
  if (!LOOPBACK.test(host)) {
    throw new TypeError(
      `@playq/testing: startTestServer listens on loopback only (127.0.0.1, ::1), got ${host}`,
    );
  }
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new TypeError(`@playq/testing: port must be an integer from 0 to 65535, got ${String(port)}`);
  }
  const inProcess = await createTestService(rest);
  let info: Awaited<ReturnType<TestService['service']['listen']>>;
  try {
    info = await inProcess.service.listen({ host, port });
  } catch (error) {
    await inProcess.close();
    throw error;
  }
  const tokenUrl = tokenUrlOf(info.baseUrl);
  const clients = new Map<string, PlayqClient>();
  const clientFor = (customerId: string): PlayqClient => {
    const found = inProcess.credentials.find((c) => c.customerId === customerId);
    if (!found)
      throw new TypeError(`@playq/testing: no customer ${JSON.stringify(customerId)} in this test server`);
    let made = clients.get(customerId);
    if (!made) {
      made = createClient({
        ...rest.client,
        baseUrl: info.baseUrl,
        planUrl: info.planUrl,
        auth: {
          metricquery: apiKeyAuth(found.apiKey),
          session: clientCredentials({
            tokenUrl,
            clientId: found.clientId,
            clientSecret: found.clientSecret,
          }),
        },
      });
      clients.set(customerId, made);
    }
    return made;
  };
  return {
    ...inProcess,
    url: info.url,
    port: info.port,
    host: info.host,
    baseUrl: info.baseUrl,
    planUrl: info.planUrl,
    tokenUrl,
    client: clientFor(inProcess.customer.customerId),
    clientFor,
  };
}

/**
 * Run `fn` against the reference service on a free loopback port, closing it afterwards even if
 * `fn` throws.
 *
 * @example
 * await withTestServer(async (server) => {
 *   const res = await fetch(`${server.planUrl}/planLevelByCustId/demo`);
 *   expect(await res.json()).toEqual({ customerId: 'demo', planLevel: '2' });
 * }, { sessions: 2_000 });
 */
export async function withTestServer<T>(
  fn: (server: TestServer) => Promise<T> | T,
  options: TestServerOptions = {},
): Promise<T> {
  const server = await startTestServer(options);
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}
