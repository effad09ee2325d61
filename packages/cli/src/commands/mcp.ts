// `playq mcp`: a Model Context Protocol server for agents, over stdio (or streamable HTTP on
// 127.0.0.1 with --http): the catalogue, validated and explained queries, and bounded runs.
// Credentials come only from files and PLAYQ_* variables, never from a tool's arguments.
import { TOKEN_PATH } from '@playq/query';
import { type Command, Option } from 'commander';
import { integerArg, parseHttpUrl } from '../args';
import { catalogueOption, loadCatalogue } from '../catalogue-file';
import { type ConnectionFlags, readConnectionSecrets } from '../connection';
import { EXIT, usageError } from '../errors';
import type { Context } from '../io';
import { MIN_TOKEN_LENGTH } from '../mcp/http-token';
import { MCP_PACKAGES, needsOptional } from '../optional-part';
import { resolveBaseUrl } from '../query-flags';
import { readSecretFile, secretFileOption } from '../secret-files';
import type { Finish } from './command';

interface McpFlags extends ConnectionFlags {
  readonly baseUrl?: string;
  readonly http?: number;
  readonly httpTokenFile?: string;
  readonly catalogue?: string;
}

const HELP = `
Tools: list_catalogue, validate_text, build_query, run_query, drill_down, find_causes. Resources: playq://catalogue,
playq://docs/query-languages, playq://docs/catalogue.

The service comes from --base-url or PLAYQ_BASE_URL (default the local playq serve); credentials
only from files (--api-key-file, --client-secret-file, --token-file) or PLAYQ_API_KEY,
PLAYQ_CLIENT_ID + PLAYQ_CLIENT_SECRET, PLAYQ_TOKEN: never from a tool's arguments, and never in a
result, a log line or an error. Queries run only on that service. Over stdio, stdin carries the
protocol: a secret cannot be read from it. Secret files must be readable by you alone (chmod 600).

Over --http, every request needs  Authorization: Bearer <token>: the token of --http-token-file or
PLAYQ_MCP_TOKEN (16 characters or more), or else one made at start and printed once on stderr.
Other requests get 401. At most 8 requests are answered at once (more get 503), on POST only.

An MCP host's configuration (e.g. claude_desktop_config.json):
  { "mcpServers": { "playq": { "command": "npx",
      "args": ["-y", "-p", "@playq/cli", "-p", "@modelcontextprotocol/sdk", "-p", "zod", "playq", "mcp"],
      "env": { "PLAYQ_BASE_URL": "http://127.0.0.1:8080/api/v1", "PLAYQ_API_KEY": "demo-key" } } } }
A host that connects over HTTP sends the header itself, e.g. in .vscode/mcp.json:
  { "servers": { "playq": { "type": "http", "url": "http://127.0.0.1:8765/mcp",
      "headers": { "Authorization": "Bearer \${input:playq-mcp-token}" } } } }

Examples:
  $ playq mcp
  $ playq mcp --api-key-file ~/.config/playq/api-key --base-url https://analytics.example/api/v1
  $ playq mcp --http 8765
  $ PLAYQ_MCP_TOKEN=$(cat ~/.config/playq/mcp-token) playq mcp --http 8765`;

// The token of --http-token-file or PLAYQ_MCP_TOKEN, long enough not to be guessed; none: one is made.
async function readHttpToken(flags: McpFlags, ctx: Context): Promise<string | undefined> {
  const fromEnv = ctx.io.env.PLAYQ_MCP_TOKEN;
  if (flags.httpTokenFile === undefined && (fromEnv === undefined || fromEnv === '')) return undefined;
  if (flags.http === undefined) throw usageError('--http-token-file and PLAYQ_MCP_TOKEN go with --http');
  const [where, token] =
    flags.httpTokenFile === undefined
      ? ['PLAYQ_MCP_TOKEN', fromEnv!.trim()]
      : [
          `--http-token-file ${flags.httpTokenFile}`,
          await readSecretFile('--http-token-file', flags.httpTokenFile, {
            stdin: ctx.io.stdin,
            cwd: ctx.io.cwd,
          }),
        ];
  if (token.length < MIN_TOKEN_LENGTH || /\s/.test(token)) {
    throw usageError(
      `${where}: the token must be at least ${MIN_TOKEN_LENGTH} characters with no blank (e.g. \`openssl rand -hex 24\`)`,
    );
  }
  return token;
}

/** @internal */
export function registerMcp(program: Command, ctx: Context, finish: Finish): void {
  program
    .command('mcp')
    .description(
      'Serve the catalogue, query checks and bounded query runs to agents over the Model Context Protocol.',
    )
    .addOption(
      new Option(
        '--base-url <url>',
        'service base URL (env PLAYQ_BASE_URL, default http://127.0.0.1:8080/api/v1)',
      ).argParser(parseHttpUrl),
    )
    .addOption(
      new Option('--plan-url <url>', 'plan host for the planlevel lookup (env PLAYQ_PLAN_URL)').argParser(
        parseHttpUrl,
      ),
    )
    .addOption(secretFileOption('api-key', 'the X-API-Key'))
    .addOption(new Option('--client-id <id>', 'OAuth client id for session (env PLAYQ_CLIENT_ID)'))
    .addOption(secretFileOption('client-secret', 'the OAuth client secret'))
    .addOption(secretFileOption('token', 'the bearer token'))
    .addOption(
      new Option('--token-url <url>', `OAuth token endpoint (default {base_url}${TOKEN_PATH})`).argParser(
        parseHttpUrl,
      ),
    )
    .addOption(
      new Option(
        '--http <port>',
        'serve streamable HTTP on 127.0.0.1:<port>/mcp (0: a free port) instead of stdio',
      ).argParser(integerArg(0, 65535)),
    )
    .addOption(
      new Option(
        '--http-token-file <path>',
        'with --http: the bearer token requests must carry, read from a file (env PLAYQ_MCP_TOKEN; default a random one, printed at start)',
      ),
    )
    .addOption(catalogueOption())
    .addHelpText('after', HELP)
    .action(async (flags: McpFlags) => {
      if (
        [flags.apiKeyFile, flags.clientSecretFile, flags.tokenFile].includes('-') &&
        flags.http === undefined
      ) {
        throw usageError(
          'over stdio, stdin carries the MCP protocol: give the secret in a file or a PLAYQ_* variable',
        );
      }
      const connection = await readConnectionSecrets(flags, { stdin: ctx.io.stdin, cwd: ctx.io.cwd });
      const httpToken = await readHttpToken(flags, ctx);
      const settings = {
        baseUrl: resolveBaseUrl(flags, ctx.io.env),
        catalogue: loadCatalogue(flags.catalogue),
        connection,
        httpPort: flags.http,
        httpToken,
      };
      const { runMcp } = await needsOptional('mcp', MCP_PACKAGES, () => import('../mcp/run-mcp'));
      await runMcp(ctx, settings);
      finish(EXIT.ok);
    });
}
