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

/** {@inheritDoc Queries.metricQuery} */
export const metricQuery: Queries<DefaultCatalogue>['metricQuery'] = DEFAULT_QUERIES.metricQuery;
/** {@inheritDoc Queries.sessionQuery} */
export const sessionQuery: Queries<DefaultCatalogue>['sessionQuery'] = DEFAULT_QUERIES.sessionQuery;
/** {@inheritDoc Queries.sessionList} */
export const sessionList: Queries<DefaultCatalogue>['sessionList'] = DEFAULT_QUERIES.sessionList;
/** {@inheritDoc Queries.fromQuery} */
export const fromQuery: Queries<DefaultCatalogue>['fromQuery'] = DEFAULT_QUERIES.fromQuery;
