// `playq mcp --http <port>`: the MCP server over streamable HTTP at http://127.0.0.1:<port>/mcp,
// stateless (a fresh server per request, no session to hijack), loopback only, and refusing any
// Host or Origin but its own so a web page cannot reach it by DNS rebinding.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CliError, EXIT } from '../errors';
import { createPlayqMcpServer } from './server';
import type { McpService } from './tool-query';

/** The path the MCP endpoint answers on. */
export const MCP_PATH = '/mcp';
const HOST = '127.0.0.1';

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${text}\n`);
}

async function answer(req: IncomingMessage, res: ServerResponse, service: McpService, port: number) {
  if (new URL(req.url ?? '/', 'http://x').pathname !== MCP_PATH)
    return plain(res, 404, `not found: the MCP endpoint is ${MCP_PATH}`);
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
 * Listens on 127.0.0.1:`port` (0 for a free one) and resolves to the server and its URL.
 *
 * @example
 * const { url, server } = await listenMcpHttp(service, 0); // url: 'http://127.0.0.1:53211/mcp'
 */
export async function listenMcpHttp(
  service: McpService,
  port: number,
): Promise<{ server: Server; url: string }> {
  let bound = port;
  const server = createServer((req, res) => {
    answer(req, res, service, bound).catch(() => {
      if (!res.headersSent) plain(res, 500, 'internal error');
      else res.destroy();
    });
  });
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
