// The stable list of diagnostic codes. Codes are part of the public contract: callers branch on
// them and the service echoes them, so a code is never renamed, only added.

/**
 * Every diagnostic code the grammar can report, with a one-line description.
 *
 * @example
 * ```ts
 * import { DIAGNOSTIC_CODES } from '@playq/grammar';
 * DIAGNOSTIC_CODES.empty_value; // 'A filter value is empty ...'
 * ```
 */
export const DIAGNOSTIC_CODES = Object.freeze({
  empty_input: 'The text is empty or contains only whitespace.',
  invalid_character:
    'A control character (U+0000-U+001F, U+007F-U+009F) or an unpaired surrogate, which no value may contain.',
  expected_clause: "Filter: something other than '[' where a clause must start.",
  empty_clause: "Filter: a clause with nothing inside, '[]'.",
  invalid_dimension: 'Filter: the dimension is missing or is not an identifier [A-Za-z_][A-Za-z0-9_]*.',
  missing_equals: "Filter or period: the '=' after a dimension or key is missing.",
  empty_value: "Filter: a value is empty ('[k=]', '[k=a|]', '[k=\"\"]').",
  reserved_character:
    "Filter: an unquoted value contains '[', '\"' or '\\'; write the value in double quotes.",
  missing_bracket: "Filter: a clause is not closed; '|' or ']' was expected.",
  unterminated_quote: 'Filter: a quoted value has no closing double quote.',
  invalid_escape: "Filter: a backslash in a quoted value is not followed by '\"' or '\\'.",
  duplicate_value: 'Filter (warning): a clause repeats a value; the repetition is dropped.',
  invalid_metric: 'Qoefilter: the metric name is missing or is not an identifier.',
  missing_operator: "Qoefilter: no comparison operator ('>', '>=', '<', '<=', '=', '!=') after the metric.",
  invalid_number:
    'Qoefilter: the number is missing or malformed (NaN, Infinity, hex, 1., .5 are not numbers).',
  number_out_of_range: 'Qoefilter: the number is too large to represent as a finite double.',
  expected_and: "Qoefilter: conditions must be joined by 'AND'.",
  invalid_key: "Period: a key other than 'start' or 'end'.",
  duplicate_key: "Period: 'start' or 'end' is given twice.",
  missing_key: "Period: only one of 'start' and 'end' is given.",
  missing_comma: "Period: the ',' between the two keys is missing.",
  invalid_timestamp: 'Period: a timestamp is not a non-negative integer number of seconds.',
  timestamp_too_large: 'Period: a timestamp is above 10^11 seconds; it probably is in milliseconds.',
  invalid_range: 'Period: start is not before end.',
  trailing_input: 'Period: text after the period.',
} as const);

/** One of the codes of {@link DIAGNOSTIC_CODES}. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
