// Compiles a query node into its canonical URL: parameters in the order of the parameter table
// (docs/query.md#url-codec), defaults left out, every value through `encodeURIComponent`, and the
// three mini-languages printed by the grammar package's serializers (see parameter-texts.ts).
import type { Endpoint } from '../model';
import type { ParameterCodec as Parameter } from '../parameters/parameter';
import { PARAMETER_CODECS as PARAMETERS, type ParameterName } from '../parameters/parameter-codecs';
import { asNode, type QueryLike } from '../query-like';
import { withoutTrailingSlash } from '../wire/base-url';

export type { QueryLike } from '../query-like';

/** Where a walk reads each parameter's value: a node's field, or a builder's value by position. @internal */
export type ValueAt = (row: Parameter, index: number) => unknown;

/**
 * Calls `emit` with each parameter in canonical order, defaults left out. Texts that failed to
 * parse are written as they were given. One walk serves the array, `URLSearchParams` and string
 * forms, so they cannot disagree.
 */
function emitEntries(
  table: readonly Parameter[],
  valueAt: ValueAt,
  emit: (name: ParameterName, value: string) => void,
): void {
  const { names, encoders } = codecsOf(table);
  for (let i = 0; i < table.length; i++) {
    const value = valueAt(table[i]!, i);
    // Most parameters are unset: no call for them.
    if (value === undefined) continue;
    const text = encoders[i]!(value);
    if (text !== undefined) emit(names[i]!, text);
  }
}

/** A table's names and printers by row index: read in one shape, not through sixteen row shapes. */
interface Codecs {
  readonly names: readonly ParameterName[];
  readonly encoders: readonly ((value: unknown) => string | undefined)[];
}

const CODECS = new WeakMap<readonly Parameter[], Codecs>();

function codecsOf(table: readonly Parameter[]): Codecs {
  let codecs = CODECS.get(table);
  if (codecs === undefined) {
    codecs = {
      names: table.map((row) => row.name as ParameterName),
      encoders: table.map((row) => row.encode.bind(row)),
    };
    CODECS.set(table, codecs);
  }
  return codecs;
}

const fieldsOf = (query: QueryLike, table: readonly Parameter[]): ValueAt => {
  const node = asNode(query) as unknown as Readonly<Record<string, unknown>>;
  const { names } = codecsOf(table);
  return (_, i) => node[names[i]!];
};

/**
 * The query's parameters as `[name, value]` pairs in canonical order, defaults left out. Texts
 * that failed to parse are written as they were given.
 *
 * @example
 * queryEntries(metricQuery('demo').metrics('errors').between(0, 3600).toQuery());
 * // [['period', 'start=0,end=3600'], ['metrics', 'errors']]
 */
export function queryEntries(query: QueryLike): [ParameterName, string][] {
  return entriesWith(PARAMETERS, fieldsOf(query, PARAMETERS));
}

/** `queryEntries` over a given parameter table and values. @internal */
export function entriesWith(table: readonly Parameter[], valueAt: ValueAt): [ParameterName, string][] {
  const out: [ParameterName, string][] = [];
  emitEntries(table, valueAt, (name, value) => out.push([name, value]));
  return out;
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
  return queryStringWith(PARAMETERS, fieldsOf(query, PARAMETERS));
}

function queryStringWith(table: readonly Parameter[], valueAt: ValueAt): string {
  let s = '';
  emitEntries(table, valueAt, (name, value) => {
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
  return toURLWith(PARAMETERS, query, options);
}

/** `toURL` over a given parameter table (a test adds a row to it). @internal */
export function toURLWith(table: readonly Parameter[], query: QueryLike, options: ToURLOptions): string {
  const q = asNode(query);
  return urlWith(table, options.baseUrl, q, fieldsOf(q, table));
}

/** The URL of an endpoint, customer and values under a base address. @internal */
export function urlWith(
  table: readonly Parameter[],
  baseUrl: string | URL,
  head: { readonly endpoint: Endpoint; readonly customerId: string },
  valueAt: ValueAt,
): string {
  const base = withoutTrailingSlash(String(baseUrl));
  const qs = queryStringWith(table, valueAt);
  return `${base}/${head.endpoint}/${encodeURIComponent(head.customerId)}${qs === '' ? '' : '?' + qs}`;
}
