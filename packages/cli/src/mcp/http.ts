// `playq mcp --http <port>`: the MCP server over streamable HTTP at http://127.0.0.1:<port>/mcp.
// Every request must carry the server's bearer token: its tools run queries with the operator's
// credentials, and any local process or user could otherwise call them. Stateless (a fresh server
// per request, no session to hijack, no stream held open), loopback only, bounded in requests at
// once and in time per connection, and refusing any Host or Origin but its own so a web page cannot
// reach it by DNS rebinding.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CliError, EXIT } from '../errors';
import { bearerMatches, tokenDigest } from './http-token';
import { createPlayqMcpServer } from './server';
import type { McpService } from './tool-query';

/** The path the MCP endpoint answers on. */
export const MCP_PATH = '/mcp';
const HOST = '127.0.0.1';
const REALM = 'playq mcp';

/** The limits of the HTTP server; each has a default. */
export interface McpHttpLimits {
  /** Requests answered at once; more are refused with 503 and `Retry-After` (default 8). */
  readonly maxInFlight?: number;
  /** Open connections; more are closed as they arrive (default 32). */
  readonly maxConnections?: number;
  /** Milliseconds an idle keep-alive connection stays open (default 5,000). */
  readonly idleTimeoutMs?: number;
  /** Milliseconds a whole request may take, its tool's deadline included (default 150,000). */
  readonly requestTimeoutMs?: number;
}

/** How the server is reached: where, with which token, within which limits. */
export interface McpHttpOptions extends McpHttpLimits {
  /** The bearer token every request must carry (`Authorization: Bearer <token>`). */
  readonly token: string;
}

function plain(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(`${text}\n`);
}

// A refusal the MCP client can read: JSON-RPC's error shape, as the SDK's own refusals are.
function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }));
}

function unauthorized(res: ServerResponse, why: 'missing' | 'wrong'): void {
  const challenge =
    why === 'missing'
      ? `Bearer realm="${REALM}"`
      : `Bearer realm="${REALM}", error="invalid_token", error_description="the bearer token is not this server's"`;
  refuse(
    res,
    401,
    why === 'missing'
      ? 'Unauthorized: send Authorization: Bearer <token>, the token playq mcp printed at start (or the one of --http-token-file or PLAYQ_MCP_TOKEN)'
      : "Unauthorized: the bearer token is not this server's",
    { 'www-authenticate': challenge },
  );
}

async function answer(req: IncomingMessage, res: ServerResponse, service: McpService, port: number) {
  const hosts = [`${HOST}:${port}`, `localhost:${port}`];
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    enableDnsRebindingProtection: true,
    allowedHosts: hosts,
    allowedOrigins: hosts.map((h) => `http://${h}`),
  });
  const server = createPlayqMcpServer(service);
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}

/**
 * Listens on 127.0.0.1:`port` (0 for a free one) and resolves to the server and its URL. Every
 * request needs `Authorization: Bearer <options.token>`; others get 401 with `WWW-Authenticate`.
 *
 * @example
 * const { url, server } = await listenMcpHttp(service, 0, { token: generateToken() });
 * // url: 'http://127.0.0.1:53211/mcp'
 */
export async function listenMcpHttp(
  service: McpService,
  port: number,
  options: McpHttpOptions,
): Promise<{ server: Server; url: string }> {
  const expected = tokenDigest(options.token);
  const maxInFlight = options.maxInFlight ?? 8;
  let inFlight = 0;
  let bound = port;
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== MCP_PATH)
      return plain(res, 404, `not found: the MCP endpoint is ${MCP_PATH}`);
    const auth = bearerMatches(req.headers.authorization, expected);
    if (auth !== 'ok') return unauthorized(res, auth);
    // Stateless with JSON answers: the server never sends on its own, so no stream is held open.
    if (req.method !== 'POST')
      return refuse(res, 405, 'Method not allowed: this stateless MCP server answers POST only', {
        allow: 'POST',
      });
    if (inFlight >= maxInFlight)
      return refuse(res, 503, `Busy: ${maxInFlight} requests are being answered; try again shortly`, {
        'retry-after': '1',
      });
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
    });
    answer(req, res, service, bound).catch(() => {
      if (!res.headersSent) plain(res, 500, 'internal error');
      else res.destroy();
    });
  });
  server.maxConnections = options.maxConnections ?? 32;
  server.keepAliveTimeout = options.idleTimeoutMs ?? 5_000;
  server.headersTimeout = Math.min(10_000, options.requestTimeoutMs ?? 150_000);
  server.requestTimeout = options.requestTimeoutMs ?? 150_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new CliError(
              `port ${port} on ${HOST} is in use: pick another with --http, or --http 0 for a free one`,
              EXIT.failure,
            )
          : error,
      );
    });
    server.listen(port, HOST, resolve);
  });
  bound = (server.address() as AddressInfo).port;
  return { server, url: `http://${HOST}:${bound}${MCP_PATH}` };
}
