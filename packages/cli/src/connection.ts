// Where to send a query and with which credentials: flags (or the files they name) first, then
// PLAYQ_* environment variables. A missing credential is a usage error that names the ways to give
// it; the secret itself never appears in any message.
import { credentialOf, type Endpoint, TOKEN_PATH, tokenUrlOf } from '@playq/query';
import { type Command, Option } from 'commander';
import { parseHttpUrl } from './args';
import { usageError } from './errors';
import { readSecretPairs, type SecretSource, secretFileOption } from './secret-files';

export interface ConnectionFlags {
  readonly planUrl?: string;
  readonly apiKey?: string;
  readonly clientId?: string;
  readonly clientSecret?: string;
  readonly token?: string;
  readonly tokenUrl?: string;
  readonly apiKeyFile?: string;
  readonly clientSecretFile?: string;
  readonly tokenFile?: string;
}

/** Resolved connection settings for one endpoint. */
export type Credentials =
  | { readonly kind: 'apiKey'; readonly apiKey: string }
  | { readonly kind: 'token'; readonly token: string }
  | {
      readonly kind: 'clientCredentials';
      readonly clientId: string;
      readonly clientSecret: string;
      readonly tokenUrl: string;
    };

/** @internal Adds the credential and plan-host flags to a command. */
export function addConnectionOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--plan-url <url>', 'plan host for the planlevel lookup (env PLAYQ_PLAN_URL)').argParser(
        parseHttpUrl,
      ),
    )
    .addOption(new Option('--api-key <key>', 'X-API-Key for metricquery (env PLAYQ_API_KEY)'))
    .addOption(secretFileOption('api-key', 'the X-API-Key'))
    .addOption(new Option('--client-id <id>', 'OAuth client id for session (env PLAYQ_CLIENT_ID)'))
    .addOption(
      new Option('--client-secret <secret>', 'OAuth client secret for session (env PLAYQ_CLIENT_SECRET)'),
    )
    .addOption(secretFileOption('client-secret', 'the OAuth client secret'))
    .addOption(
      new Option(
        '--token <token>',
        'bearer token for session, instead of a client id/secret (env PLAYQ_TOKEN)',
      ),
    )
    .addOption(secretFileOption('token', 'the bearer token'))
    .addOption(
      new Option('--token-url <url>', `OAuth token endpoint (default {base_url}${TOKEN_PATH})`).argParser(
        parseHttpUrl,
      ),
    );
}

/**
 * The flags with each `--*-file` secret read into its flag (`--api-key-file` into `apiKey`, …);
 * call it before `resolveCredentials`.
 *
 * @example
 * await readConnectionSecrets({ apiKeyFile: '-' }, { stdin: process.stdin }); // { apiKey: 'demo-key' }
 */
export async function readConnectionSecrets<F extends ConnectionFlags>(
  flags: F,
  source: SecretSource,
): Promise<F> {
  const [apiKey, clientSecret, token] = await readSecretPairs(
    [
      { name: 'api-key', value: flags.apiKey, file: flags.apiKeyFile },
      { name: 'client-secret', value: flags.clientSecret, file: flags.clientSecretFile },
      { name: 'token', value: flags.token, file: flags.tokenFile },
    ],
    source,
  );
  return {
    ...flags,
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(clientSecret === undefined ? {} : { clientSecret }),
    ...(token === undefined ? {} : { token }),
  };
}

type Env = Readonly<Record<string, string | undefined>>;

