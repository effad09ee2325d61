// A page of a paged answer for the paging rules' tests: records `{ k }`, totals from the arguments.
import type { FetchedPage } from '../../src/contract/paging-rules';

export const page = (offset: number, keys: string[], totalrecords = 5, limit = 2): FetchedPage => ({
  offset,
  limit,
  body: {
    totalcount: keys.length,
    pagecount: Math.ceil(totalrecords / limit),
    totalrecords,
    response: keys.map((k) => ({ k })),
  },
});
