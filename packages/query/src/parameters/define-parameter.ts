// The shapes a row of the parameter table comes in, as small factories: an enum or an on/off
// switch of allowed texts, a bounded integer, free text, a comma-separated list of names, and a
// text read by one of the grammar's parsers. Each adds how its text is read and printed to a row's
// data (what its values may be), which validation reads too.
import type { Diagnostic } from '@playq/grammar';
import type { InvalidText } from '../model';
import { orList } from '../util/word-list';
import type { Decoded, ParameterCodec, ParameterKind, ParameterValue } from './parameter';
import type { TextParsers } from './text-parsers';

/** What a row says about itself besides how its text is read: the data fields of `ParameterCodec`. */
type Data = Omit<
  ParameterCodec,
  'kind' | 'empty' | 'decode' | 'encode' | 'absent' | 'required' | 'values'
> & {
  readonly required?: ParameterCodec['required'];
};

/** A row whose name and kind are known as literal types. */
export type Named<N extends string, K extends ParameterKind = ParameterKind> = ParameterCodec & {
  readonly name: N;
  readonly kind: K;
};

/**
 * The allowed texts in a sentence: `a or b`, or `one of a, b, c` for longer lists.
 *
 * @example
 * valuesText(['asc', 'desc']); // 'asc or desc'
 * @internal
 */
export function valuesText(texts: readonly string[]): string {
  return texts.length > 2 ? `one of ${texts.join(', ')}` : orList(texts);
}

interface EnumOptions extends Data {
  readonly values: readonly ParameterValue[];
  /** The node value of the default: not stored when read, not written when printed. */
  readonly default?: unknown;
  /** Store the default when read (a time series keeps `granularity=auto`), still not written. */
  readonly keepDefault?: boolean;
  /** Accept any case in URLs. */
  readonly anyCase?: boolean;
  /** Suggest the closest allowed text for a misspelled one. */
  readonly suggest?: boolean;
}

/**
 * A parameter with a fixed set of texts (`order`, `agg`). Text outside the set is reported when
 * read; a builder keeps it, so that validation reports it.
 */
export function enumParameter<const N extends string>(
  o: EnumOptions & { readonly name: N },
): Named<N, 'enum'> {
  const { default: fallback, keepDefault, anyCase, suggest, ...data } = o;
  const texts = o.values.map((v) => v.text);
  const byText = new Map(o.values.map((v) => [v.text, v.value]));
  const textOf = new Map(o.values.map((v) => [v.value, v.text]));
  const defaultText = fallback === undefined ? undefined : textOf.get(fallback);
  return {
    ...data,
    required: o.required ?? [],
    kind: 'enum',
    ...(defaultText === undefined ? {} : { defaultText }),
    empty: undefined,
    decode(text: string): Decoded {
      const key = anyCase ? text.toLowerCase() : text;
      if (!byText.has(key)) {
        const message = `${o.name} must be ${valuesText(texts)}, not ${JSON.stringify(text)}.`;
        return { problem: suggest ? { message, suggest: texts } : { message } };
      }
      const value = byText.get(key);
      return value === fallback && !keepDefault ? {} : { value };
    },
    encode(value: unknown): string | undefined {
      if (value === undefined || value === fallback) return undefined;
      return textOf.get(value) ?? String(value);
    },
  };
}

/**
 * An on/off parameter (`allstatus`, `concurrency`, `businesserror`): two texts, the off one the
 * default. The CLI makes it a flag without a value.
 */
export function switchParameter<const N extends string>(
  o: EnumOptions & { readonly name: N; readonly default: unknown },
): Named<N, 'switch'> {
  return { ...enumParameter(o), kind: 'switch' };
}

// Strict: no spaces, no sign but '-', no leading zeros ("05" and " 5" are refused, not guessed at).
const INTEGER = /^-?(0|[1-9]\d*)$/;

