// The playground's client for the service in the form: the API key for metric queries, client
// credentials for session queries (tokens from the service's token endpoint, the plan level from
// its plan host), the filter values the editors complete from, and the span of the data the
// service holds for the customer.
import { apiKeyAuth, clientCredentials, createClient, type PlayqClient, serviceValues } from '@playq/client';
import {
  type DataSpan,
  metricQuery,
  tokenUrlOf,
  type ValueProvider,
  withoutTrailingSlash,
} from '@playq/query';
import type { ConnectionSettings } from './form-controls';

export interface Connection {
  readonly client: PlayqClient;
  readonly values: ValueProvider;
  /**
   * The span of the customer's data, from the answer to one small metric query (asked once per
   * connection); `undefined` when the service does not say or the query fails (a wrong API key,
   * no service).
   */
  span(): Promise<DataSpan | undefined>;
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
  let span: Promise<DataSpan | undefined> | undefined;
  const probe = async () => {
    const hour = Math.floor(Date.now() / 3_600_000) * 3600;
    try {
      const q = metricQuery(settings.customerId)
        .between(hour, hour + 3600)
        .metrics('views')
        .limit(1);
      return (await client.run(q)).dataSpan;
    } catch {
      return undefined;
    }
  };
  return {
    client,
    values: serviceValues(client, { customerId: settings.customerId, period }),
    span: () => {
      span ??= probe();
      return span;
    },
  };
}
