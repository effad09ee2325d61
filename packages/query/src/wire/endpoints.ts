// The service's query endpoints and the credential each one takes: the one list every package
// (the builder, the URL codec, the client's auth choice, the reference service's routes, the
// contract suite, the CLI's arguments) reads, so a new endpoint is added here once.

/** The query endpoints, in the order help texts list them. */
export const ENDPOINTS = Object.freeze(['metricquery', 'session', 'listsessions'] as const);

/** A query endpoint: `GET {base}/{endpoint}/{customerId}`. */
export type Endpoint = (typeof ENDPOINTS)[number];

/**
 * Whether a value names a query endpoint.
 *
 * @example
 * isEndpoint('session'); // true
 * isEndpoint('sessions'); // false
 */
export function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'string' && (ENDPOINTS as readonly string[]).includes(value);
}

/** How a request proves who it is: an `X-API-Key` header, or an OAuth 2.0 bearer token. */
export type Credential = 'apiKey' | 'bearer';

const CREDENTIAL_OF = Object.freeze({
  metricquery: 'apiKey',
  session: 'bearer',
  listsessions: 'apiKey',
} as const satisfies { readonly [E in Endpoint]: Credential });

/**
 * The endpoints that take a given credential.
 *
 * @example
 * const e: EndpointWith<'apiKey'> = 'listsessions'; // 'metricquery' | 'listsessions'
 */
export type EndpointWith<C extends Credential> = {
  [E in Endpoint]: (typeof CREDENTIAL_OF)[E] extends C ? E : never;
}[Endpoint];

/** The endpoints that answer aggregate records (groups, time buckets, error events). */
export const AGGREGATE_ENDPOINTS = Object.freeze(['metricquery', 'session'] as const);

/**
 * Whether an endpoint answers a session list: one record per session of the population, the
 * requested list fields in the caller's order (`GET {base}/listsessions/{customerId}`).
 *
 * @example
 * isListEndpoint('listsessions'); // true
 * isListEndpoint('metricquery'); // false
 */
export function isListEndpoint(endpoint: string): endpoint is 'listsessions' {
  return endpoint === 'listsessions';
}

/** The one `aggby` a session list takes (its default, left out of canonical URLs). */
export const LIST_AGGBY = 'sessionid';

/** The header each credential travels in. */
export const CREDENTIAL_HEADER: { readonly [C in Credential]: string } = Object.freeze({
  apiKey: 'X-API-Key',
  bearer: 'Authorization',
});

/**
 * The credential an endpoint takes; neither credential is accepted on an endpoint of the other.
 *
 * @example
 * credentialOf('metricquery'); // 'apiKey'
 * credentialOf('session'); // 'bearer'
 * credentialOf('listsessions'); // 'apiKey' (the metricquery key)
 */
export function credentialOf(endpoint: Endpoint): Credential {
  return CREDENTIAL_OF[endpoint];
}
