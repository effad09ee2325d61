// The validators inside the schema libraries users combine them with: Zod 4 and Valibot 1, each
// reading a form's fields through playq's schema and reporting playq's messages at the field.
import { parseFilterOrThrow } from '@playq/grammar';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TextSchema, type TextSchemaKind, textSchema } from '../src/standard-schema/index';

/** A Zod field read by a playq schema: Zod's documented way to fail a transform with issues. */
const zodField = <K extends TextSchemaKind>(schema: TextSchema<K>) =>
  z.string().transform((text, ctx) => {
    const r = schema['~standard'].validate(text);
    if (r.issues === undefined) return r.value;
    for (const issue of r.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, params: { ...issue } });
    return z.NEVER;
  });

/** The same for Valibot, through `rawTransform`. */
const valibotField = <K extends TextSchemaKind>(schema: TextSchema<K>) =>
  v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const r = schema['~standard'].validate(dataset.value);
      if (r.issues === undefined) return r.value;
      for (const issue of r.issues) addIssue({ message: issue.message });
      return NEVER;
    }),
  );

const FORM = { filter: '[contry=US]', period: 'start=0,end=3600' };
const FIXED = { filter: '[country=US]', period: 'start=0,end=3600' };

describe('textSchema in Zod 4', () => {
  const form = z.object({ filter: zodField(textSchema('filter')), period: zodField(textSchema('period')) });

  it("reports playq's did-you-mean at the misspelled field", () => {
    const r = form.safeParse(FORM);
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([
      expect.objectContaining({
        path: ['filter'],
        message: 'filter: Unknown dimension "contry"; did you mean "country"?',
        params: expect.objectContaining({ code: 'unknown_dimension', offset: 1, length: 6 }),
      }),
    ]);
  });

  it('gives the ASTs once the text is fixed, and works through Zod’s own Standard Schema face', async () => {
    const r = form.safeParse(FIXED);
    expect(r.data?.filter).toEqual(parseFilterOrThrow('[country=US]'));
    expect(r.data?.period).toEqual({ type: 'period', start: 0, end: 3600 });
    const standard = await form['~standard'].validate(FORM);
    expect(standard.issues?.map((i) => [i.path, i.message])).toEqual([
      [['filter'], 'filter: Unknown dimension "contry"; did you mean "country"?'],
    ]);
  });
});

describe('textSchema in Valibot 1', () => {
  const form = v.object({
    filter: valibotField(textSchema('filter')),
    period: valibotField(textSchema('period')),
  });

  it("reports playq's message at the field, and the AST when fixed", () => {
    const bad = v.safeParse(form, { ...FIXED, period: 'start=10,end=5' });
    expect(bad.success).toBe(false);
    expect(bad.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([
      [
        'period',
        'period: the end 5 (1970-01-01T00:00:05Z) is not after the start 10 (1970-01-01T00:00:10Z); a period is the half-open interval [start, end)',
      ],
    ]);
    const good = v.safeParse(form, FIXED);
    expect(good.success && good.output.period).toEqual({ type: 'period', start: 0, end: 3600 });
  });

  it('refuses a field that is not a string before playq sees it', () => {
    const r = v.safeParse(form, { ...FIXED, filter: 5 });
    expect(r.issues?.[0]?.message).toMatch(/Expected string/);
  });
});
