// The customers a service knows and the credentials each may use. The demo pair is what
// `playq serve` accepts out of the box (docs/decisions.md#defaults-of-the-reference-service-and-the-cli); real deployments pass their own list.

import { CUSTOMER_ID_PATTERN } from '@playq/query';

/** One customer and its credentials: an API key for metricquery, an OAuth client for session. */
export interface CustomerCredentials {
  readonly customerId: string;
  readonly apiKey: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The plan level the plan host reports and the session endpoint requires as `planlevel`. */
  readonly planLevel: string;
}

/**
 * The two demo customers of docs/decisions.md (defaults of the reference service).
 *
 * @example
 * ```ts
 * const demo = DEMO_CUSTOMERS[0]; // { customerId: 'demo', apiKey: 'demo-key', ... planLevel: '2' }
 * ```
 */
export const DEMO_CUSTOMERS: readonly CustomerCredentials[] = Object.freeze([
  Object.freeze({
    customerId: 'demo',
    apiKey: 'demo-key',
    clientId: 'demo',
    clientSecret: 'demo-secret',
    planLevel: '2',
  }),
  Object.freeze({
    customerId: 'other',
    apiKey: 'other-key',
    clientId: 'other',
    clientSecret: 'other-secret',
    planLevel: '1',
  }),
]);

/**
 * Checks a credentials list up front, so that a typo fails at start-up rather than at the first
 * request; returns a frozen copy. Messages name the entry and field, never a secret's value.
 *
 * @example
 * ```ts
 * checkCredentials([{ customerId: 'acme', apiKey: 'k1', clientId: 'acme', clientSecret: 's1', planLevel: '3' }]);
 * checkCredentials([{ customerId: 'a b', ... }]); // TypeError: @playq/server: credentials[0].customerId must match ...
 * ```
 */
export function checkCredentials(list: readonly CustomerCredentials[]): readonly CustomerCredentials[] {
  const seen = { customer: new Set<string>(), key: new Set<string>(), client: new Set<string>() };
  list.forEach((c, i) => {
    const where = `@playq/server: credentials[${i}]`;
    for (const field of ['customerId', 'apiKey', 'clientId', 'clientSecret', 'planLevel'] as const) {
      if (typeof c?.[field] !== 'string' || c[field].length === 0) {
        throw new TypeError(`${where}.${field} must be a non-empty string`);
      }
    }
    if (!CUSTOMER_ID_PATTERN.test(c.customerId)) {
      throw new TypeError(`${where}.customerId must match [A-Za-z0-9._-]{1,128}`);
    }
    if (seen.customer.has(c.customerId))
      throw new TypeError(`${where}: customer "${c.customerId}" appears twice`);
    // The key itself is a secret: the message names the position, not the value.
    if (seen.key.has(c.apiKey)) throw new TypeError(`${where}.apiKey is also used by another customer`);
    if (seen.client.has(c.clientId)) throw new TypeError(`${where}.clientId "${c.clientId}" appears twice`);
    seen.customer.add(c.customerId);
    seen.key.add(c.apiKey);
    seen.client.add(c.clientId);
  });
  return Object.freeze(list.map((c) => Object.freeze({ ...c })));
}
