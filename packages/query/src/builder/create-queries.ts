// The builder factories of the full entry: typed by a catalogue, with the grammar's parsers behind
// the text methods (`where('[country=US]')`). The builder-only entry makes the same factories
// without the parsers.
import { parseFilter, parsePeriod, parseQoeFilter } from '@playq/grammar';
import { DEFAULT_CATALOGUE, type DefaultCatalogue } from '../catalogue/default-catalogue';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import type { TextParsers } from '../parameters/text-parsers';
import { type Queries, queriesWith } from './query-builder';

const GRAMMAR_PARSERS: TextParsers = Object.freeze({
  filter: parseFilter,
  qoefilter: parseQoeFilter,
  period: parsePeriod,
});

/**
 * The builders typed by a catalogue: names outside it are type errors, records are inferred from
 * it, and `validate` (and the client) check a built query against it.
 *
 * @example
 * const shop = extendCatalogue(DEFAULT_CATALOGUE, {
 *   metrics: { ad_impressions: { unit: 'count', level: 'group', description: 'Ads shown.' } },
 * });
 * const { metricQuery } = createQueries(shop);
 * metricQuery('demo').last(1, 'day').metrics('ad_impressions').aggBy('country');
 * // record type { ad_impressions: number; country: string }
 */
export function createQueries<C extends AnyCatalogue>(catalogue: C): Queries<C> {
  return queriesWith(catalogue, GRAMMAR_PARSERS);
}

const DEFAULT_QUERIES: Queries<DefaultCatalogue> = createQueries(DEFAULT_CATALOGUE);

/**
 * Start a query on the metric endpoint (`GET {base}/metricquery/{customerId}`): an immutable,
 * typed builder; each of its methods ({@link BuilderMethods}) returns a new one. Names outside
 * the catalogue are type errors, and the record type follows the requested names. `toURL`
 * prints the canonical URL; `@playq/client`'s `client.run(q)` runs it.
 *
 * @example
 * ```ts
 * import { metricQuery } from '@playq/query';
 *
 * const q = metricQuery('demo')
 *   .between('2026-11-24', '2026-11-25')
 *   .metrics('latency', 'viewercount')
 *   .aggBy('country')
 *   .where('platform', ['ios', 'android'])
 *   .orderBy('viewercount', 'desc')
 *   .limit(10);
 * console.log(q.toURL('http://127.0.0.1:8080/api/v1'));
 * // http://127.0.0.1:8080/api/v1/metricquery/demo?period=start%3D1795478400%2Cend%3D1795564800&metrics=latency%2Cviewercount&aggby=country&filter=%5Bplatform%3Dios%7Candroid%5D&orderby=viewercount&order=desc&limit=10
 * ```
 */
export const metricQuery: Queries<DefaultCatalogue>['metricQuery'] = DEFAULT_QUERIES.metricQuery;
/**
 * Start a query on the session endpoint (`GET {base}/session/{customerId}`): subscriber and
 * error-event breakdowns. It needs `agg` (1: groups, 2: one record per error event) and, in a URL,
 * the customer's `planlevel` (the client looks it up when the query leaves it out). The builder's
 * methods are {@link BuilderMethods} and {@link SessionMethods}; each returns a new builder.
 *
 * @example
 * ```ts
 * import { sessionQuery } from '@playq/query';
 *
 * const q = sessionQuery('demo')
 *   .planLevel('2')
 *   .agg(1)
 *   .between('2026-11-24', '2026-11-25')
 *   .metrics('errors', 'subscriberid')
 *   .aggBy('subscriberid')
 *   .orderBy('errors', 'desc')
 *   .limit(10);
 * console.log(q.toURL('http://127.0.0.1:8080/api/v1'));
 * // http://127.0.0.1:8080/api/v1/session/demo?planlevel=2&period=start%3D1795478400%2Cend%3D1795564800&metrics=errors%2Csubscriberid&aggby=subscriberid&agg=1&orderby=errors&order=desc&limit=10
 * ```
 */
export const sessionQuery: Queries<DefaultCatalogue>['sessionQuery'] = DEFAULT_QUERIES.sessionQuery;
/**
 * Start a session list (`GET {base}/listsessions/{customerId}`): one record per session of the
 * population, with the requested list fields in the order asked; what `drillDown` makes from a row
 * of a breakdown. The builder's methods are {@link BuilderMethods}; each returns a new builder.
 *
 * @example
 * ```ts
 * import { sessionList } from '@playq/query';
 *
 * const q = sessionList('demo')
 *   .between('2026-11-24', '2026-11-25')
 *   .metrics('sessionid', 'country', 'bufferingratio')
 *   .where('country', 'BR')
 *   .orderBy('bufferingratio', 'desc')
 *   .limit(20);
 * console.log(q.toURL('http://127.0.0.1:8080/api/v1'));
 * // http://127.0.0.1:8080/api/v1/listsessions/demo?period=start%3D1795478400%2Cend%3D1795564800&metrics=sessionid%2Ccountry%2Cbufferingratio&filter=%5Bcountry%3DBR%5D&orderby=bufferingratio&order=desc&limit=20
 * ```
 */
export const sessionList: Queries<DefaultCatalogue>['sessionList'] = DEFAULT_QUERIES.sessionList;
/** {@inheritDoc Queries.fromQuery} */
export const fromQuery: Queries<DefaultCatalogue>['fromQuery'] = DEFAULT_QUERIES.fromQuery;
