export type * from './ast';
export type { Diagnostic, ParseResult, Severity } from './diagnostic';
