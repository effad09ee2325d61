// The security schemes of a document: the `X-API-Key` header, OAuth 2.0 client credentials with
// the service's token URL (bearer tokens), and HTTP Basic for the client's id and secret when it
// asks for a token. Which query endpoint takes which comes from the wire module.
import { CREDENTIAL_HEADER, type Credential } from '../wire/endpoints';
import type { Json } from './openapi-types';

/** The scheme name of each credential a query endpoint takes. */
export const SECURITY_OF: { readonly [C in Credential]: string } = Object.freeze({
  apiKey: 'ApiKey',
  bearer: 'OAuth2',
});

/** The `components.securitySchemes` of a document whose token URL is `tokenUrl`. */
export function securitySchemes(tokenUrl: string): Record<string, Json> {
  return {
    [SECURITY_OF.apiKey]: {
      type: 'apiKey',
      in: 'header',
      name: CREDENTIAL_HEADER.apiKey,
      description: "The customer's API key.",
    },
    [SECURITY_OF.bearer]: {
      type: 'oauth2',
      description:
        'A bearer token issued with the client-credentials grant (`Authorization: Bearer <token>`).',
      flows: { clientCredentials: { tokenUrl, scopes: {} } },
    },
    ClientCredentials: {
      type: 'http',
      scheme: 'basic',
      description: 'The OAuth client id and secret, when asking for a token.',
    },
  };
}
