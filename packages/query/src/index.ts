export type { AggMode, Endpoint, Granularity, InvalidText, QueryNode, SortOrder } from './model';
export { DEFAULT_GRANULARITY, DEFAULT_LIMIT, DEFAULT_OFFSET } from './model';
export { PROBLEM_CODES, type ProblemCode, type QueryDiagnostic } from './problem-code';
