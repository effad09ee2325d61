// The slice of OpenAPI 3.1 this package writes, as plain JSON types: a document is data (no
// classes, no functions), so it can be printed, served, diffed and read by third-party tools.

/** A JSON value. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** A JSON Schema 2020-12 object, as OpenAPI 3.1 embeds it. */
export type JsonSchema = { readonly [keyword: string]: Json };

/** An OpenAPI 3.1 document: a plain JSON object. */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly [key: string]: Json };
  readonly servers: readonly { readonly url: string; readonly description?: string }[];
  readonly [key: string]: Json;
}
