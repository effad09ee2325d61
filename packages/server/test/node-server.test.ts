// The Node listener around a handler the test controls, over real sockets on 127.0.0.1: shutdown
// with a request in flight (before and after its headers went out), the deadline that cuts what is
// left, the client that never closes after a malformed request, dot customer ids and a handler that
// throws.
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodeServer, type NodeServer } from '../src/http/node-server';

type Handler = (request: Request) => Promise<Response>;

const opened: NodeServer[] = [];

afterEach(() => {
  for (const node of opened.splice(0)) {
    node.server.closeAllConnections();
    node.server.close();
  }
});

async function start(handler: Handler): Promise<{ node: NodeServer; port: number }> {
  const node = createNodeServer({
    fetch: handler,
    hostname: '127.0.0.1',
    maxUrlLength: 8_192,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
  });
  opened.push(node);
  await new Promise<void>((resolve) => node.server.listen(0, '127.0.0.1', resolve));
  return { node, port: (node.server.address() as AddressInfo).port };
}

interface Client {
  readonly socket: Socket;
  /** Everything received so far. */
  text(): string;
  /** Resolves when the server ends the connection: `end` for a FIN, `reset` for an error. */
  readonly ended: Promise<'end' | 'reset'>;
  /** Resolves once the received text satisfies `test`. */
  until(test: (text: string) => boolean): Promise<void>;
}

function client(port: number, allowHalfOpen = false): Promise<Client> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen });
    let text = '';
    const waiting: { test: (t: string) => boolean; done: () => void }[] = [];
    const ended = new Promise<'end' | 'reset'>((r) => {
      socket.on('end', () => r('end'));
      socket.on('error', () => r('reset'));
    });
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      for (const w of waiting.splice(0)) {
        if (w.test(text)) w.done();
        else waiting.push(w);
      }
    });
    socket.on('connect', () =>
      resolve({
        socket,
        text: () => text,
        ended,
        until: (test) =>
          test(text) ? Promise.resolve() : new Promise<void>((done) => waiting.push({ test, done })),
      }),
    );
  });
}

/** `promise`'s value, or `'late'` if it takes more than `ms` (a bound on a hang, not a timing target). */
const within = <T>(promise: Promise<T>, ms = 5_000): Promise<T | 'late'> =>
  Promise.race([promise, new Promise<'late'>((r) => setTimeout(() => r('late'), ms).unref())]);

