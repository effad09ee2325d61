// What may be typed at a cursor, as the grammar sees it: the kind of token expected (a slot),
// the range a suggestion replaces, and the facts around it (the clause's dimension, the values it
// already lists). The query layer turns a slot into named suggestions from its catalogue.

/** A place in a text where one kind of token may go, and the text already typed for it. */
export type Slot =
  | { readonly type: 'clause' }
  | { readonly type: 'dimension'; readonly partial: string; readonly equalsFollows: boolean }
  | {
      readonly type: 'value';
      readonly dimension: string;
      /** The value text typed so far, as written (a quoted value keeps its opening quote). */
      readonly partial: string;
      /** The values already listed in the clause, decoded. */
      readonly listed: readonly string[];
      /** Whether the value typed so far is complete enough for `|` or `]` to follow. */
      readonly closable: boolean;
    }
  | { readonly type: 'alternative' }
  | { readonly type: 'metric'; readonly partial: string; readonly isComplete: boolean }
  | { readonly type: 'operator'; readonly partial: string }
  | { readonly type: 'number'; readonly partial: string }
  | { readonly type: 'and'; readonly partial: string }
  | { readonly type: 'period-key'; readonly partial: string; readonly used: readonly string[] }
  | { readonly type: 'period-equals' }
  | { readonly type: 'period-number'; readonly key: string; readonly partial: string }
  | { readonly type: 'period-comma' };

/** The slots open at a cursor, each with the range `[from, to)` a suggestion for it replaces. */
export interface SlotAt {
  readonly slot: Slot;
  readonly from: number;
  readonly to: number;
}
