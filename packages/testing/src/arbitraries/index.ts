// @playq/testing/arbitraries: one fast-check arbitrary per concept of the API — the grammar's and
// the query model's (re-exported from where they live) plus answers, records and malformed
// variants of each. Browser-safe; fast-check is a peer dependency.

import type * as grammar from '@playq/grammar/arbitraries';
import type * as query from '@playq/query/arbitraries';

// Local aliases rather than `export type { … } from`: the d.ts bundler turns re-exported foreign
// types inside the main entry's `arbitraries` namespace into values, which breaks consumers' builds.
export type FilterConstraints = grammar.FilterConstraints;
export type PeriodConstraints = grammar.PeriodConstraints;
export type QoeFilterConstraints = grammar.QoeFilterConstraints;
export type CanonicalURLConstraints = query.CanonicalURLConstraints;
export type QueryNodeConstraints = query.QueryNodeConstraints;
export type SessionQueryNodeConstraints = query.SessionQueryNodeConstraints;
export {
  filterAst,
  filterText,
  malformedFilterText,
  malformedPeriodText,
  malformedQoeFilterText,
  periodAst,
  periodText,
  qoeFilterAst,
  qoeFilterText,
} from '@playq/grammar/arbitraries';
export {
  canonicalQueryURL,
  metricQueryNode,
  metricQueryNode as metricQuery,
  queryNode,
  queryNode as query,
  sessionQueryNode,
  sessionQueryNode as sessionQuery,
} from '@playq/query/arbitraries';
export type { EnvelopeCorruption } from './malformed-result';
export { ENVELOPE_CORRUPTIONS, malformedEnvelope, malformedRecord } from './malformed-result';
export type { MalformedURLConstraints, URLCorruption } from './malformed-url';
export { malformedQueryURL, URL_CORRUPTIONS } from './malformed-url';
export type { EnvelopeConstraints, RecordConstraints, ResultEnvelope, ResultRecord } from './result';
export { envelope, queryWithEnvelope, record } from './result';
