// The epoch-seconds bound of a period: the largest value a period may name, above which a number
// looks like milliseconds. Owned here with the period language; `@playq/query` re-exports it.

/** The largest epoch value in seconds a period may name; above it values look like milliseconds. */
export const MAX_EPOCH_SECONDS = 1e11;
