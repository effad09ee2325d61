import { describe, expect, it } from 'vitest';
import { metricQuery, type QueryDiagnostic, validate } from '../src/index';
import { checkShape } from '../src/validate/shape';

// A well-formed node with every optional part present, so that each test breaks exactly one field.
const full = {
  ...metricQuery('demo')
    .between(0, 86_400)
    .metrics('errors')
    .aggBy('country')
    .where('country', ['US', 'FR'])
    .having('errors', '>', 2)
    .orderBy('errors', 'desc')
    .limit(10)
    .toQuery(),
  granularity: 'hour',
  planlevel: '2',
};

const withField = (key: string, value: unknown): unknown => ({ ...full, [key]: value });

/** The one diagnostic checkShape gives for a field that is not what the model says. */
const shapeProblem = (code: string, param: string, what: string): QueryDiagnostic => ({
  code: code as QueryDiagnostic['code'],
  message: `The query node's ${param} is not ${what}.`,
  severity: 'error',
  param,
});

describe('checkShape: a well-formed node', () => {
  it('has no problems, with every optional part present or absent', () => {
    expect(checkShape(full)).toStrictEqual([]);
    expect(checkShape(metricQuery('demo').toQuery())).toStrictEqual([]);
  });

  it('accepts text the parsers rejected in place of a period, filter or qoefilter', () => {
    const invalid = { type: 'invalid', text: 'x', errors: [{ code: 'unexpected_token' }] };
    for (const key of ['period', 'filter', 'qoefilter'])
      expect(checkShape(withField(key, invalid))).toStrictEqual([]);
  });

  it('accepts empty clause and condition lists', () => {
    expect(checkShape(withField('filter', { type: 'filter', clauses: [] }))).toStrictEqual([]);
    expect(checkShape(withField('qoefilter', { type: 'qoefilter', conditions: [] }))).toStrictEqual([]);
  });
});

describe('checkShape: a value that is not a query node', () => {
  it.each([null, undefined, 42, 'query', [], { type: 'Query' }, { endpoint: 'metricquery' }])(
    'rejects %j with one missing_parameter problem and no param',
    (value) => {
      expect(checkShape(value)).toStrictEqual([
        {
          code: 'missing_parameter',
          message: 'Not a query node: expected an object with type "query".',
          severity: 'error',
        },
      ]);
    },
  );
});

describe('checkShape: one problem per malformed field, with its code and wording', () => {
  const cases: [string, unknown, QueryDiagnostic][] = [
    ['endpoint', 7, shapeProblem('not_found', 'path', 'an endpoint name')],
    ['customerId', undefined, shapeProblem('invalid_customer', 'customerId', 'a string')],
    ['metrics', ['errors', 3], shapeProblem('unknown_metric', 'metrics', 'an array of names')],
    ['metrics', 'errors', shapeProblem('unknown_metric', 'metrics', 'an array of names')],
    ['aggby', [null], shapeProblem('unknown_dimension', 'aggby', 'an array of names')],
    ['granularity', 60, shapeProblem('invalid_granularity', 'granularity', 'a string')],
    ['orderby', ['errors'], shapeProblem('invalid_orderby', 'orderby', 'a name')],
    ['order', false, shapeProblem('invalid_order', 'order', 'asc or desc')],
    ['limit', '10', shapeProblem('invalid_limit', 'limit', 'a number')],
    ['offset', undefined, shapeProblem('invalid_offset', 'offset', 'a number')],
    ['planlevel', 2, shapeProblem('invalid_planlevel', 'planlevel', 'a string')],
  ];
  it.each(cases)('%s = %j', (key, value, expected) => {
    expect(checkShape(withField(key, value))).toStrictEqual([expected]);
  });

  it('reports every malformed field, in field order', () => {
    const node = { type: 'query', metrics: [], aggby: [], limit: 0, offset: 0 };
    expect(checkShape(node)).toStrictEqual([
      shapeProblem('not_found', 'path', 'an endpoint name'),
      shapeProblem('invalid_customer', 'customerId', 'a string'),
    ]);
  });
});

