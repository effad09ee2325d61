// The page-count rule of the result envelope, owned once: the reference service writes it, the
// client checks it, and the contract suite and the arbitraries hold answers to it.

/**
 * The pages a result of `totalrecords` records makes at `limit` per page: `ceil(total / limit)`,
 * so 0 for an empty result.
 *
 * @example
 * pageCount(25, 10); // 3
 * pageCount(0, 10); // 0
 */
export function pageCount(totalrecords: number, limit: number): number {
  return Math.ceil(totalrecords / limit);
}