function pick(flag: string | undefined, env: Env, name: string): string | undefined {
  if (flag !== undefined) return flag;
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Where a command takes secrets from: every command has the `--…-file` flags and PLAYQ_*
 * variables; `playq mcp` has no flag that takes a secret's value (it would show in the process list
 * of an agent host's machine), so its messages name only the ways it has.
 */
export interface SecretWays {
  /** The command has `--api-key`, `--client-secret` and `--token`. Default true. */
  readonly valueFlags?: boolean;
}

/**
 * The credentials an endpoint needs, from flags or the environment. A missing one is a usage
 * error naming the ways the command has to give it.
 *
 * @example
 * resolveCredentials('metricquery', {}, { PLAYQ_API_KEY: 'demo-key' }, 'http://127.0.0.1:8080/api/v1');
 * // { kind: 'apiKey', apiKey: 'demo-key' }
 */
export function resolveCredentials(
  endpoint: Endpoint,
  flags: ConnectionFlags,
  env: Env,
  baseUrl: string,
  ways: SecretWays = {},
): Credentials {
  const valueFlags = ways.valueFlags ?? true;
  const flag = (name: string) => (valueFlags ? `--${name}-file, --${name}` : `--${name}-file`);
  if (credentialOf(endpoint) === 'apiKey') {
    const apiKey = pick(flags.apiKey, env, 'PLAYQ_API_KEY');
    if (apiKey === undefined)
      throw usageError(
        `the ${endpoint} endpoint needs an API key: give ${flag('api-key')} or set PLAYQ_API_KEY`,
      );
    return { kind: 'apiKey', apiKey };
  }
  const token = pick(flags.token, env, 'PLAYQ_TOKEN');
  const clientId = pick(flags.clientId, env, 'PLAYQ_CLIENT_ID');
  const clientSecret = pick(flags.clientSecret, env, 'PLAYQ_CLIENT_SECRET');
  // A --token flag is the most explicit choice and beats client credentials from the environment.
  const tokenFlagWins =
    flags.token !== undefined && flags.clientId === undefined && flags.clientSecret === undefined;
  if (clientId !== undefined && clientSecret !== undefined && !tokenFlagWins) {
    let tokenUrl = flags.tokenUrl;
    if (tokenUrl === undefined) {
      const fromEnv = pick(undefined, env, 'PLAYQ_TOKEN_URL');
      tokenUrl = fromEnv === undefined ? tokenUrlOf(baseUrl) : parseEnvUrl(fromEnv, 'PLAYQ_TOKEN_URL');
    }
    return { kind: 'clientCredentials', clientId, clientSecret, tokenUrl };
  }
  if (token !== undefined) return { kind: 'token', token };
  if (clientId !== undefined || clientSecret !== undefined) {
    throw usageError(
      `the session endpoint needs both a client id and a client secret; ${clientId === undefined ? 'the client id (--client-id or PLAYQ_CLIENT_ID)' : `the client secret (${flag('client-secret')} or PLAYQ_CLIENT_SECRET)`} is missing`,
    );
  }
  throw usageError(
    `the session endpoint needs a bearer token (${flag('token')} or PLAYQ_TOKEN) or OAuth client credentials (--client-id and ${flag('client-secret').replace(', ', ' or ')}, or PLAYQ_CLIENT_ID and PLAYQ_CLIENT_SECRET)`,
  );
}

function parseEnvUrl(value: string, name: string): string {
  try {
    return parseHttpUrl(value);
  } catch (error) {
    throw usageError(`${name}: ${(error as Error).message}`);
  }
}

/**
 * The plan host: the flag, PLAYQ_PLAN_URL, or, for a base URL ending in `/api/v1` (the reference
 * service's layout), the `/plans` path beside it.
 *
 * @example
 * resolvePlanUrl({}, {}, 'http://127.0.0.1:8080/api/v1'); // 'http://127.0.0.1:8080/plans'
 */
export function resolvePlanUrl(flags: ConnectionFlags, env: Env, baseUrl: string): string | undefined {
  if (flags.planUrl !== undefined) return flags.planUrl;
  const fromEnv = pick(undefined, env, 'PLAYQ_PLAN_URL');
  if (fromEnv !== undefined) return parseEnvUrl(fromEnv, 'PLAYQ_PLAN_URL');
  const match = /^(.*)\/api\/v1$/.exec(baseUrl);
  return match ? `${match[1]}/plans` : undefined;
}
