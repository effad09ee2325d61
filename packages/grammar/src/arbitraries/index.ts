// @playq/grammar/arbitraries: fast-check generators of ASTs and texts for the three languages,
// for property tests here and in every package above. fast-check is a peer dependency, so
// callers share one instance with these arbitraries.

export {
  type FilterConstraints,
  filterAst,
  filterSpelling,
  filterText,
  filterValue,
  malformedFilterText,
  mutatedText,
  mutationCharacter,
} from './filter';
export { grammarNoise } from './noise';
export { malformedPeriodText, type PeriodConstraints, periodAst, periodSpelling, periodText } from './period';
export {
  malformedQoeFilterText,
  type QoeFilterConstraints,
  qoeFilterAst,
  qoeFilterSpelling,
  qoeFilterText,
  qoeNumber,
} from './qoefilter';
