// A Zod field read by a playq Standard Schema: a string, transformed into what the schema gives,
// failing with the schema's issues (Zod's documented way to fail a transform).
import type { TextSchema, TextSchemaKind } from '@playq/query/standard-schema';
import { z } from 'zod';

export const playqField = <K extends TextSchemaKind>(schema: TextSchema<K>) =>
  z.string().transform((text, ctx) => {
    const r = schema['~standard'].validate(text);
    if (r.issues === undefined) return r.value;
    for (const issue of r.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, params: { ...issue } });
    return z.NEVER;
  });
