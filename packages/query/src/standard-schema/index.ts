// @playq/query/standard-schema: validators in the Standard Schema v1 convention, for form and
// validation libraries (react-hook-form, TanStack Form, Zod or Valibot pipelines, tRPC, Hono).
export type { PlayqFailure, PlayqIssue } from './issues';
export {
  type QueryURLSchema,
  type QueryURLSchemaOptions,
  type QueryURLSchemaProps,
  queryURLSchema,
} from './query-url-schema';
export {
  type TextSchema,
  type TextSchemaKind,
  type TextSchemaOptions,
  type TextSchemaProps,
  type TextValues,
  textSchema,
} from './text-schema';
