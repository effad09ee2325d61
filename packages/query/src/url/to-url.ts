// Compiles a query node into its canonical URL: parameters in the fixed order of docs/query.md#url-codec,
// defaults left out, every value through `encodeURIComponent`, and the three mini-languages printed
// by the grammar package's serializers so that printing and parsing agree by construction.

import type { FilterAst, PeriodAst, QoeFilterAst } from '@playq/grammar/print';
import { serializeFilter, serializePeriod, serializeQoeFilter } from '@playq/grammar/print';
import type { InvalidText, QueryNode } from '../model';
import { DEFAULT_GRANULARITY, DEFAULT_LIMIT, DEFAULT_OFFSET, DEFAULT_SESSION_TYPE } from '../model';
import { withoutTrailingSlash } from '../wire/base-url';

/** The canonical order of query parameters. */
export const PARAMETER_ORDER = [
  'planlevel',
  'period',
  'metrics',
  'aggby',
  'granularity',
  'agg',
  'sessiontype',
  'allstatus',
  'concurrency',
  'businesserror',
  'filter',
  'qoefilter',
  'orderby',
  'order',
  'limit',
  'offset',
] as const;

export type ParameterName = (typeof PARAMETER_ORDER)[number];

/** Anything that can produce a query node: the node itself or a builder. */
export type QueryLike = QueryNode | { toQuery(): QueryNode };

/** @internal */
export function asNode(query: QueryLike): QueryNode {
  return typeof query === 'object' &&
    query !== null &&
    'toQuery' in query &&
    typeof query.toQuery === 'function'
    ? query.toQuery()
    : (query as QueryNode);
}

function isInvalid(value: { type: string }): value is InvalidText {
  return value.type === 'invalid';
}

/**
 * Calls `emit` with each parameter in canonical order, defaults left out. Texts that failed to
 * parse are written as they were given. One walk serves the array, `URLSearchParams` and string
 * forms, so they cannot disagree.
 */
function emitEntries(q: QueryNode, emit: (name: ParameterName, value: string) => void): void {
  if (q.planlevel !== undefined) emit('planlevel', q.planlevel);
  if (q.period !== undefined) emit('period', isInvalid(q.period) ? q.period.text : periodText(q.period));
  if (q.metrics.length > 0) emit('metrics', q.metrics.join(','));
  if (q.aggby.length > 0) emit('aggby', q.aggby.join(','));
  if (q.granularity !== undefined && q.granularity !== DEFAULT_GRANULARITY)
    emit('granularity', q.granularity);
  if (q.agg !== undefined) emit('agg', String(q.agg));
  if (q.sessiontype !== undefined && q.sessiontype !== DEFAULT_SESSION_TYPE)
    emit('sessiontype', q.sessiontype);
  if (q.allstatus === 1) emit('allstatus', '1');
  if (q.concurrency === 1) emit('concurrency', '1');
  if (q.businesserror === true) emit('businesserror', 'true');
  if (q.filter !== undefined) {
    const text = isInvalid(q.filter) ? q.filter.text : filterText(q.filter);
    if (text !== '') emit('filter', text);
  }
  if (q.qoefilter !== undefined) {
    const text = isInvalid(q.qoefilter) ? q.qoefilter.text : qoeFilterText(q.qoefilter);
    if (text !== '') emit('qoefilter', text);
  }
  if (q.orderby !== undefined) emit('orderby', q.orderby);
  if (q.order !== undefined) emit('order', q.order);
  if (q.limit !== DEFAULT_LIMIT) emit('limit', String(q.limit));
  if (q.offset !== DEFAULT_OFFSET) emit('offset', String(q.offset));
}

/**
 * The query's parameters as `[name, value]` pairs in canonical order, defaults left out. Texts
 * that failed to parse are written as they were given.
 *
 * @example
 * queryEntries(metricQuery('demo').metrics('errors').between(0, 3600).toQuery());
 * // [['period', 'start=0,end=3600'], ['metrics', 'errors']]
 */
export function queryEntries(query: QueryLike): [ParameterName, string][] {
  const out: [ParameterName, string][] = [];
  emitEntries(asNode(query), (name, value) => out.push([name, value]));
  return out;
}

// The grammar's serializers refuse malformed ASTs (an empty value list, an infinite number), which
// only hand-made nodes can hold. Printing them plainly keeps toURL total; validate reports them.
/** @internal */
export function filterText(filter: FilterAst): string {
  try {
    return serializeFilter(filter);
  } catch {
    return filter.clauses.map((c) => `[${c.dimension}=${c.values.join('|')}]`).join('');
  }
}

/** @internal */
export function periodText(period: PeriodAst): string {
  try {
    return serializePeriod(period);
  } catch {
    return `start=${String(period.start)},end=${String(period.end)}`;
  }
}

/** @internal */
export function qoeFilterText(qoe: QoeFilterAst): string {
  try {
    return serializeQoeFilter(qoe);
  } catch {
    return qoe.conditions.map((c) => `${c.metric}${c.operator}${String(c.value)}`).join(' AND ');
  }
}

/**
 * The query's parameters as `URLSearchParams`, in canonical order (handy for `fetch`). Note that
 * `URLSearchParams#toString()` writes spaces as `+`; `toURL` uses `encodeURIComponent` instead.
 *
 * @example
 * toSearchParams(metricQuery('demo').metrics('errors').between(0, 3600)).get('period');
 * // 'start=0,end=3600'
 */
export function toSearchParams(query: QueryLike): URLSearchParams {
  return new URLSearchParams(queryEntries(query));
}

/** The encoded query string without the leading `?`. @internal */
export function toQueryString(query: QueryLike): string {
  let s = '';
  emitEntries(asNode(query), (name, value) => {
    s += (s === '' ? '' : '&') + name + '=' + encodeURIComponent(value);
  });
  return s;
}

export interface ToURLOptions {
  /** The service's base address including its API prefix, e.g. `https://host/api/v1`. */
  readonly baseUrl: string | URL;
}

/**
 * The canonical URL of a query: `{baseUrl}/{endpoint}/{customerId}?{parameters}`.
 *
 * @example
 * toURL(metricQuery('demo').between(1700000000, 1700086400).metrics('errors').aggBy('country'), {
 *   baseUrl: 'https://example.com/api/v1',
 * });
 * // 'https://example.com/api/v1/metricquery/demo?period=start%3D1700000000%2Cend%3D1700086400&metrics=errors&aggby=country'
 */
export function toURL(query: QueryLike, options: ToURLOptions): string {
  const q = asNode(query);
  const base = withoutTrailingSlash(String(options.baseUrl));
  const qs = toQueryString(q);
  return `${base}/${q.endpoint}/${encodeURIComponent(q.customerId)}${qs === '' ? '' : '?' + qs}`;
}
