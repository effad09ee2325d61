// Structural checks for query nodes that did not come from this package's builder or codec (read
// from JSON, written by hand in untyped code). Semantic validation assumes the model's shape, so a
// malformed node is reported here, field by field (each parameter by its kind, in the wording its
// table row gives), instead of making validation throw.
import type { Parameter } from '../parameters/parameter';
import { PARAMETERS } from '../parameters/parameter-table';
import type { QueryDiagnostic } from '../problem-code';
import { AST_SHAPES, type ValueShape } from './ast-shapes';
import { problem } from './diagnostics';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';
const NAMES: ValueShape = {
  what: 'an array of names',
  test: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
};
const NUMBER: ValueShape = { what: 'a number', test: (v) => typeof v === 'number' };
const TEXTS = new Map<string, ValueShape>();

/** Absent or a string, described as `what` (one shape per wording, made once). */
function text(what: string): ValueShape {
  let shape = TEXTS.get(what);
  if (shape === undefined) {
    shape = { what, test: optionalString };
    TEXTS.set(what, shape);
  }
  return shape;
}

/** What a parameter's value must be made of, by its kind; enums only when their row says. */
function shapeOf(row: Parameter): ValueShape | undefined {
  switch (row.kind) {
    case 'grammar':
      return row.ast === undefined ? undefined : AST_SHAPES[row.ast];
    case 'list':
      return NAMES;
    case 'integer':
      return NUMBER;
    case 'text':
      return text(row.shape ?? 'a string');
    default:
      return row.shape === undefined ? undefined : text(row.shape);
  }
}

const SHAPES = new WeakMap<readonly Parameter[], readonly (ValueShape | undefined)[]>();

/** Each row's shape, worked out once per table. */
function shapesOf(table: readonly Parameter[]): readonly (ValueShape | undefined)[] {
  let shapes = SHAPES.get(table);
  if (shapes === undefined) {
    shapes = table.map(shapeOf);
    SHAPES.set(table, shapes);
  }
  return shapes;
}

/**
 * Problems with the shape of a value claimed to be a query node; empty when the shape is right.
 * @internal
 */
export function checkShape(q: unknown, table: readonly Parameter[] = PARAMETERS): QueryDiagnostic[] {
  if (!isObject(q) || q.type !== 'query') {
    return [
      problem('missing_parameter', undefined, 'Not a query node: expected an object with type "query".'),
    ];
  }
  const out: QueryDiagnostic[] = [];
  const bad = (code: QueryDiagnostic['code'], param: string, what: string) =>
    out.push(problem(code, param, `The query node's ${param} is not ${what}.`));
  if (typeof q.endpoint !== 'string') bad('not_found', 'path', 'an endpoint name');
  if (typeof q.customerId !== 'string') bad('invalid_customer', 'customerId', 'a string');
  const shapes = shapesOf(table);
  for (let i = 0; i < table.length; i++) {
    const row = table[i]!;
    const shape = shapes[i];
    if (shape !== undefined && !shape.test(q[row.name])) bad(row.code, row.name, shape.what);
  }
  return out;
}
