// Structural checks for query nodes that did not come from this package's builder or codec (read
// from JSON, written by hand in untyped code). Semantic validation assumes the model's shape, so a
// malformed node is reported here, field by field, instead of making validation throw.
import type { ProblemCode, QueryDiagnostic } from '../problem-code';
import { problem } from './diagnostics';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isStringArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isInvalidText = (v: Record<string, unknown>) =>
  v.type === 'invalid' && typeof v.text === 'string' && Array.isArray(v.errors) && v.errors.every(isObject);

function texty(v: unknown, ok: (v: Record<string, unknown>) => boolean): boolean {
  return v === undefined || (isObject(v) && (isInvalidText(v) || ok(v)));
}

const period = (v: Record<string, unknown>) =>
  v.type === 'period' && typeof v.start === 'number' && typeof v.end === 'number';
const filter = (v: Record<string, unknown>) =>
  v.type === 'filter' &&
  Array.isArray(v.clauses) &&
  v.clauses.every(
    (c) => isObject(c) && c.type === 'clause' && typeof c.dimension === 'string' && isStringArray(c.values),
  );
const qoefilter = (v: Record<string, unknown>) =>
  v.type === 'qoefilter' &&
  Array.isArray(v.conditions) &&
  v.conditions.every(
    (c) =>
      isObject(c) &&
      c.type === 'condition' &&
      typeof c.metric === 'string' &&
      typeof c.operator === 'string' &&
      typeof c.value === 'number',
  );

/**
 * Problems with the shape of a value claimed to be a query node; empty when the shape is right.
 * @internal
 */
export function checkShape(q: unknown): QueryDiagnostic[] {
  if (!isObject(q) || q.type !== 'query') {
    return [
      problem('missing_parameter', undefined, 'Not a query node: expected an object with type "query".'),
    ];
  }
  const out: QueryDiagnostic[] = [];
  const bad = (code: ProblemCode, param: string, what: string) =>
    out.push(problem(code, param, `The query node's ${param} is not ${what}.`));
  if (typeof q.endpoint !== 'string') bad('not_found', 'path', 'an endpoint name');
  if (typeof q.customerId !== 'string') bad('invalid_customer', 'customerId', 'a string');
  if (!texty(q.period, period)) bad('invalid_period', 'period', 'a period');
  if (!isStringArray(q.metrics)) bad('unknown_metric', 'metrics', 'an array of names');
  if (!isStringArray(q.aggby)) bad('unknown_dimension', 'aggby', 'an array of names');
  if (q.granularity !== undefined && typeof q.granularity !== 'string')
    bad('invalid_granularity', 'granularity', 'a string');
  if (!texty(q.filter, filter)) bad('invalid_filter', 'filter', 'a filter');
  if (!texty(q.qoefilter, qoefilter)) bad('invalid_qoefilter', 'qoefilter', 'a qoefilter');
  if (q.orderby !== undefined && typeof q.orderby !== 'string') bad('invalid_orderby', 'orderby', 'a name');
  if (q.order !== undefined && typeof q.order !== 'string') bad('invalid_order', 'order', 'asc or desc');
  if (typeof q.limit !== 'number') bad('invalid_limit', 'limit', 'a number');
  if (typeof q.offset !== 'number') bad('invalid_offset', 'offset', 'a number');
  if (q.planlevel !== undefined && typeof q.planlevel !== 'string')
    bad('invalid_planlevel', 'planlevel', 'a string');
  return out;
}
