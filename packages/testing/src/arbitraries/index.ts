// @playq/testing/arbitraries: one fast-check arbitrary per concept of the API — the grammar's and
// the query model's (re-exported from where they live) plus answers, records and malformed
// variants of each. Browser-safe; fast-check is a peer dependency.
export {
  type FilterConstraints,
  filterAst,
  filterText,
  malformedFilterText,
  malformedPeriodText,
  malformedQoeFilterText,
  type PeriodConstraints,
  periodAst,
  periodText,
  type QoeFilterConstraints,
  qoeFilterAst,
  qoeFilterText,
} from '@playq/grammar/arbitraries';
export {
  type CanonicalURLConstraints,
  canonicalQueryURL,
  metricQueryNode,
  metricQueryNode as metricQuery,
  type QueryNodeConstraints,
  queryNode,
  queryNode as query,
  type SessionQueryNodeConstraints,
  sessionQueryNode,
  sessionQueryNode as sessionQuery,
} from '@playq/query/arbitraries';
export {
  ENVELOPE_CORRUPTIONS,
  type EnvelopeCorruption,
  malformedEnvelope,
  malformedRecord,
} from './malformed-result';
export {
  type MalformedURLConstraints,
  malformedQueryURL,
  URL_CORRUPTIONS,
  type URLCorruption,
} from './malformed-url';
export {
  type EnvelopeConstraints,
  envelope,
  queryWithEnvelope,
  type RecordConstraints,
  type ResultEnvelope,
  type ResultRecord,
  record,
} from './result';
