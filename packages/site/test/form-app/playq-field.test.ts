// The form page's schema through react-hook-form's real standardSchemaResolver, outside the
// browser: the field's error is playq's message with its did-you-mean, the values are the ASTs.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { parseFilterOrThrow, parsePeriodOrThrow } from '@playq/grammar';
import { textSchema } from '@playq/query/standard-schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { playqField } from './playq-field';

const form = z.object({ filter: playqField(textSchema('filter')), period: playqField(textSchema('period')) });
const resolve = standardSchemaResolver(form);
const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as const;

describe('a playq field in a react-hook-form resolver', () => {
  it("puts playq's message and code on the misspelled field only", async () => {
    const r = await resolve({ filter: '[contry=US]', period: 'start=0,end=60' }, undefined, OPTIONS);
    expect(r.values).toEqual({});
    expect(Object.keys(r.errors)).toEqual(['filter']);
    expect(r.errors.filter).toMatchObject({
      message: 'filter: Unknown dimension "contry"; did you mean "country"?',
    });
  });

  it('reports each broken field, grammar errors included', async () => {
    const r = await resolve({ filter: '[country=US', period: 'start=9,end=1' }, undefined, OPTIONS);
    expect(r.errors.filter?.message).toBe(
      "filter: found end of input, expected '|' or ']' in the clause on 'country'",
    );
    expect(r.errors.period?.message).toContain(
      'period: the end 1 (1970-01-01T00:00:01Z) is not after the start 9 (1970-01-01T00:00:09Z)',
    );
  });

  it('hands over the ASTs once the texts are valid', async () => {
    const r = await resolve({ filter: '[Country=US|FR]', period: 'end=60,start=0' }, undefined, OPTIONS);
    expect(r.errors).toEqual({});
    expect(r.values).toEqual({
      filter: parseFilterOrThrow('[country=US|FR]'),
      period: parsePeriodOrThrow('start=0,end=60'),
    });
  });
});
