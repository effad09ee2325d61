// The playground's client for the service in the form: the API key for metric queries, client
// credentials for session queries (tokens from the service's token endpoint, the plan level from
// its plan host), and the filter values the editors complete from.
import { apiKeyAuth, clientCredentials, createClient, type PlayqClient, serviceValues } from '@playq/client';
import { tokenUrlOf, type ValueProvider, withoutTrailingSlash } from '@playq/query';
import type { ConnectionSettings } from './form-controls';

export interface Connection {
  readonly client: PlayqClient;
  readonly values: ValueProvider;
}

/**
 * The token and plan URLs of a reference service (`playq serve`) with this base URL: the token
 * endpoint under the base, the plan host at the origin.
 *
 * @example
 * serviceUrls('http://127.0.0.1:8080/api/v1');
 * // { tokenUrl: 'http://127.0.0.1:8080/api/v1/oauth/token', planUrl: 'http://127.0.0.1:8080/plans' }
 */
export function serviceUrls(baseUrl: string): { tokenUrl: string; planUrl: string } {
  const base = withoutTrailingSlash(baseUrl);
  const origin = URL.canParse(base) ? new URL(base).origin : base;
  return { tokenUrl: tokenUrlOf(base), planUrl: `${origin}/plans` };
}

/** A client for the settings and a value provider over it for the given period. */
export function connect(
  settings: ConnectionSettings,
  period: () => { start: number; end: number },
): Connection {
  const { tokenUrl, planUrl } = serviceUrls(settings.baseUrl);
  const client = createClient({
    baseUrl: settings.baseUrl,
    planUrl,
    auth: {
      metricquery: apiKeyAuth(settings.apiKey),
      session: clientCredentials({
        tokenUrl,
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
      }),
    },
    retry: false,
  });
  return { client, values: serviceValues(client, { customerId: settings.customerId, period }) };
}
