// The query endpoints the service answers and the credential each takes.
import type { CredentialKind } from './credential-check';

/** The credential each query endpoint takes. */
export const ENDPOINT_CREDENTIALS = Object.freeze({
  metricquery: 'apiKey',
  session: 'bearer',
} as const satisfies Record<string, CredentialKind>);

export type QueryEndpoint = keyof typeof ENDPOINT_CREDENTIALS;
