// The Node HTTP listener around the service's fetch handler, hardened for hostile clients: every
// answer it gives itself (a malformed request line, an over-long URL, a slow client) is
// problem+json, slow clients are timed out, and shutdown closes keep-alive connections cleanly.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener, RequestError } from '@hono/node-server';
import { DOT_SEGMENT_CUSTOMER_MESSAGE, hasDotSegmentCustomer } from '@playq/query';
import { problemJson, problemResponse, type ServerProblemCode, statusTitle } from './problem';
import { SECURITY_HEADERS, securityHeaderLines, withSecurityHeaders } from './security-headers';

export interface NodeServerOptions {
  /** Answers a request; `env.incoming` is the Node request it came from, `env.outgoing` its response. */
  readonly fetch: (
    request: Request,
    env?: {
      readonly incoming: { readonly socket: { readonly remoteAddress?: string | undefined } };
      readonly outgoing?: unknown;
    },
  ) => Promise<Response>;
  readonly hostname: string;
  readonly maxUrlLength: number;
  /** Time a client has to send the request line and headers; default 10,000 ms. */
  readonly headersTimeoutMs: number;
  /** Time a client has to send the whole request; default 30,000 ms. */
  readonly requestTimeoutMs: number;
}

export interface NodeServer {
  readonly server: Server;
  /** Stops accepting, ends idle keep-alive connections cleanly, closes the others after their answer; cuts what is left at `deadline` (a `performance.now()` time). */
  shutdown(deadline: number): Promise<void>;
}

export function createNodeServer(options: NodeServerOptions): NodeServer {
  const listener = getRequestListener(options.fetch, {
    hostname: options.hostname,
    // Requests Node parsed but the adapter cannot turn into a Request (a backslash in the path, a
    // bad Host): problem+json instead of an empty text/plain 400. Anything else is a failure of the
    // handler itself (it answers its own errors, so this is a bug): a 500 that shows nothing of it.
    errorHandler: (error) =>
      withSecurityHeaders(
        error instanceof RequestError
          ? problemResponse(400, 'bad_request', `The request cannot be read: ${error.message}.`)
          : problemResponse(500, 'internal', 'An unexpected error occurred.'),
      ),
  });
  const sockets = new Set<Socket>();
  /** Sockets with a request in progress, and its response. */
  const busy = new Map<Socket, ServerResponse>();
  let closing = false;

  const server = createServer(
    {
      // Node refuses request lines longer than maxHeaderSize; leave room for the app's own 414.
      maxHeaderSize: options.maxUrlLength + 16_384,
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      // How often the timeouts above are checked (Node's default is every 30 s).
      connectionsCheckingInterval: 1_000,
    },
    (req: IncomingMessage, res: ServerResponse) => {
      const socket = req.socket;
      if (hasDotSegmentCustomer(req.url ?? '')) {
        // URL parsing would remove the segment and turn the request into a 404 for another path.
        const body = problemJson(400, 'invalid_customer', DOT_SEGMENT_CUSTOMER_MESSAGE, {
          param: 'customerId',
        });
        res.writeHead(400, {
          'Content-Type': 'application/problem+json',
          'Content-Length': Buffer.byteLength(body),
          'Cache-Control': 'no-store',
          ...SECURITY_HEADERS,
        });
        res.end(body);
        return;
      }
      busy.set(socket, res);
      if (closing) res.shouldKeepAlive = false;
      res.once('close', () => {
        busy.delete(socket);
        if (closing) socket.end();
      });
      void listener(req, res);
    },
  );
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) =>
    answerClientError(error, socket),
  );

  const shutdown = (deadline: number): Promise<void> => {
    closing = true;
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) {
      const res = busy.get(socket);
      // A response not yet started says `Connection: close`; the socket ends after it either way.
      if (res === undefined) socket.end();
      else if (!res.headersSent) res.shouldKeepAlive = false;
    }
    const cut = setTimeout(
      () => {
        for (const socket of sockets) socket.destroy();
      },
      Math.max(0, deadline - performance.now()),
    );
    return stopped.finally(() => clearTimeout(cut));
  };

  return { server, shutdown };
}

/** Node's own answers to unreadable requests, replaced by problem+json ones. */
function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  if (
    error.code === 'ECONNRESET' ||
    !socket.writable ||
    (socket as Socket & { _httpMessage?: unknown })._httpMessage
  ) {
    socket.destroy();
    return;
  }
  const [status, code, detail] = classify(error);
  const body = problemJson(status, code, detail);
  socket.end(
    `HTTP/1.1 ${status} ${statusTitle(status)}\r\nContent-Type: application/problem+json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${securityHeaderLines()}` +
      `Connection: close\r\n\r\n${body}`,
  );
  // Keep reading what the client is still sending: closing with unread data would be a reset, and
  // the client would lose the answer.
  socket.on('data', () => {});
  socket.resume();
  setTimeout(() => socket.destroy(), 2_000).unref();
}

function classify(
  error: NodeJS.ErrnoException & { rawPacket?: Buffer },
): [number, ServerProblemCode, string] {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'request_timeout', 'The request was not received in time.'];
    case 'HPE_HEADER_OVERFLOW': {
      // Without a line break in what overflowed, the request line itself is too long.
      const raw = error.rawPacket?.toString('latin1') ?? '';
      const firstLine = raw.indexOf('\r\n') < 0 ? raw : raw.slice(0, raw.indexOf('\r\n'));
      return firstLine.length >= raw.length / 2
        ? [414, 'uri_too_long', 'The request URL is too long.']
        : [431, 'headers_too_large', 'The request headers are too large.'];
    }
    default:
      return [
        400,
        'bad_request',
        'The request line or headers are malformed (for example a raw space, control or non-ASCII byte in the URL; percent-encode it).',
      ];
  }
}
