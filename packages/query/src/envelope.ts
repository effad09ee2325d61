// The result envelope of the specification (section 2.1): the one type the reference service
// answers with, the client decodes and the contract suite judges. Owned here, imported elsewhere.

/**
 * One page of a result as it travels on the wire: `totalcount` records in this page,
 * `pagecount` pages and `totalrecords` records in the whole result, and the records themselves.
 */
export interface ResultEnvelope<R = Record<string, unknown>> {
  /** Records in this page. */
  readonly totalcount: number;
  /** Pages in the whole result: `ceil(totalrecords / limit)`. */
  readonly pagecount: number;
  /** Records in the whole result. */
  readonly totalrecords: number;
  /** The records of this page. */
  readonly response: readonly R[];
}
