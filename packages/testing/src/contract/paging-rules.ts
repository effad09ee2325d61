// Pure rules over a result fetched page by page: the pages must agree on the totals and, laid end
// to end, cover the single-request result exactly once — no record twice, none missing.
import { describe } from './shape-rules';
import type { Finding } from './types';

export interface FetchedPage {
  readonly offset: number;
  readonly limit: number;
  /** The envelope as fetched. */
  readonly body: {
    readonly totalcount: number;
    readonly pagecount: number;
    readonly totalrecords: number;
    readonly response: readonly Record<string, unknown>[];
  };
}

/**
 * Every page of one result must report the same `totalrecords` and `pagecount`.
 *
 * @example
 * pageTotalsFindings(pages); // => [] when all pages agree
 */
export function pageTotalsFindings(pages: readonly FetchedPage[]): Finding[] {
  const findings: Finding[] = [];
  const first = pages[0];
  if (!first) return findings;
  for (const page of pages.slice(1)) {
    for (const field of ['totalrecords', 'pagecount'] as const) {
      if (page.body[field] !== first.body[field]) {
        findings.push({
          basis: 'spec',
          message: `${field} is ${page.body[field]} at offset=${page.offset} but ${first.body[field]} at offset=${first.offset}`,
        });
      }
    }
  }
  return findings;
}

/**
 * Pages laid end to end against the same result read in one request: no record on two pages, no
 * record of the whole on none, and (a design point) the same order. With `complete: false`, `whole`
 * is a prefix of the result that the pages are expected to cover.
 *
 * @example
 * tilingFindings(pages, whole.response, (r) => String(r.country)); // => [] when pages tile the result
 */
export function tilingFindings(
  pages: readonly FetchedPage[],
  whole: readonly Record<string, unknown>[],
  keyOf: (record: Record<string, unknown>) => string,
  options: { readonly complete?: boolean } = {},
): Finding[] {
  const findings: Finding[] = [];
  const first = pages[0];
  if (!first) return findings;
  if ((options.complete ?? true) && whole.length !== first.body.totalrecords) {
    findings.push({
      basis: 'spec',
      message: `the single-request result holds ${whole.length} records but the pages report totalrecords=${first.body.totalrecords}`,
    });
  }
  const seen = new Map<string, number>();
  for (const page of pages) {
    for (const record of page.body.response) {
      const key = keyOf(record);
      const where = seen.get(key);
      if (where !== undefined) {
        if (findings.length < 5) {
          findings.push({
            basis: 'spec',
            message: `record ${describe(key)} appears on the page at offset=${where} and again at offset=${page.offset}`,
          });
        }
      } else {
        seen.set(key, page.offset);
      }
    }
  }
  const missing = whole.map(keyOf).filter((key) => !seen.has(key));
  if (missing.length > 0) {
    findings.push({
      basis: 'spec',
      message: `${missing.length} record(s) of the single-request result are on no page, e.g. ${describe(missing[0]!)}`,
    });
  }
  if (findings.length === 0) {
    const paged = pages.flatMap((page) => page.body.response.map(keyOf));
    const wholeKeys = whole.map(keyOf);
    const at = paged.findIndex((key, index) => index < wholeKeys.length && key !== wholeKeys[index]);
    if (at >= 0) {
      findings.push({
        basis: 'design',
        message: `the pages hold ${describe(paged[at]!)} at position ${at}, the single request ${describe(wholeKeys[at]!)}`,
      });
    }
  }
  return findings;
}
