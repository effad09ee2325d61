// Real sockets on loopback for the redirect tests: a listener that answers with a fetch-style
// handler and keeps the method, URL and headers of every request it received, so a test can say
// what an origin saw. Port 0, closed by the test.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface Listener {
  /** `http://host:port`, as clients should address it. */
  readonly origin: string;
  readonly seen: Seen[];
  close(): Promise<void>;
}

export type Handler = (request: Request, self: Listener) => Response | Promise<Response>;

async function readBody(message: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Listens on `host` (port 0) and answers every request with `handler`. */
export async function listen(host: '127.0.0.1' | 'localhost', handler: Handler): Promise<Listener> {
  const seen: Seen[] = [];
  let self: Listener | undefined;
  const server = createServer((message, reply) => {
    void (async () => {
      const body = await readBody(message);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(message.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const url = `${self!.origin}${message.url ?? '/'}`;
      const method = message.method ?? 'GET';
      seen.push({ method, url, headers, body });
      const request = new Request(url, {
        method,
        headers,
        ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
      });
      const response = await handler(request, self!);
      reply.writeHead(response.status, Object.fromEntries(response.headers));
      reply.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      reply.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  self = {
    origin: `http://${host}:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return self;
}

/** A handler answering every request with a redirect to `target(request)`. */
export function redirectTo(status: number, target: (request: Request) => string): Handler {
  return (request) =>
    new Response(`moved to ${target(request)}`, { status, headers: { location: target(request) } });
}
