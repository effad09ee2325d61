// The running part of `playq mcp`, loaded only when it runs (it needs the optional MCP SDK): the
// service it answers for, from flags, secret files and PLAYQ_* variables, then the server over
// stdio until the client closes it, or over HTTP on 127.0.0.1 until Ctrl-C.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type AuthAdapter, createClient, type PlayqClient } from '@playq/client';
import { type AnyCatalogue, ENDPOINTS, isEndpoint } from '@playq/query';
import { type ConnectionFlags, resolveCredentials, resolvePlanUrl } from '../connection';
import type { Context } from '../io';
import { authAdapterFor, clientWith } from '../run-query';
import { waitForAbort } from '../serve/wait';
import { listenMcpHttp } from './http';
import { generateToken } from './http-token';
import { createPlayqMcpServer } from './server';
import { boundedLines, MAX_STDIO_LINE_BYTES, tooLargeReply } from './stdio-lines';
import type { McpService } from './tool-query';
import { MAX_PAGE_BYTES } from './tools/run-tool';

export interface McpSettings {
  readonly baseUrl: string;
  readonly catalogue: AnyCatalogue;
  /** Credentials, secrets already read from their files; the environment fills the rest. */
  readonly connection: ConnectionFlags;
  /** Serve streamable HTTP on this port of 127.0.0.1 instead of stdio. */
  readonly httpPort?: number | undefined;
  /** The bearer token HTTP requests must carry; without one, a random token is made and printed once. */
  readonly httpToken?: string | undefined;
}

/**
 * The service the MCP server answers for: clients made on first use, one per endpoint, so a
 * missing credential is reported by the tool that needs it, worded without the secret.
 *
 * @example
 * const service = mcpService(ctx, settings);
 */
export function mcpService(ctx: Context, settings: McpSettings): McpService {
  const { baseUrl, catalogue, connection } = settings;
  const planUrl = resolvePlanUrl(connection, ctx.io.env, baseUrl);
  const clients = new Map<string, PlayqClient>();
  const adapters: AuthAdapter[] = [];
  const { env } = ctx.io;
  // Every secret the tools could meet: the configured ones, and what the adapters hold (a token
  // fetched with client credentials, say), so no result carries one back to the agent.
  const configured = [connection.apiKey, connection.clientSecret, connection.token]
    .concat([env.PLAYQ_API_KEY, env.PLAYQ_CLIENT_SECRET, env.PLAYQ_TOKEN])
    .filter((s): s is string => typeof s === 'string' && s !== '');
  return {
    baseUrl,
    planUrl,
    catalogue,
    endpoints: ENDPOINTS,
    now: () => Date.now() / 1000,
    client(endpoint) {
      let client = clients.get(endpoint);
      if (client === undefined) {
        const kind = isEndpoint(endpoint) ? endpoint : 'metricquery';
        const adapter = authAdapterFor(
          resolveCredentials(kind, connection, env, baseUrl, { valueFlags: false }),
        );
        adapters.push(adapter);
        client = clientWith(kind, adapter, { baseUrl, planUrl, catalogue, maxResponseBytes: MAX_PAGE_BYTES });
        clients.set(endpoint, client);
      }
      return client;
    },
    secrets: () => [...configured, ...adapters.flatMap((a) => [...a.secrets()])],
    planClient: () =>
      createClient({ baseUrl, ...(planUrl === undefined ? {} : { planUrl }), userAgent: 'playq-mcp' }),
  };
}

// Until the client closes stdin (or Ctrl-C): stdout carries the protocol, so nothing else writes
// there but the transport, and the one error line for a message too large to read.
async function serveStdio(ctx: Context, service: McpService): Promise<void> {
  const server = createPlayqMcpServer(service);
  const lines = process.stdin.pipe(
    boundedLines(MAX_STDIO_LINE_BYTES, () => {
      process.stdout.write(tooLargeReply(MAX_STDIO_LINE_BYTES));
      ctx.err(
        `playq mcp: a message over ${MAX_STDIO_LINE_BYTES / (1024 * 1024)} MiB arrived on stdin; it was dropped and answered with an error\n`,
      );
    }),
  );
  // A line's newline, and nothing more, on top of the bound: the transport's own limit never fires.
  const transport = new StdioServerTransport(lines as unknown as typeof process.stdin, process.stdout, {
    maxBufferSize: MAX_STDIO_LINE_BYTES + 2,
  });
  const closed = new Promise<void>((resolve) => {
    lines.once('end', resolve);
    transport.onclose = resolve;
  });
  await server.connect(transport);
  ctx.err(ctx.errColor.dim(`playq mcp: answering for ${service.baseUrl} over stdio\n`));
  await Promise.race([closed, waitForAbort(ctx.signal)]);
  await server.close();
}

async function serveHttp(ctx: Context, service: McpService, port: number, given?: string): Promise<void> {
  const token = given ?? generateToken();
  const { server, url } = await listenMcpHttp(service, port, { token });
  const auth =
    given === undefined
      ? `every request needs the header  Authorization: Bearer ${token}  (made for this run, shown once; give your own with --http-token-file or PLAYQ_MCP_TOKEN)`
      : 'every request needs the header  Authorization: Bearer <the token of --http-token-file or PLAYQ_MCP_TOKEN>';
  // One write: whoever reads the URL from stderr has the header's line with it.
  ctx.err(
    `playq mcp: answering for ${service.baseUrl} at ${url} (streamable HTTP); press Ctrl-C to stop\nplayq mcp: ${auth}\n`,
  );
  try {
    await waitForAbort(ctx.signal);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * Runs the MCP server until its client leaves (stdio) or Ctrl-C (HTTP).
 *
 * @example
 * await runMcp(ctx, { baseUrl, catalogue, connection: {} });
 */
export async function runMcp(ctx: Context, settings: McpSettings): Promise<void> {
  const service = mcpService(ctx, settings);
  if (settings.httpPort === undefined) await serveStdio(ctx, service);
  else await serveHttp(ctx, service, settings.httpPort, settings.httpToken);
}