describe('checkShape: periods', () => {
  const bad = [shapeProblem('invalid_period', 'period', 'a period')];
  it.each([
    ['another type', { type: 'last', start: 0, end: 1 }],
    ['a string start', { type: 'period', start: '0', end: 1 }],
    ['a missing end', { type: 'period', start: 0 }],
    ['a string end', { type: 'period', start: 0, end: '1' }],
    ['a non-object', 'last 1 day'],
    ['null', null],
  ])('rejects %s', (_name, period) => {
    expect(checkShape(withField('period', period))).toStrictEqual(bad);
  });

  it('rejects invalid text without a string text or an errors array of objects', () => {
    for (const period of [
      { type: 'invalid', text: 1, errors: [] },
      { type: 'invalid', text: 'x', errors: 'none' },
      { type: 'invalid', text: 'x', errors: [1] },
      { type: 'invalid', text: 'x', errors: [{ code: 'unexpected_token' }, 1] },
      { type: 'broken', text: 'x', errors: [] },
    ])
      expect(checkShape(withField('period', period))).toStrictEqual(bad);
  });
});

describe('checkShape: filters', () => {
  const bad = [shapeProblem('invalid_filter', 'filter', 'a filter')];
  const clause = { type: 'clause', dimension: 'country', values: ['US'] };
  it.each([
    ['another type', { type: 'qoefilter', clauses: [clause] }],
    ['clauses that are not an array', { type: 'filter', clauses: clause }],
    ['a clause that is not an object', { type: 'filter', clauses: [clause, 'country=US'] }],
    ['a clause of another type', { type: 'filter', clauses: [clause, { ...clause, type: 'condition' }] }],
    ['a clause without a dimension name', { type: 'filter', clauses: [{ ...clause, dimension: 1 }] }],
    ['a clause whose values are not strings', { type: 'filter', clauses: [{ ...clause, values: [1] }] }],
    ['a clause without values', { type: 'filter', clauses: [{ type: 'clause', dimension: 'country' }] }],
  ])('rejects %s', (_name, filter) => {
    expect(checkShape(withField('filter', filter))).toStrictEqual(bad);
  });

  it('rejects one bad clause among good ones, wherever it is', () => {
    const broken = { ...clause, dimension: null };
    expect(checkShape(withField('filter', { type: 'filter', clauses: [broken, clause] }))).toStrictEqual(bad);
    expect(checkShape(withField('filter', { type: 'filter', clauses: [clause, broken] }))).toStrictEqual(bad);
  });
});

describe('checkShape: qoefilters', () => {
  const bad = [shapeProblem('invalid_qoefilter', 'qoefilter', 'a qoefilter')];
  const condition = { type: 'condition', metric: 'errors', operator: '>', value: 2 };
  it.each([
    ['another type', { type: 'filter', conditions: [condition] }],
    ['conditions that are not an array', { type: 'qoefilter', conditions: condition }],
    ['a condition that is not an object', { type: 'qoefilter', conditions: [condition, null] }],
    ['a condition of another type', { type: 'qoefilter', conditions: [{ ...condition, type: 'clause' }] }],
    ['a condition without a metric name', { type: 'qoefilter', conditions: [{ ...condition, metric: 3 }] }],
    ['a condition without an operator', { type: 'qoefilter', conditions: [{ ...condition, operator: 0 }] }],
    ['a condition with a text value', { type: 'qoefilter', conditions: [{ ...condition, value: '2' }] }],
  ])('rejects %s', (_name, qoefilter) => {
    expect(checkShape(withField('qoefilter', qoefilter))).toStrictEqual(bad);
  });

  it('rejects one bad condition among good ones, wherever it is', () => {
    const broken = { ...condition, value: undefined };
    const first = { type: 'qoefilter', conditions: [broken, condition] };
    const last = { type: 'qoefilter', conditions: [condition, broken] };
    expect(checkShape(withField('qoefilter', first))).toStrictEqual(bad);
    expect(checkShape(withField('qoefilter', last))).toStrictEqual(bad);
  });
});

describe('validate: a malformed node', () => {
  it('returns the shape problems alone, before any semantic check', () => {
    const node = withField('limit', 'ten') as Parameters<typeof validate>[0];
    expect(validate(node)).toStrictEqual([shapeProblem('invalid_limit', 'limit', 'a number')]);
  });
});
