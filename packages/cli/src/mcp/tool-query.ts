// From a tool's query input to a validated query and its canonical URL, or the problems that stop
// it: the fields or URL checked by @playq/query's codec, a session query's missing plan level
// looked up on the configured plan host, and a URL to another service refused before it is run.
import type { PlayqClient } from '@playq/client';
import { type AnyCatalogue, fromURL, type QueryDiagnostic, type QueryNode, toURL } from '@playq/query';
import { describeClientError } from '../run-query';
import { type Problem, problem, problemOf } from './problems';
import { fieldsBesideUrl, fieldsToUrl, type QueryInput } from './query-input';

/** The service a server is configured for, and how to reach it. */
export interface McpService {
  readonly baseUrl: string;
  readonly planUrl: string | undefined;
  readonly catalogue: AnyCatalogue;
  readonly endpoints: readonly string[];
  /** Epoch seconds, for `last`. */
  readonly now: () => number;
  /** A client with the credentials of `endpoint`; throws (with no secret in the message) when they are missing. */
  client(endpoint: string): PlayqClient;
  /** A client without credentials, for the plan-level lookup. */
  planClient(): PlayqClient;
  /** Every secret the clients know, for redacting what a tool returns. */
  secrets(): readonly string[];
}

export type ToolQuery =
  | {
      readonly ok: true;
      readonly query: QueryNode;
      readonly url: string;
      readonly warnings: Problem[];
    }
  | { readonly ok: false; readonly problems: Problem[] };

/**
 * Whether `url` addresses the configured service (same origin, under its base path): the only
 * place credentials are ever sent.
 *
 * @example
 * isServiceUrl('http://127.0.0.1:8080/api/v1/metricquery/demo', 'http://127.0.0.1:8080/api/v1'); // true
 */
export function isServiceUrl(url: string, baseUrl: string): boolean {
  if (!URL.canParse(url)) return false;
  const target = new URL(url);
  const base = new URL(baseUrl);
  return target.origin === base.origin && target.pathname.startsWith(`${base.pathname.replace(/\/$/, '')}/`);
}

function urlOf(input: QueryInput, service: McpService): { url: string } | { problems: Problem[] } {
  if (input.url === undefined) return fieldsToUrl(input, { ...service, now: service.now() });
  const beside = fieldsBesideUrl(input);
  if (beside.length > 0) return { problems: beside };
  // Root-relative, as the vendor's documentation writes them: on the configured service.
  const relative = input.url.startsWith('/') && !input.url.startsWith('//');
  return { url: relative ? new URL(input.url, service.baseUrl).href : input.url };
}

async function withLookedUpPlanLevel(
  query: QueryNode,
  service: McpService,
  signal: AbortSignal | undefined,
): Promise<QueryNode | Problem> {
  if (service.planUrl === undefined) {
    return problem(
      'missing_parameter',
      'planlevel',
      'give planlevel: no plan host is configured to look it up (PLAYQ_PLAN_URL)',
    );
  }
  try {
    return {
      ...query,
      planlevel: await service.planClient().resolvePlanLevel(query.customerId, signal ? { signal } : {}),
    };
  } catch (error) {
    return problem(
      'missing_parameter',
      'planlevel',
      `give planlevel: the plan host ${service.planUrl} did not give it (${describeClientError(error)})`,
    );
  }
}

const onlyPlanlevelMissing = (errors: readonly QueryDiagnostic[]) =>
  errors.every((d) => d.code === 'missing_parameter' && d.param === 'planlevel');

/**
 * The query `input` describes, validated, with its canonical URL; for a run (`forRun`), only on
 * the configured service.
 *
 * @example
 * const resolved = await resolveToolQuery({ url: '/api/v1/metricquery/demo?…' }, service, { forRun: true });
 */
export async function resolveToolQuery(
  input: QueryInput,
  service: McpService,
  options: { readonly forRun: boolean; readonly signal?: AbortSignal },
): Promise<ToolQuery> {
  const written = urlOf(input, service);
  if ('problems' in written) return { ok: false, problems: written.problems };
  const ours = isServiceUrl(written.url, service.baseUrl);
  if (options.forRun && !ours) {
    const where = `${service.baseUrl}/…`;
    return {
      ok: false,
      problems: [
        problem(
          'forbidden',
          'url',
          `this server runs queries only on its service, ${where}; give a URL under it, a /relative URL, or the fields`,
        ),
      ],
    };
  }
  let parsed = fromURL(written.url, { catalogue: service.catalogue });
  if (!parsed.ok && ours && onlyPlanlevelMissing(parsed.errors))
    parsed = fromURL(written.url, { validate: false });
  if (!parsed.ok) return { ok: false, problems: parsed.errors.map(problemOf) };
  let query = parsed.query;
  if (query.endpoint === 'session' && query.planlevel === undefined) {
    const looked = await withLookedUpPlanLevel(query, service, options.signal);
    if ('code' in looked) return { ok: false, problems: [looked] };
    query = looked;
  }
  return {
    ok: true,
    query,
    url: toURL(query, { baseUrl: parsed.baseUrl }),
    warnings: parsed.warnings.map(problemOf),
  };
}
