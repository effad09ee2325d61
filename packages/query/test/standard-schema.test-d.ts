import type { FilterAst, PeriodAst, QoeFilterAst } from '@playq/grammar';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expectTypeOf, it } from 'vitest';
import type { QueryNode } from '../src/index';
import { queryURLSchema, textSchema } from '../src/standard-schema/index';

describe('standard schema types', () => {
  it('infers the AST of each kind as the output, a string as the input', () => {
    const filter = textSchema('filter');
    expectTypeOf<StandardSchemaV1.InferOutput<typeof filter>>().toEqualTypeOf<FilterAst>();
    expectTypeOf<StandardSchemaV1.InferInput<typeof filter>>().toEqualTypeOf<string>();
    expectTypeOf<
      StandardSchemaV1.InferOutput<ReturnType<typeof textSchema<'qoefilter'>>>
    >().toEqualTypeOf<QoeFilterAst>();
    expectTypeOf<
      StandardSchemaV1.InferOutput<ReturnType<typeof textSchema<'period'>>>
    >().toEqualTypeOf<PeriodAst>();
  });

  it('infers a query node from a URL schema, and both are Standard Schemas', () => {
    expectTypeOf<
      StandardSchemaV1.InferOutput<ReturnType<typeof queryURLSchema>>
    >().toEqualTypeOf<QueryNode>();
    expectTypeOf(textSchema('period')).toExtend<StandardSchemaV1<string, PeriodAst>>();
    expectTypeOf(queryURLSchema()).toExtend<StandardSchemaV1>();
  });

  it('accepts the three kinds only', () => {
    // @ts-expect-error: not a text kind
    textSchema('aggby');
  });
});
