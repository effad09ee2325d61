// The did-you-mean of a misspelled name, as a type: the same rule as `suggestName` (optimal string
// alignment distance, case-insensitive, at most 1 edit for names up to 3 characters, 2 up to 6,
// 3 beyond), evaluated by the compiler only when a builder refuses a name.

/** A distance budget: a tuple with one element per edit still allowed. */
type Budget = readonly unknown[];
type Spend<K extends Budget> = K extends readonly [unknown, ...infer Rest] ? Rest : never;

/** Whether the text fits in the budget when every character costs one edit. */
type ShortEnough<S extends string, K extends Budget> = S extends `${string}${infer Rest}`
  ? [Spend<K>] extends [never]
    ? false
    : ShortEnough<Rest, Spend<K>>
  : true;

/**
 * Whether `A` turns into `B` within the budget, by insertions, deletions, substitutions and swaps
 * of two adjacent characters (a common first character is always kept: that is optimal).
 */
type Within<A extends string, B extends string, K extends Budget> = A extends `${infer a}${infer As}`
  ? B extends `${infer b}${infer Bs}`
    ? a extends b
      ? Within<As, Bs, K>
      : [Spend<K>] extends [never]
        ? false
        : Edited<a, As, b, Bs, Spend<K>>
    : ShortEnough<A, K>
  : ShortEnough<B, K>;

/** The four ways to spend one edit on a first-character mismatch (`a` ≠ `b`). */
type Edited<a extends string, As extends string, b extends string, Bs extends string, K extends Budget> = (
  As extends `${b}${infer A2}`
    ? Bs extends `${a}${infer B2}`
      ? Within<A2, B2, K>
      : false
    : false
) extends true
  ? true
  : Within<As, Bs, K> extends true
    ? true
    : Within<As, `${b}${Bs}`, K> extends true
      ? true
      : Within<`${a}${As}`, Bs, K>;

/** Whether the text has at least as many characters as the tuple has elements. */
type AtLeast<S extends string, N extends readonly unknown[]> = N extends readonly [unknown, ...infer Rest]
  ? S extends `${infer _}${infer Tail}`
    ? AtLeast<Tail, Rest>
    : false
  : true;

/** The edits a name of this length may be away from its suggestion (as `suggestName` allows). */
type MaxBudget<S extends string> =
  AtLeast<S, [1, 1, 1, 1, 1, 1, 1]> extends true
    ? [1, 1, 1]
    : AtLeast<S, [1, 1, 1, 1]> extends true
      ? [1, 1]
      : [1];

/** One element per character of the text. */
type Count<S extends string, Acc extends Budget = []> = S extends `${infer _}${infer Tail}`
  ? Count<Tail, [...Acc, 1]>
  : Acc;
/** The tuple without its first `K['length']` elements. */
type Drop<T extends Budget, K extends Budget> = K extends readonly [unknown, ...infer KRest]
  ? T extends readonly [unknown, ...infer TRest]
    ? Drop<TRest, KRest>
    : []
  : T;

/** Whether the candidate's length is within the budget of the name's (a cheap first filter). */
type LengthFits<C extends string, L extends Budget, K extends Budget> =
  AtLeast<C, Drop<L, K>> extends true ? (AtLeast<C, [...L, ...K, 1]> extends true ? false : true) : false;

/** The candidates within this budget of the name, whose length `L` it already holds (distributes over `C`). */
type At<N extends string, L extends Budget, C extends string, K extends Budget> = C extends unknown
  ? LengthFits<C, L, K> extends true
    ? Within<N, Lowercase<C>, K> extends true
      ? C
      : never
    : never
  : never;

/** The closest candidates, trying budgets 0, 1, 2, 3 up to the name's maximum. */
type Nearest<N extends string, L extends Budget, C extends string, K extends Budget, Max extends Budget> = [
  At<N, L, C, K>,
] extends [never]
  ? K['length'] extends Max['length']
    ? never
    : Nearest<N, L, C, [...K, 1], Max>
  : At<N, L, C, K>;

/**
 * The candidate (or, on a tie, the candidates) closest to `Name`, or `never` when none is a likely
 * typo: the type-level twin of `suggestName`.
 *
 * @example
 * type S = ClosestName<'contry', 'country' | 'platform'>; // 'country'
 * type N = ClosestName<'xyz', 'latency'>; // never
 */
export type ClosestName<Name extends string, Candidates extends string> = Nearest<
  Lowercase<Name>,
  Count<Lowercase<Name>>,
  Candidates,
  [],
  MaxBudget<Lowercase<Name>>
>;
