// The operations of a document: one GET per query endpoint (its credential, parameters, envelope
// and problem answers), token issuing with the client-credentials grant, and the plan lookup on
// the plan host. Each endpoint of the wire module gets its operation without being named here.
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import { credentialOf, type Endpoint } from '../wire/endpoints';
import { PLAN_LOOKUP_SEGMENT, TOKEN_PATH } from '../wire/paths';
import { envelopeSchemaName, ref } from './openapi-names';
import type { Json } from './openapi-types';
import { customerIdParameter, endpointParameters } from './parameter-schemas';
import { problemResponseRefs, QUERY_PROBLEM_STATUSES } from './problem-schema';
import { SECURITY_OF } from './security-schemes';

/** What each endpoint answers, in a line and a paragraph. */
const ABOUT: Readonly<Record<string, readonly [string, string]>> = {
  metricquery: [
    'Query metrics',
    'Metrics over the period, totalled, broken down by `aggby` dimensions, or as a time series (`aggby=timestamp`).',
  ],
  session: [
    'Query session error insights',
    'Error insights for the plan level: aggregated by `aggby` (`agg=1`) or one record per error event (`agg=2`).',
  ],
  listsessions: [
    'List sessions',
    'A paginated list of individual sessions, one record per session with the requested fields, for drill-down.',
  ],
};

/** The GET operation of a query endpoint. */
export function queryOperation(catalogue: AnyCatalogue, endpoint: Endpoint): Json {
  const [summary, description] = ABOUT[endpoint] ?? [`Query ${endpoint}`, `The ${endpoint} endpoint.`];
  return {
    operationId: endpoint,
    summary,
    description,
    tags: ['Queries'],
    security: [{ [SECURITY_OF[credentialOf(endpoint)]]: [] }],
    parameters: endpointParameters(catalogue, endpoint),
    responses: {
      '200': {
        description: 'One page of the result.',
        content: { 'application/json': { schema: ref('schemas', envelopeSchemaName(endpoint)) } },
      },
      ...problemResponseRefs(Object.keys(QUERY_PROBLEM_STATUSES)),
    },
  };
}

/** `POST {base}/oauth/token`: the OAuth 2.0 client-credentials grant. */
export function tokenOperation(): Json {
  return {
    operationId: 'issueToken',
    summary: 'Issue a bearer token',
    description:
      'The OAuth 2.0 client-credentials grant: client id and secret by HTTP Basic, form body `grant_type=client_credentials`.',
    tags: ['Authentication'],
    security: [{ ClientCredentials: [] }],
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            required: ['grant_type'],
            properties: { grant_type: { type: 'string', enum: ['client_credentials'] } },
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'A signed bearer token for the client’s customer.',
        content: { 'application/json': { schema: ref('schemas', 'Token') } },
      },
      ...problemResponseRefs(['400', '401', '429', '500', '503']),
    },
  };
}

/** `GET {plan_url}/planLevelByCustId/{customerId}`: a customer's plan level, no credential. */
export function planOperation(): Json {
  return {
    operationId: PLAN_LOOKUP_SEGMENT,
    summary: 'Look up a plan level',
    description: 'The plan level a session query must quote as `planlevel`. Needs no credential.',
    tags: ['Plans'],
    security: [],
    parameters: [customerIdParameter()],
    responses: {
      '200': {
        description: 'The customer’s plan level.',
        content: { 'application/json': { schema: ref('schemas', 'PlanLevel') } },
      },
      ...problemResponseRefs(['400', '404', '500']),
    },
  };
}

/** The `paths` of a document: query endpoints, token issuing, and the plan host's lookup. */
export function documentPaths(
  catalogue: AnyCatalogue,
  endpoints: readonly Endpoint[],
  planUrl: string,
): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const endpoint of endpoints) {
    paths[`/${endpoint}/{customerId}`] = { get: queryOperation(catalogue, endpoint) };
  }
  paths[TOKEN_PATH] = { post: tokenOperation() };
  paths[`/${PLAN_LOOKUP_SEGMENT}/{customerId}`] = {
    servers: [{ url: planUrl, description: 'The plan host.' }],
    get: planOperation(),
  };
  return paths;
}
