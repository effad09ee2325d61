// Checks a walk's pages against each other as they pass: every page must report the first page's
// `totalrecords`, and no page may repeat records of the page before it. Records are compared by
// their JSON text, so the overlap check needs records that are distinct by their text: a page that
// holds equal records itself (one record per error can) is not used for it, and a walk whose
// records may repeat genuinely (a session list without `sessionid`: two sessions with the same
// values) skips it.

import { PlayqConsistencyError } from '../errors/consistency-error';
import type { Page } from '../response/envelope';

/** @internal */
export async function* checkConsistency<R>(
  pages: AsyncIterable<Page<R>>,
  options: { readonly overlap: boolean } = { overlap: true },
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
    previous = options.overlap && distinct.size === keys.length ? distinct : undefined;
    yield page;
  }
}
