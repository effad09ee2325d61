// Standard Schema validators for what a person types into a filter, qoefilter or period field:
// `checkText` decides, so a form shows exactly what an editor or the service would say.
import type { FilterAst, PeriodAst, QoeFilterAst } from '@playq/grammar';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import { readText } from '../complete/check-text';
import type { ProblemCode } from '../problem-code';
import { failureOf, type PlayqFailure } from './issues';

/** The mini-languages a text field can hold. */
export type TextSchemaKind = 'filter' | 'qoefilter' | 'period';

/** The value a valid text of each kind parses to: the grammar's AST. */
export interface TextValues {
  readonly filter: FilterAst;
  readonly qoefilter: QoeFilterAst;
  readonly period: PeriodAst;
}

export interface TextSchemaOptions {
  /** The catalogue names are checked against (default: the default catalogue). */
  readonly catalogue?: AnyCatalogue;
}

/** The `~standard` properties of a text schema: validation is synchronous and its issues are playq's. */
export interface TextSchemaProps<K extends TextSchemaKind>
  extends StandardSchemaV1.Props<string, TextValues[K]> {
  readonly vendor: 'playq';
  readonly validate: (value: unknown) => StandardSchemaV1.SuccessResult<TextValues[K]> | PlayqFailure;
}

/** A Standard Schema (v1, vendor `playq`) that takes a text and gives its AST. */
export interface TextSchema<K extends TextSchemaKind> extends StandardSchemaV1<string, TextValues[K]> {
  readonly '~standard': TextSchemaProps<K>;
  /** The language this schema reads. */
  readonly kind: K;
}

const CODES: Readonly<Record<TextSchemaKind, ProblemCode>> = {
  filter: 'invalid_filter',
  qoefilter: 'invalid_qoefilter',
  period: 'invalid_period',
};

const KINDS: readonly string[] = Object.keys(CODES);

/** The failure for a value that is not text at all. */
function notText(kind: TextSchemaKind, value: unknown): PlayqFailure {
  const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
  const message = `${kind}: expected the text of a ${kind}, got ${got}`;
  return Object.freeze({
    issues: Object.freeze([Object.freeze({ message, code: CODES[kind], offset: 0, length: 0, param: kind })]),
  });
}

/**
 * A Standard Schema for a filter, qoefilter or period text: it succeeds with the parsed AST, or
 * fails with one issue per error `checkText` finds (warnings such as a repeated value do not
 * fail), each with the library's message (did-you-mean included), the problem `code`, and the
 * `offset` and `length` of the offending characters. Issues have no `path`: the problem is in the
 * text itself.
 *
 * @example
 * const filter = textSchema('filter');
 * filter['~standard'].validate('[country=US]');
 * // { value: { type: 'filter', clauses: [{ type: 'clause', dimension: 'country', values: ['US'] }] } }
 * filter['~standard'].validate('[contry=US]');
 * // { issues: [{ message: 'filter: Unknown dimension "contry"; did you mean "country"?', code: 'unknown_dimension', offset: 1, length: 6, … }] }
 */
export function textSchema<K extends TextSchemaKind>(
  kind: K,
  options: TextSchemaOptions = {},
): TextSchema<K> {
  if (!KINDS.includes(kind)) {
    throw new TypeError(
      `@playq/query: textSchema takes 'filter', 'qoefilter' or 'period', got ${String(kind)}`,
    );
  }
  const catalogue = options.catalogue;
  const textOptions = catalogue === undefined ? {} : { catalogue };
  const validate = (value: unknown): StandardSchemaV1.SuccessResult<TextValues[K]> | PlayqFailure => {
    if (typeof value !== 'string') return notText(kind, value);
    const reading = readText(kind, value, textOptions);
    const failure = failureOf(reading.diagnostics);
    if (failure !== undefined) return failure;
    return { value: reading.value as TextValues[K] };
  };
  return Object.freeze({
    kind,
    '~standard': Object.freeze({ version: 1, vendor: 'playq', validate } as const),
  });
}