/** A promise and its resolver. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire = () => {};
  const promise = new Promise<void>((r) => {
    fire = r;
  });
  return { promise, fire };
}

const GET = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;

describe('keep-alive', () => {
  it('answers several requests on one connection while the server is not shutting down', async () => {
    const { port } = await start(async (request) => new Response(new URL(request.url).pathname));
    const c = await client(port);
    c.socket.write(GET('/one'));
    await c.until((t) => t.endsWith('/one'));
    c.socket.write(GET('/two'));
    await c.until((t) => t.endsWith('/two'));
    expect(c.text().match(/HTTP\/1\.1 200 OK\r\n/g)).toHaveLength(2);
    expect(c.text()).not.toMatch(/\r\nconnection: close\r\n/i);
    c.socket.end();
    expect(await within(c.ended)).toBe('end');
  });
});

describe('shutdown with a request in flight', () => {
  it('answers a request whose headers had not gone out with Connection: close, then ends the socket', async () => {
    const entered = signal();
    const release = signal();
    const { node, port } = await start(async () => {
      entered.fire();
      await release.promise;
      return new Response('done');
    });
    const c = await client(port);
    c.socket.write(GET('/slow'));
    await entered.promise;
    const stopped = node.shutdown(performance.now() + 60_000);
    release.fire();
    expect(await within(c.ended)).toBe('end');
    expect(c.text()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(c.text()).toMatch(/\r\nconnection: close\r\n/i);
    expect(c.text().endsWith('\r\n\r\ndone')).toBe(true);
    expect(await within(stopped)).toBeUndefined();
  });

  it('finishes a response whose headers had gone out, then ends its keep-alive socket at once', async () => {
    const release = signal();
    const { node, port } = await start(async () => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('first|'));
          await release.promise;
          controller.enqueue(new TextEncoder().encode('last'));
          controller.close();
        },
      });
      return new Response(body);
    });
    const c = await client(port);
    c.socket.write(GET('/stream'));
    await c.until((t) => t.includes('first|'));
    // The headers promised keep-alive: shutdown cannot take that back, so the socket ends after the body.
    expect(c.text()).not.toMatch(/\r\nconnection: close\r\n/i);
    const stopped = node.shutdown(performance.now() + 60_000);
    release.fire();
    expect(await within(c.ended)).toBe('end');
    expect(c.text()).toContain('last');
    expect(c.text()).toMatch(/\r\n0\r\n\r\n$/); // the chunked body's end: nothing was cut
    expect(await within(stopped)).toBeUndefined();
  });

  it('ends an idle keep-alive socket at shutdown and lets a busy one finish', async () => {
    const release = signal();
    const entered = signal();
    const { node, port } = await start(async (request) => {
      if (new URL(request.url).pathname === '/slow') {
        entered.fire();
        await release.promise;
      }
      return new Response('ok');
    });
    const idle = await client(port);
    idle.socket.write(GET('/quick'));
    await idle.until((t) => t.endsWith('ok'));
    const busy = await client(port);
    busy.socket.write(GET('/slow'));
    await entered.promise;
    const stopped = node.shutdown(performance.now() + 60_000);
    expect(await within(idle.ended)).toBe('end');
    expect(busy.text()).toBe('');
    release.fire();
    expect(await within(busy.ended)).toBe('end');
    expect(busy.text()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nok$/);
    expect(await within(stopped)).toBeUndefined();
  });

  it('cuts what is still running at the deadline and then resolves', async () => {
    const entered = signal();
    const { node, port } = await start(async () => {
      entered.fire();
      return new Promise<Response>(() => {}); // never answers
    });
    const c = await client(port);
    c.socket.write(GET('/forever'));
    await entered.promise;
    const stopped = node.shutdown(performance.now() + 100);
    expect(await within(stopped)).toBeUndefined();
    expect(await within(c.ended)).not.toBe('late');
    expect(c.text()).toBe('');
  });
});

describe('a client that keeps its side open after a malformed request', () => {
  it('gets its 400 and is disconnected by the server about 2 s later', async () => {
    const { node, port } = await start(async () => new Response('unused'));
    const c = await client(port, true);
    c.socket.write('NOT A REQUEST\r\n\r\n'); // and never ends its side
    expect(await within(c.ended)).toBe('end');
    expect(c.text()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const connections = () => new Promise<number>((r) => node.server.getConnections((_, n) => r(n)));
    expect(await connections()).toBe(1);
    await vi.waitFor(async () => expect(await connections()).toBe(0), { timeout: 5_000, interval: 100 });
  });
});

describe('customer ids in the raw request target', () => {
  it('refuses a customer id of . or .. before URL parsing removes it, and only that', async () => {
    const seen: string[] = [];
    const { port } = await start(async (request) => {
      seen.push(new URL(request.url).pathname);
      return new Response('reached');
    });
    const ask = async (path: string) => {
      const c = await client(port);
      c.socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      await within(c.ended);
      return c.text();
    };
    for (const path of [
      '/api/v1/session/%2e',
      '/plans/planLevelByCustId/..?x=1',
      '/api/v1/metricquery/./#f',
    ]) {
      const text = await ask(path);
      expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(text).toContain('"code":"invalid_customer"');
    }
    // A dot segment that is not the last one is ordinary URL syntax: normalised, then answered.
    expect(await ask('/api/v1/metricquery/./c1')).toMatch(/\r\n\r\nreached$/);
    expect(await ask('/api/v1/metricquery/../c1')).toMatch(/\r\n\r\nreached$/);
    expect(seen).toStrictEqual(['/api/v1/metricquery/c1', '/api/v1/c1']);
  });
});

describe('a handler that throws', () => {
  it('answers 500 internal without a word of the error', async () => {
    const { port } = await start(async () => {
      throw new Error('token=s3cr3t');
    });
    const c = await client(port);
    c.socket.write(`GET /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    await within(c.ended);
    const [head, body] = c.text().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r\n/);
    expect(head).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i);
    expect(JSON.parse(body ?? '')).toStrictEqual({
      type: 'https://playq.dev/problems/internal',
      title: 'Internal Server Error',
      status: 500,
      detail: 'An unexpected error occurred.',
      code: 'internal',
    });
    expect(c.text()).not.toContain('s3cr3t');
  });
});
