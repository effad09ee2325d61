// Arbitraries of query URLs that break exactly one rule: a misspelt or repeated parameter, a
// missing required one, or one malformed value. Built from valid canonical URLs, so a failing
// case shrinks to a small query with one visible defect.

import { parseFilter, parseQoeFilter } from '@playq/grammar';
import { malformedFilterText, malformedPeriodText, malformedQoeFilterText } from '@playq/grammar/arbitraries';
import { PARAMETERS, type QueryNode, toURL } from '@playq/query';
import { type CanonicalURLConstraints, queryNode, sessionQueryNode } from '@playq/query/arbitraries';
import * as fc from 'fast-check';

// A URL carries well-formed text only: a lone surrogate becomes U+FFFD on the way, which can turn a
// malformed text into a valid one. Keep only texts that are still malformed after the trip.
const throughURL = (text: string) => new URLSearchParams({ t: text }).get('t') ?? '';

/** The ways `malformedQueryURL` breaks a URL. */
export const URL_CORRUPTIONS = [
  'unknown-parameter',
  'duplicate-parameter',
  'missing-parameter',
  'invalid-period',
  'invalid-filter',
  'invalid-qoefilter',
  'unknown-metric',
  'invalid-limit',
  'invalid-offset',
  'invalid-order',
  'invalid-granularity',
  'invalid-agg',
] as const;
export type URLCorruption = (typeof URL_CORRUPTIONS)[number];

export interface MalformedURLConstraints extends CanonicalURLConstraints {
  /** Only these corruptions (default all that apply). */
  readonly corruptions?: readonly URLCorruption[];
}

const MISSPELT = ['oderby', 'metric', 'limt', 'filters', 'groupby', 'period ', 'Metrics'];
const BOGUS_METRICS = ['latencyy', 'viewz', 'buffering_ratio', 'Errors', 'error'];

type Edit = (params: URLSearchParams) => void;

function edits(query: QueryNode): [URLCorruption, fc.Arbitrary<Edit>][] {
  const required = PARAMETERS.filter((p) => p.required.includes(query.endpoint)).map((p) => p.name);
  const present = (params: URLSearchParams) => [...new Set(params.keys())];
  const set = (name: string) => (value: string | number) => (p: URLSearchParams) =>
    p.set(name, String(value));
  const list: [URLCorruption, fc.Arbitrary<Edit>][] = [
    [
      'unknown-parameter',
      fc.tuple(fc.constantFrom(...MISSPELT), fc.constantFrom('1', 'desc', 'errors')).map(
        ([n, v]) =>
          (p) =>
            p.append(n, v),
      ),
    ],
    [
      'duplicate-parameter',
      fc.nat().map((i) => (p) => {
        const names = present(p);
        const name = names[i % names.length]!;
        p.append(name, p.get(name)!);
      }),
    ],
    ['missing-parameter', fc.constantFrom(...required).map((name) => (p) => p.delete(name))],
    [
      'invalid-period',
      malformedPeriodText()
        .filter((t) => t.trim() !== '')
        .map(set('period')),
    ],
    // An empty filter or qoefilter reads as absent, which is valid.
    [
      'invalid-filter',
      malformedFilterText()
        .filter((t) => t.trim() !== '' && !parseFilter(throughURL(t)).ok)
        .map(set('filter')),
    ],
    [
      'invalid-qoefilter',
      malformedQoeFilterText()
        .filter((t) => t.trim() !== '' && !parseQoeFilter(throughURL(t)).ok)
        .map(set('qoefilter')),
    ],
    [
      'unknown-metric',
      fc.constantFrom(...BOGUS_METRICS).map((m) => (p) => p.set('metrics', `${p.get('metrics')},${m}`)),
    ],
    ['invalid-limit', fc.constantFrom('0', '-1', 'abc', '10001', '1.5').map(set('limit'))],
    ['invalid-offset', fc.constantFrom('-1', 'x', '1.5', '1e3').map(set('offset'))],
    ['invalid-order', fc.constantFrom('up', 'ascending', 'DESC ', 'random').map(set('order'))],
    ['invalid-granularity', fc.constantFrom('week', 'hourly', 'second', '1h').map(set('granularity'))],
  ];
  if (query.endpoint === 'session')
    list.push(['invalid-agg', fc.constantFrom('0', '3', 'yes', '1.0').map(set('agg'))]);
  return list;
}

/**
 * A query URL broken in exactly one way (see `URL_CORRUPTIONS`); `fromURL` and the reference
 * service refuse every one. For testing your own validation and error paths.
 *
 * @example
 * fc.assert(fc.property(malformedQueryURL(), (url) => {
 *   expect(fromURL(url).ok).toBe(false);
 * }));
 */
export function malformedQueryURL(constraints: MalformedURLConstraints = {}): fc.Arbitrary<string> {
  const allowed = new Set(constraints.corruptions ?? URL_CORRUPTIONS);
  const bases = constraints.baseUrls ?? [
    'https://analytics.example.com/api/v1',
    'http://127.0.0.1:8080/api/v1',
  ];
  // `agg` exists only on the session endpoint: asked for that alone, generate session queries.
  const sessionOnly = [...allowed].every((kind) => kind === 'invalid-agg');
  const queries = sessionOnly ? sessionQueryNode(constraints) : queryNode(constraints);
  return fc.tuple(fc.constantFrom(...bases), queries).chain(([baseUrl, query]) => {
    const usable = edits(query).filter(([kind]) => allowed.has(kind));
    if (usable.length === 0) {
      throw new TypeError(
        `@playq/testing: malformedQueryURL: none of ${[...allowed].join(', ')} applies to ${query.endpoint}`,
      );
    }
    return fc.oneof(...usable.map(([, edit]) => edit)).map((edit) => {
      const url = new URL(toURL(query, { baseUrl }));
      edit(url.searchParams);
      return url.toString();
    });
  });
}
