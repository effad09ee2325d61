// Structural tests of the grammar-backed values a query node holds (a period, filter or qoefilter
// AST, or text the parsers rejected), for nodes that did not come from the builder or the codec.
/** A structural test of a node's value and what it says the value should be. @internal */
export interface ValueShape {
  readonly what: string;
  readonly test: (value: unknown) => boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isStringArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isInvalidText = (v: Record<string, unknown>) =>
  v.type === 'invalid' && typeof v.text === 'string' && Array.isArray(v.errors) && v.errors.every(isObject);

/** Absent, text the parsers rejected, or an AST that passes `ok`. */
function texty(what: string, ok: (v: Record<string, unknown>) => boolean): ValueShape {
  return { what, test: (v) => v === undefined || (isObject(v) && (isInvalidText(v) || ok(v))) };
}

const PERIOD_SHAPE = texty(
  'a period',
  (v) => v.type === 'period' && typeof v.start === 'number' && typeof v.end === 'number',
);

const FILTER_SHAPE = texty(
  'a filter',
  (v) =>
    v.type === 'filter' &&
    Array.isArray(v.clauses) &&
    v.clauses.every(
      (c) => isObject(c) && c.type === 'clause' && typeof c.dimension === 'string' && isStringArray(c.values),
    ),
);

const QOEFILTER_SHAPE = texty(
  'a qoefilter',
  (v) =>
    v.type === 'qoefilter' &&
    Array.isArray(v.conditions) &&
    v.conditions.every(
      (c) =>
        isObject(c) &&
        c.type === 'condition' &&
        typeof c.metric === 'string' &&
        typeof c.operator === 'string' &&
        typeof c.value === 'number',
    ),
);

/** The shape of each grammar-backed value, by its AST's type tag (a grammar row's `ast`). @internal */
export const AST_SHAPES: Readonly<Record<string, ValueShape>> = {
  period: PERIOD_SHAPE,
  filter: FILTER_SHAPE,
  qoefilter: QOEFILTER_SHAPE,
};
