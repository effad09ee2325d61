// Executes a resolved query through @playq/client: credentials for its endpoint, the plan-level
// lookup for a session query without one, one page or every page (in order, several in flight),
// and client errors turned into one readable line without any secret in it.
import {
  type AuthAdapter,
  apiKeyAuth,
  bearerAuth,
  clientCredentials,
  createClient,
  type Page,
  type PlayqClient,
  PlayqError,
  PlayqHttpError,
  PlayqNetworkError,
} from '@playq/client';
import { type AnyCatalogue, credentialOf, type Endpoint, outsideTheData, type QueryNode } from '@playq/query';
import { type ConnectionFlags, type Credentials, resolveCredentials, resolvePlanUrl } from './connection';
import { CliError, EXIT, isAbort } from './errors';
import { terminalText } from './format/terminal-text';
import { playqCommand } from './invocation';
import type { Context } from './io';
import type { ResultRecord } from './output/record-writer';
import { withPlanLevel } from './plan-level';

export interface QueryRun {
  readonly query: QueryNode;
  readonly baseUrl: string;
  readonly flags: ConnectionFlags;
  /** Every page, or only the one the query describes. */
  readonly all: boolean;
  readonly concurrency: number;
  /** The catalogue the client checks names against (from --catalogue). */
  readonly catalogue?: AnyCatalogue;
}

export interface QueryOutcome {
  /** The query as sent (with a looked-up planlevel filled in). */
  readonly query: QueryNode;
  readonly totalrecords: number;
  readonly pagecount: number;
  /** Records in the first page received. */
  readonly firstPageCount: number;
  /** Why an empty result is empty when its period misses the served data (see `outsideTheData`). */
  readonly outsideTheData?: string;
}

/**
 * The client for one endpoint's credentials.
 *
 * @example
 * const client = clientFor('metricquery', { kind: 'apiKey', apiKey: 'demo-key' }, baseUrl, planUrl);
 */
export function clientFor(
  endpoint: Endpoint,
  credentials: Credentials,
  baseUrl: string,
  planUrl: string | undefined,
  catalogue?: AnyCatalogue,
): PlayqClient {
  return clientWith(endpoint, authAdapterFor(credentials), { baseUrl, planUrl, catalogue });
}

/** Where a client made by `clientWith` sends, and what it checks. */
export interface ClientSettings {
  readonly baseUrl: string;
  readonly planUrl: string | undefined;
  readonly catalogue?: AnyCatalogue | undefined;
  /** The client's `maxResponseBytes` (default the client's, 64 MiB). */
  readonly maxResponseBytes?: number;
}

/**
 * A client for `endpoint` that authenticates with `adapter`.
 *
 * @example
 * const client = clientWith('metricquery', apiKeyAuth('demo-key'), { baseUrl, planUrl: undefined });
 */
export function clientWith(endpoint: Endpoint, adapter: AuthAdapter, settings: ClientSettings): PlayqClient {
  const { baseUrl, planUrl, catalogue, maxResponseBytes } = settings;
  return createClient({
    baseUrl,
    ...(planUrl === undefined ? {} : { planUrl }),
    auth: credentialOf(endpoint) === 'apiKey' ? { metricquery: adapter } : { session: adapter },
    userAgent: 'playq-cli',
    ...(catalogue === undefined ? {} : { catalogue }),
    ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
  });
}

/**
 * The auth adapter for resolved credentials.
 *
 * @example
 * authAdapterFor({ kind: 'apiKey', apiKey: 'demo-key' }).secrets(); // ['demo-key']
 */
export function authAdapterFor(credentials: Credentials): AuthAdapter {
  return credentials.kind === 'apiKey'
    ? apiKeyAuth(credentials.apiKey)
    : credentials.kind === 'token'
      ? bearerAuth(credentials.token)
      : clientCredentials({
          tokenUrl: credentials.tokenUrl,
          clientId: credentials.clientId,
          clientSecret: credentials.clientSecret,
        });
}

/**
 * A client error as one line: the service's problem code and detail, the HTTP status, or the
 * network failure; never a credential (the client already redacts URLs and bodies), and never a
 * control character the service sent (shown escaped).
 *
 * @example
 * describeClientError(error); // 'the service answered 403 forbidden: The API key belongs to another customer'
 */
export function describeClientError(error: unknown): string {
  return terminalText(clientErrorText(error));
}

function clientErrorText(error: unknown): string {
  if (PlayqHttpError.isInstance(error)) {
    const detail = error.problem?.detail ?? error.problem?.title ?? error.message;
    const code = error.code ? ` ${error.code}` : '';
    const param = error.param ? ` (parameter ${error.param})` : '';
    return `the service answered ${error.status}${code}${param}: ${detail}`;
  }
  if (PlayqNetworkError.isInstance(error)) return unreachable(error);
  if (PlayqError.isInstance(error)) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A failed connection as what the user can do about it: where, why, and how to get a service. */
function unreachable(error: PlayqNetworkError): string {
  const where = URL.canParse(error.url) ? new URL(error.url).origin : error.url;
  const why = error.message.slice(error.message.indexOf(' failed: ') + ' failed: '.length);
  return (
    `the service is not reachable at ${where} (${why.includes('ECONNREFUSED') ? 'connection refused' : why}). ` +
    `Start one with \`${playqCommand()} serve\`, or point --base-url (or PLAYQ_BASE_URL) at a running service.`
  );
}

/**
 * Runs the query and hands each page, in order, to `onPage`. Client failures become a CliError
 * (exit 1); an abort is rethrown for the caller to report.
 *
 * @example
 * await executeQuery(ctx, run, async (page) => writer.add(page.records));
 */
export async function executeQuery(
  ctx: Context,
  run: QueryRun,
  onPage: (page: Page<ResultRecord>) => Promise<void>,
): Promise<QueryOutcome> {
  const endpoint = run.query.endpoint;
  const credentials = resolveCredentials(endpoint, run.flags, ctx.io.env, run.baseUrl);
  const planUrl = resolvePlanUrl(run.flags, ctx.io.env, run.baseUrl);
  const client = clientFor(endpoint, credentials, run.baseUrl, planUrl, run.catalogue);
  const signal = ctx.signal;
  try {
    const query = await withPlanLevel(run.query, {
      planUrl,
      client: () => client,
      signal,
      describe: describeClientError,
    });
    let first: Page<ResultRecord> | undefined;
    if (run.all) {
      for await (const page of client.pages(query, { signal, concurrency: run.concurrency })) {
        first ??= page;
        await onPage(page);
      }
    } else {
      first = await client.run(query, { signal });
      await onPage(first);
    }
    const outside =
      first?.totalrecords === 0 && first.dataSpan !== undefined && query.period?.type === 'period'
        ? outsideTheData(query.period, first.dataSpan)
        : undefined;
    return {
      query,
      totalrecords: first?.totalrecords ?? 0,
      pagecount: first?.pagecount ?? 0,
      firstPageCount: first?.totalcount ?? 0,
      ...(outside === undefined ? {} : { outsideTheData: outside }),
    };
  } catch (error) {
    if (error instanceof CliError || isAbort(error, signal)) throw error;
    throw new CliError(describeClientError(error), EXIT.failure, { cause: error });
  }
}
