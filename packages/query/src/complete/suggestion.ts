// The shape of completion results: suggestions that each say which range of the text they
// replace and with what, so any editor can apply them without knowing the grammar.

/** What a suggestion is, for an editor's icon and ordering. */
export type SuggestionType =
  | 'dimension'
  | 'metric'
  | 'operator'
  | 'keyword'
  | 'value'
  | 'punctuation'
  | 'key'
  | 'number';

/** One thing that may be typed at the cursor. Applying it replaces `[from, to)` by `insert`. */
export interface Suggestion {
  readonly label: string;
  readonly insert: string;
  readonly from: number;
  readonly to: number;
  readonly type: SuggestionType;
  /** A short note beside the label: a metric's unit, how often a value occurs. */
  readonly detail?: string;
  /** A sentence on what the name means, from the catalogue. */
  readonly description?: string;
}

/** A distinct value of a dimension, with how many times it occurs (most used first). */
export interface ValueEntry {
  readonly value: string;
  readonly count?: number;
}

/** What a value provider is asked for. */
export interface ValueRequest {
  readonly dimension: string;
  /** The value text typed so far, decoded (without an opening quote). */
  readonly prefix: string;
  readonly signal?: AbortSignal;
}

/** A source of values for a dimension, such as the service itself (see `@playq/client`). */
export type ValueProvider = (request: ValueRequest) => Promise<readonly ValueEntry[]>;

/** The suggestions at a cursor. */
export interface CompletionResult {
  readonly suggestions: readonly Suggestion[];
  /** The dimension whose values were wanted here, when the cursor is in a filter value. */
  readonly valuesFor?: string;
  /** Why values could not be listed (the provider failed), when it did. */
  readonly valuesError?: string;
}
