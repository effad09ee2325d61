// A session query without --planlevel, one behaviour for `url` and `query`: the plan level is
// looked up on the plan host when one is known (--plan-url, PLAYQ_PLAN_URL, or beside an /api/v1
// base URL); with none, or when the lookup fails, the error names --planlevel.
import type { PlayqClient } from '@playq/client';
import type { QueryNode } from '@playq/query';
import { CliError, EXIT, isAbort } from './errors';

/** How to look a plan level up: the plan host, and a client that knows it. */
export interface PlanLookup {
  readonly planUrl: string | undefined;
  /** Made only when a lookup is needed. */
  readonly client: () => PlayqClient;
  readonly signal?: AbortSignal | undefined;
  /** Says why a lookup failed, in one line without any secret. */
  readonly describe: (error: unknown) => string;
}

/**
 * `query` with its plan level: as given, or for a session query without one, from the plan host.
 *
 * @example
 * const complete = await withPlanLevel(query, { planUrl, client: () => client, describe: describeClientError });
 */
export async function withPlanLevel(query: QueryNode, lookup: PlanLookup): Promise<QueryNode> {
  if (query.endpoint !== 'session' || query.planlevel !== undefined) return query;
  if (lookup.planUrl === undefined) {
    throw new CliError(
      'the session query has no --planlevel and no plan host to look it up: give --planlevel, --plan-url or PLAYQ_PLAN_URL',
      EXIT.usage,
    );
  }
  try {
    const signal = lookup.signal === undefined ? {} : { signal: lookup.signal };
    return { ...query, planlevel: await lookup.client().resolvePlanLevel(query.customerId, signal) };
  } catch (error) {
    if (isAbort(error, lookup.signal)) throw error;
    throw new CliError(
      `the session query has no --planlevel, and the plan host ${lookup.planUrl} did not give it (${lookup.describe(error)}): give --planlevel`,
      EXIT.failure,
      { cause: error },
    );
  }
}