/** A whole number with bounds (`limit`, `offset`); the node always holds one. */
export function integerParameter<const N extends string>(
  o: Data & { readonly name: N; readonly default: number; readonly min: number },
): Named<N, 'integer'> {
  const { default: fallback, ...data } = o;
  return {
    ...data,
    required: o.required ?? [],
    kind: 'integer',
    defaultText: String(fallback),
    empty: fallback,
    decode: (text: string): Decoded =>
      INTEGER.test(text)
        ? { value: Number(text) }
        : {
            problem: {
              message: `${o.name} must be an integer without spaces or leading zeros, not ${JSON.stringify(text)}.`,
            },
          },
    encode: (value: unknown) => (value === undefined || value === fallback ? undefined : String(value)),
  };
}

/** Free text (`planlevel`, `orderby`), stored as given. */
export function textParameter<const N extends string>(o: Data & { readonly name: N }): Named<N, 'text'> {
  return {
    ...o,
    required: o.required ?? [],
    kind: 'text',
    empty: undefined,
    decode: (text: string): Decoded => ({ value: text }),
    encode: (value: unknown) => (value === undefined ? undefined : String(value)),
  };
}

/** A comma-separated list of names (`metrics`, `aggby`), in the order given; `[]` when absent. */
export function listParameter<const N extends string>(o: Data & { readonly name: N }): Named<N, 'list'> {
  return {
    ...o,
    required: o.required ?? [],
    kind: 'list',
    empty: [],
    decode(text: string): Decoded {
      const names = text.split(',').map((part) => part.trim());
      const value = names.filter((name) => name !== '');
      if (value.length === names.length) return { value };
      return { value, problem: { message: `${o.name} has an empty name in "${text}".` } };
    },
    encode: (value: unknown) => {
      const names = value as readonly string[] | undefined;
      return names === undefined || names.length === 0 ? undefined : names.join(',');
    },
  };
}

/** A parse result as a grammar-backed row reads it. */
type Parse<A> =
  | {
      readonly ok: true;
      readonly value: A;
      readonly warnings?: readonly Diagnostic[];
      readonly spans?: unknown;
    }
  | { readonly ok: false; readonly errors: readonly Diagnostic[] };

interface GrammarOptions<A extends { readonly type: string }> extends Data {
  /** The grammar's parser for this parameter, from the parsers given. */
  readonly parse: (parsers: TextParsers, text: string) => Parse<A>;
  /** The grammar's printer (canonical text). */
  readonly print: (ast: A) => string;
  /** The AST's type tag. */
  readonly ast: A['type'];
  /** Leave the parameter out of URLs when its text prints empty (a filter without clauses). */
  readonly omitEmpty?: boolean;
}

/**
 * Text in one of the mini-languages (`period`, `filter`, `qoefilter`), read by the grammar. Text
 * that does not parse is kept as written (an `InvalidText`), so validation reports the grammar's
 * positioned errors.
 */
export function grammarParameter<A extends { readonly type: string }, const N extends string>(
  o: GrammarOptions<A> & { readonly name: N },
): Named<N, 'grammar'> {
  const { parse, print, omitEmpty, ...data } = o;
  return {
    ...data,
    required: o.required ?? [],
    kind: 'grammar',
    empty: undefined,
    decode(text: string, parsers: TextParsers): Decoded {
      const r = parse(parsers, text);
      if (!r.ok) return { value: Object.freeze({ type: 'invalid', text, errors: r.errors }) };
      // The grammar computes spans on first read (a second lex): keep it lazy.
      const spans = 'spans' in r ? () => r.spans : undefined;
      const warnings = r.warnings !== undefined && r.warnings.length > 0 ? r.warnings : undefined;
      return { value: r.value, warnings, spans };
    },
    encode(value: unknown): string | undefined {
      if (value === undefined) return undefined;
      const v = value as A | InvalidText;
      const text = v.type === 'invalid' ? (v as InvalidText).text : print(v as A);
      return text === '' && omitEmpty ? undefined : text;
    },
  };
}
