// A Standard Schema validator for a query URL someone pasted or typed: `fromURL` decides, so the
// value a form gets is the same query node the builder, the client and the service use.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import type { QueryNode } from '../model';
import { fromURL } from '../url/from-url';
import { issueOf, type PlayqFailure } from './issues';

export interface QueryURLSchemaOptions {
  /** The catalogue names are checked against (default: the default catalogue). */
  readonly catalogue?: AnyCatalogue;
}

/** The `~standard` properties of a query URL schema: validation is synchronous and its issues are playq's. */
export interface QueryURLSchemaProps extends StandardSchemaV1.Props<string | URL, QueryNode> {
  readonly vendor: 'playq';
  readonly validate: (value: unknown) => StandardSchemaV1.SuccessResult<QueryNode> | PlayqFailure;
}

/** A Standard Schema (v1, vendor `playq`) that takes a query URL and gives its query node. */
export interface QueryURLSchema extends StandardSchemaV1<string | URL, QueryNode> {
  readonly '~standard': QueryURLSchemaProps;
}

/**
 * A Standard Schema for a query URL (absolute, or a path with its query string): it succeeds with
 * the validated query node `fromURL` reads, or fails with one issue per error, each with the
 * library's message (did-you-mean included), the `code`, the `param` it concerns and the `offset`
 * and `length` inside that parameter's text. Issues have no `path`.
 *
 * @example
 * const url = queryURLSchema();
 * url['~standard'].validate('/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metricz=errors');
 * // { issues: [{ message: 'Unknown query parameter "metricz"; did you mean "metrics"?', code: 'unknown_parameter', param: 'metricz', … }, …] }
 */
export function queryURLSchema(options: QueryURLSchemaOptions = {}): QueryURLSchema {
  const urlOptions = options.catalogue === undefined ? {} : { catalogue: options.catalogue };
  const validate = (value: unknown): StandardSchemaV1.SuccessResult<QueryNode> | PlayqFailure => {
    const r = fromURL(value as string | URL, urlOptions);
    if (r.ok) return { value: r.query };
    // fromURL fails only with errors: each one is an issue.
    return Object.freeze({ issues: Object.freeze(r.errors.map(issueOf)) });
  };
  return Object.freeze({
    '~standard': Object.freeze({ version: 1, vendor: 'playq', validate } as const),
  });
}
