// @playq/query/openapi: the OpenAPI 3.1 description of the service generated from a catalogue,
// kept in its own entry so that the main and builder bundles do not carry it.

export { OPENAPI_PATH, type OpenApiOptions, openApiDocument } from './openapi-document';
export type { Json, JsonSchema, OpenApiDocument } from './openapi-types';
export { PERIOD_PATTERN } from './parameter-schemas';
export { PROBLEM_MEDIA_TYPE } from './problem-schema';
