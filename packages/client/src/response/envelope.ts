// Cheap checks that a 200 body really is one page of the result (spec section 2.1): it parses,
// has the four envelope fields with the right types, and agrees with itself and with the page
// that was asked for. Anything else becomes a PlayqResponseError with a short excerpt.
import { type DataSpan, pageCount, parseDataSpan, type ResultEnvelope } from '@playq/query';
import { PlayqResponseError } from '../errors/client-errors';
import { excerpt } from '../transport/from-response';

/**
 * One page of a result, typed by the query that produced it: the wire envelope's counts (owned by
 * `@playq/query`), its records, and the offset and page size that were asked for.
 */
export interface Page<R> extends Omit<ResultEnvelope<R>, 'response'> {
  readonly records: R[];
  /** The offset this page starts at. */
  readonly offset: number;
  /** The page size that was asked for. */
  readonly limit: number;
  /**
   * The span of session starts the service holds for the customer, from its `Playq-Data-Span`
   * header (the reference service sends it; the vendor's does not). An empty page whose period
   * misses it means the data lies elsewhere: `outsideTheData(period, page.dataSpan)` says so.
   */
  readonly dataSpan?: DataSpan;
}

/** @internal */
export interface EnvelopeContext {
  readonly method: string;
  /** The redacted request URL, computed only when an error needs it. */
  readonly url: () => string;
  readonly status: number;
  readonly limit: number;
  readonly offset: number;
  readonly session: boolean;
  readonly secrets: readonly string[];
  /** The answer's `Playq-Data-Span` header, if any. */
  readonly dataSpan?: string | null;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Parses and checks a page body. @internal */
export function parseEnvelope<R>(body: string, context: EnvelopeContext): Page<R> {
  const fail = (reason: string, cause?: unknown): never => {
    throw new PlayqResponseError({
      method: context.method,
      url: context.url(),
      status: context.status,
      reason,
      excerpt: excerpt(body, context.secrets),
      ...(cause === undefined ? {} : { cause }),
    });
  };
  if (body.trim() === '') fail('the body is empty');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    fail(`the body is not valid JSON${body.trimStart().startsWith('{') ? ' (truncated?)' : ''}`, error);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    fail('the body is not a JSON object');
  const envelope = parsed as Record<string, unknown>;
  const { totalcount, pagecount, totalrecords, response } = envelope;
  for (const [name, value] of [
    ['totalcount', totalcount],
    ['pagecount', pagecount],
    ['totalrecords', totalrecords],
  ] as const) {
    if (value === undefined) fail(`the envelope field "${name}" is missing`);
    if (!isCount(value)) fail(`the envelope field "${name}" is not a non-negative integer`);
  }
  if (response === undefined) fail('the envelope field "response" is missing');
  if (!Array.isArray(response)) fail('the envelope field "response" is not an array');
  const records = response as unknown[];
  const total = totalrecords as number;
  if (totalcount !== records.length) {
    fail(`totalcount is ${totalcount} but "response" holds ${records.length} records`);
  }
  const expectedPages = pageCount(total, context.limit);
  if (pagecount !== expectedPages) {
    fail(`pagecount is ${pagecount} but ${total} records in pages of ${context.limit} make ${expectedPages}`);
  }
  const expectedCount = Math.max(0, Math.min(context.limit, total - context.offset));
  if (records.length !== expectedCount) {
    fail(
      `the page at offset ${context.offset} holds ${records.length} records, expected ${expectedCount} of ${total}`,
    );
  }
  for (let i = 0; i < records.length; i++) {
    const record = records[i];
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      fail(`record ${i} is not a JSON object`);
    }
  }
  if (context.session && records.length > 0) {
    // Every session record repeats the page count; checking the ends is enough to catch a mix-up.
    for (const i of [0, records.length - 1]) {
      const pages = (records[i] as Record<string, unknown>).totalpages;
      if (pages !== pagecount)
        fail(`record ${i} has totalpages ${JSON.stringify(pages)}, expected ${pagecount}`);
    }
  }
  return {
    records: records as R[],
    totalcount: totalcount as number,
    pagecount: pagecount as number,
    totalrecords: total,
    offset: context.offset,
    limit: context.limit,
    ...spanOf(context.dataSpan),
  };
}

function spanOf(header: string | null | undefined): { dataSpan?: DataSpan } {
  const dataSpan = parseDataSpan(header);
  return dataSpan === undefined ? {} : { dataSpan };
}
