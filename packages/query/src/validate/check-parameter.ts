// The plain checks of one parameter, read off its row of the parameter table: whether it applies
// to the query's endpoint, whether a required one is there, and whether its value is one the row
// allows (an enum's texts, an integer's bounds, a pattern). Names are checked by the other rules.
import type { QueryLimits } from '../limits';
import { valuesText } from '../parameters/define-parameter';
import type { Parameter } from '../parameters/parameter';
import { orList } from '../util/word-list';
import { ENDPOINTS, isEndpoint, isListEndpoint } from '../wire/endpoints';
import type { Context } from './context';
import { problem } from './diagnostics';

/** What the plain checks read of a row, every field present (`undefined` when the row has none). @internal */
export type CheckedRow = {
  readonly [K in
    | 'name'
    | 'code'
    | 'kind'
    | 'endpoints'
    | 'required'
    | 'requiredMessage'
    | 'values'
    | 'min'
    | 'max'
    | 'range'
    | 'pattern'
    | 'patternMessage'
    | 'checkedElsewhere']-?: Parameter[K];
};

/**
 * The fields of a row the plain checks read, copied into one object shape: the rows of the table
 * each have their own shape, and reading sixteen shapes at one place is slow (validation runs on
 * every `fromURL`).
 * @internal
 */
export function checkedRow(row: Parameter): CheckedRow {
  return {
    name: row.name,
    code: row.code,
    kind: row.kind,
    endpoints: row.endpoints,
    required: row.required,
    requiredMessage: row.requiredMessage,
    values: row.values,
    min: row.min,
    max: row.max,
    range: row.range,
    pattern: row.pattern,
    patternMessage: row.patternMessage,
    checkedElsewhere: row.checkedElsewhere,
  };
}

/**
 * Pushes the plain problems of a parameter; `true` when it has none, so that the rules needing
 * its value may look at it.
 * @internal
 */
export function checkParameter(cx: Context, row: CheckedRow, optional: ReadonlySet<string>): boolean {
  const value = (cx.q as unknown as Record<string, unknown>)[row.name];
  const present = value !== undefined && !(Array.isArray(value) && value.length === 0);
  // Most parameters are unset and required nowhere: nothing to check.
  if (!present && row.required.length === 0) return true;
  if (!on(row.endpoints, cx.q.endpoint)) {
    if (!present) return true;
    const message = `${row.name} applies only to the ${orList(row.endpoints)} endpoint.`;
    // A session list refuses what it has no use for (granularity, planlevel, agg) with one code.
    const code = isListEndpoint(cx.q.endpoint) ? 'unsupported_parameter' : row.code;
    cx.out.push(problem(code, row.name, message));
    return false;
  }
  if (!present) {
    if (!on(row.required, cx.q.endpoint) || optional.has(row.name)) return true;
    const message = row.requiredMessage ?? `${row.name} is required.`;
    cx.out.push(problem('missing_parameter', row.name, message));
    return false;
  }
  const wrong = valueProblem(row, value, cx.limits);
  if (wrong === undefined) return true;
  cx.out.push(problem(row.code, row.name, wrong));
  return false;
}

/** What is wrong with a value the row describes (its texts, its bounds, its pattern), if anything. */
function valueProblem(row: CheckedRow, value: unknown, limits: QueryLimits): string | undefined {
  if (row.checkedElsewhere) return undefined;
  if (row.values !== undefined) {
    if (row.values.some((v) => v.value === value)) return undefined;
    return `${row.name} must be ${valuesText(row.values.map((v) => v.text))}, not ${JSON.stringify(value)}.`;
  }
  if (row.kind === 'integer') {
    const n = value as number;
    const max = row.max?.(limits) ?? Number.POSITIVE_INFINITY;
    if (Number.isSafeInteger(n) && n >= (row.min ?? Number.NEGATIVE_INFINITY) && n <= max) return undefined;
    return `${row.name} must be ${row.range?.(limits) ?? 'an integer'}, not ${String(value)}.`;
  }
  if (row.pattern === undefined || row.pattern.test(String(value))) return undefined;
  return row.patternMessage?.(String(value)) ?? `${row.name} "${String(value)}" is not valid.`;
}

/** Whether a list of endpoints covers one; an unknown endpoint (reported once, as not_found) is covered by "all". */
function on(endpoints: readonly string[], endpoint: string): boolean {
  return endpoints.includes(endpoint) || (!isEndpoint(endpoint) && endpoints.length === ENDPOINTS.length);
}
