// @playq/grammar: parsers, serializers and diagnostics for the filter, qoefilter and period
// mini-languages of the Playback Analytics Query Service.

export type * from './ast';
export { slotsAt, tokenSpans } from './complete/index';
export type { Slot, SlotAt } from './complete/slot';
export type { TextKind, TokenRole, TokenSpan } from './complete/token-spans';
export type { Diagnostic, ParseResult, PositionedProblem, Severity } from './diagnostic';
export { DIAGNOSTIC_CODES, type DiagnosticCode } from './diagnostic-codes';
export { formatDiagnostic, GrammarError, hintAdds, offsetToLineColumn } from './diagnostics';
export { parseFilter } from './filter/parse';
export { serializeFilter, serializeFilterValue } from './filter/serialize';
export { parseFilterOrThrow, parsePeriodOrThrow, parseQoeFilterOrThrow } from './or-throw';
export { MAX_EPOCH_SECONDS } from './period/bounds';
export { parsePeriod } from './period/parse';
export { serializePeriod } from './period/serialize';
export { COMPARISON_OPERATORS } from './qoefilter/operators';
export { parseQoeFilter } from './qoefilter/parse';
export { serializeQoeFilter } from './qoefilter/serialize';
export { formatNumber, isIdentifier } from './text';
