// The service's fixed paths beside the query endpoints: token issuing under the base URL and the
// plan lookup under the plan host. Clients, the reference service, the test service and the
// contract suite all join them here, so they cannot spell them differently.
import { withoutTrailingSlash } from './base-url';

/** Where the reference service issues OAuth 2.0 tokens, under its base URL. */
export const TOKEN_PATH = '/oauth/token';

/** The plan host's lookup segment: `GET {plan_url}/planLevelByCustId/{customerId}`. */
export const PLAN_LOOKUP_SEGMENT = 'planLevelByCustId';

/**
 * The token URL of a service: `{baseUrl}/oauth/token`.
 *
 * @example
 * tokenUrlOf('http://127.0.0.1:8080/api/v1/'); // 'http://127.0.0.1:8080/api/v1/oauth/token'
 */
export function tokenUrlOf(baseUrl: string): string {
  return withoutTrailingSlash(baseUrl) + TOKEN_PATH;
}

/**
 * The plan-lookup URL of a customer on a plan host, the customer id path-encoded.
 *
 * @example
 * planLookupUrl('http://127.0.0.1:8080/plans', 'demo'); // 'http://127.0.0.1:8080/plans/planLevelByCustId/demo'
 */
export function planLookupUrl(planUrl: string, customerId: string): string {
  return `${withoutTrailingSlash(planUrl)}/${PLAN_LOOKUP_SEGMENT}/${encodeURIComponent(customerId)}`;
}
