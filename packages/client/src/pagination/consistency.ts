// Checks a walk's pages against each other as they pass: every page must report the first page's
// `totalrecords`, and no page may repeat records of the page before it. Records are compared by
// their JSON text; a page that holds equal records itself (one record per error can) is not used
// for the overlap check, since a repeat across its boundary could be genuine.

import { PlayqConsistencyError } from '../errors/consistency-error';
import type { Page } from '../response/envelope';

/** @internal */
export async function* checkConsistency<R>(
  pages: AsyncIterable<Page<R>>,
): AsyncGenerator<Page<R>, void, undefined> {
  let firstTotal: number | undefined;
  let previous: Set<string> | undefined;
  for await (const page of pages) {
    firstTotal ??= page.totalrecords;
    if (page.totalrecords !== firstTotal) {
      throw new PlayqConsistencyError({
        kind: 'total_changed',
        offset: page.offset,
        firstTotal,
        total: page.totalrecords,
      });
    }
    const keys = page.records.map((r) => JSON.stringify(r));
    if (previous !== undefined && keys.some((k) => previous!.has(k))) {
      throw new PlayqConsistencyError({
        kind: 'overlap',
        offset: page.offset,
        firstTotal,
        total: page.totalrecords,
      });
    }
    const distinct = new Set(keys);
    previous = distinct.size === keys.length ? distinct : undefined;
    yield page;
  }
}
