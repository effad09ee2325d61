// What one query parameter is, as data: a row of the parameter table. Every consumer (the URL
// printer and parser, plain-value validation, the builder's empty state, the CLI's flags, explain)
// reads these fields instead of knowing the parameter by name.
import type { Diagnostic } from '@playq/grammar';
import type { QueryLimits } from '../limits';
import type { ProblemCode } from '../problem-code';
import type { Endpoint } from '../wire/endpoints';
import type { TextParsers } from './text-parsers';

/** How a parameter's text is read: the shapes the table's rows come in. */
export type ParameterKind = 'enum' | 'switch' | 'integer' | 'text' | 'list' | 'grammar';

/** One allowed text of an enum or switch parameter and the node value it stands for. */
export interface ParameterValue {
  readonly text: string;
  readonly value: unknown;
  /** What the value means, in a few words (explain prints it). */
  readonly meaning?: string;
}

/** What reading a parameter's URL text gives. */
export interface Decoded {
  /** The node value, or `undefined` to store nothing (the default). */
  readonly value?: unknown;
  /** Why the text is wrong, reported with the row's problem code. */
  readonly problem?: {
    readonly message: string;
    /** The allowed texts to suggest the closest of (a did-you-mean for a misspelled value). */
    readonly suggest?: readonly string[];
  };
  /** Warnings of the grammar behind the parameter, reported with the row's problem code. */
  readonly warnings?: readonly Diagnostic[];
  /** Where the grammar put each part of the text, computed on request (a second lex). */
  readonly spans?: () => unknown;
}

/**
 * What reading and printing a parameter needs, and what its value may be: the part of a row that
 * URL-building code (the builder, `toURL`) uses, kept apart from the words so that browser bundles
 * that only build URLs do not carry them.
 */
export interface ParameterCodec {
  /** The URL name, which is also the query node's field. */
  readonly name: string;
  readonly kind: ParameterKind;
  /** The endpoints it applies to. */
  readonly endpoints: readonly Endpoint[];
  /** The endpoints that require it. */
  readonly required: readonly Endpoint[];
  /** The problem code of a bad value. */
  readonly code: ProblemCode;
  /** The allowed texts of an enum or switch, in the order messages list them. */
  readonly values?: readonly ParameterValue[];
  /** The URL text that is left out of canonical URLs, when there is one. */
  readonly defaultText?: string;
  /** Integer bounds: the smallest value, and the largest under the given limits. */
  readonly min?: number;
  readonly max?: (limits: QueryLimits) => number;
  /** The integer range in words under the given limits (`an integer from 1 to 10000`). */
  readonly range?: (limits: QueryLimits) => string;
  /** What a text value must look like, and what a value that does not is told. */
  readonly pattern?: RegExp;
  readonly patternMessage?: (value: string) => string;
  /** Its value is checked by validation's own rules (which know the rest of the query). */
  readonly checkedElsewhere?: boolean;
  /**
   * What a node's value must be, in words, for the structural check of nodes made by hand: where
   * the kind's own wording does not fit (`a name`), or to have an enum's value checked as text.
   */
  readonly shape?: string;
  /** The type tag of a grammar-backed value's AST (`period`, `filter`, `qoefilter`); validation knows its shape. */
  readonly ast?: string;
  /** The value a fresh builder holds (`[]` for lists, the default of `limit` and `offset`). */
  readonly empty: unknown;
  /** Reads URL text; `parsers` read the grammar-backed parameters. Never throws. */
  decode(text: string, parsers: TextParsers): Decoded;
  /** The URL text of a node's value, `undefined` when it is left out (absent or the default). */
  encode(value: unknown): string | undefined;
  /** Called by `fromURL` when the URL leaves the parameter out, to fill a derived default. */
  absent?(node: Record<string, unknown>): void;
}

/** The words of a parameter: what the CLI's help, `explain` and validation's messages say. */
export interface ParameterHelp {
  /** One line of help, for the CLI's flags and `explain`. */
  readonly help: string;
  /** What its value looks like (`<n>`, `<names>`), for help texts. */
  readonly placeholder: string;
  /** What `explain` calls it, when not its name (`plan level`). */
  readonly label?: string;
  /** What a query missing it is told, when it is required. */
  readonly requiredMessage?: string;
}

/** A row of the parameter table: one query parameter and everything known about it. */
export interface Parameter extends ParameterCodec, ParameterHelp {}
